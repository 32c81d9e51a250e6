extension PhoneticIndex {
    /// The most keys one search takes, and the most of their words it weighs.
    static let maxKeys = 8
    static let maxWords = 96
    /// Keys shorter than this are matched exactly: one edit from a short key reaches too many words.
    static let minKeyLengthForEdits = 3

    /// What an edit between keys costs: every edit counts the same (keys have no key geometry).
    static let keyCosts: EditCosts = {
        var costs = EditCosts()
        costs.vowelSubstitution = 1
        costs.omission = 1
        costs.repeatedOmission = 1
        costs.doubledInsertion = 1
        costs.transposition = 1
        costs.maxEdits = 1
        costs.maxCost = 1
        return costs
    }()

    /// Adds to `candidates` the words of `dictionary` whose phonetic key is the key of `typed` (or
    /// one edit from it, for keys of ``minKeyLengthForEdits`` or more), at the cost
    /// ``EditCosts/soundAlikeCost(wordCost:keyEdits:)`` gives them from their weighted edit cost to
    /// `typedCodes` within ``EditCosts/maxSupportedEdits``. Words never suggested are left out, and so
    /// are words that cannot rank among the first `count` suggestions (a key's words are listed most
    /// frequent first, so the rest of its list is skipped).
    func addSoundAlikes(of typed: String.UnicodeScalarView, codes typedCodes: UnsafeBufferPointer<UInt32>, dictionary: WordDictionary,
                        costs: EditCosts, geometry: KeyGeometry, budget: Int, count: Int, into candidates: inout CandidateList) {
        withUnsafeTemporaryAllocation(of: Candidate.self, capacity: Self.maxKeys) { buffer in
            var keysFound = CandidateList(buffer)
            findKeys(of: typed, budget: budget, into: &keysFound)
            guard keysFound.count > 0 else { return }
            var wide = costs
            wide.maxEdits = EditCosts.maxSupportedEdits
            // One candidate more than shown, as a margin for candidates the ranking leaves out.
            let threshold = candidates.count > count ? candidates[count].score : -Float.infinity
            dictionary.withSubstitutionCosts(typedCodes, costs: wide, geometry: geometry) { substitution in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: dictionary.maxWordLength) { word in
                    var remaining = Self.maxWords
                    for found in keysFound.all {
                        forEachWord(ofKey: found.number) { number in
                            let frequencyClass = dictionary.frequencyClass(at: number)
                            let best = Candidate(number: number, frequencyClass: frequencyClass,
                                                 cost: costs.soundAlikeCost(wordCost: 0, keyEdits: found.cost), isCompletion: false)
                            guard remaining > 0, best.score > threshold else { return false }
                            remaining -= 1
                            guard frequencyClass != DictionaryFormat.neverSuggestedClass,
                                  let count = dictionary.comparisonCodes(ofWord: number, into: word) else { return true }
                            let wordCost = dictionary.editCost(UnsafeBufferPointer(rebasing: word[..<count]), typedCodes, costs: wide,
                                                               substitution: &substitution)
                            candidates.add(Candidate(number: number, frequencyClass: frequencyClass,
                                                     cost: costs.soundAlikeCost(wordCost: wordCost, keyEdits: found.cost), isCompletion: false, isSoundAlike: true))
                            return true
                        }
                    }
                }
            }
        }
    }

    /// Finds the keys equal to the key of `typed`, or within one edit of it when it is long enough.
    private func findKeys(of typed: String.UnicodeScalarView, budget: Int, into found: inout CandidateList) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PhoneticRules.maxKeyLength) { key in
            let length = rules.key(of: typed, into: key)
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: length) { codes in
                for i in 0..<length { codes[i] = keys.comparisonCode(ofTyped: Unicode.Scalar(key[i])) }
                var keyCosts = Self.keyCosts
                if length < Self.minKeyLengthForEdits { keyCosts.maxEdits = 0 }
                keys.correct(UnsafeBufferPointer(codes), costs: keyCosts, geometry: .none, index: keyIndex, budget: budget, into: &found)
            }
        }
    }
}

extension EditCosts {
    /// The cost of a word found by its sound, from its weighted edit cost to the typed word within
    /// ``maxSupportedEdits`` (infinite past them: counted as one more) and the edits between their keys.
    func soundAlikeCost(wordCost: Float, keyEdits: Float) -> Float {
        soundAlike + soundAlikeWordEdit * min(wordCost, Float(EditCosts.maxSupportedEdits + 1)) + soundAlikeKeyEdit * keyEdits
    }
}
