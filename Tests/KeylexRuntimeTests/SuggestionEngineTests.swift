import Testing
@testable import KeylexRuntime

/// What the engine offers on the fixture's bundle, key by key: completions ranked by the words
/// before, corrections by the layout's key distances, next words from the n-gram model.
@Suite struct SuggestionEngineTests {
    let engine: SuggestionEngine

    init() throws {
        engine = try KeyboardFixture.engine()
    }

    @Test func theBundleHasAModelAndKeyGeometry() {
        #expect(engine.predictsNextWords)
        // The 26 letter keys of the fixture's lowercased layer, their centres in key widths.
        #expect(engine.geometry.centres.count == 2 * 26)
    }

    @Test func theWordsBeforeRankCompletions() {
        #expect(KeyboardFixture.texts(engine, "Good ni").first == "night")
        #expect(KeyboardFixture.texts(engine, "talk to you la").first == "later")
        #expect(KeyboardFixture.texts(engine, "thank y").first == "you")
    }

    @Test func aNeighbouringKeyIsCorrectedOnSpace() throws {
        let first = try #require(engine.suggestions(for: "I know witg").first)
        #expect(first.text == "with" && first.isAutocorrect && first.typed == "witg")
        let typed = try #require(engine.suggestions(for: "I know witg").first { $0.text == "witg" })
        #expect(typed.isUnknown)
    }

    @Test func aKnownWordIsNeverCorrectedAway() {
        for text in ["I know bison", "the basin", "a cache"] {
            let suggestions = engine.suggestions(for: text)
            #expect(!suggestions.contains { $0.isAutocorrect }, "\(text): \(suggestions)")
        }
    }

    @Test func afterASpaceTheModelPredictsTheNextWord() {
        // The sentences have "good night" twice, "good day" and "good morning" once each.
        #expect(KeyboardFixture.texts(engine, "I hope you had a good ") == ["night", "day", "morning"])
        #expect(KeyboardFixture.texts(engine, "Thank you for the ").contains("help"))
        #expect(engine.suggestions(for: "Good ").allSatisfy { $0.typed.isEmpty })
    }

    @Test func aSentenceStartsWithACapital() {
        #expect(KeyboardFixture.texts(engine, "hel").first == "Hello")
        #expect(KeyboardFixture.texts(engine, "It is. hel").first == "Hello")
        #expect(KeyboardFixture.texts(engine, "I said hel").first == "hello")
    }

    @Test func anyTextIsAnsweredWithoutATrap() {
        let texts = ["", " ", "\u{0}", "🙂🙂", String(repeating: "x", count: 100_000), "a\u{301}\u{301}\u{301}", "\u{FFFF}q", "'", "I'm ", "..."]
        for text in texts {
            #expect(engine.suggestions(for: text, count: 40).count <= SuggestionEngine.maxSuggestions)
            #expect(engine.suggestions(for: text, count: 0).isEmpty)
        }
    }
}
