import Foundation
@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// A damaged, truncated or hostile file gives an error, never a crash, hang or out-of-bounds read.
/// (Run under the address sanitizer to catch reads past the buffer: `swift test --sanitize=address`.)
@Suite struct HostileFileTests {
    static let sample: CompiledDictionary = {
        let words = ["a", "able", "about", "above", "act", "add", "after", "again", "ago", "air", "all", "also",
                     "and", "any", "are", "as", "ask", "at", "back", "be", "café", "naïve", "über", "ёж"]
        let entries = words.enumerated().map { (word: $1, count: UInt64(1 + $0 * 7 % 13), flags: $0 == 3 ? DictionaryFormat.WordFlags.blocked : []) }
        return DictionaryCompiler.compile(entries, hasCounts: true)
    }()

    /// Every lookup the runtime offers, on whatever opened.
    static func exercise(_ dictionary: WordDictionary) {
        for word in ["a", "able", "about", "café", "ёж", "zzz", ""] {
            _ = dictionary.contains(word)
            _ = dictionary.number(of: word)
            _ = dictionary.frequencyClass(of: word)
            _ = dictionary.prefixRange(word)
            _ = dictionary.words(withPrefix: word, limit: 1000)
            _ = dictionary.completions(of: word, count: 5)
        }
        for number in [-1, 0, 1, 5, dictionary.wordCount - 1, dictionary.wordCount, Int.max / 2] {
            _ = dictionary.word(at: number)
            _ = dictionary.frequencyClass(at: number)
            _ = dictionary.flags(at: number)
        }
        _ = dictionary.words(withPrefix: "", limit: 10_000)
        _ = dictionary.completions(of: "", count: 50)
    }

    @Test func everyTruncationIsRejected() {
        let bytes = Self.sample.bytes
        for length in 0..<bytes.count {
            #expect(throws: KeylexError.self) { try WordDictionary(bytes: bytes.prefix(length)) }
        }
    }

    @Test func flippedBytesAreCaughtByChecksumsAndNeverCrashLookups() throws {
        let bytes = Self.sample.bytes
        var rng = SystemRandomNumberGenerator()
        var opened = 0
        for position in 0..<bytes.count {
            for _ in 0..<3 {
                var damaged = bytes
                damaged[position] ^= UInt8.random(in: 1...255, using: &rng)
                guard let dictionary = try? WordDictionary(bytes: damaged) else { continue }
                opened += 1
                #expect(throws: KeylexError.self) { try dictionary.container.verifyChecksums() }
                Self.exercise(dictionary)
            }
        }
        #expect(opened > 0, "damage past the header opens (checksums are checked on request)")
    }

    @Test func randomAutomatonBytesNeverCrashOrHang() throws {
        // Keep the header and section table valid, fill the automaton with noise: lookups must still
        // terminate, bounded by the word length and counts the header gives.
        let dictionary = try WordDictionary(bytes: Self.sample.bytes)
        let automaton = dictionary.container.sections.first { $0.tag == .automaton }!
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var damaged = Self.sample.bytes
            for i in automaton.offset..<(automaton.offset + automaton.length) { damaged[i] = UInt8.random(in: 0...255, using: &rng) }
            if let noisy = try? WordDictionary(bytes: damaged) { Self.exercise(noisy) }
        }
    }

    @Test func anIntactFileVerifies() throws {
        let dictionary = try WordDictionary(bytes: Self.sample.bytes)
        try dictionary.container.verifyChecksums()
        Self.exercise(dictionary)
        #expect(dictionary.contains("über"))
        #expect(dictionary.flags(at: dictionary.number(of: "above")!) == .blocked)
        #expect(dictionary.frequencyClass(of: "above") == 0)
        #expect(!dictionary.completions(of: "ab", count: 10).map(\.word).contains("above"))
    }

    @Test func bytesAlreadyInMemoryAreReadInPlace() throws {
        try Self.sample.bytes.withUnsafeBytes { raw in
            let dictionary = try WordDictionary(container: Container(borrowing: raw))
            #expect(dictionary.container.section(.automaton)!.buffer.baseAddress! >= raw.baseAddress!)
            #expect(dictionary.container.section(.automaton)!.buffer.baseAddress! < raw.baseAddress! + raw.count)
            #expect(dictionary.word(at: dictionary.number(of: "naïve")!) == "naïve")
        }
    }

    @Test func lookupsAreSafeFromManyThreads() async throws {
        let (compiled, dictionary) = TestSupport.english
        let failures = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var failures = 0
                    for number in stride(from: task, to: compiled.wordCount, by: 41) {
                        let word = TestSupport.englishWords[number]
                        if dictionary.number(of: word) != number || dictionary.word(at: number) != word { failures += 1 }
                        if dictionary.completions(of: String(word.prefix(2)), count: 3).isEmpty { failures += 1 }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}
