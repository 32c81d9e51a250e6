extension WordDictionary {
    /// Finds the words within `costs.maxEdits` edits and `costs.maxCost` of `typed` (comparison codes)
    /// by a Damerau–Levenshtein search on the automaton itself (see ``CorrectionSearch``). Words
    /// never suggested are left out. `penalty` is added to every correction's cost (to rank
    /// corrections of a known word low). Only words whose first `kept` letters are the typed ones
    /// (but for case or accent) are searched. The walk visits at most `budget` arcs, and the
    /// following of typed letters as many.
    func correct(_ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry, index: AlphabetIndex, budget: Int,
                 penalty: Float = 0, keeping kept: Int = 0, into candidates: inout CandidateList) {
        let n = typed.count, edits = costs.maxEdits
        guard n > 0, edits >= 0 else { return }
        let maxDepth = min(maxWordLength, n + edits)
        withSubstitutionCosts(typed, costs: costs, geometry: geometry) { substitution in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: (maxDepth + 1) * (edits + 1) * (n + 1)) { rows in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maxDepth + 1) { labels in
                    withNumberCache(maxDepth: maxDepth, index: index) { numbers in
                        index.withCodes { foldCodes in
                            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: n) { variants in
                                for k in 0..<n { variants[k] = index.range(of: typed[k]) }
                                var search = CorrectionSearch(dictionary: self, typed: typed, costs: costs, penalty: penalty, maxDepth: maxDepth,
                                                              substitution: substitution, rows: rows.baseAddress!, labels: labels.baseAddress!,
                                                              numbers: numbers, foldCodes: foldCodes, variants: UnsafeBufferPointer(variants),
                                                              following: budget)
                                // Letters the layout cannot type can only match a typed letter: when every
                                // typed letter is typable, they cannot be met at all.
                                let typedLettersTypable = (0..<n).allSatisfy { substitution.isTypable(typed[$0]) }
                                fillFirstEditRow(search.rows, typed, costs, edits: edits)
                                var remaining = budget
                                walkTree(maxDepth: maxDepth, budget: &remaining, where: { depth, label in
                                    (depth >= kept || depth >= n || foldClass(ofCode: label) == substitution.typedLetters[depth].0)
                                        && (!typedLettersTypable || substitution.isTypable(label))
                                }) { arc in
                                    search.visit(arc, into: &candidates)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs `body` with an empty ``NumberCache`` for words of up to `maxDepth` letters.
    func withNumberCache<R>(maxDepth: Int, index: AlphabetIndex, _ body: (NumberCache) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Walk.self, capacity: maxDepth + 1) { walks in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maxDepth + 1) { codes in
                index.withFirstLetters { firstLetters in
                    body(NumberCache(firstLetters: firstLetters, walks: walks.baseAddress!, codes: codes.baseAddress!))
                }
            }
        }
    }
}

/// One correction search (see ``WordDictionary/correct(_:costs:geometry:index:budget:penalty:keeping:into:)``):
/// a depth-first walk of the automaton with one row of the layered edit table per depth (see
/// ``WordDictionary/fillEditRow(_:_:_:_:_:_:edits:)``), a subtree left as soon as no cell of its
/// row is within reach.
///
/// Once a prefix has spent every edit (``WordDictionary/hasSpentEdits(_:_:_:_:_:)``), the
/// words below it within reach are the prefix followed by the rest of the typed letters: they are
/// followed arc by arc (a wide state looked up by label), not searched.
struct CorrectionSearch {
    let dictionary: WordDictionary
    let typed: UnsafeBufferPointer<UInt32>
    let costs: EditCosts
    let penalty: Float
    let maxDepth: Int
    var substitution: SubstitutionCosts
    /// The layered edit table, one row per depth.
    let rows: UnsafeMutablePointer<Float>
    /// The letters of the current path: `labels[1...depth]`.
    let labels: UnsafeMutablePointer<UInt32>
    var numbers: NumberCache
    /// See ``AlphabetIndex``; `variants[k]`: the range of `foldCodes` that match typed letter `k`.
    let foldCodes: UnsafeBufferPointer<UInt32>
    let variants: UnsafeBufferPointer<Range<Int>>
    /// How many more arcs the following of typed letters may take.
    var following: Int

    /// Visits an arc of the walk: fills its row, adds the word ending there if within reach, and
    /// says whether to search below it (or follows the typed letters from it, when its edits are spent).
    @inline(__always)
    mutating func visit(_ arc: TreeArc, into candidates: inout CandidateList) -> Bool {
        let n = typed.count, edits = costs.maxEdits
        let i = arc.depth + 1
        labels[i] = arc.code
        let best = dictionary.fillEditRow(rows, i, labels, typed, substitution.row(arc.code), costs, edits: edits)
        let top = rows + (i * (edits + 1) + edits) * (n + 1)
        if arc.isFinal, abs(i - n) <= edits, top[n] <= costs.maxCost { add(depth: i, cost: top[n], into: &candidates) }
        guard best <= costs.maxCost || dictionary.transpositionReach(rows, i, labels, typed, costs) <= costs.maxCost else { return false }
        guard dictionary.hasSpentEdits(rows, i, labels, typed, costs) else { return true }
        for j in max(0, i - edits)..<min(n, i + edits + 1) where top[j] <= costs.maxCost {
            follow(arc.target, j, depth: i, cost: top[j], into: &candidates)
        }
        return false
    }

    /// Follows typed letters `k...` from `state` (the word's letters so far being `labels[1...depth]`,
    /// at `cost`), each matched by a letter equal to it but for case or accent.
    mutating func follow(_ state: StateRef, _ k: Int, depth: Int, cost: Float, into candidates: inout CandidateList) {
        let automaton = dictionary.automaton
        guard depth < maxDepth, state != .stop, let arcs = automaton.header(state)?.arcs,
              var cursor = automaton.cursor(arcs: arcs) else { return }
        if cursor.dense != nil {
            for code in foldCodes[variants[k]] where following > 0 {
                if let arc = automaton.arc(labelled: code, at: cursor) { take(arc, k, depth: depth, cost: cost, into: &candidates) }
            }
        } else {
            let t = typed[k], fold = substitution.typedLetters[k].0, foldClasses = dictionary.foldClasses
            while following > 0, let arc = automaton.next(&cursor, where: { $0 == t || WordDictionary.foldClass(ofCode: $0, in: foldClasses) == fold }) {
                take(arc, k, depth: depth, cost: cost, into: &candidates)
            }
        }
    }

    /// Takes `arc`, matching typed letter `k`, after `labels[1...depth]` at `cost`.
    @inline(__always)
    private mutating func take(_ arc: Arc, _ k: Int, depth: Int, cost: Float, into candidates: inout CandidateList) {
        following -= 1
        let total = cost + substitution.row(arc.label)[k]
        guard total <= costs.maxCost else { return }
        labels[depth + 1] = arc.label
        if k + 1 == typed.count {
            if arc.isFinal { add(depth: depth + 1, cost: total, into: &candidates) }
        } else {
            follow(arc.target, k + 1, depth: depth + 1, cost: total, into: &candidates)
        }
    }

    /// Adds the word `labels[1...depth]` at `cost`, unless it is never suggested.
    private mutating func add(depth: Int, cost: Float, into candidates: inout CandidateList) {
        guard let number = numbers.number(of: labels, depth, in: dictionary) else { return }
        let frequencyClass = dictionary.frequencyClass(at: number)
        guard frequencyClass != DictionaryFormat.neverSuggestedClass else { return }
        candidates.add(Candidate(number: number, frequencyClass: frequencyClass, cost: cost + penalty, isCompletion: false))
    }
}

/// The numbers of the words a search finds, each from the walk of the prefix it shares with the
/// previous one (words are found in depth-first order, so most of their letters are shared, and
/// ranking through a wide state is paid once per prefix).
struct NumberCache {
    /// See ``AlphabetIndex``.
    let firstLetters: UnsafeBufferPointer<WordDictionary.Walk?>
    /// `walks[d]`: the walk over the first `d` letters of the last word (`d` >= 1).
    let walks: UnsafeMutablePointer<WordDictionary.Walk>
    /// `codes[d]`: the `d`-th letter of the last word.
    let codes: UnsafeMutablePointer<UInt32>
    /// How many letters of the last word have a walk.
    var valid = 0

    /// The number of the word `labels[1...depth]`, or `nil` when it is not a word.
    mutating func number(of labels: UnsafePointer<UInt32>, _ depth: Int, in dictionary: WordDictionary) -> Int? {
        var shared = 0
        while shared < min(valid, depth), codes[shared + 1] == labels[shared + 1] { shared += 1 }
        valid = shared
        if valid == 0 && depth > 0 {
            guard Int(labels[1]) < firstLetters.count, let walk = firstLetters[Int(labels[1])] else { return nil }
            walks[1] = walk
            codes[1] = labels[1]
            valid = 1
        }
        while valid < depth {
            var walk = walks[valid]
            guard dictionary.step(&walk, labels[valid + 1], ranking: true) else { return nil }
            valid += 1
            walks[valid] = walk
            codes[valid] = labels[valid]
        }
        return WordDictionary.number(walks[depth])
    }
}
