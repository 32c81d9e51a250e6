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

    subscript(i: Int) -> Candidate { items[i] }
    /// The candidates, best first.
    var all: UnsafeBufferPointer<Candidate> { UnsafeBufferPointer(rebasing: items[..<count]) }
}

extension WordDictionary {
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
    /// `j` typed ones; `substitution[j - 1]` is the cost of the word's letter `i` for typed letter `j`.
    ///
    /// Only the band `|i - j| <= band` is computed (outside it, the cost of the length difference
    /// alone is above the maximum); the cells bordering the band are set to infinity.
    @inline(__always)
    func fillEditRow(_ rows: UnsafeMutableBufferPointer<Float>, _ i: Int, _ labels: UnsafeMutableBufferPointer<UInt32>,
                     _ typed: UnsafeBufferPointer<UInt32>, _ substitution: UnsafeMutablePointer<Float>, _ costs: EditCosts,
                     band: Int) -> Float {
        let n = typed.count, width = n + 1
        let code = labels[i]
        let row = i * width, above = (i - 1) * width, twoAbove = (i - 2) * width
        let omission = i >= 2 && labels[i - 1] == code ? costs.repeatedOmission : costs.omission
        let low = max(1, i - band), high = min(n, i + band)
        var best = Float.infinity
        if i <= band {
            rows[row] = rows[above] + omission
            best = rows[row]
        } else {
            rows[row + low - 1] = .infinity
        }
        if high < n { rows[row + high + 1] = .infinity }
        guard low <= high else { return best }
        for j in low...high {
            let t = typed[j - 1]
            var cell = rows[above + j - 1] + substitution[j - 1]
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

    /// How far from the diagonal the edit table can stay within `costs.maxCost`: each letter of
    /// length difference costs at least the cheapest omission or insertion.
    func editBand(_ costs: EditCosts) -> Int {
        Int((costs.maxCost / min(costs.omission, costs.repeatedOmission, costs.insertion, costs.doubledInsertion)).rounded(.down))
    }

    /// The edit cost from `word` (comparison codes) to `typed`, for words outside the automaton
    /// (the user's learned words).
    func editCost(_ word: UnsafeBufferPointer<UInt32>, _ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry) -> Float {
        let width = typed.count + 1
        return withSubstitutionCosts(typed, costs: costs, geometry: geometry) { substitution in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: (word.count + 1) * width) { rows in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: word.count + 1) { labels in
                    fillFirstEditRow(rows, typed, costs)
                    for i in stride(from: 1, through: word.count, by: 1) {
                        labels[i] = word[i - 1]
                        _ = fillEditRow(rows, i, labels, typed, substitution.row(word[i - 1]), costs, band: word.count + typed.count)
                    }
                    return rows[word.count * width + typed.count]
                }
            }
        }
    }

    /// Finds the words within `costs.maxCost` of `typed` (comparison codes) by a Damerau–Levenshtein
    /// search on the automaton itself: one row of the edit table per depth, subtrees left as soon as
    /// no cell is within reach. Visits at most `budget` arcs. Words never suggested are left out.
    /// `penalty` is added to every correction's cost (to rank corrections of a known word low).
    ///
    /// With frequencies, a subtree is also left when even its most frequent word, at the least cost
    /// its row allows, would rank below the `keep`-th candidate found so far (branch and bound on
    /// the maxima tree).
    func correct(_ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry, budget: Int, penalty: Float = 0,
                 keep: Int, into candidates: inout CandidateList) {
        let n = typed.count
        guard n > 0 else { return }
        let width = n + 1
        let band = editBand(costs)
        let maxDepth = min(maxWordLength, n + band)
        withSubstitutionCosts(typed, costs: costs, geometry: geometry) { substitution in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: (maxDepth + 1) * width) { rows in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maxDepth + 1) { labels in
                    fillFirstEditRow(rows, typed, costs)
                    var remaining = budget
                    walkTree(maxDepth: maxDepth, budget: &remaining) { arc in
                        let i = arc.depth + 1
                        labels[i] = arc.code
                        let best = fillEditRow(rows, i, labels, typed, substitution.row(arc.code), costs, band: band)
                        let cost = abs(i - n) <= band ? rows[i * width + n] : .infinity
                        if arc.isFinal, cost <= costs.maxCost {
                            let frequencyClass = frequencyClass(at: arc.firstNumber)
                            if frequencyClass != DictionaryFormat.neverSuggestedClass {
                                candidates.add(Candidate(number: arc.firstNumber, frequencyClass: frequencyClass, cost: cost + penalty, isCompletion: false))
                            }
                        }
                        guard best <= costs.maxCost else { return false }
                        if let topK, best > 0, candidates.count >= keep, arc.wordCount > 1 {
                            let bound = Candidate(number: 0, frequencyClass: topK.maxClass(in: arc.firstNumber..<(arc.firstNumber + arc.wordCount)),
                                                  cost: best + penalty, isCompletion: false)
                            if bound.score < candidates[keep - 1].score { return false }
                        }
                        return true
                    }
                }
            }
        }
    }

    /// Runs `body` with the substitution costs of one query: for each letter, the cost of typing each
    /// typed letter in its place (equal: 0; same letter but for case or accent; neighbouring,
    /// near or distant key), computed the first time the letter is met.
    func withSubstitutionCosts<R>(_ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry,
                                  _ body: (inout SubstitutionCosts) -> R) -> R {
        let n = typed.count, size = automaton.alphabet.size
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: (size + 1) * n) { table in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: size) { filled in
                withUnsafeTemporaryAllocation(of: (UInt32, Int32).self, capacity: n) { typedLetters in
                    filled.initialize(repeating: false)
                    for j in 0..<n { typedLetters[j] = (foldClass(ofCode: typed[j]), geometry.key(ofCode: typed[j])) }
                    return geometry.keyOfCode.withUnsafeBufferPointer { keyOfCode in
                        geometry.distances.withUnsafeBufferPointer { distances in
                            var substitution = SubstitutionCosts(dictionary: self, typed: typed, typedLetters: UnsafeBufferPointer(typedLetters),
                                                                 costs: costs, keyOfCode: keyOfCode, distances: distances,
                                                                 keyCount: geometry.keyCount, table: table, filled: filled)
                            return body(&substitution)
                        }
                    }
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

/// The substitution costs of one query, filled lazily per letter (see
/// ``WordDictionary/withSubstitutionCosts(_:costs:geometry:_:)``).
struct SubstitutionCosts {
    let dictionary: WordDictionary
    let typed: UnsafeBufferPointer<UInt32>
    /// Per typed letter: its folding class and its key (-1 for none).
    let typedLetters: UnsafeBufferPointer<(UInt32, Int32)>
    let costs: EditCosts
    let keyOfCode: UnsafeBufferPointer<Int32>
    let distances: UnsafeBufferPointer<Float>
    let keyCount: Int
    /// One row of `typed.count` costs per alphabet code, and one more for codes outside it.
    let table: UnsafeMutableBufferPointer<Float>
    let filled: UnsafeMutableBufferPointer<Bool>

    /// The costs of letter `code` in place of each typed letter.
    @inline(__always)
    mutating func row(_ code: UInt32) -> UnsafeMutablePointer<Float> {
        let n = typed.count
        let index = Int(code) < filled.count ? Int(code) : filled.count
        let row = table.baseAddress! + index * n
        if index < filled.count && filled[index] { return row }
        let fold = dictionary.foldClass(ofCode: code)
        let key = Int(code) < keyOfCode.count ? keyOfCode[Int(code)] : -1
        for j in 0..<n {
            let (typedFold, typedKey) = typedLetters[j]
            if typed[j] == code {
                row[j] = 0
            } else if typedFold == fold {
                row[j] = costs.caseOrAccent
            } else if key >= 0, typedKey >= 0 {
                let distance = distances[Int(key) * keyCount + Int(typedKey)]
                row[j] = distance <= 1.25 ? costs.neighbouringKey : distance <= 2.25 ? costs.nearKey : costs.substitution
            } else {
                row[j] = costs.substitution
            }
        }
        if index < filled.count { filled[index] = true }
        return row
    }
}
