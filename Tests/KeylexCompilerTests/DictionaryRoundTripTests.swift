import Foundation
@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Builds dictionaries in memory and checks that the runtime reads back exactly what was compiled.
@Suite struct DictionaryRoundTripTests {
    static func compile(_ words: [String], counts: [UInt64]? = nil) throws -> (CompiledDictionary, WordDictionary) {
        let entries = words.enumerated().map { (word: $1, count: counts?[$0] ?? 0, flags: DictionaryFormat.WordFlags()) }
        let compiled = DictionaryCompiler.compile(entries, hasCounts: counts != nil)
        return (compiled, try WordDictionary(bytes: compiled.bytes))
    }

    /// The DICT header's state and arc counts (what `inspect` reports) are checked on opening
    /// against the automaton's size: a forged count is refused, not printed.
    @Test func forgedStateAndArcCountsAreRefused() throws {
        let (compiled, dictionary) = try Self.compile(["hello", "help", "world"])
        #expect(dictionary.stateCount == compiled.stateCount && dictionary.arcCount == compiled.arcCount)
        let section = try #require(try Container(bytes: compiled.bytes).sections.first { $0.tag == .dictionaryHeader })
        for field in [DictionaryFormat.HeaderField.stateCount, DictionaryFormat.HeaderField.arcCount] {
            var bytes = compiled.bytes
            for i in 0..<4 { bytes[section.offset + field + i] = 0xFF }
            #expect(throws: KeylexError.self) { try WordDictionary(bytes: bytes) }
        }
    }

    /// Checks every word of `source` (distinct words in any order) both ways, membership, and
    /// prefix ranges for every prefix of every word.
    static func checkAll(_ compiled: CompiledDictionary, _ source: [String], _ dictionary: WordDictionary) {
        let words = source.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        #expect(dictionary.wordCount == words.count && compiled.wordCount == words.count)
        for (number, word) in words.enumerated() {
            #expect(dictionary.word(at: number) == word, "word(at: \(number))")
            #expect(dictionary.number(of: word) == number, "number(of: \(word))")
            if let classes = compiled.classes {
                #expect(dictionary.frequencyClass(at: number) == classes[number])
            }
        }
        var prefixes = Set<String>()
        for word in words {
            var prefix = ""
            for scalar in word.unicodeScalars {
                prefix.unicodeScalars.append(scalar)
                prefixes.insert(prefix)
            }
        }
        for prefix in prefixes {
            let expected = words.indices.filter { words[$0].unicodeScalars.starts(with: prefix.unicodeScalars) }
            let range = dictionary.prefixRange(prefix)
            #expect(Array(range) == expected, "prefixRange(\(prefix))")
        }
    }

    @Test func smallWordSetsRoundTrip() throws {
        let words = ["a", "ab", "abc", "abd", "b", "bc", "bcd", "cat", "cats", "dog", "dogs", "x"]
        let (compiled, dictionary) = try Self.compile(words)
        Self.checkAll(compiled, words, dictionary)
        #expect(dictionary.contains("cats"))
        #expect(!dictionary.contains("ca"))
        #expect(!dictionary.contains(""))
        #expect(!dictionary.contains("catsz"))
    }

    @Test func wideStatesBecomeDenseTablesAndRoundTrip() throws {
        // 40 first letters with a gap: the root and the "x" state are dense tables with empty slots.
        let letters =
            (0x61...0x7A).map { String(UnicodeScalar($0)!) } + (0xE0...0xEF).filter { $0 != 0xE5 }.map { String(UnicodeScalar($0)!) }
        let words = Array(Set(letters.flatMap { [$0, $0 + "s", $0 + "ing"] } + letters.map { "x" + $0 }))
        let (compiled, dictionary) = try Self.compile(words, counts: words.indices.map { UInt64($0 % 17 + 1) })
        let root = dictionary.automaton.arcs(of: dictionary.root)!
        #expect(dictionary.automaton.bytes.u8(root) == DictionaryFormat.denseStateMarker)
        Self.checkAll(compiled, words, dictionary)
        #expect(dictionary.words(withPrefix: "x").count == letters.count + 2)  // x, xing, and x + each letter
        #expect(!dictionary.contains("å") && !dictionary.contains("xå"))
    }

    /// A wide state whose arcs cover less than half of its label range is a bitmap state: 31 first
    /// letters spread over an alphabet of 121 (every fourth of Latin Extended-A, and x, under which
    /// all 120 follow). It reads back as compiled, and only such a file needs the feature bit.
    @Test func wideStatesWithGapsBecomeBitmapStatesAndRoundTrip() throws {
        let letters = (0x100...0x177).map { String(UnicodeScalar($0)!) }
        let firsts = letters.indices.filter { $0 % 4 == 0 }.map { letters[$0] }
        let words = firsts.flatMap { [$0, $0 + "s", $0 + "ing"] } + letters.map { "x" + $0 }
        let (compiled, dictionary) = try Self.compile(words, counts: words.indices.map { UInt64($0 % 13 + 1) })
        let root = dictionary.automaton.arcs(of: dictionary.root)!
        #expect(dictionary.automaton.bytes.u8(root) == DictionaryFormat.bitmapStateMarker)
        #expect(try Container(bytes: compiled.bytes).features.contains(.bitmapStates))
        Self.checkAll(compiled, words, dictionary)
        #expect(dictionary.words(withPrefix: "").count == words.count)
        #expect(dictionary.words(withPrefix: "x").count == letters.count)
        for absent in [letters[1], letters[2] + "s", letters[0] + "x", "s", "y"] { #expect(!dictionary.contains(absent), "\(absent)") }
        let completions = dictionary.completions(of: firsts[3], count: 3).map(\.word)
        #expect(Set(completions) == [firsts[3], firsts[3] + "s", firsts[3] + "ing"])

        let (plain, _) = try Self.compile(["a", "ab", "b"])
        #expect(try !Container(bytes: plain.bytes).features.contains(.bitmapStates))
    }

    /// Letters beyond the direct table are found through runs of 16 values: at each edge of a run,
    /// of the direct table and of the Basic Multilingual Plane, present letters are found and their
    /// absent neighbours are not; in a run of Cyrillic letters with one missing, each letter gets
    /// its own code (the words round-trip by number) and the missing one none.
    @Test func lettersAtTheEdgesOfTheAlphabetRunsAreFound() throws {
        let run = (0x431...0x43E).filter { $0 != 0x437 }.map(UInt32.init)
        let present: [UInt32] =
            [0xFF, 0x100, 0x10F, 0x110, 0x11F, 0x430, 0x4FF, 0x3042, 0x9FFF, 0xFFEF, 0xFFFD, 0x1_0000, 0x1_F600, 0x10_FFFD] + run
        let absent: [UInt32] = [
            0xFE, 0x101, 0x10E, 0x111, 0x120, 0x42F, 0x437, 0x43F, 0x500, 0x3041, 0xA000, 0xFFF0, 0xFFFC, 0x1_0001, 0x1_F5FF, 0x10_FFFC,
        ]
        let words = present.map { "a" + String(UnicodeScalar($0)!) }
        let (compiled, dictionary) = try Self.compile(words)
        Self.checkAll(compiled, words, dictionary)
        for word in words { #expect(dictionary.contains(word), "\(word.unicodeScalars.map(\.value))") }
        for value in absent { #expect(!dictionary.contains("a" + String(UnicodeScalar(value)!)), "\(value)") }
    }

    @Test func randomWordSetsRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<30 {
            let letters = Array("abcdeéß'ж")
            var words = Set<String>()
            let size = Int.random(in: 1...400, using: &generator)
            while words.count < size {
                words.insert(String((0..<Int.random(in: 1...7, using: &generator)).map { _ in letters.randomElement(using: &generator)! }))
            }
            let list = Array(words)
            let counts = list.map { _ in UInt64.random(in: 0...100_000, using: &generator) }
            let (compiled, dictionary) = try Self.compile(list, counts: round % 2 == 0 ? counts : nil)
            Self.checkAll(compiled, list, dictionary)
        }
    }

    /// A list given in order (compiled without sorting), the same list shuffled and the list with
    /// repeats (their counts summed) make the same file: the words wordfreq added to the shipped
    /// French and German lists.
    @Test func sortedShuffledAndRepeatedListsCompileAlike() throws {
        var words: [String] = []
        for language in ["fr", "de"] {
            let text = try String(contentsOfFile: TestSupport.shipped("corpora/\(language)/wordfreq.added.tsv"), encoding: .utf8)
            words += text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t")[0]) }
        }
        let sorted = Array(Set(words)).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        #expect(sorted.count > 800)
        func bytes(_ list: [String], count: (Int) -> UInt64) -> [UInt8] {
            DictionaryCompiler.compile(list.enumerated().map { ($1, count($0), []) }, hasCounts: true).bytes
        }
        let inOrder = bytes(sorted) { $0 % 7 == 0 ? 2 : 4 }
        #expect(bytes(sorted.reversed()) { $0 % 7 == 0 ? 2 : 4 } != inOrder)  // the counts follow the words
        let shuffled = Array(sorted.enumerated()).shuffled()
        #expect(bytes(shuffled.map(\.element)) { shuffled[$0].offset % 7 == 0 ? 2 : 4 } == inOrder)
        #expect(bytes(sorted + sorted) { ($0 % sorted.count) % 7 == 0 ? 1 : 2 } == inOrder)
        // Only a list in order, each word once, is read where it is; it reads back as given.
        let entries = sorted.map { (word: $0, count: UInt64(1), flags: DictionaryFormat.WordFlags()) }
        #expect(SortedWords(inOrder: entries)?.map(\.word) == sorted)
        #expect(SortedWords(inOrder: entries.reversed()) == nil)
        #expect(SortedWords(inOrder: entries + entries.suffix(1)) == nil)
        #expect(SortedWords(inOrder: [("", 1, [])] + entries) == nil)
    }
}
