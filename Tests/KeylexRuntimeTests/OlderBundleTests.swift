import Testing
@testable import KeylexRuntime

/// The fixtures beside this file: bundles an older compiler wrote (see Fixtures/README.md).
enum Fixtures {
    static func path(_ name: String) -> String {
        let here = String(#filePath)
        return here[..<here.lastIndex(of: "/")!] + "/Fixtures/" + name
    }

    static let german = path("de-format-1.10.klx")
    static let english = path("en-format-1.10.klx")
}

/// A bundle of format 1.10, written before the `DICT` options and `phon`'s rule table, opens and
/// answers with this runtime: umlaut spellings come from its source's attributes, and its `phon`
/// section (the rules' source text) is skipped rather than parsed.
@Suite struct OlderBundleTests {
    @Test func aGermanBundleOfFormat1_10StillSpellsUmlauts() throws {
        let dictionary = try WordDictionary(contentsOf: Fixtures.german)
        #expect(dictionary.container.minorVersion == 10)
        #expect(dictionary.options.isEmpty)
        #expect(SuggestionEngine.spellsUmlauts(dictionary))
        let engine = SuggestionEngine(dictionary: dictionary)
        for (typed, word) in [("ich bin schoen", "schön"), ("ein gruen", "grün"), ("die strasse", "Straße")] {
            let first = try #require(engine.suggestions(for: typed).first { $0.isAutocorrect })
            #expect(first.text == word, "\(typed)")
        }
    }

    @Test func anEnglishBundleOfFormat1_10SkipsItsRulesText() throws {
        let dictionary = try WordDictionary(contentsOf: Fixtures.english)
        #expect(dictionary.container.section(PhoneticFormat.tag) != nil)
        #expect(PhoneticIndex(container: dictionary.container, wordCount: dictionary.wordCount) == nil)
        #expect(!SuggestionEngine.spellsUmlauts(dictionary))
        let engine = SuggestionEngine(dictionary: dictionary)
        #expect(engine.suggestions(for: "the quikc").map(\.text).contains("quick"))
        #expect(engine.suggestions(for: "the hel").map(\.text).contains("help"))
    }
}
