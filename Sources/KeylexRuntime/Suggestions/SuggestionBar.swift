/// A keyboard's suggestion bar: an engine's suggestions for each keystroke, less the words the bar
/// already offered for the word being typed. A user who sees a word in the bar and types on does
/// not want it, so its slot goes to the next best word (presage's selector does the same); over
/// real text this saved 1.3–2.3 keystrokes in a hundred (docs/SUGGESTIONS.md).
///
/// The bar remembers the last text it was asked about. A text that extends it by letters without a
/// space (the user typed on in the same word, or started a word after the space where next words
/// were offered) keeps what was offered; any other text (a space, a deletion, a jump of the cursor)
/// starts afresh. The word as typed, a correction to apply (``Suggestion/isAutocorrect``) and an
/// emoji are always shown. A word offered in one case is offered again in another (`escritor`
/// after a number, then `Escritor` once the user typed a capital `E`). Use one bar per text
/// field; ``reset()`` when the field changes.
public struct SuggestionBar: Sendable {
    /// The engine's suggestions for a text, at most a count.
    let suggest: @Sendable (String, Int) -> [Suggestion]
    /// The text of the last query.
    private var lastText = ""
    /// What the bar offered since the current word began.
    private(set) var offered: Set<String> = []

    /// A bar over `engine`.
    public init(engine: SuggestionEngine) {
        suggest = { engine.suggestions(for: $0, count: $1) }
    }

    /// A bar over a multilingual engine.
    public init(engine: MultilingualSuggestionEngine) {
        suggest = { engine.suggestions(for: $0, count: $1) }
    }

    /// The suggestions for the text before the cursor, at most `count` (see
    /// ``SuggestionEngine/suggestions(for:count:)``), with none that the bar offered earlier in the
    /// same word.
    public mutating func suggestions(for textBeforeCursor: String, count: Int = 3) -> [Suggestion] {
        if !typesOn(to: textBeforeCursor) { offered = [] }
        lastText = textBeforeCursor
        guard !offered.isEmpty else { return remember(suggest(textBeforeCursor, count)) }
        let all = suggest(textBeforeCursor, min(count + offered.count, SuggestionEngine.maxSuggestions))
        let kept = all.filter(isShown)
        let emoji = kept.last?.isEmoji == true && count > 1 ? kept.last : nil
        return remember(Array(kept.filter { !$0.isEmoji }.prefix(count - (emoji == nil ? 0 : 1))) + (emoji.map { [$0] } ?? []))
    }

    /// Whether `suggestion` may be shown: it was not offered in the word, or it is the word as
    /// typed, a correction to apply or an emoji.
    private func isShown(_ suggestion: Suggestion) -> Bool {
        !offered.contains(suggestion.text) || suggestion.isAutocorrect || suggestion.isUnknown || suggestion.isEmoji
            || suggestion.text.lowercased() == suggestion.typed.lowercased()
    }

    /// Forgets what was offered: the next query starts afresh.
    public mutating func reset() {
        lastText = ""
        offered = []
    }

    /// Whether `text` is the last query's text with letters typed on it, no space among them. Only
    /// the end of the last text is compared, as much as the engine reads
    /// (``SuggestionEngine/maxContextBytes``): a keystroke costs the same in a long document.
    private func typesOn(to text: String) -> Bool {
        let old = lastText.utf8, new = text.utf8
        guard !old.isEmpty, new.count > old.count else { return false }
        let compared = min(old.count, SuggestionEngine.maxContextBytes)
        let end = new.index(new.startIndex, offsetBy: old.count)
        guard new[new.index(end, offsetBy: -compared)..<end].elementsEqual(old.suffix(compared)) else { return false }
        return !text.unicodeScalars[end...].contains(where: TextSegmentation.isSpace)
    }

    /// `shown`, after adding its words to ``offered``.
    private mutating func remember(_ shown: [Suggestion]) -> [Suggestion] {
        for suggestion in shown where !suggestion.isEmoji { offered.insert(suggestion.text) }
        return shown
    }
}
