/// What the suggestion engine searches one dictionary for: corrections (a weighted
/// Damerau–Levenshtein walk of its automaton, see ``CorrectionSearch``), completions ignoring case
/// and accents, and edit costs. ``WordDictionary`` stays a reader of its format; the searches that
/// suggestions need live here, beside the engine.
struct WordSearch: Sendable {
    let dictionary: WordDictionary
    /// What the searches need per letter of the alphabet, computed once.
    let index: AlphabetIndex

    init(_ dictionary: WordDictionary) {
        self.dictionary = dictionary
        index = AlphabetIndex(dictionary: dictionary)
    }

    /// Calls `body` with a function that gives the edit cost from a word (comparison codes) to
    /// `typed` within `costs.maxEdits` edits (infinite past them), for words compared one by one
    /// (the user's learned words, the context's words): one substitution table serves them all.
    func withEditCosts<R>(
        to typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry,
        _ body: (_ editCost: (UnsafeBufferPointer<UInt32>) -> Float) -> R
    ) -> R {
        withSubstitutionCosts(typed, costs: costs, geometry: geometry) { substitution in
            body { word in
                guard abs(word.count - typed.count) <= costs.maxEdits else { return .infinity }
                return EditTable.editCost(word, typed, costs: costs, substitution: &substitution)
            }
        }
    }
}
