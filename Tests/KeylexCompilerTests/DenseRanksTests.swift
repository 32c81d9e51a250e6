import Foundation
@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// The `rank` section: with it, ranking through a wide dense state reads at most 15 of its slots,
/// and every number and completion is what the automaton alone gives.
@Suite struct DenseRanksTests {
    /// The compiled word list of `corpora/<corpus>/`, and the same file without its `rank` section.
    static func withAndWithout(_ corpus: String) throws -> (with: WordDictionary, without: WordDictionary) {
        let folder = TestSupport.shipped("corpora/" + corpus)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".combined.gz") }
        let compiled = DictionaryCompiler.compile(try #require(TestSupport.read(files.map { folder + "/" + $0 }).0))
        let container = try Container(bytes: compiled.bytes)
        var writer = ContainerWriter()
        writer.insert(container.features)
        for section in container.sections where section.tag != .denseRanks {
            writer.add(section.tag, Array(compiled.bytes[section.offset..<section.offset + section.length]))
        }
        return (try WordDictionary(container: container), try WordDictionary(bytes: writer.bytes()))
    }

    @Test(arguments: ["en-US", "ru"])
    func numbersAndCompletionsAreTheAutomatonsOwn(corpus: String) throws {
        let (with, without) = try Self.withAndWithout(corpus)
        #expect(with.automaton.ranks != nil && without.automaton.ranks == nil)
        var checked = 0
        for number in stride(from: 0, to: with.wordCount, by: 7) {
            let word = try #require(with.word(at: number))
            #expect(with.number(of: word) == number && without.number(of: word) == number, "\(word)")
            checked += 1
        }
        #expect(checked > 10_000)
        let letters = Set(with.words(withPrefix: "").compactMap(\.unicodeScalars.first)).sorted().map(String.init)
        for prefix in letters + letters.prefix(12).flatMap({ first in letters.map { first + $0 } }) {
            #expect(with.completions(of: prefix, count: 10) == without.completions(of: prefix, count: 10), "\(prefix)")
        }
    }

    @Test func aDamagedRankSectionIsIgnored() throws {
        let folder = TestSupport.shipped("corpora/ru")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".combined.gz") }
        let compiled = DictionaryCompiler.compile(try #require(TestSupport.read(files.map { folder + "/" + $0 }).0))
        let section = try #require(try Container(bytes: compiled.bytes).sections.first { $0.tag == .denseRanks })
        typealias F = DictionaryFormat.RankField
        let view = try #require(try Container(bytes: compiled.bytes).section(.denseRanks))
        let states = Int(try #require(view.u32(F.stateCount)))
        #expect(states > 1)
        // The second state's offset made 0 (out of order); the closing record's sample count one more.
        let total = F.records + states * F.recordSize + 4
        for (what, offset, value) in [("order", F.records + F.recordSize, UInt32(0)), ("total", total, try #require(view.u32(total)) + 1)] {
            var bytes = compiled.bytes
            for k in 0..<4 { bytes[section.offset + offset + k] = UInt8(truncatingIfNeeded: value >> (8 * k)) }
            let container = try Container(bytes: bytes)
            #expect(DenseRanks(container: container) == nil, "\(what)")
            let dictionary = try WordDictionary(container: container)
            #expect(dictionary.number(of: "привет") == (try WordDictionary(bytes: compiled.bytes)).number(of: "привет"))
        }
    }
}
