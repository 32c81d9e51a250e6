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

    /// The edit cost from `word` (comparison codes) to `typed` within `costs.maxEdits` edits (infinite
    /// past them), for words outside the automaton (the user's learned words).
    func editCost(_ word: UnsafeBufferPointer<UInt32>, _ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry) -> Float {
        guard abs(word.count - typed.count) <= costs.maxEdits else { return .infinity }
        return withSubstitutionCosts(typed, costs: costs, geometry: geometry) { substitution in
            EditTable.editCost(word, typed, costs: costs, substitution: &substitution)
        }
    }
}
