// Shortcuts (the dictionary's and the user's text replacements) and multi-word entries.

extension SuggestionEngine {
    /// What the typed word's shortcuts offer: a replacement to apply on space (a whitelist
    /// shortcut of the dictionary, or a text replacement of the user's, which wins), and the other
    /// shortcuts, most frequent first. The typed word is looked up as typed and in lower case.
    func shortcuts(of typed: String, user: UserWords?) -> (replacement: String?, offers: [String]) {
        var replacement = user?.textReplacement(for: typed)
        var offers: [(text: String, frequency: UInt8)] = []
        // An acronym typed in capitals (`OS`) is not replaced by its lower-case word's shortcut.
        let acronym = Self.isAllCapitals(typed)
        for spelling in dictionary.shortcutCount > 0 ? spellings(of: typed) : [] {
            guard let number = dictionary.number(of: spelling) else { continue }
            for shortcut in dictionary.shortcuts(at: number) {
                if shortcut.frequency >= DictionaryFormat.whitelistShortcut && !(acronym && spelling != typed) {
                    if replacement == nil { replacement = shortcut.target }
                } else if !offers.contains(where: { $0.text == shortcut.target }) {
                    offers.append((shortcut.target, shortcut.frequency))
                }
            }
        }
        let sorted = offers.enumerated().sorted { ($1.element.frequency, $0.offset) < ($0.element.frequency, $1.offset) }
        return (replacement, sorted.map(\.element.text).filter { $0 != replacement })
    }

    /// The best completions of a multi-word entry that the previous word and the typed one start
    /// ("a pri" → "a priori"), each with the text it replaces (both words). None when the
    /// dictionary has no multi-word entries.
    func multiWordCompletions(of typed: String, after previous: Substring?, count: Int = 1) -> [(text: String, typed: String)] {
        guard let previous, hasPhrases else { return [] }
        let phrase = "\(previous) \(typed)"
        let scalars = phrase.unicodeScalars
        guard scalars.count <= dictionary.maxWordLength else { return [] }
        let codes = scalars.map(dictionary.comparisonCode(ofTyped:))
        return withUnsafeTemporaryAllocation(of: Candidate.self, capacity: count + 2) { buffer in
            var candidates = CandidateList(buffer)
            codes.withUnsafeBufferPointer { search.completeFolded($0, costs: costs, count: count + 2, budget: budget, into: &candidates) }
            return candidates.all.prefix(count).compactMap { candidate in
                guard candidate.isCompletion, let word = dictionary.word(at: candidate.number) else { return nil }
                return (cased(word, like: String(previous)), phrase)
            }
        }
    }
}
