/// A dictionary word found for what was typed: by completion or by correction.
struct Candidate {
    var number: Int
    var frequencyClass: UInt8
    /// The edit cost (see ``EditCosts``) from the word to what was typed; for a completion, the
    /// cost of the typed prefix's case and accent differences.
    var cost: Float
    /// Whether the word is longer than what was typed (a completion, not a correction).
    var isCompletion: Bool
    /// The ranking score: the frequency class less ``costWeight`` per edit, a second edit
    /// counting double (two errors in one word are much rarer than one).
    var score: Float

    /// Frequency classes one edit is worth: a correction one edit away must be about 48 classes
    /// (in a corpus spanning a million to one, about 14 times) more frequent to outrank an exact match.
    static let costWeight: Float = 48
    /// What a completion pays for not being the whole word yet, in edits.
    static let completionCost: Float = 0.25

    init(number: Int, frequencyClass: UInt8, cost: Float, isCompletion: Bool) {
        self.number = number
        self.frequencyClass = frequencyClass
        self.cost = cost
        self.isCompletion = isCompletion
        let total = cost + (isCompletion ? Candidate.completionCost : 0)
        score = Float(frequencyClass) - Candidate.costWeight * (total + max(0, total - 1))
    }
}

/// The best candidates seen so far, best first, in a fixed buffer.
struct CandidateList {
    private(set) var items: UnsafeMutableBufferPointer<Candidate>
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<Candidate>) { items = buffer }

    /// Adds `candidate`, or improves the entry of the same word.
    mutating func add(_ candidate: Candidate) {
        if let i = (0..<count).first(where: { items[$0].number == candidate.number }) {
            guard candidate.score > items[i].score else { return }
            remove(at: i)
        }
        guard count < items.count || candidate.score > items[count - 1].score else { return }
        var i = min(count, items.count - 1)
        if count < items.count { count += 1 }
        while i > 0 && items[i - 1].score < candidate.score {
            items[i] = items[i - 1]
            i -= 1
        }
        items[i] = candidate
    }

    private mutating func remove(at index: Int) {
        for i in index..<(count - 1) { items[i] = items[i + 1] }
        count -= 1
    }

    var best: Candidate? { count > 0 ? items[0] : nil }
    subscript(i: Int) -> Candidate { items[i] }
}

extension WordDictionary {
    /// The cost of the word letter `word` where `typed` was typed.
    @inline(__always)
    func substitutionCost(_ word: UInt32, _ typed: UInt32, _ costs: EditCosts, _ geometry: KeyGeometry) -> Float {
        if word == typed { return 0 }
        if foldClass(ofCode: word) == foldClass(ofCode: typed) { return costs.caseOrAccent }
        if let distance = geometry.distance(word, typed) {
            if distance <= 1.25 { return costs.neighbouringKey }
            if distance <= 2.25 { return costs.nearKey }
        }
        return costs.substitution
    }

    /// The code a typed scalar is compared with: its alphabet code (see ``code(ofTyped:)``), or for a
    /// letter no word has, a code of its own past the alphabet (equal only to itself).
    func comparisonCode(ofTyped scalar: Unicode.Scalar) -> UInt32 {
        code(ofTyped: scalar) ?? UInt32(automaton.alphabet.size) + scalar.value
    }

    /// Row 0 of the edit table (`typed.count + 1` cells): every typed letter is extra.
    @inline(__always)
    func fillFirstEditRow(_ rows: UnsafeMutableBufferPointer<Float>, _ typed: UnsafeBufferPointer<UInt32>, _ costs: EditCosts) {
        rows[0] = 0
        for j in stride(from: 1, through: typed.count, by: 1) {
            let doubled = j >= 2 && typed[j - 1] == typed[j - 2]
            rows[j] = rows[j - 1] + (doubled ? costs.doubledInsertion : costs.insertion)
        }
    }

    /// Fills row `i` of the edit table from rows `i - 1` and `i - 2`, for the word whose letters are
    /// `labels[1...i]`, and returns the row's smallest cell (the search leaves a subtree when it is
    /// above the maximum cost). Cell `j` is the cost from the word's first `i` letters to the first
    /// `j` typed ones.
    @inline(__always)
    func fillEditRow(_ rows: UnsafeMutableBufferPointer<Float>, _ i: Int, _ labels: UnsafeMutableBufferPointer<UInt32>,
                     _ typed: UnsafeBufferPointer<UInt32>, _ costs: EditCosts, _ geometry: KeyGeometry) -> Float {
        let n = typed.count, width = n + 1
        let code = labels[i]
        let row = i * width, above = (i - 1) * width, twoAbove = (i - 2) * width
        let omission = i >= 2 && labels[i - 1] == code ? costs.repeatedOmission : costs.omission
        rows[row] = rows[above] + omission
        var best = rows[row]
        for j in stride(from: 1, through: n, by: 1) {
            let t = typed[j - 1]
            var cell = rows[above + j - 1] + substitutionCost(code, t, costs, geometry)
            cell = min(cell, rows[above + j] + omission)
            let doubled = j >= 2 && t == typed[j - 2]
            cell = min(cell, rows[row + j - 1] + (doubled ? costs.doubledInsertion : costs.insertion))
            if i >= 2, j >= 2, code == typed[j - 2], labels[i - 1] == t, code != t {
                cell = min(cell, rows[twoAbove + j - 2] + costs.transposition)
            }
            rows[row + j] = cell
            best = min(best, cell)
        }
        return best
    }

    /// The edit cost from `word` (comparison codes) to `typed`, for words outside the automaton
    /// (the user's learned words).
    func editCost(_ word: UnsafeBufferPointer<UInt32>, _ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry) -> Float {
        let width = typed.count + 1
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: (word.count + 1) * width) { rows in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: word.count + 1) { labels in
                fillFirstEditRow(rows, typed, costs)
                for i in stride(from: 1, through: word.count, by: 1) {
                    labels[i] = word[i - 1]
                    _ = fillEditRow(rows, i, labels, typed, costs, geometry)
                }
                return rows[word.count * width + typed.count]
            }
        }
    }

    /// Finds the words within `costs.maxCost` of `typed` (comparison codes) by a Damerau–Levenshtein
    /// search on the automaton itself: one row of the edit table per depth, subtrees left as soon as
    /// no cell is within reach. Visits at most `budget` arcs. Words never suggested are left out.
    /// `penalty` is added to every correction's cost (to rank corrections of a known word low).
    func correct(_ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry, budget: Int, penalty: Float = 0,
                 into candidates: inout CandidateList) {
        let n = typed.count
        guard n > 0 else { return }
        let width = n + 1
        let maxDepth = min(maxWordLength, n + Int((costs.maxCost / min(costs.omission, costs.repeatedOmission)).rounded(.down)))
        withUnsafeTemporaryAllocation(of: Float.self, capacity: (maxDepth + 1) * width) { rows in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maxDepth + 1) { labels in
                fillFirstEditRow(rows, typed, costs)
                var remaining = budget
                walkTree(maxDepth: maxDepth, budget: &remaining) { arc in
                    let i = arc.depth + 1
                    labels[i] = arc.code
                    let best = fillEditRow(rows, i, labels, typed, costs, geometry)
                    let cost = rows[i * width + n]
                    if arc.isFinal, cost <= costs.maxCost {
                        let frequencyClass = frequencyClass(at: arc.firstNumber)
                        if frequencyClass != DictionaryFormat.neverSuggestedClass {
                            candidates.add(Candidate(number: arc.firstNumber, frequencyClass: frequencyClass, cost: cost + penalty, isCompletion: false))
                        }
                    }
                    return best <= costs.maxCost
                }
            }
        }
    }

    /// Finds the best completions of `typed` (comparison codes) ignoring case and accents: every path of the
    /// automaton whose letters fold as the typed ones do, then the best words below them by the
    /// maxima tree. A completion's cost is its prefix's case and accent differences.
    func completeFolded(_ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, count: Int, budget: Int,
                        into candidates: inout CandidateList) {
        let n = typed.count
        guard n > 0, n <= maxWordLength else { return }
        let maxPaths = 16
        withUnsafeTemporaryAllocation(of: Int.self, capacity: n + 1) { differences in
            withUnsafeTemporaryAllocation(of: (Int, Int, Int, Bool).self, capacity: maxPaths) { paths in
                var found = 0
                var remaining = budget
                differences[0] = 0
                walkTree(maxDepth: n, budget: &remaining) { arc in
                    let t = typed[arc.depth]
                    guard arc.code == t || foldClass(ofCode: arc.code) == foldClass(ofCode: t) else { return false }
                    differences[arc.depth + 1] = differences[arc.depth] + (arc.code == t ? 0 : 1)
                    if arc.depth + 1 == n {
                        if found < maxPaths { paths[found] = (arc.firstNumber, arc.wordCount, differences[n], arc.isFinal) }
                        found += 1
                        return false
                    }
                    return true
                }
                for p in 0..<min(found, maxPaths) {
                    let (first, words, different, prefixIsWord) = paths[p]
                    let cost = Float(different) * costs.caseOrAccent
                    forEachBest(count, in: first..<(first + words)) { number, frequencyClass in
                        let isCompletion = number != first || !prefixIsWord
                        candidates.add(Candidate(number: number, frequencyClass: frequencyClass, cost: cost, isCompletion: isCompletion))
                    }
                }
            }
        }
    }

    /// The best `count` suggestible words in `range`, by frequency class (in number order without
    /// frequencies).
    func forEachBest(_ count: Int, in range: Range<Int>, _ body: (_ number: Int, _ frequencyClass: UInt8) -> Void) {
        if let topK {
            topK.best(count, in: range, body)
            return
        }
        var found = 0
        for number in range where found < count {
            let frequencyClass = frequencyClass(at: number)
            guard frequencyClass != DictionaryFormat.neverSuggestedClass else { continue }
            body(number, frequencyClass)
            found += 1
        }
    }
}
