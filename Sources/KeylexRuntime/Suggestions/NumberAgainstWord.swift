/// A number typed against a word, the space between them missed: `40yards`, `3employees`, `26to`,
/// `or9`. A token of one run of ASCII digits and one run of letters, in either order, whose letters
/// are a common word (``commonWordClass``), or a word of ``longWordLength`` letters or more after the
/// number. A number takes a short word on purpose (`1st`, `5pm`, `10km`), and a word takes a number
/// as a name (`win7`, `covid19`, `mp3`).
struct NumberAgainstWord {
    /// The lowest frequency class of a word read apart from the number on either side: `to`, `or`
    /// and `the` are (247, 212 and 255 in en-US); `st` 96, `pm` 133, `km` 178 and `win` 171 are not.
    static let commonWordClass: UInt8 = 200
    /// The fewest letters of a word of any class read apart from the number before it (`40yards`).
    static let longWordLength = 4

    /// Where the token starts in the text.
    let start: Substring.Index
    /// The token as typed.
    let typed: String
    /// The digits and the letters.
    let number: Substring
    let letters: Substring
    /// Whether the digits come first (`40yards`, not `or9`).
    let numberFirst: Bool

    /// The reading of the token at the end of `text`, when it is digits and letters as above.
    init?(endOf text: Substring) {
        let token = TypingContext.lastToken(of: text)
        let isDigit = { (character: Character) in character.isASCII && character.isNumber }
        guard let first = token.first else { return nil }
        let split = token.firstIndex { isDigit($0) != isDigit(first) } ?? token.endIndex
        let (head, tail) = (token[..<split], token[split...])
        guard !tail.isEmpty, tail.allSatisfy({ isDigit($0) == isDigit(tail.first!) }) else { return nil }
        numberFirst = isDigit(first)
        (number, letters) = numberFirst ? (head, tail) : (tail, head)
        guard letters.count >= 2, letters.allSatisfy(CurrentWord.isLetter) else { return nil }
        start = token.startIndex
        typed = String(token)
    }

    /// The two apart, `word` standing for the letters.
    func apart(_ word: String) -> String {
        numberFirst ? "\(number) \(word)" : "\(word) \(number)"
    }
}

extension SuggestionEngine {
    /// The suggestions for a number typed against a word (see ``NumberAgainstWord``), or `nil` when
    /// the token is none or its letters are no word to read so: the two apart (`40 yards`, the word
    /// spelt and cased as it would be alone), then the token itself (``Suggestion/isUnknown``).
    /// Never applied on space: only the writer knows what was meant.
    func numberAgainstWordSuggestions(_ text: Substring, count: Int) -> [Suggestion]? {
        guard let glued = NumberAgainstWord(endOf: text),
            let word = suggestibleWordOrCapitalised(String(glued.letters).lowercased(), user: userDictionary?.snapshot),
            word.frequencyClass >= NumberAgainstWord.commonWordClass
                || (glued.numberFirst && glued.letters.count >= NumberAgainstWord.longWordLength)
        else { return nil }
        let letters = String(glued.letters)
        let startsSentence = !glued.numberFirst && TypingContext.startsSentence(String(text[..<glued.start]) + letters)
        return Array(
            [
                Suggestion(text: glued.apart(cased(word.word, like: letters, capitalised: startsSentence)), typed: glued.typed),
                Suggestion(text: glued.typed, typed: glued.typed, isUnknown: true),
            ].prefix(count))
    }
}
