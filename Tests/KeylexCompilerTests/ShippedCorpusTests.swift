import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// The runtime against a real English frequency list (100,000 words from wordfreq, kept for the benchmarks).
@Suite struct ShippedCorpusTests {
    @Test func everyWordReadsBackWithItsNumberAndClass() throws {
        let (compiled, dictionary) = TestSupport.english
        #expect(dictionary.wordCount == 100_000)
        #expect(dictionary.hasFrequencies)
        var mismatches = 0
        for (number, word) in TestSupport.englishWords.enumerated() {
            if dictionary.word(at: number) != word || dictionary.number(of: word) != number
                || dictionary.frequencyClass(at: number) != compiled.classes![number] || !dictionary.contains(word) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        #expect(dictionary.word(at: -1) == nil)
        #expect(dictionary.word(at: 100_000) == nil)
    }

    /// The AOSP lists that had a word twice, spaces around one, a soft hyphen in one, words of two
    /// scripts or words their layouts cannot type (bg, en_AU, ro, sr; 13 others too) are shipped
    /// mended by scripts/clean-aosp.py:
    /// they read without a warning, keep the words they had but those, and no Cyrillic word holds
    /// a Latin letter (`бројa`).
    @Test(arguments: [("bg", "bg", 414_896), ("en-AU", "en_AU", 157_471), ("ro", "ro", 1_125_194), ("sr", "sr", 191_475)])
    func mendedAOSPListsReadWithoutAWarning(folder: String, name: String, words: Int) throws {
        let (table, diagnostics) = TestSupport.read([TestSupport.shipped("corpora/\(folder)/\(name).combined.gz")])
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
        #expect(try #require(table).count == words)
        let mixed = try #require(table).words.filter { word in
            word.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic } && word.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }
        }
        #expect(mixed.isEmpty, "\(mixed.prefix(3))")
    }

    @Test func wordsAreNumberedInUnicodeScalarOrder() {
        let (compiled, _) = TestSupport.english
        for (a, b) in zip(TestSupport.englishWords, TestSupport.englishWords.dropFirst()) {
            #expect(a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars), "\(a) < \(b)")
        }
    }

    @Test func frequencyClassesFollowTheCounts() throws {
        let (compiled, dictionary) = TestSupport.english
        #expect(dictionary.frequencyClass(of: "the") == 255)
        let counts = TestSupport.englishTable.sorted.map(\.count)
        // Where two words fall in different classes, the class order is the count order.
        let sample = stride(from: 0, to: TestSupport.englishWords.count, by: 97).map { $0 }
        for (i, j) in zip(sample, sample.dropFirst()) {
            let ci = compiled.classes![i], cj = compiled.classes![j]
            if ci < cj { #expect(counts[i] < counts[j]) }
            if ci > cj { #expect(counts[i] > counts[j]) }
        }
        #expect(compiled.classes!.allSatisfy { $0 >= 1 })
    }

    @Test func misspellingsAndPartialWordsAreNotFound() {
        let (compiled, dictionary) = TestSupport.english
        let words = Set(TestSupport.englishWords)
        for word in ["qwxz", "zzqxjv", "", "the\u{0}", "thë", "THE", "abcdefghijklmnopqrstuvwxyz"] {
            let inCorpus = words.contains(word)
            #expect(!inCorpus, "\(word) is in the corpus after all")
            #expect(!dictionary.contains(word), "\(word)")
            #expect(dictionary.number(of: word) == nil)
        }
    }

    @Test func prefixRangesAndEnumerationMatchBruteForce() {
        let (compiled, dictionary) = TestSupport.english
        for prefix in ["a", "th", "zz", "qu", "hello", "xyzzy", "ö", "inter"] {
            let expected = TestSupport.englishWords.indices.filter { TestSupport.englishWords[$0].hasPrefix(prefix) }
            let range = dictionary.prefixRange(prefix)
            #expect(Array(range) == expected, "\(prefix)")
            #expect(dictionary.words(withPrefix: prefix) == expected.map { TestSupport.englishWords[$0] })
        }
        #expect(dictionary.prefixRange("") == 0..<100_000)
        #expect(dictionary.words(withPrefix: "th", limit: 3).count == 3)
    }

    @Test func topCompletionsMatchBruteForceForEveryOneAndTwoLetterPrefix() {
        let (compiled, dictionary) = TestSupport.english
        let letters = dictionary.alphabet.filter { $0.properties.isAlphabetic }.map { String($0) }
        var prefixes = letters
        for a in letters.prefix(26) { for b in letters.prefix(26) { prefixes.append(a + b) } }
        var checked = 0
        for prefix in prefixes {
            let got = dictionary.completions(of: prefix, count: 10)
            let expected = TestSupport.bruteForceCompletions(compiled, words: TestSupport.englishWords, prefix, 10)
            #expect(got.map(\.number) == expected, "\(prefix)")
            #expect(got.map(\.word) == expected.map { TestSupport.englishWords[$0] })
            #expect(got.map(\.frequencyClass) == expected.map { compiled.classes![$0] })
            checked += expected.isEmpty ? 0 : 1
        }
        #expect(checked > 200)
        #expect(dictionary.completions(of: "th", count: 3).map(\.word) == ["the", "that", "this"])
        #expect(dictionary.completions(of: "", count: 1).map(\.word) == ["the"])
    }
}
