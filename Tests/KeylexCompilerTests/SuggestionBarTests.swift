@testable import KeylexRuntime
import Testing

/// The suggestion bar over the English engine with the fortunes' model: a word offered for the
/// word being typed is not offered again as the user types on in it.
@Suite struct SuggestionBarTests {
    static func words(_ suggestions: [Suggestion]) -> [String] { suggestions.map(\.text) }

    /// What the bar shows after typing `texts` in turn, for each.
    static func typing(_ texts: [String], on bar: inout SuggestionBar) -> [[String]] {
        texts.map { words(bar.suggestions(for: $0)) }
    }

    @Test func typingOnInAWordBringsNewWords() throws {
        let engine = try NGramModelTests.engine.get()
        var bar = SuggestionBar(engine: engine)
        var seen: Set<String> = []
        for text in ["I like ", "I like t", "I like th"] {
            let shown = Self.words(bar.suggestions(for: text))
            let fresh = Self.words(engine.suggestions(for: text, count: 9)).filter { !seen.contains($0.lowercased()) }
            #expect(shown.count == 3 && shown == Array(fresh.prefix(3)), "\(text): \(shown)")
            seen.formUnion(shown.map { $0.lowercased() })
        }
        // In a document longer than the engine reads, the same.
        var long = SuggestionBar(engine: engine)
        let document = String(repeating: "Thank you. ", count: 500)
        let first = Self.words(long.suggestions(for: document + "I like "))
        let next = Self.words(long.suggestions(for: document + "I like t"))
        #expect(first == Self.words(engine.suggestions(for: "I like ")) && next.count == 3 && Set(first).isDisjoint(with: next), "\(first) \(next)")
        // The engine alone offers after "I like th" what it offered after "I like t".
        let plain = Set(Self.words(engine.suggestions(for: "I like t"))).intersection(Self.words(engine.suggestions(for: "I like th")))
        #expect(!plain.isEmpty)
    }

    /// A word offered in one case is offered again in another: after a number the Spanish model
    /// offers `escritor` (its fortunes end with an author's dates and trade); a user who goes on with
    /// a capital `E` wants `Escritor`, which the bar used to hold back as offered.
    @Test func aWordOfferedInOneCaseIsOfferedAgainInAnother() throws {
        let engine = try NGramModelTests.shippedEngine(words: ["es/es.combined.gz", "es/wordfreq.added.tsv"], counts: "fortunes")
        var bar = SuggestionBar(engine: engine)
        let shown = Self.typing(["Denis Diderot (1713-1784) ", "Denis Diderot (1713-1784) E"], on: &bar)
        #expect(shown[0].first == "escritor" && shown[1].first == "Escritor", "\(shown)")
        #expect(!shown[1].contains("escritor"))
    }

    @Test func aSpaceADeletionOrAnotherTextStartsAfresh() throws {
        let engine = try NGramModelTests.engine.get()
        var bar = SuggestionBar(engine: engine)
        _ = Self.typing(["I like t", "I like th"], on: &bar)
        #expect(bar.suggestions(for: "I like t") == engine.suggestions(for: "I like t"))  // a deletion
        _ = bar.suggestions(for: "I like th")
        #expect(bar.suggestions(for: "I like th ") == engine.suggestions(for: "I like th "))  // a space
        let before = Self.words(bar.suggestions(for: "Thank y"))  // another text
        #expect(before == Self.words(engine.suggestions(for: "Thank y")) && before.contains("you"))
        let after = Self.words(bar.suggestions(for: "Thank yo"))
        #expect(after.count == 3 && Set(after).isDisjoint(with: before), "\(before) then \(after)")
        bar.reset()
        #expect(bar.suggestions(for: "Thank yo") == engine.suggestions(for: "Thank yo"))
    }

    @Test func theWordAsTypedAndItsCorrectionAreAlwaysShown() throws {
        let engine = try NGramModelTests.engine.get()
        var bar = SuggestionBar(engine: engine)
        _ = Self.typing(["I like ", "I like t", "I like th", "I like thi"], on: &bar)
        #expect(bar.offered.contains("this"))
        #expect(Self.words(bar.suggestions(for: "I like this")).first == "this")  // typed in full: the word itself
        _ = Self.typing(["I said b", "I said be", "I said bec", "I said becu", "I said becua", "I said becuas"], on: &bar)
        #expect(bar.offered.contains("because"))
        let corrected = try #require(bar.suggestions(for: "I said becuase").first)
        #expect(corrected.text == "because" && corrected.isAutocorrect)
    }

    /// A correction applied through the bar is taken back by a delete right after it, as on
    /// Android: the word as typed comes back with its space, and the bar does not correct it again.
    @Test func aDeleteRightAfterACorrectionTakesItBack() throws {
        let engine = try NGramModelTests.engine.get()
        var bar = SuggestionBar(engine: engine)
        let correction = try #require(bar.suggestions(for: "I said becuase").first)
        #expect(correction.text == "because" && correction.isAutocorrect)
        let applied = bar.apply(correction, to: "I said becuase")
        let edit = try #require(applied)
        #expect(edit == TextEdit(deleting: "becuase", inserting: "because "))
        let after = try #require(edit.applied(to: "I said becuase"))
        #expect(after == "I said because ")
        _ = bar.suggestions(for: after)  // the next words, as a keyboard asks after the space
        let undone = bar.undoAutocorrection(before: after)
        let undo = try #require(undone)
        #expect(undo.applied(to: after) == "I said becuase ")
        let twice = bar.undoAutocorrection(before: "I said becuase ")
        #expect(twice == nil)  // once
        // Kept: offered, not applied, by this bar; the engine alone still corrects it.
        let again = bar.suggestions(for: "It is becuase")
        #expect(again.contains { $0.text == "because" } && !again.contains { $0.isAutocorrect }, "\(again)")
        #expect(engine.suggestions(for: "It is becuase").first?.isAutocorrect == true)
        bar.reset()
        let afterReset = bar.suggestions(for: "It is becuase")
        #expect(!afterReset.contains { $0.isAutocorrect })
    }

    /// Only right after: a keystroke between the correction and the delete (a letter typed and
    /// deleted, another text) leaves the delete a delete; a correction of two words goes back as
    /// typed, and a suggestion for another word is not applied.
    @Test func onlyADeleteRightAfterTakesACorrectionBack() throws {
        let engine = try NGramModelTests.engine.get()
        var bar = SuggestionBar(engine: engine)
        let correction = try #require(bar.suggestions(for: "I said becuase").first)
        let applied = bar.apply(correction, to: "I said becuase")
        let after = try #require(applied?.applied(to: "I said becuase"))
        _ = bar.suggestions(for: after + "s")
        let late = bar.undoAutocorrection(before: after)
        #expect(late == nil)
        let misplaced = bar.apply(correction, to: "I said because")
        #expect(misplaced == nil)  // not the word it was for
        let split = try #require(bar.suggestions(for: "we are outof").first)
        #expect(split.text == "out of" && split.isAutocorrect)
        let edit = bar.apply(split, to: "we are outof", separator: ".")
        #expect(edit?.applied(to: "we are outof") == "we are out of.")
        bar.reset()
        let otherField = bar.undoAutocorrection(before: "we are out of.")
        #expect(otherField == nil)
        _ = bar.apply(split, to: "we are outof", separator: ".")
        let undone = bar.undoAutocorrection(before: "we are out of.")
        #expect(undone?.applied(to: "we are out of.") == "we are outof.")
    }

    /// A swiped word (a decoder's suggestion, which replaces nothing typed) goes whole at a delete
    /// right after it, with its space.
    @Test func aDeleteRightAfterASwipedWordTakesItAway() throws {
        var bar = SuggestionBar(engine: try NGramModelTests.engine.get())
        let swiped = Suggestion(text: "hello", typed: "")
        let applied = bar.apply(swiped, to: "I said ")
        #expect(applied == TextEdit(deleting: "", inserting: "hello "))
        let undone = bar.undoAutocorrection(before: "I said hello ")
        #expect(undone?.applied(to: "I said hello ") == "I said ")
        #expect(bar.undo.kept.isEmpty)
        // So does a next word tapped after a space (the text fuzz target's `Thank `).
        let next = try #require(bar.suggestions(for: "Thank ").first)
        #expect(next.typed.isEmpty)
        let tapped = bar.apply(next, to: "Thank ")?.applied(to: "Thank ")
        let after = try #require(tapped)
        let back = bar.undoAutocorrection(before: after)?.applied(to: after)
        #expect(back == "Thank ", "\(after)")
    }
}
