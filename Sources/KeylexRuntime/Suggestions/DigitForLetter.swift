/// A digit typed for a letter. Phone keyboards mark the keys of the top letter row with the digits
/// 1 to 9 and 0 (long-press hints, or a number row right above it: see
/// ``KeyGeometry/lettersUnderDigits``), so a finger that lingers or lands high types `com3` for
/// `come`, `d3spite` for `despite`, or a digit too many (`tr4y`). A token of two letters or more and
/// one digit is read with the digit as its key's letter; with the digit between three letters or
/// more, also without it. Tokens with more digits are numbers and names (`covid19`, `4x4`), and
/// names and units with a digit rarely read as a word (`mp3`, `h2o`, `5pm`).
struct DigitForLetter {
    /// Where the token starts in the text.
    let start: Substring.Index
    /// The token as typed.
    let typed: String
    /// The token with the digit as its key's letter.
    let asLetter: String
    /// The token without the digit, when letters lie on both sides of it.
    let withoutDigit: String?
    /// The shortest token whose reading clears the plain autocorrect margin, whatever its length.
    static let plainMarginLength = 4

    /// The reading of the token at the end of `text`, when it is letters and one digit that marks a
    /// letter key of `geometry`.
    init?(endOf text: Substring, geometry: KeyGeometry) {
        let token = TypingContext.lastToken(of: text)
        guard let digit = token.firstIndex(where: { $0.isASCII && $0.isNumber }),
            let letter = token[digit].unicodeScalars.first.flatMap(geometry.letter(under:)),
            token.allSatisfy({ $0 == token[digit] || CurrentWord.isLetter($0) }),
            token.count(where: { !CurrentWord.isLetter($0) }) == 1, token.count >= 3
        else { return nil }
        start = token.startIndex
        typed = String(token)
        asLetter = String(token[..<digit]) + String(letter) + String(token[token.index(after: digit)...])
        let inside = digit != token.startIndex && token.index(after: digit) != token.endIndex && token.count >= 4
        withoutDigit = inside ? String(token[..<digit]) + String(token[token.index(after: digit)...]) : nil
    }
}

extension SuggestionEngine {
    /// The suggestions for a token of letters and a digit typed for a letter (see
    /// ``DigitForLetter``), or `nil` when it is none or neither reading is a word: the word the
    /// first reading that is one makes (the digit as a letter: `com3` → `come`; a longer token also
    /// as the engine corrects it, `thef8ghting` → `the fighting`; else the digit left out: `tr4y` →
    /// `try`), then the token itself (``Suggestion/isUnknown``), then what the reading's word offers.
    /// The word replaces the token on space (``Suggestion/isAutocorrect``) when it is the digit read
    /// as its letter and clears ``digitSlipMargin(_:)`` as a correction of a neighbouring key would, or
    /// when the engine would apply its correction.
    func digitForLetterSuggestions(_ text: Substring, count: Int) -> [Suggestion]? {
        guard let slip = DigitForLetter(endOf: text, geometry: geometry) else { return nil }
        let head = String(text[..<slip.start])
        let readings = [(slip.asLetter, true), slip.withoutDigit.map { ($0, false) }].compactMap { $0 }
        for (reading, asLetter) in readings {
            let found = suggestions(for: head + reading, count: count)
            guard let first = found.first, !first.isUnknown, !first.isEmoji else { continue }
            let exact = first.text.lowercased() == reading.lowercased()
            guard exact || (asLetter && first.isAutocorrect && slip.withoutDigit != nil && reading.count >= 7) else { continue }
            let apply = exact ? asLetter && clearsMargin(reading, margin: digitSlipMargin(slip)) : true
            let word = exact ? cased(first.text, like: reading, capitalised: TypingContext.startsSentence(head + reading)) : first.text
            let rest = found.dropFirst().filter { !$0.isEmoji && !$0.isUnknown && $0.text != word }.map {
                Suggestion(text: $0.text, typed: slip.typed)
            }
            return Array(
                ([
                    Suggestion(text: word, typed: slip.typed, isAutocorrect: apply),
                    Suggestion(text: slip.typed, typed: slip.typed, isUnknown: true),
                ] + rest).prefix(count))
        }
        return nil
    }

    /// The margin the word a digit's letter makes of `slip` must clear: ``autocorrectMargin`` for a
    /// token of ``DigitForLetter/plainMarginLength`` characters or more (its digit is a slip no word
    /// of the language makes: `com3` → `come`, `j7st` → `just`), else the margin of a typed word
    /// that long (`co2` is a name, not a slip of `cow`).
    private func digitSlipMargin(_ slip: DigitForLetter) -> Float {
        let length = slip.typed.unicodeScalars.count
        return length >= DigitForLetter.plainMarginLength ? autocorrectMargin : margin(length: length)
    }

    /// Whether the word `reading`, as a correction of one neighbouring key, clears `margin`.
    private func clearsMargin(_ reading: String, margin: Float) -> Bool {
        guard let word = suggestibleWord(reading, user: userDictionary?.snapshot) else { return false }
        let candidate = Candidate(
            number: word.number ?? -1, frequencyClass: word.frequencyClass, cost: costs.neighbouringKey, isCompletion: false)
        return candidate.score >= margin
    }
}
