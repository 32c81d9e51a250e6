/// One word typed as two, as happens on touch keyboards: a space typed for a letter whose key
/// lies over the space bar (`starti g` → `starting`), a space too many (`with out` → `without`,
/// `I 'll` → `I'll`), or a space for an apostrophe (`I m` → `I'm`). The correction replaces both
/// words. (A comma for an apostrophe, `You,ll`, is a ``PunctuationSlip``.)
struct WordTypedAsTwo {
    /// The word, cased like the first part.
    let text: String
    /// The word as the dictionary (or the user) has it, with its class and number.
    let word: SuggestionEngine.Word
    /// What it replaces: the previous word, the space (and an apostrophe after it), and the word
    /// being typed.
    let typed: String
    /// Scored as a correction (see ``Candidate/score``): the word's class less the cost of the
    /// space (``EditCosts/spaceInsertion``; a space for an apostrophe, or before one, costs as the
    /// apostrophe left out, ``EditCosts/joinerOmission``).
    let score: Float
    /// What it ranks by among the candidates: its score, moved by the words before the previous
    /// word as theirs are by the words before the typed one (see
    /// ``SuggestionEngine/joinedInContext(_:context:typedIsKnown:)``).
    var rankingScore: Float
    /// Whether the join is likely: the first part is no word the dictionary suggests (`starti g`),
    /// or, for a space in place of an apostrophe, either part is none (`I m`), or an apostrophe
    /// follows the space (`We 've`). A likely join is offered first. A word followed by a letter
    /// (`be t`) may be the start of the next word: that join is only offered among the candidates.
    let isLikely: Bool
}

extension SuggestionEngine {
    /// The word that the previous word and `typed` make when the space between them stands for an
    /// apostrophe or comes before or after one (`we ll` is `we'll`, not `well`; `I' m`; `I 'll`,
    /// `apostrophe` being the one typed after the space), else the best they make when it is taken
    /// out or stands for a letter whose key lies over the space bar; `nil` when they make none. The
    /// word must be one the dictionary (or the user) suggests; a contraction may be capitalised
    /// (`i m` is `I'm`).
    func wordTypedAsTwo(_ typed: String, previous: Substring?, apostrophe: Character? = nil, user: UserWords?) -> WordTypedAsTwo? {
        guard let previous, !previous.isEmpty, previous.unicodeScalars.count + typed.unicodeScalars.count < dictionary.maxWordLength
        else { return nil }
        let first = String(previous)
        // Whether the parts are words: looked up only once a join is found, as most queries have none.
        func firstIsWord() -> Bool { suggestibleWord(first, user: user) != nil }
        func typedIsWord() -> Bool {
            // A capital letter alone is an initial (`the N`, `plan B`), a word of its own.
            (typed.count == 1 && typed.first!.isUppercase) || suggestibleWord(typed, user: user) != nil
        }
        func join(_ text: String, cost: Float, capitalised: Bool = false, isLikely: () -> Bool) -> WordTypedAsTwo? {
            let word = capitalised ? suggestibleWordOrCapitalised(text, user: user) : suggestibleWord(text, user: user)
            return word.map { word in
                let score = Float(word.frequencyClass) - Candidate.costWeight * (cost + max(0, cost - 1))
                return WordTypedAsTwo(
                    text: cased(word.word, like: first), word: word, typed: first + " " + (apostrophe.map(String.init) ?? "") + typed,
                    score: score, rankingScore: score, isLikely: isLikely())
            }
        }
        if apostrophe != nil { return join(first + "'" + typed, cost: costs.joinerOmission, capitalised: true) { true } }
        let mark = first.hasSuffix("'") || first.hasSuffix("\u{2019}") ? "" : "'"
        if let contraction = join(
            first + mark + typed, cost: costs.joinerOmission, capitalised: true, isLikely: { !firstIsWord() || !typedIsWord() })
        {
            return contraction
        }
        let joins = [first + typed] + geometry.lettersOverSpace.map { first + String($0) + typed }
        return joins.compactMap { join($0, cost: costs.spaceInsertion, isLikely: { !firstIsWord() }) }.max { $0.score < $1.score }
    }

    /// `join` ranked by the words before the previous word, which it replaces, as the candidates
    /// are by the words before the typed one (see ``rankInContext(_:_:typedIsKnown:)``): after
    /// "can't work", `with out` offers `without` before `our`.
    func joinedInContext(_ join: WordTypedAsTwo, context: TypingContext, typedIsKnown: Bool) -> WordTypedAsTwo {
        // The model's context alone: the user's pairs after the word before are not read here.
        guard let model, let number = join.word.number, let text = context.beforePrevious,
            let before = wordsBefore(text, user: nil)?.model
        else { return join }
        let frequencyClass = join.word.frequencyClass
        let probability = model.logProbability(of: number, frequencyClass: frequencyClass, in: before)
        var ranked = join
        ranked.rankingScore += model.classShift(probability, from: frequencyClass, weight: Self.contextWeight(typedIsKnown: typedIsKnown))
        return ranked
    }

    /// Whether `join` is to replace the two words typed on space: it is likely, and it clears
    /// ``autocorrectMargin`` (the margin of a typed word of seven letters or more: the join is one
    /// reading, not a short word with many neighbours).
    func appliesOnSpace(_ join: WordTypedAsTwo) -> Bool {
        join.isLikely && join.score >= autocorrectMargin
    }
}
