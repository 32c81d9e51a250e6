import Foundation
@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Typing in English and German at once, on the shipped dictionaries: the sentence's language, a
/// word of either never corrected away, one user dictionary learning only new words.
@Suite struct MultilingualTests {
    static let pair = Result { () throws -> MultilingualSuggestionEngine in
        let user = UserDictionary()
        return try #require(MultilingualSuggestionEngine(engines: [
            ShippedDictionaryTests.engine("en-US", "en-US", user: user), ShippedDictionaryTests.engine("de", "de-DE", user: user),
        ]))
    }

    @Test func theSentencesWordsDecideItsLanguage() throws {
        let engine = try Self.pair.get()
        #expect(engine.language(of: "I will see you tomorrow at the st") == 0)
        #expect(engine.language(of: "Wir sehen uns morgen am Bahnh") == 1)
        #expect(engine.language(of: "Wir sehen uns morgen. ") == 1)  // a sentence's start: the one before
        #expect(engine.language(of: "Wir sehen uns morgen. See you at the ") == 0)
        #expect(engine.language(of: "") == 0 && engine.language(of: "Wir") == 0)  // no finished word: the first
        #expect(MultilingualSuggestionEngine.decidingWords(of: "Er sagte: „Hallo, Welt!“ Und dann ging") == ["dann", "Und"])
        // Only the end of a long text is read, as the engines read it.
        let long = String(repeating: "the ", count: 100_000) + "Wir sehen uns morgen am Bahnh"
        #expect(MultilingualSuggestionEngine.decidingWords(of: long) == ["am", "morgen", "uns", "sehen", "Wir", "the", "the", "the"])
    }

    @Test func aWordOfEitherLanguageIsNeverCorrectedAway() throws {
        let engine = try Self.pair.get()
        let english = try #require(engine.engines.first)
        #expect(ShippedDictionaryTests.first(english, "we went home and sich")! == ("such", true))
        let both = engine.suggestions(for: "we went home and sich")
        #expect(both.first?.text == "sich" && !both.contains { $0.isAutocorrect || $0.isUnknown }, "\(both)")
        // A typo of neither language is corrected by the sentence's, as that language alone does.
        for (text, language) in [("Ich habe heute keine Zeot", 1), ("I have no tume", 0), ("I said thier", 0), ("Wir sehen uns morgen. Ic", 1)] {
            #expect(engine.suggestions(for: text) == engine.engines[language].suggestions(for: text), "\(text)")
        }
        #expect(engine.suggestions(for: "I said thier").first.map { ($0.text, $0.isAutocorrect) }! == ("their", true))
    }

    @Test func onlyWordsNoLanguageKnowsAreLearned() throws {
        let user = UserDictionary()
        let engine = try #require(MultilingualSuggestionEngine(engines: [
            ShippedDictionaryTests.engine("en-US", "en-US", user: user), ShippedDictionaryTests.engine("de", "de-DE", user: user),
        ]))
        for text in ["I said Kühlschrank ", "the Kühlschrank ", "a Kühlschrank ", "I met Zorblax ", "thank Zorblax ", "ask Zorblax "] {
            try engine.learnFinishedWord(in: text)
        }
        #expect(user.snapshot.hasLearnedWord("Zorblax") && !user.snapshot.hasLearnedWord("Kühlschrank"))
        #expect(MultilingualSuggestionEngine(engines: []) == nil)
    }
}
