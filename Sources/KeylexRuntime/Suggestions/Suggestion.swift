/// One suggestion for the word being typed, as KeyboardKit's `Autocomplete.Suggestion` has it.
public struct Suggestion: Sendable, Equatable, CustomStringConvertible {
    /// The text to insert in place of the word being typed.
    public let text: String
    /// The word as typed.
    public let typed: String
    /// Safe to apply when the user types a space: the typed word is unknown and this is a
    /// confident correction.
    public let isAutocorrect: Bool
    /// The typed word itself, which the dictionary does not know.
    public let isUnknown: Bool
    /// An emoji the typed word names (`pizza` → 🍕, see ``SuggestionEngine/offersEmoji``): an app
    /// may show it, hide it, or insert it after the word rather than in its place.
    public let isEmoji: Bool

    public init(text: String, typed: String, isAutocorrect: Bool = false, isUnknown: Bool = false, isEmoji: Bool = false) {
        self.text = text
        self.typed = typed
        self.isAutocorrect = isAutocorrect
        self.isUnknown = isUnknown
        self.isEmoji = isEmoji
    }

    /// What would complete the typed word, when the suggestion starts with it (ignoring case):
    /// "lo" for "hel" → "hello". An app can show it as marked text after the cursor.
    public var remainder: Substring? {
        let typedScalars = typed.lowercased().unicodeScalars
        let textScalars = text.lowercased().unicodeScalars
        guard textScalars.count > typedScalars.count, textScalars.starts(with: typedScalars),
            text.unicodeScalars.count == textScalars.count
        else { return nil }
        let index = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: typedScalars.count)
        return text[index...]
    }

    public var description: String {
        var flags: [String] = []
        if isAutocorrect { flags.append("autocorrect") }
        if isUnknown { flags.append("unknown") }
        if isEmoji { flags.append("emoji") }
        return flags.isEmpty ? text : "\(text) (\(flags.joined(separator: ", ")))"
    }
}
