extension SuggestionEngine {
    /// The word to put on space in place of `r.typed`, a known word, when the words before make
    /// it near certain that another was meant: a word one cheap slip away (at most
    /// ``realWordMaxCost``: a neighbouring key, a vowel, a doubled letter, two letters swapped)
    /// that the n-gram model finds at least ``realWordLead`` likelier there (`see you next weak`
    /// → `week`, `it makes me fell` → `feel`). The words weighed are the typed word's
    /// context corrections (see ``addContextCorrections(_:of:_:into:)``): the other corrections
    /// of a known word cost an edit more (see ``searchCorrections(_:_:known:count:costs:into:)``),
    /// beyond ``realWordMaxCost``. A word of two letters needs ``shortRealWordExtraLead`` more, and
    /// goes only for one of the commonest words (``commonWordClass``: not `to` for `Te` after
    /// "Tao"). A word the user has learned is never replaced, nor one shorter than
    /// ``realWordMinLength``, nor one capitalised where no sentence starts (the capital says a
    /// clause or a name starts, which the words before do not show: after "Rule:", `If` is no slip
    /// of `Of`), nor by the same word with another vowel at its end
    /// (``isAnotherEnding(_:of:)``). `nil` without a model or a context, or with a model of fewer
    /// than ``realWordMinBigrams`` pairs.
    func realWordCorrection(_ found: [Found], _ r: Ranking) -> String? {
        guard let model = decidingModel, r.typed.unicodeScalars.count >= realWordMinLength,
            let context = r.context.before?.model,
            r.user?.hasLearnedWord(r.typed) != true, !r.context.isCapitalisedInside(r.typed),
            let typed = number(ofContextWord: Substring(r.typed))
        else { return nil }
        let short = r.typed.unicodeScalars.count <= Self.shortWordLength
        let extra = short ? shortRealWordExtraLead : 0
        let least =
            model.logProbability(of: typed, frequencyClass: dictionary.frequencyClass(at: typed), in: context) + realWordLead + extra
        let likeliest = found.lazy
            .filter {
                $0.candidate.mayReplace && $0.candidate.number >= 0 && $0.candidate.cost <= self.realWordMaxCost
                    && $0.word.lowercased() != r.typed.lowercased() && !self.isAnotherEnding($0.word, of: r.typed)
                    && (!short || $0.candidate.frequencyClass >= Self.commonWordClass)
            }
            .map { ($0.word, model.logProbability(of: $0.candidate.number, frequencyClass: $0.candidate.frequencyClass, in: context)) }
            .max { $0.1 < $1.1 }
        guard let likeliest, likeliest.1 >= least else { return nil }
        return likeliest.0
    }

    /// Whether `word` is `typed` with another vowel at its end (Spanish `uno` and `una`, Romanian
    /// `urmă` and `urma`): an ending that agrees with a word after it, which the words before cannot
    /// tell (the vowels of ``EditCosts/vowelSubstitution``, with their accents).
    func isAnotherEnding(_ word: String, of typed: String) -> Bool {
        let a = Array(word.unicodeScalars), b = Array(typed.unicodeScalars)
        guard a.count == b.count, let x = a.last, let y = b.last, a.dropLast() == b.dropLast() else { return false }
        let vowels = VowelFolds(dictionary)
        func isVowel(_ s: Unicode.Scalar) -> Bool { vowels.contains(dictionary.foldClass(ofCode: dictionary.comparisonCode(ofTyped: s))) }
        return isVowel(x) && isVowel(y)
    }
}
