/// What comes before the word being typed: whether it starts a sentence (suggestions are then
/// capitalised, as KeyboardKit's autocapitalisation shifts the keyboard there), and the word before
/// it (a multi-word entry may span both: "a pri" → "a priori").
struct TypingContext {
    /// The word is the first of the text or of a sentence.
    let isSentenceStart: Bool
    /// The text of the previous word and the space between, when a single space separates them.
    let previousWord: Substring?
    /// The words before, for the n-gram model and the user's learned pairs.
    var before: WordsBefore?

    /// Sentence-ending punctuation.
    static let sentenceEnds: Set<Character> = [".", "!", "?", "…", "\n", "。", "؟", "¡", "¿"]

    init(text: String, current: CurrentWord) {
        let before = text[..<current.start]
        let trimmed = before.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }
        // Closing quotes and brackets may follow the sentence's end: "Yes." she said.
        let mark = trimmed.first { !"\"'”’»)]".contains($0) }
        isSentenceStart = mark.map { Self.sentenceEnds.contains($0) } ?? true
        // No copy: the same indices as `text`. dropLast(1), a step back from the end: dropLast()
        // is Collection's, which counts every character from the start.
        let head = before.dropLast(1)
        if before.last == " ", let previous = CurrentWord(in: head), previous.text.endIndex == head.endIndex {
            previousWord = previous.text
        } else {
            previousWord = nil
        }
    }
}
