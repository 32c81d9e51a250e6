/// Suggestions for the text before the cursor, from a compiled bundle: what a keyboard asks on
/// every keystroke, in the shape of KeyboardKit's `AutocompleteProvider`.
///
/// For the word being typed (see ``CurrentWord``) it gathers completions (the best words by
/// frequency that start with it, case and accents ignored) and corrections (words within
/// ``EditCosts/maxEdits`` edits by a weighted Damerau–Levenshtein search on the automaton, where a
/// neighbouring key on the locale's layout costs less than a distant one), ranks them by
/// `frequency class − 48 × (cost + max(0, cost − 1))` (a completion adds 0.25 to its cost;
/// corrections of a word the dictionary knows add 1), and flags the typed word when it is unknown and the best correction
/// when it is safe to apply.
public struct SuggestionEngine {
    public let dictionary: WordDictionary
    /// The user's learned and ignored words, if any.
    public let userDictionary: UserDictionary?
    /// What each kind of error costs.
    public var costs = EditCosts()
    /// The most arcs one correction search visits, so that no query runs long.
    public var budget = 40_000
    let geometry: KeyGeometry
    let index: AlphabetIndex

    /// An engine on `dictionary`, with key geometry from `layout` when given: distances between the
    /// keys of its lowercased layer, and which letters its keys and callouts type (a letter the
    /// layout cannot type is never taken for a typing error).
    public init(dictionary: WordDictionary, layout: KeyboardLayout? = nil, userDictionary: UserDictionary? = nil) {
        self.dictionary = dictionary
        self.userDictionary = userDictionary
        geometry = layout.map { KeyGeometry(layout: $0, dictionary: dictionary) } ?? .none
        index = AlphabetIndex(dictionary: dictionary)
    }

    /// An engine on the bundle at `path`: its dictionary, and its first locale's phone layout for
    /// key geometry when it has layouts.
    public init(contentsOf path: String, userDictionary: UserDictionary? = nil) throws(KeylexError) {
        let container = try Container(contentsOf: path)
        let dictionary = try WordDictionary(container: container)
        let layout = container.features.contains(.layouts) ? try LayoutBundle(container: container).layout(for: .phone) : nil
        self.init(dictionary: dictionary, layout: layout, userDictionary: userDictionary)
    }

    /// The thresholds of autocorrection: the most a correction may cost to be applied without
    /// asking, by the length of the typed word (short words have many close neighbours).
    static func autocorrectLimit(length: Int) -> Float {
        length <= 3 ? 1 : length <= 6 ? 1.5 : 2
    }

    /// The suggestions for the word before the cursor, at most `count`, best first. Empty when the
    /// cursor is not right after a word.
    ///
    /// - A known word typed in full comes first, as typed, and is never corrected away.
    /// - An unknown one is listed as typed with ``Suggestion/isUnknown``; when a correction is
    ///   clearly best, it comes first with ``Suggestion/isAutocorrect``.
    /// - Suggestions follow the typed casing ("Hel" → "Hello", "HEL" → "HELLO") unless the
    ///   dictionary's word has capitals of its own ("iphone" → "iPhone").
    public func suggestions(for textBeforeCursor: String, count: Int = 3) -> [Suggestion] {
        guard count > 0, let current = CurrentWord(in: textBeforeCursor) else { return [] }
        let whole = suggestions(forWord: String(current.text), count: count)
        // After an elided article or pronoun (French "qu'il", "l'homm"), the word being typed is
        // what follows the apostrophe, unless the whole token is (close to) a word.
        guard !whole.foundWord, let rest = elision(current.text) else { return whole.suggestions }
        let after = suggestions(forWord: String(rest), count: count)
        return after.foundWord ? after.suggestions : whole.suggestions
    }

    /// The suggestions for one word, and whether it is known or has a completion or a correction
    /// within one edit.
    private func suggestions(forWord typed: String, count: Int) -> (suggestions: [Suggestion], foundWord: Bool) {
        let scalars = typed.unicodeScalars
        guard !scalars.isEmpty, scalars.count <= dictionary.maxWordLength else { return ([], false) }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: scalars.count) { codes in
            for (i, scalar) in scalars.enumerated() { codes[i] = dictionary.comparisonCode(ofTyped: scalar) }
            let typedCodes = UnsafeBufferPointer(codes)
            let known = isKnown(typed)
            return withUnsafeTemporaryAllocation(of: Candidate.self, capacity: 24) { buffer in
                var candidates = CandidateList(buffer)
                dictionary.completeFolded(typedCodes, costs: costs, count: count + 3, budget: budget, into: &candidates)
                // One error is what people make most: search within one edit first, and allow two
                // only when nothing was found there (a second error makes the search several
                // times larger, and brings many frequent words within reach).
                var firstPass = costs
                firstPass.maxEdits = min(costs.maxEdits, 1)
                dictionary.correct(typedCodes, costs: firstPass, geometry: geometry, index: index, budget: budget, penalty: known ? 1 : 0,
                                   into: &candidates)
                let foundWord = known || candidates.count > 0
                if !known, costs.maxEdits > firstPass.maxEdits, !candidates.all.contains(where: { !$0.isCompletion }) {
                    dictionary.correct(typedCodes, costs: costs, geometry: geometry, index: index, budget: budget, into: &candidates)
                }
                let learned = addLearnedWords(typedCodes, into: &candidates)
                return (rank(typed, candidates, learned: learned, known: known, count: count), foundWord)
            }
        }
    }

    /// What follows the last apostrophe of `word`, when letters follow it.
    func elision(_ word: Substring) -> Substring? {
        guard let apostrophe = word.lastIndex(where: { $0 == "'" || $0 == "\u{2019}" }) else { return nil }
        let rest = word[word.index(after: apostrophe)...]
        return rest.isEmpty ? nil : rest
    }

    /// Adds the user's learned words that complete or correct `typed`; returns them, indexed by
    /// `-number - 1` of their candidates.
    private func addLearnedWords(_ typed: UnsafeBufferPointer<UInt32>, into candidates: inout CandidateList) -> [String] {
        guard let user = userDictionary, !user.learned.isEmpty else { return [] }
        var words: [String] = []
        for word in user.learned.keys.sorted() where !dictionary.contains(word) {
            let codes = word.unicodeScalars.map(dictionary.comparisonCode(ofTyped:))
            let number = -(words.count + 1)
            let frequencyClass = user.frequencyClass(of: word)
            codes.withUnsafeBufferPointer { word in
                if word.count > typed.count, zip(word, typed).allSatisfy({ $0 == $1 || dictionary.foldClass(ofCode: $0) == dictionary.foldClass(ofCode: $1) }) {
                    let different = zip(word, typed).count { $0 != $1 }
                    candidates.add(Candidate(number: number, frequencyClass: frequencyClass, cost: Float(different) * costs.caseOrAccent, isCompletion: true))
                }
                let cost = dictionary.editCost(word, typed, costs: costs, geometry: geometry)
                if cost <= costs.maxCost {
                    candidates.add(Candidate(number: number, frequencyClass: frequencyClass, cost: cost, isCompletion: false))
                }
            }
            words.append(word)
        }
        return words
    }

    /// Whether the dictionary (as typed, or in lower case) or the user knows `typed`; blocked
    /// words count as known.
    private func isKnown(_ typed: String) -> Bool {
        Self.spellings(of: typed).contains { dictionary.contains($0) } || userDictionary?.hasLearnedWord(typed) == true
    }

    /// `typed`, in lower case, and both with the apostrophe the dictionary may use instead of the
    /// typed one (’ from a smart keyboard, ' in most corpora).
    static func spellings(of typed: String) -> [String] {
        var result = [typed]
        if typed.lowercased() != typed { result.append(typed.lowercased()) }
        for spelling in result where spelling.contains("\u{2019}") || spelling.contains("'") {
            result.append(spelling.contains("\u{2019}") ? spelling.replacing("\u{2019}", with: "'") : spelling.replacing("'", with: "\u{2019}"))
        }
        return result
    }

    /// Orders the candidates into suggestions.
    private func rank(_ typed: String, _ candidates: CandidateList, learned: [String], known: Bool, count: Int) -> [Suggestion] {
        let ignored = userDictionary?.ignored ?? []
        let suggestible = known && (userDictionary?.hasLearnedWord(typed) == true
            || Self.spellings(of: typed).contains { dictionary.frequencyClass(of: $0).map { $0 != DictionaryFormat.neverSuggestedClass } ?? false })
        var result: [Suggestion] = []
        var seen: Set<String> = [typed]
        var autocorrect: Suggestion?
        if !known, let best = candidates.all.first(where: { !$0.isCompletion }),
           best.cost <= Self.autocorrectLimit(length: typed.unicodeScalars.count) {
            // Autocorrect only when the correction clearly beats every other candidate, completions
            // included (a word still being typed is not corrected away from its completion).
            let rivals = candidates.all.filter { $0.number != best.number }
            if rivals.allSatisfy({ best.score - $0.score >= 4 }), let word = text(of: best, learned: learned), !ignored.contains(word) {
                autocorrect = Suggestion(text: cased(word, like: typed), typed: typed, isAutocorrect: true)
                seen.insert(autocorrect!.text)
                result.append(autocorrect!)
            }
        }
        if suggestible && !ignored.contains(typed) {
            result.append(Suggestion(text: typed, typed: typed))
        } else if !known {
            result.append(Suggestion(text: typed, typed: typed, isUnknown: true))
        }
        for i in 0..<candidates.count where result.count < count {
            guard let word = text(of: candidates[i], learned: learned), !ignored.contains(word) else { continue }
            let text = cased(word, like: typed)
            guard seen.insert(text).inserted else { continue }
            result.append(Suggestion(text: text, typed: typed))
        }
        return Array(result.prefix(count))
    }

    private func text(of candidate: Candidate, learned: [String]) -> String? {
        candidate.number >= 0 ? dictionary.word(at: candidate.number) : learned[-candidate.number - 1]
    }

    /// `word` in the casing of `typed`: all capitals when the user typed two or more capitals and
    /// nothing else, a capital first letter when the user typed one; the dictionary's own casing
    /// when the word has capitals of its own. The apostrophe is the one the user types.
    func cased(_ word: String, like typed: String) -> String {
        let word = typed.contains("\u{2019}") && !typed.contains("'") ? word.replacing("'", with: "\u{2019}") : word
        let letters = typed.unicodeScalars.filter { $0.properties.isAlphabetic }
        guard let first = letters.first, first.properties.isUppercase else { return word }
        if letters.count >= 2 && letters.allSatisfy({ !$0.properties.isLowercase }) { return word.uppercased() }
        guard !word.unicodeScalars.contains(where: { $0.properties.isUppercase }), let head = word.first else { return word }
        return head.uppercased() + word.dropFirst()
    }
}
