/// A comma or a full stop typed between two runs of letters. On phone keyboards the comma and full
/// stop keys flank the space bar, and the apostrophe shares or neighbours the comma's key, so a
/// finger types `to,send` or `all.day` for a space, `You,ll`, `don,t` or `I.m` for an apostrophe,
/// and `plane,sorry` for a comma whose space it missed.
struct PunctuationSlip {
    /// Where the token starts in the text.
    let start: Substring.Index
    /// The token as typed.
    let typed: String
    /// The letters before and after the mark.
    let left: String
    let right: String
    /// The comma or the full stop.
    let mark: Character

    /// The slip at the end of `text`: a token of letters, one comma or full stop, and letters.
    init?(endOf text: Substring) {
        let token = TypingContext.lastToken(of: text)
        guard let index = token.firstIndex(where: { $0 == "," || $0 == "." }), index != token.startIndex,
            token.index(after: index) != token.endIndex,
            token.allSatisfy({ $0 == token[index] || CurrentWord.isLetter($0) }), token.count(where: { $0 == token[index] }) == 1
        else { return nil }
        start = token.startIndex
        typed = String(token)
        left = String(token[..<index])
        right = String(token[token.index(after: index)...])
        mark = token[index]
    }
}

extension SuggestionEngine {
    /// The suggestions for a comma or full stop typed between letters (see ``PunctuationSlip``),
    /// with the user's words `user`, or `nil` when the token is none, is a word as it stands, or has no reading that is words:
    /// the reading first, then the token as typed (``Suggestion/isUnknown``). The readings, in
    /// order: the mark for an apostrophe, when that makes a word of the dictionary's or the user's
    /// (`don,t` → `don't`); for a space, when both sides are words and the n-gram model has them as
    /// a pair (`all.day` → `all day`, `to,send` → `to send`; a name and its domain, `example.com`,
    /// are no pair), unless after a comma the second word starts a clause as readily (see
    /// ``startsClause(_:after:)``); a comma whose space was missed, when both sides are words and the
    /// first has two letters or more (`plane,sorry` → `plane, sorry`, `No,just` → `No, just`). Each replaces the token on space
    /// (``Suggestion/isAutocorrect``): words glued by a mark are never what was meant, and each
    /// reading leaves the text nearer it, even where a side is a slip of its own (`confidant,no`
    /// becomes `confidant, no`). A full stop is never read as the end of a sentence: `site.org` is
    /// an address.
    func punctuationSlipSuggestions(_ text: Substring, user: UserWords?, count: Int) -> [Suggestion]? {
        guard let slip = PunctuationSlip(endOf: text) else { return nil }
        guard suggestibleWordOrCapitalised(slip.typed, user: user) == nil,
            let reading = reading(of: slip, before: text[..<slip.start], user: user)
        else { return nil }
        return Array(
            [
                Suggestion(text: reading, typed: slip.typed, isAutocorrect: true),
                Suggestion(text: slip.typed, typed: slip.typed, isUnknown: true),
            ].prefix(count))
    }

    /// The words `slip` stands for, cased as typed, the first capitalised at a sentence's start.
    private func reading(of slip: PunctuationSlip, before head: Substring, user: UserWords?) -> String? {
        let capitalised = TypingContext.startsSentence(String(head) + slip.left)
        let joined = slip.left + "'" + slip.right
        if let word = suggestibleWordOrCapitalised(joined, user: user) {
            return cased(word.word, like: joined, capitalised: capitalised)
        }
        guard let first = suggestibleWordOrCapitalised(slip.left, user: user),
            let second = suggestibleWordOrCapitalised(slip.right, user: user)
        else { return nil }
        let left = cased(first.word, like: slip.left, capitalised: capitalised), right = cased(second.word, like: slip.right)
        // One letter and a comma may be an elision (French `l,homme`), not a word and its comma.
        let comma = slip.mark == "," && slip.left.count >= 2
        if classAfter(first, second).seen, !comma || !startsClause(second, after: first) { return left + " " + right }
        return comma ? left + ", " + right : nil
    }

    /// Whether the model finds `second` at least as likely at a sentence's start as after `first`:
    /// after a comma a clause starts, so a comma typed between them was meant as one (`No,just`
    /// is `No, just`, `this,but` `this, but`), where a word that follows the first far more readily
    /// (`to,send`) had the comma for the space.
    private func startsClause(_ second: Word, after first: Word) -> Bool {
        guard let model, let a = first.number, let b = second.number else { return false }
        let start = model.context(previous: nil, last: model.sentenceStart), afterFirst = model.context(previous: nil, last: a)
        return model.logProbability(of: b, frequencyClass: second.frequencyClass, in: start)
            >= model.logProbability(of: b, frequencyClass: second.frequencyClass, in: afterFirst)
    }
}
