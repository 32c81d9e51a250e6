import Foundation
@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// The runs of four letters a dictionary's words hold (`lseq`), and the autocorrect margin they
/// lower for a typed word with a run that none holds.
@Suite struct LetterSequencesTests {
    static let words = ["cat", "cart", "Dog", "café", "bed"]

    static func dictionary(letterRuns: Bool = true) throws -> WordDictionary {
        var extras = DictionaryCompiler.Extras()
        extras.letterRuns = letterRuns
        let compiled = DictionaryCompiler.compile(words.map { (word: $0, count: 1, flags: []) }, hasCounts: true, extras: extras)
        return try WordDictionary(container: Container(bytes: compiled.bytes))
    }

    /// `word`'s letters as the dictionary's folding classes, as the engine reads a typed word.
    static func classes(_ word: String, in dictionary: WordDictionary) -> [UInt32] {
        word.unicodeScalars.map { dictionary.foldClass(ofCode: dictionary.comparisonCode(ofTyped: $0)) }
    }

    static func holdsUnseenRun(_ word: String, _ dictionary: WordDictionary) throws -> Bool {
        let sequences = try #require(LetterSequences(container: dictionary.container))
        return classes(word, in: dictionary).withUnsafeBufferPointer { sequences.holdsUnseenRun($0) }
    }

    @Test func theWordsRunsAreHeldCaseAndAccentsIgnored() throws {
        let dictionary = try Self.dictionary()
        for word in ["cat", "CART", "dog", "cafe", "Café", "bed"] {
            #expect(try !Self.holdsUnseenRun(word, dictionary), "\(word)")
        }
        // `cqt`, `catr` (no word ends in `atr`), `ca` (no word is `ca`), `caz` (no word has a `z`).
        for word in ["cqt", "catr", "ca", "caz", "bedd"] {
            #expect(try Self.holdsUnseenRun(word, dictionary), "\(word)")
        }
        // Fewer than four marks and letters hold no run.
        #expect(try !Self.holdsUnseenRun("c", dictionary))
        // A bare word set (and the nested lists of keys of other sections) has none.
        #expect(LetterSequences(container: try Self.dictionary(letterRuns: false).container) == nil)
    }

    @Test func aDamagedSectionReadsAsAbsent() throws {
        let dictionary = try Self.dictionary()
        let section = try #require(dictionary.container.section(LetterSequencesFormat.tag))
        let bytes = (0..<section.count).map { section.u8($0)! }
        #expect(bytes[0] == UInt8(LetterSequencesFormat.hashes))
        for damage in [Array(bytes.dropLast()), [0] + bytes.dropFirst(), bytes + [0], Array(bytes.prefix(7))] {
            var writer = ContainerWriter()
            writer.add(LetterSequencesFormat.tag, damage)
            #expect(LetterSequences(container: try Container(bytes: writer.bytes())) == nil)
        }
        var unaligned = bytes
        unaligned[4] = 65  // a bit count that is no multiple of 8
        var writer = ContainerWriter()
        writer.add(LetterSequencesFormat.tag, unaligned)
        #expect(LetterSequences(container: try Container(bytes: writer.bytes())) == nil)
    }

    @Test func aTypedWordWithARunNoWordHoldsIsCorrectedMoreReadily() throws {
        let english = try ShippedDictionaryTests.english.get()
        // No English word holds `cilu`, `lamd` or `aaic`: the margin drops, and the correction
        // applies.
        for (text, word) in [("I am having problems reconcilung", "reconciling"), ("Bob, I'll take Oaklamd", "Oakland"), ("a baaic", "basic")] {
            #expect(ShippedDictionaryTests.first(english, text) ?? ("", false) == (word, true), "\(text)")
        }
        // Without the drop, none would be.
        var strict = english
        strict.unseenRunMarginDrop = 0
        for text in ["I am having problems reconcilung", "Bob, I'll take Oaklamd", "a baaic"] {
            #expect(!strict.suggestions(for: text).contains { $0.isAutocorrect }, "\(text)")
        }
        // Rare words made of English runs of letters keep the whole margin.
        for word in ["tonne", "crisps", "fluor"] {
            #expect(!english.suggestions(for: "the " + word).contains { $0.isAutocorrect }, "\(word)")
        }
    }
}
