/// Two words typed as one, as happens on touch keyboards: the space bar missed
/// (`responsibilityfor`) or hit as the letter above it (`againstbthe`, `Dobyou`).
struct RunTogetherWords {
    /// The two words, cased as typed, with a space between.
    let text: String
    /// Scored as a candidate (see ``Candidate/score``): the less frequent word's class less the
    /// cost of the space error.
    let score: Float
}

extension SuggestionEngine {
    /// The shortest typed word read as two words.
    static let runTogetherLength = 3

    /// The likeliest reading of an unknown `typed` word as two known words, split where a space was
    /// missed (``EditCosts/spaceOmission``) or where a letter whose key touches the space bar stands
    /// for it (``EditCosts/neighbouringKey``); `nil` when there is none. Both words must be ones
    /// the dictionary (or the user) suggests; each keeps its typed case, and the first takes a
    /// capital at a sentence's start.
    func runTogetherWords(_ typed: String, context: TypingContext, user: UserWords?) -> RunTogetherWords? {
        let scalars = Array(typed.unicodeScalars)
        guard scalars.count >= Self.runTogetherLength, scalars.count <= 2 * dictionary.maxWordLength else { return nil }
        var best: RunTogetherWords?
        func consider(_ left: ArraySlice<Unicode.Scalar>, _ right: ArraySlice<Unicode.Scalar>, cost: Float) {
            let leftTyped = String(String.UnicodeScalarView(left)), rightTyped = String(String.UnicodeScalarView(right))
            guard let first = suggestibleWord(leftTyped, user: user), let second = suggestibleWord(rightTyped, user: user) else { return }
            let score = Candidate(number: 0, frequencyClass: min(first.frequencyClass, second.frequencyClass), cost: cost, isCompletion: false).score
            guard score > best?.score ?? -.infinity else { return }
            let text = cased(first.word, like: leftTyped, capitalised: context.isSentenceStart) + " " + cased(second.word, like: rightTyped)
            best = RunTogetherWords(text: text, score: score)
        }
        for i in 1..<scalars.count {
            consider(scalars[..<i], scalars[i...], cost: costs.spaceOmission)
            if i + 1 < scalars.count, geometry.isNextToSpace(dictionary.comparisonCode(ofTyped: scalars[i])) {
                consider(scalars[..<i], scalars[(i + 1)...], cost: costs.spaceOmission)
            }
        }
        return best
    }

    /// The dictionary's spelling of `typed` (as typed, in lower case, with either apostrophe) and
    /// its frequency class, when it is a word that may be suggested; a learned word ranks by its
    /// learning.
    private func suggestibleWord(_ typed: String, user: UserWords?) -> (word: String, frequencyClass: UInt8)? {
        if let user, user.hasLearnedWord(typed) { return (typed, user.frequencyClass(of: typed)) }
        for spelling in Self.spellings(of: typed) {
            guard let number = dictionary.number(of: spelling), !dictionary.flags(at: number).contains(.notAWord) else { continue }
            let frequencyClass = dictionary.frequencyClass(at: number)
            if frequencyClass != DictionaryFormat.neverSuggestedClass, let word = dictionary.word(at: number) { return (word, frequencyClass) }
        }
        return nil
    }
}
