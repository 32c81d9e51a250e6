/// How text splits into sentences and words for the n-gram model: the one definition that the
/// compiler counts text with and the runtime reads the words before the cursor with.
///
/// Text is split into tokens at whitespace. Punctuation around a token is not part of it; a token
/// whose punctuation ends with `.`, `!`, `?` or `…` (or their CJK and Arabic forms) ends a sentence.
/// What is left is a word when ``CurrentWord`` takes it whole (letters, with apostrophes and
/// hyphens inside); a token that is only punctuation is passed over; a number (``Token/number``)
/// starts the context again from `<num>`, as a sentence's end starts it from `<s>` (`in 5 ` →
/// `minutes`); and any other (a URL, `abc123`) breaks the context: no n-gram spans it.
public enum TextSegmentation {
    /// Punctuation that ends a sentence.
    public static let sentenceEnds: Set<Character> = [".", "!", "?", "…", "。", "！", "？", "؟"]

    /// What a token holds.
    public enum Token: Equatable, Sendable {
        /// A word.
        case word(Substring)
        /// Punctuation only (a dash, a quotation mark): context passes over it.
        case punctuation
        /// Digits, with the signs found inside numbers (`5`, `3.5`, `10:30`, `1,000`, `(1713-1784)`;
        /// `$5` and `50%` too, their signs being punctuation around the token): the words after it
        /// follow a number.
        case number
        /// Something that is not a word: context stops at it.
        case other
    }

    /// The word or other content of `token` (text without whitespace), and whether it ends a sentence.
    public static func classify(_ token: Substring) -> (token: Token, endsSentence: Bool) {
        var core = token
        while let first = core.first, !CurrentWord.isLetter(first), !first.isNumber { core = core.dropFirst() }
        var endsSentence = false
        while let last = core.last, !CurrentWord.isLetter(last), !last.isNumber {
            endsSentence = endsSentence || sentenceEnds.contains(last)
            core = core.dropLast(1)  // a step back (dropLast() counts from the start)
        }
        guard !core.isEmpty else { return (.punctuation, endsSentence) }
        if core.allSatisfy({ $0.isNumber || numberSigns.contains($0) }) { return (.number, endsSentence) }
        guard let word = CurrentWord(in: core), word.start == core.startIndex else { return (.other, endsSentence) }
        return (.word(word.text), endsSentence)
    }

    /// The signs a number may hold between its digits.
    public static let numberSigns: Set<Character> = [".", ",", ":", "/", "-", "\u{2013}", "'", "\u{2019}"]

    /// What the words before the cursor follow, when the text says: a sentence's start (`<s>`
    /// for the model) or a number (`<num>`).
    public enum Boundary: Equatable, Sendable {
        case sentence
        case number
    }

    /// Whether `scalar` is whitespace: one of the 25 code points of Unicode's White_Space property
    /// (stable since Unicode 6.3), tested directly. The text before the cursor is split at every
    /// keystroke, and Unicode's property tables cost more than the rest of the split.
    @inline(__always)
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value > 0x20 else { return value == 0x20 || (0x09...0x0D).contains(value) }
        guard value >= 0x85 else { return false }
        return value == 0x85 || value == 0xA0 || value == 0x1680 || (0x2000...0x200A).contains(value)
            || value == 0x2028 || value == 0x2029 || value == 0x202F || value == 0x205F || value == 0x3000
    }

    /// Whether `character` is whitespace (its first scalar is: see ``isSpace(_:)-(Unicode.Scalar)``),
    /// as `Character.isWhitespace` says.
    @inline(__always)
    static func isSpace(_ character: Character) -> Bool { isSpace(character.unicodeScalars.first!) }

    /// The tokens of `text`, split at whitespace scalars (``isSpace(_:)-(Unicode.Scalar)``)
    /// without forming its characters.
    static func tokens(of text: Substring) -> [Substring] {
        let scalars = text.unicodeScalars
        var tokens: [Substring] = []
        var start: String.Index? = nil
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let isSpace = Self.isSpace(scalars[i])
            if isSpace, let first = start {
                tokens.append(text[first..<i])
                start = nil
            } else if !isSpace, start == nil {
                start = i
            }
            i = scalars.index(after: i)
        }
        if let first = start { tokens.append(text[first...]) }
        return tokens
    }

    /// The longest a run of tokens before the cursor is read for context.
    static let maxTokensBack = 8

    /// The last one or two words of `text` within their sentence, last word last, and what comes
    /// right before them (``Boundary``; `nil` when it is more words, or a token that breaks the
    /// context): an empty array when the text (or its sentence) has no word yet, or the cursor
    /// follows a number; `nil` when the context is broken (by a URL, `abc123`…) right before the
    /// cursor.
    static func lastWords(of text: Substring) -> (words: [Substring], after: Boundary?)? {
        var words: [Substring] = []
        var end = text.endIndex
        for _ in 0..<maxTokensBack {
            while end > text.startIndex, isSpace(text[text.index(before: end)]) { end = text.index(before: end) }
            guard end > text.startIndex else { return (words, .sentence) }
            var start = end
            while start > text.startIndex, !isSpace(text[text.index(before: start)]) { start = text.index(before: start) }
            let (token, endsSentence) = classify(text[start..<end])
            if endsSentence { return (words, .sentence) }
            switch token {
            case .word(let word): words.insert(word, at: 0)
            case .punctuation: break
            case .number: return (words, .number)
            case .other: return words.isEmpty ? nil : (words, nil)
            }
            if words.count == 2 { return (words, nil) }
            end = start
        }
        return words.isEmpty ? nil : (words, nil)
    }
}
