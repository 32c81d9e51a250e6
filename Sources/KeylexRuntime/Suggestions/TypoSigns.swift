// What an unknown typed word shows of being a typo rather than a word the dictionary lacks: the
// autocorrect margin drops for it (see SuggestionEngine.autocorrectMargin).

extension SuggestionEngine {
    /// What the autocorrect margin drops by for `typed` (comparison codes), an unknown word:
    /// ``strayMarginDrop`` when it strays from the dictionary's words, and ``unseenRunMarginDrop``
    /// when it holds a run of letters that none of them holds.
    func typoMarginDrop(_ typed: UnsafeBufferPointer<UInt32>) -> Float {
        (strays(typed) ? strayMarginDrop : 0) + (holdsUnseenRun(typed) ? unseenRunMarginDrop : 0)
    }

    /// Whether the last half of `typed`, and at least ``strayLetters`` letters, start no word with
    /// the letters before them.
    private func strays(_ typed: UnsafeBufferPointer<UInt32>) -> Bool {
        typed.count - search.longestFoldedPrefix(of: typed, budget: budget) >= max(Self.strayLetters, (typed.count + 1) / 2)
    }

    /// Whether `typed`, its letters folded (case and accents ignored), holds a run of letters that
    /// no word holds (see ``LetterSequences``); `false` for a bundle without them.
    private func holdsUnseenRun(_ typed: UnsafeBufferPointer<UInt32>) -> Bool {
        guard let letterSequences else { return false }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: typed.count) { classes in
            for (i, code) in typed.enumerated() { classes[i] = dictionary.foldClass(ofCode: code) }
            return letterSequences.holdsUnseenRun(UnsafeBufferPointer(classes))
        }
    }
}
