import Testing
@testable import KeylexRuntime

/// Looking words up in the fixture's dictionary: numbers, frequency classes, completions.
@Suite struct WordDictionaryTests {
    let dictionary: WordDictionary

    init() throws {
        dictionary = try WordDictionary(contentsOf: KeyboardFixture.path)
    }

    @Test func everyWordHasANumberThatSpellsItBack() throws {
        #expect(dictionary.wordCount == 57)
        for number in 0..<dictionary.wordCount {
            let word = try #require(dictionary.word(at: number))
            #expect(dictionary.number(of: word) == number)
            #expect(dictionary.contains(word))
        }
        #expect(dictionary.word(at: dictionary.wordCount) == nil)
        #expect(dictionary.word(at: -1) == nil)
    }

    @Test func wordsItLacksAreNotFound() {
        for word in ["", "th", "thee", "The", "hello ", "wörld", String(repeating: "a", count: 5000)] {
            #expect(!dictionary.contains(word), "\(word)")
            #expect(dictionary.frequencyClass(of: word) == nil)
        }
    }

    @Test func frequencyClassesFollowTheCounts() throws {
        let the = try #require(dictionary.frequencyClass(of: "the"))
        let help = try #require(dictionary.frequencyClass(of: "help"))
        let cache = try #require(dictionary.frequencyClass(of: "cache"))
        #expect(dictionary.hasFrequencies)
        #expect(the > help && help > cache)
    }

    @Test func completionsComeMostFrequentFirst() {
        var words: [String] = []
        dictionary.forEachCompletion(of: "he", count: 10) { word, _, _ in words.append(String(String.UnicodeScalarView(word))) }
        #expect(words == ["hello", "help", "helmet"])
        var none = 0
        dictionary.forEachCompletion(of: "zz", count: 10) { _, _, _ in none += 1 }
        #expect(none == 0)
        #expect(dictionary.prefixRange("qu").count == 3)
    }
}
