/// Two words typed as one, as happens on touch keyboards: the space bar missed
/// (`responsibilityfor`) or hit as the letter above it (`againstbthe`, `Dobyou`).
struct RunTogetherWords {
    /// The two words, cased as typed, with a space between.
    let text: String
    /// Scored as a candidate (see ``Candidate/score``), as if the pair were one word: the first
    /// word's class plus the second's after it (from the n-gram model when it has the pair, else its
    /// own class) less the most frequent word's, less the cost of the space error.
    let score: Float
    /// Whether it may replace the typed word on space: a letter over the space bar stands for the
    /// space, and the n-gram model, when the bundle has one, has the pair; or the space was missed
    /// beside one of the commonest words (``SuggestionEngine/missedSpaceClass``: `thefirst`,
    /// `outof`) and the model has the pair. Other missed spaces are only offered: a compound the
    /// dictionary lacks (`beachfront`, `nextdoor`) reads as two words too.
    let mayReplace: Bool
    /// Whether a letter typed over the space bar stands for the space (`againstbthe`), rather than
    /// the space missed (`outof`).
    let isLetterForSpace: Bool
    /// Whether it ranks among the candidates by its score alone: it may replace the typed word, or
    /// the n-gram model has the pair. Otherwise it pays ``unseenPairCost`` (``rankingScore``).
    let ranksByScore: Bool

    /// What it ranks by among the candidates: its score, less ``unseenPairCost`` when it does not
    /// rank by its score alone (without the model's word, two frequent words outscore a likely
    /// correction: `inpossible` is `impossible` first, but `weekago` offers `week ago` before `wake`).
    var rankingScore: Float { ranksByScore ? score : score - Self.unseenPairCost }

    /// Two edits' worth (see ``Candidate/costWeight``): what a split the model lacks pays to rank.
    static let unseenPairCost = 2 * Candidate.costWeight
}

extension SuggestionEngine {
    /// The shortest typed word read as two words.
    static let runTogetherLength = 3
    /// The shortest typed word read as two words with a letter for the space: of three letters,
    /// both words would have one (`ava` is not `A a`, though the model has the pair).
    static let letterForSpaceLength = 4
    /// The least frequency class of the word beside a missed space for the split to replace the
    /// typed word: a space is mostly missed beside a short, common word (`the`, `of`, `was`: the
    /// 48 English words of class 200 and up); between two others the typed word is as often a
    /// compound the dictionary lacks (`beachfront`, `lifelike`).
    static let missedSpaceClass: UInt8 = 200

    /// The likeliest reading of an unknown `typed` word as two known words, split where a space was
    /// missed or where a letter whose key lies over the space bar stands for it (both cost
    /// ``EditCosts/spaceOmission``); `nil` when there is none. Both words must be ones the
    /// dictionary (or the user) suggests; each keeps its typed case, and the first takes a capital
    /// at a sentence's start.
    func runTogetherWords(_ typed: String, context: TypingContext, user: UserWords?) -> RunTogetherWords? {
        let scalars = Array(typed.unicodeScalars)
        guard scalars.count >= Self.runTogetherLength, scalars.count <= 2 * dictionary.maxWordLength + 1 else { return nil }
        var best: RunTogetherWords?
        func consider(_ left: ArraySlice<Unicode.Scalar>, _ right: ArraySlice<Unicode.Scalar>, viaLetter: Bool) {
            let leftTyped = String(String.UnicodeScalarView(left)), rightTyped = String(String.UnicodeScalarView(right))
            guard let first = suggestibleWord(leftTyped, user: user), let second = suggestibleWord(rightTyped, user: user) else { return }
            let (secondClass, seen) = classAfter(first, second)
            let cost = costs.spaceOmission
            let score = Float(first.frequencyClass) + secondClass - Float(UInt8.max) - Candidate.costWeight * (cost + max(0, cost - 1))
            guard score > best?.score ?? -.infinity else { return }
            let text = cased(first.word, like: leftTyped, capitalised: context.isSentenceStart) + " " + cased(second.word, like: rightTyped)
            let slip = viaLetter ? model == nil || seen : seen && max(first.frequencyClass, second.frequencyClass) >= Self.missedSpaceClass
            best = RunTogetherWords(
                text: text, score: score, mayReplace: slip && !Self.isName(leftTyped, rightTyped, first: first.word, context: context),
                isLetterForSpace: viaLetter, ranksByScore: seen || (viaLetter && model == nil))
        }
        let letterForSpace = scalars.count >= Self.letterForSpaceLength
        for i in 1..<scalars.count {
            consider(scalars[..<i], scalars[i...], viaLetter: false)
            if letterForSpace, i + 1 < scalars.count, geometry.isNextToSpace(dictionary.comparisonCode(ofTyped: scalars[i])) {
                consider(scalars[..<i], scalars[(i + 1)...], viaLetter: true)
            }
        }
        return best
    }

    /// Whether a token split into `left` and `right` reads as a name rather than two words: it has
    /// a capital inside a sentence, where the first word (`first`, as the dictionary spells it)
    /// has none and the second part starts with none (`Memon` is a name, not `Me on`; `JohnSmith`
    /// and `DivisionTwo` are two words). A name the dictionary lacks is offered its split, not
    /// given it on space.
    static func isName(_ left: String, _ right: String, first: String, context: TypingContext) -> Bool {
        context.isCapitalisedInside(left) && first.first?.isUppercase != true && right.first?.isUppercase != true
    }

    /// A word of the dictionary (its number) or of the user's (none).
    typealias Word = (word: String, frequencyClass: UInt8, number: Int?)

    /// The class `second` is worth after `first`: from the n-gram model's bigram probability when
    /// both are the dictionary's and the model has the pair (`seen`), else its own class.
    func classAfter(_ first: Word, _ second: Word) -> (frequencyClass: Float, seen: Bool) {
        guard let model, let n1 = first.number, let n2 = second.number,
            let last = model.bigrams.context(n1), model.bigrams.entry(of: n2, in: model.bigrams.entries(ofContext: last)) != nil
        else { return (Float(second.frequencyClass), false) }
        let probability = model.bigramProbability(of: n2, frequencyClass: second.frequencyClass, in: model.context(previous: nil, last: n1))
        return (min(Float(UInt8.max), model.frequencyClass(equivalentTo: probability)), true)
    }

    /// The dictionary's spelling of `typed` (as typed, in lower case, with either apostrophe), its
    /// frequency class and number, when it is a word that may be suggested; a learned word ranks by
    /// its learning.
    func suggestibleWord(_ typed: String, user: UserWords?) -> Word? {
        if let user, user.hasLearnedWord(typed) { return (typed, user.frequencyClass(of: typed), dictionary.number(of: typed)) }
        for spelling in spellings(of: typed) {
            guard let number = dictionary.number(of: spelling), !dictionary.flags(at: number).contains(.notAWord) else { continue }
            let frequencyClass = dictionary.frequencyClass(at: number)
            if frequencyClass != DictionaryFormat.neverSuggestedClass, let word = dictionary.word(at: number) {
                return (word, frequencyClass, number)
            }
        }
        return nil
    }

    /// ``suggestibleWord(_:user:)`` of `typed`, or of `typed` with a capital first letter when
    /// that finds none (`i'll` is `I'll`, `theresa` is `Theresa`).
    func suggestibleWordOrCapitalised(_ typed: String, user: UserWords?) -> Word? {
        suggestibleWord(typed, user: user) ?? typed.first.flatMap { suggestibleWord($0.uppercased() + typed.dropFirst(), user: user) }
    }
}
