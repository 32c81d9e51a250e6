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
///
/// A correction the keyboard applies through the bar (``apply(_:to:separator:)``) can be taken
/// back by a delete right after it (``undoAutocorrection(before:)``), and the word as typed is then
/// not corrected again by this bar.
public struct SuggestionBar: Sendable {
    /// The engine's suggestions for a text, at most a count.
    let suggest: @Sendable (String, Int) -> [Suggestion]
    /// The text of the last query.
    private var lastText = ""
    /// What the bar offered since the current word began.
    private(set) var offered: Set<String> = []
    /// The last correction applied, and the words the user took corrections back from.
    private(set) var undo = AutocorrectUndo()

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
    /// same word. A word the user took a correction back from is not corrected again: its
    /// correction is offered, not flagged ``Suggestion/isAutocorrect``.
    public mutating func suggestions(for textBeforeCursor: String, count: Int = 3) -> [Suggestion] {
        undo.observe(textBeforeCursor)
        if !typesOn(to: textBeforeCursor) { offered = [] }
        lastText = textBeforeCursor
        guard !offered.isEmpty else { return remember(suggestKeeping(textBeforeCursor, count)) }
        let all = suggestKeeping(textBeforeCursor, min(count + offered.count, SuggestionEngine.maxSuggestions))
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

    /// The engine's suggestions, with no correction flagged for a word the user kept (see
    /// ``undoAutocorrection(before:)``).
    private func suggestKeeping(_ text: String, _ count: Int) -> [Suggestion] {
        suggest(text, count).map { s in
            undo.isKept(s) ? Suggestion(text: s.text, typed: s.typed, isUnknown: s.isUnknown, isEmoji: s.isEmoji) : s
        }
    }

    /// The edit that puts `suggestion` (one the bar gave for `textBeforeCursor`: a correction the
    /// user typed `separator` after, or a word they tapped; or a swiped word, which replaces
    /// nothing: ``GestureDecoder/words(for:keys:before:count:)``) in place of the word it was for,
    /// with `separator` after it; `nil` when the text before the cursor does not end with that word.
    /// The bar remembers it, so that a delete right after takes it back.
    public mutating func apply(_ suggestion: Suggestion, to textBeforeCursor: String, separator: String = " ") -> TextEdit? {
        let edit = TextEdit(deleting: suggestion.typed, inserting: suggestion.text + separator)
        guard let after = edit.applied(to: textBeforeCursor) else { return nil }
        if suggestion.text != suggestion.typed {
            undo.applied(suggestion.text, of: suggestion.typed, separator: separator, leaving: after)
        }
        return edit
    }

    /// The edit a delete makes instead of deleting a character when it comes right after a
    /// correction the bar applied (``apply(_:to:separator:)``): `textBeforeCursor` is still the
    /// text the correction left, and the correction and its separator give way to the word as
    /// typed and the separator (`I said the ` → `I said teh `), as on Android; a swiped word goes
    /// whole, with its separator. The bar then keeps the typed word: it does not correct it again
    /// (an app that learns words may learn it). `nil` when the user did anything else since (the
    /// delete deletes), and once the correction was taken back.
    public mutating func undoAutocorrection(before textBeforeCursor: String) -> TextEdit? {
        undo.undo(before: textBeforeCursor)
    }

    /// Forgets what was offered and the last correction: the next query starts afresh. The words
    /// the user kept stay kept.
    public mutating func reset() {
        lastText = ""
        offered = []
        undo.forgetLast()
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
