/// An edit of the text before the cursor, as a keyboard makes it through its text document proxy:
/// delete the characters of ``deleting`` (the last ones before the cursor), then insert
/// ``inserting`` (KeyboardKit: `deleteBackward(times: deleting.count)`, `insertText(inserting)`).
public struct TextEdit: Sendable, Equatable {
    /// The text to delete, which the text before the cursor ends with.
    public let deleting: String
    /// The text to insert in its place.
    public let inserting: String

    /// The text before the cursor once the edit is made, `nil` when it does not end with
    /// ``deleting``.
    public func applied(to textBeforeCursor: String) -> String? {
        guard textBeforeCursor.hasSuffix(deleting) else { return nil }
        return textBeforeCursor.dropLast(deleting.count) + inserting
    }
}

/// The user's way back from an autocorrection, as Android's keyboard gives it: a delete right after
/// a correction was applied on space brings back the word as typed (with the space), and that word
/// is not corrected again; a delete right after a swiped word takes the whole word away (see
/// ``SuggestionBar/undoAutocorrection(before:)``).
struct AutocorrectUndo: Sendable {
    /// The last correction applied: the word as typed, how to take the correction back, and the
    /// end of the text it left before the cursor (at most ``SuggestionEngine/maxContextBytes``).
    private var last: (typed: String, undo: TextEdit, tail: [UInt8])?
    /// The words the user took a correction back from, oldest first.
    private(set) var kept: [String] = []

    /// The most words kept: a bar lives as long as a text field.
    static let maxKept = 256

    /// Remembers `correction` of `typed` (empty for a swiped word) applied with `separator` after
    /// it, leaving `text` before the cursor.
    mutating func applied(_ correction: String, of typed: String, separator: String, leaving text: String) {
        let back = typed.isEmpty ? "" : typed + separator
        last = (typed, TextEdit(deleting: correction + separator, inserting: back), Self.tail(of: text))
    }

    /// Forgets the last correction unless `text` is the text it left before the cursor: any other
    /// keystroke ends the moment it can be taken back.
    mutating func observe(_ text: String) {
        if let last, !text.utf8.suffix(SuggestionEngine.maxContextBytes).elementsEqual(last.tail) { self.last = nil }
    }

    /// The edit that takes the last correction back when `text` is the text it left, after which
    /// its typed word is kept; `nil` otherwise.
    mutating func undo(before text: String) -> TextEdit? {
        observe(text)
        guard let (typed, edit, _) = last else { return nil }
        last = nil
        if !typed.isEmpty, !kept.contains(typed) {
            if kept.count == Self.maxKept { kept.removeFirst() }
            kept.append(typed)
        }
        return edit
    }

    /// Forgets the last correction (another text field); the words kept stay.
    mutating func forgetLast() {
        last = nil
    }

    /// Whether `suggestion` would replace a word the user took a correction back from.
    func isKept(_ suggestion: Suggestion) -> Bool {
        suggestion.isAutocorrect && kept.contains(suggestion.typed)
    }

    private static func tail(of text: String) -> [UInt8] {
        Array(text.utf8.suffix(SuggestionEngine.maxContextBytes))
    }
}
