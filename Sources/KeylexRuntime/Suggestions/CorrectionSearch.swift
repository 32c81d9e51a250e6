extension WordSearch {
    /// Finds the words within `costs.maxEdits` edits and `costs.maxCost` of `typed` (comparison codes)
    /// by a Damerau–Levenshtein search on the automaton itself (see ``CorrectionSearch``). Words
    /// never suggested are left out. `penalty` is added to every correction's cost (to rank
    /// corrections of a known word low). Only words whose first `kept` letters are the typed ones
    /// (but for case or accent; the first may also be a neighbouring key's) are searched. The walk
    /// visits at most `budget` arcs, and the following of typed letters as many. Typed words of more
    /// than ``CorrectionSearch/maxTypedLength`` letters are not searched.
    func correct(
        _ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry, budget: Int,
        penalty: Float = 0, keeping kept: Int = 0, into candidates: inout CandidateList
    ) {
        let n = typed.count, edits = costs.maxEdits
        guard n > 0, n <= CorrectionSearch.maxTypedLength, edits >= 0 else { return }
        let maxDepth = min(dictionary.maxWordLength, n + edits)
        withSubstitutionCosts(typed, costs: costs, geometry: geometry) { substitution in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: (maxDepth + 1) * (edits + 1) * (n + 1)) { rows in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maxDepth + 1) { labels in
                    withNumberCache(maxDepth: maxDepth) { numbers in
                        withTypedLetterMatches(typed) { foldCodes, variants, positions in
                            var search = CorrectionSearch(
                                dictionary: dictionary, typed: typed, costs: costs, penalty: penalty, maxDepth: maxDepth,
                                substitution: substitution, rows: rows.baseAddress!, labels: labels.baseAddress!,
                                numbers: numbers, foldCodes: foldCodes, variants: variants,
                                positions: positions, following: budget)
                            // Letters the layout cannot type can only match a typed letter: when every
                            // typed letter is typable, they cannot be met at all.
                            let typedLettersTypable = (0..<n).allSatisfy { substitution.isTypable(typed[$0]) }
                            EditTable.fillFirstRow(search.rows, typed, costs, edits: edits)
                            var remaining = budget
                            // A kept first letter may also be a neighbouring key's: a thumb lands beside
                            // the first key as often as beside any (only the root's arcs are at depth 0).
                            walkTree(
                                maxDepth: maxDepth, budget: &remaining,
                                where: { depth, label in
                                    (depth >= kept || depth >= n
                                        || dictionary.foldClass(ofCode: label) == substitution.typedLetters[depth].0
                                        || (depth == 0 && geometry.areNeighbours(label, typed[0])))
                                        && (!typedLettersTypable || substitution.isTypable(label))
                                }
                            ) { arc in
                                search.visit(arc, into: &candidates)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs `body` with the letters that match each typed letter but for case or accent: the
    /// alphabet's codes grouped by folding class (see ``AlphabetIndex``), the range of them that
    /// matches each typed letter, and per code the typed letters it matches (see
    /// ``CorrectionSearch/positions``).
    func withTypedLetterMatches<R>(
        _ typed: UnsafeBufferPointer<UInt32>,
        _ body: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<Range<Int>>, UnsafeBufferPointer<UInt64>) -> R
    ) -> R {
        index.withCodes { foldCodes in
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: typed.count) { variants in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: dictionary.automaton.alphabet.size) { positions in
                    positions.initialize(repeating: 0)
                    for k in 0..<typed.count {
                        variants[k] = index.range(of: typed[k])
                        for code in foldCodes[variants[k]] where Int(code) < positions.count { positions[Int(code)] |= 1 << UInt64(k) }
                    }
                    return body(foldCodes, UnsafeBufferPointer(variants), UnsafeBufferPointer(positions))
                }
            }
        }
    }

    /// Runs `body` with an empty ``NumberCache`` for words of up to `maxDepth` letters.
    func withNumberCache<R>(maxDepth: Int, _ body: (NumberCache) -> R) -> R {
        withUnsafeTemporaryAllocation(of: WordDictionary.Walk.self, capacity: maxDepth + 1) { walks in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maxDepth + 1) { codes in
                index.withFirstLetters { firstLetters in
                    body(NumberCache(firstLetters: firstLetters, walks: walks.baseAddress!, codes: codes.baseAddress!))
                }
            }
        }
    }
}

/// One correction search (see ``WordSearch/correct(_:costs:geometry:budget:penalty:keeping:into:)``):
/// a depth-first walk of the automaton with one row of the layered edit table per depth (see
/// ``EditTable/fillRow(_:_:_:_:_:_:edits:)``), a subtree left as soon as no cell of its
/// row is within reach.
///
/// Once a prefix has spent every edit (``EditTable/hasSpentEdits(_:_:_:_:_:)``), the
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
    /// Per alphabet code, a bit per typed letter it matches but for case or accent (bit `k` for
    /// typed letter `k`).
    let positions: UnsafeBufferPointer<UInt64>
    /// The longest typed word searched: one bit per letter in ``positions``.
    static let maxTypedLength = 64
    /// How many more arcs the following of typed letters may take.
    var following: Int

    /// Visits an arc of the walk: fills its row, adds the word ending there if within reach, and
    /// says whether to search below it (or follows the typed letters from it, when its edits are spent).
    @inline(__always)
    mutating func visit(_ arc: TreeArc, into candidates: inout CandidateList) -> Bool {
        let n = typed.count, edits = costs.maxEdits
        let i = arc.depth + 1
        labels[i] = arc.code
        let best = EditTable.fillRow(rows, i, labels, typed, substitution.row(arc.code), costs, edits: edits)
        let top = rows + (i * (edits + 1) + edits) * (n + 1)
        if arc.isFinal, abs(i - n) <= edits, top[n] <= costs.maxCost { add(depth: i, cost: top[n], into: &candidates) }
        guard best <= costs.maxCost || EditTable.transpositionReach(rows, i, labels, typed, costs) <= costs.maxCost else { return false }
        guard EditTable.hasSpentEdits(rows, i, labels, typed, costs) else { return true }
        let first = max(0, i - edits)
        var mask: UInt8 = 0
        for j in first..<min(n, i + edits + 1) where top[j] <= costs.maxCost { mask |= 1 << (j - first) }
        follow(arc.target, first: first, mask: mask, costs: top + first, depth: i, into: &candidates)
        return false
    }

    /// Follows the typed letters from `state` (the word's letters so far being `labels[1...depth]`),
    /// each matched by a letter equal to it but for case or accent: from each typed letter
    /// `first + b` for the bits `b` of `mask` (at most 8), where the word so far costs `costs[b]`.
    /// The state's arcs are read once for all of them.
    mutating func follow(
        _ state: StateRef, first: Int, mask: UInt8, costs reach: UnsafePointer<Float>, depth: Int,
        into candidates: inout CandidateList
    ) {
        let automaton = dictionary.automaton
        guard mask != 0, depth < maxDepth, state != .stop, let arcs = automaton.arcs(of: state),
            var cursor = automaton.cursor(arcs: arcs)
        else { return }
        if cursor.table != nil {
            for b in 0..<8 where mask & (1 << b) != 0 {
                for code in foldCodes[variants[first + b]] where following > 0 {
                    if let arc = automaton.arc(labelled: code, at: cursor) {
                        take(arc, first + b, depth: depth, cost: reach[b], into: &candidates)
                    }
                }
            }
        } else {
            while following > 0, let arc = automaton.next(&cursor, where: { matches($0, first: first, mask: mask) != 0 }) {
                let matched = matches(arc.label, first: first, mask: mask)
                for b in 0..<8 where matched & (1 << b) != 0 { take(arc, first + b, depth: depth, cost: reach[b], into: &candidates) }
            }
        }
    }

    /// The bits of `mask` whose typed letter (`first + bit`) `label` matches but for case or accent.
    @inline(__always)
    private func matches(_ label: UInt32, first: Int, mask: UInt8) -> UInt8 {
        guard Int(label) < positions.count else { return 0 }
        return UInt8(truncatingIfNeeded: positions[Int(label)] >> UInt64(first)) & mask
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
            withUnsafePointer(to: total) { follow(arc.target, first: k + 1, mask: 1, costs: $0, depth: depth + 1, into: &candidates) }
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
