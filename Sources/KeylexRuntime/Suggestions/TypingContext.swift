/// What comes before the word being typed: whether it starts a sentence (suggestions are then
/// capitalised, as KeyboardKit's autocapitalisation shifts the keyboard there), and the word before
/// it (a multi-word entry may span both: "a pri" → "a priori").
struct TypingContext {
    /// The word is the first of the text or of a sentence.
    let isSentenceStart: Bool
    /// The text of the previous word, when a single space separates it from the word being typed
    /// (or a space and an apostrophe: see ``apostropheBefore``).
    let previousWord: Substring?
    /// The apostrophe typed between that space and the word being typed (`I 'll`; `I ‘m`, a
    /// smart keyboard's opening quote after a space): the space was meant to be none.
    let apostropheBefore: Character?
    /// The text before ``previousWord``, as far as the query reads: what the words before it say of
    /// a word typed as two (see ``SuggestionEngine/joinedInContext(_:context:typedIsKnown:)``).
    let beforePrevious: Substring?
    /// The words before, for the n-gram model and the user's learned pairs.
    var before: WordsBefore?

    /// The characters typed for an apostrophe: ' and ’; ‘, which smart punctuation types for '
    /// after a space; ` (a long press of the apostrophe key), ´ and ʼ.
    static let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{2018}", "`", "\u{00B4}", "\u{02BC}"]

    /// Sentence-ending punctuation.
    static let sentenceEnds: Set<Character> = [".", "!", "?", "…", "\n", "。", "؟", "¡", "¿"]

    init(text: Substring, current: CurrentWord) {
        let before = text[..<current.start]
        let trimmed = before.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }
        // Closing quotes and brackets may follow the sentence's end: "Yes." she said.
        let mark = trimmed.first { !"\"'”’»)]".contains($0) }
        isSentenceStart = mark.map { Self.sentenceEnds.contains($0) } ?? true
        // No copy: the same indices as `text`. dropLast(1), a step back from the end: dropLast()
        // is Collection's, which counts every character from the start.
        let apostrophe = before.last.flatMap { Self.apostrophes.contains($0) && before.dropLast(1).last == " " ? $0 : nil }
        let spaced = apostrophe == nil ? before : before.dropLast(1)
        let head = spaced.dropLast(1)
        if spaced.last == " ", let previous = CurrentWord(in: head), previous.text.endIndex == head.endIndex {
            previousWord = previous.text
            apostropheBefore = apostrophe
            beforePrevious = head[..<previous.start]
        } else {
            previousWord = nil
            apostropheBefore = nil
            beforePrevious = nil
        }
    }

    /// Whether `word` starts with a capital where no sentence starts: a name, or a clause the words
    /// before do not show (after "Rule:", `If`).
    func isCapitalisedInside(_ word: some StringProtocol) -> Bool {
        !isSentenceStart && word.first?.isUppercase == true
    }

    /// The end of `text` after its last whitespace: the token before the cursor, whatever it holds
    /// (the same indices as `text`).
    static func lastToken(of text: Substring) -> Substring {
        text[(text.lastIndex(where: TextSegmentation.isSpace).map(text.index(after:)) ?? text.startIndex)...]
    }

    /// Whether the word at the end of `text` starts a sentence (`false` when no word ends it).
    static func startsSentence(_ text: String) -> Bool {
        CurrentWord(in: text).map { TypingContext(text: text[...], current: $0).isSentenceStart } ?? false
    }

    /// The end of `text` that a query reads: all of it when it has at most
    /// ``SuggestionEngine/maxContextBytes`` bytes, else its last that many bytes from their first
    /// whitespace on; `nil` when they hold none (the token before the cursor is longer than any
    /// word). At most that many bytes read, however long `text` is (a native Swift string's UTF-8
    /// is indexed in place).
    static func readable(_ text: String) -> Substring? {
        let utf8 = text.utf8
        guard utf8.count > SuggestionEngine.maxContextBytes else { return text[...] }
        var cut = utf8.index(utf8.endIndex, offsetBy: -SuggestionEngine.maxContextBytes)
        while UTF8.isContinuation(utf8[cut]) { cut = utf8.index(after: cut) }
        let scalars = text.unicodeScalars[cut...]
        return scalars.firstIndex(where: TextSegmentation.isSpace).map { text[$0...] }
    }
}
