/// The word being typed: the end of the text before the cursor that suggestions replace.
public struct CurrentWord: Sendable, Equatable {
    /// The word as typed.
    public let text: Substring
    /// Where it starts in the text before the cursor.
    public let start: String.Index

    /// Finds the word at the end of `textBeforeCursor`, or `nil` when the cursor is not right after
    /// a word: after a space or punctuation, or inside something that is not a word to correct
    /// (a token with digits, an emoji, a URL, an e-mail address, a @handle or #tag).
    ///
    /// A word is letters and combining marks, with apostrophes (' ’ ‘ ` ´ ʼ) and hyphens allowed between
    /// letters (and an apostrophe at the end, being typed); quotes and brackets around it are not
    /// part of it.
    public init?(in textBeforeCursor: String) {
        self.init(in: textBeforeCursor[...])
    }

    /// The word at the end of `text`, a part of a larger text whose indices it keeps.
    init?(in text: Substring) {
        let token = TypingContext.lastToken(of: text)
        let tokenStart = token.startIndex
        // A word may end in an apostrophe being typed ("that'" on the way to "that's").
        var end = text.endIndex
        if let last = token.last, TypingContext.apostrophes.contains(last), token.count >= 2,
            Self.isLetter(token[token.index(before: token.index(before: token.endIndex))])
        {
            end = text.index(before: end)
        }
        guard let last = text[tokenStart..<end].last, Self.isLetter(last) else { return nil }
        if token.contains(where: { $0.isNumber || $0 == "@" || $0 == "#" || $0 == "/" || $0 == "_" || Self.isEmoji($0) }) { return nil }
        if token.contains("."), token.split(separator: ".").count > 1, token.split(separator: ".").allSatisfy({ !$0.isEmpty }) {
            return nil  // example.com, www.site.org
        }
        // Walk back over letters, and over apostrophes and hyphens that have letters on both sides.
        var start = end
        while start > tokenStart {
            let previous = text.index(before: start)
            let character = text[previous]
            if Self.isLetter(character) {
                start = previous
            } else if Self.joiners.contains(character), previous > tokenStart,
                Self.isLetter(text[text.index(before: previous)]), Self.isLetter(text[start])
            {
                start = previous
            } else {
                break
            }
        }
        self.text = text[start...]
        self.start = start
    }

    /// Characters that join the parts of one word: apostrophes (``TypingContext/apostrophes``) and hyphens.
    package static let joiners: Set<Character> = TypingContext.apostrophes.union(["-", "\u{2010}"])

    static func isLetter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    static func isEmoji(_ character: Character) -> Bool {
        character.unicodeScalars.contains {
            $0.properties.isEmojiPresentation || ($0.properties.isEmoji && $0.value > 0xFF && !isLetter(Character($0)))
        }
    }
}
