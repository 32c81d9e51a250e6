/// The search for words that sound like the typed one: a ``PhoneticIndex`` and the searches over
/// its keys' dictionary.
struct SoundAlikeSearch: Sendable {
    let index: PhoneticIndex
    /// The searches over the keys' dictionary.
    let keys: WordSearch

    init(_ index: PhoneticIndex) {
        self.index = index
        keys = WordSearch(index.keys)
    }
    /// The most keys one search takes, and the most of their words it weighs.
    static let maxKeys = 8
    static let maxWords = 48
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

    /// Adds to `candidates` the words of `search`'s dictionary whose phonetic key is the key of `typed` (or
    /// one edit from it, for keys of ``minKeyLengthForEdits`` or more), at the cost
    /// ``EditCosts/soundAlikeCost(wordCost:keyEdits:)`` gives them from their weighted edit cost to
    /// `typedCodes` within ``EditCosts/maxSupportedEdits``. Words never suggested are left out, and so
    /// are words that cannot rank among the first `count` suggestions (a key's words are listed most
    /// frequent first, so the rest of its list is skipped).
    ///
    /// First, the corrections already in `candidates` whose key is the typed word's rank as
    /// ``EditCosts/sameSound`` cheaper; without `addingWords`, that is all.
    func addSoundAlikes(
        of typed: String.UnicodeScalarView, codes typedCodes: UnsafeBufferPointer<UInt32>, search: WordSearch,
        costs: EditCosts, geometry: KeyGeometry, budget: Int, count: Int, addingWords: Bool,
        into candidates: inout CandidateList
    ) {
        let dictionary = search.dictionary
        withUnsafeTemporaryAllocation(of: Candidate.self, capacity: Self.maxKeys) { buffer in
            var keysFound = CandidateList(buffer)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PhoneticRules.maxKeyLength) { key in
                let key = UnsafeBufferPointer(rebasing: key[..<index.rules.key(of: typed, into: key)])
                favourSameSound(key, dictionary: dictionary, by: costs.sameSound, count: count, in: &candidates)
                if addingWords { findKeys(near: key, budget: budget, into: &keysFound) }
            }
            guard keysFound.count > 0 else { return }
            var wide = costs
            wide.maxEdits = EditCosts.maxSupportedEdits
            // One candidate more than shown, as a margin for candidates the ranking leaves out.
            let threshold = candidates.count > count ? candidates[count].score : -Float.infinity
            search.withSubstitutionCosts(typedCodes, costs: wide, geometry: geometry) { substitution in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: dictionary.maxWordLength) { word in
                    var remaining = Self.maxWords
                    for found in keysFound.all {
                        index.forEachWord(ofKey: found.number) { number in
                            let frequencyClass = dictionary.frequencyClass(at: number)
                            let best = Candidate(
                                number: number, frequencyClass: frequencyClass,
                                cost: costs.soundAlikeCost(wordCost: 0, keyEdits: found.cost), isCompletion: false)
                            guard remaining > 0, best.score > threshold else { return false }
                            remaining -= 1
                            guard frequencyClass != DictionaryFormat.neverSuggestedClass,
                                let count = dictionary.comparisonCodes(ofWord: number, into: word)
                            else { return true }
                            let wordCost = EditTable.editCost(
                                UnsafeBufferPointer(rebasing: word[..<count]), typedCodes, costs: wide,
                                substitution: &substitution)
                            candidates.add(
                                Candidate(
                                    number: number, frequencyClass: frequencyClass,
                                    cost: costs.soundAlikeCost(wordCost: wordCost, keyEdits: found.cost), isCompletion: false,
                                    isSoundAlike: true))
                            return true
                        }
                    }
                }
            }
        }
    }

    /// Ranks as `amount` cheaper each correction in `candidates` (not a completion, nor a word found
    /// by its sound) whose key is `key`: two kinds of evidence agree. Only the corrections that
    /// could then rank among the first `count` are looked at.
    private func favourSameSound(
        _ key: UnsafeBufferPointer<UInt8>, dictionary: WordDictionary, by amount: Float, count: Int,
        in candidates: inout CandidateList
    ) {
        guard candidates.count > 0 else { return }
        // The last shown candidate's score only rises; the most a cost lowered by `amount` can add to
        // a score is twice `amount` of edits (see ``Candidate/score``).
        let last = candidates[min(count, candidates.count) - 1].score, gain = 2 * Candidate.costWeight * amount
        // The numbers first: lowering a cost reorders the list.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: candidates.count) { numbers in
            _ = numbers.initialize(
                from: candidates.all.lazy.enumerated().map { i, candidate in
                    candidate.isCompletion || candidate.isSoundAlike || (i >= count && candidate.score + gain <= last)
                        ? -1 : candidate.number
                })
            withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: max(dictionary.maxWordLength, 1)) { word in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PhoneticRules.maxKeyLength) { wordKey in
                    for number in numbers {
                        guard let length = dictionary.scalars(ofWord: number, into: word) else { continue }
                        let keyLength = index.rules.key(of: word[..<length], into: wordKey)
                        if wordKey[..<keyLength].elementsEqual(key) { candidates.rankAsCheaper(word: number, by: amount) }
                    }
                }
            }
        }
    }

    /// Finds the keys equal to `key`, or within one edit of it when it is long enough.
    private func findKeys(near key: UnsafeBufferPointer<UInt8>, budget: Int, into found: inout CandidateList) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: key.count) { codes in
            for i in 0..<key.count { codes[i] = keys.dictionary.comparisonCode(ofTyped: Unicode.Scalar(key[i])) }
            var keyCosts = Self.keyCosts
            if key.count < Self.minKeyLengthForEdits { keyCosts.maxEdits = 0 }
            keys.correct(UnsafeBufferPointer(codes), costs: keyCosts, geometry: .none, budget: budget, into: &found)
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
