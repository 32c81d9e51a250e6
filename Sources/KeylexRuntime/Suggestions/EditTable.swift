// The layered edit table of the correction search, one row per letter of the word.

extension WordDictionary {
    /// Row 0 of the layered edit table (see ``fillEditRow(_:_:_:_:_:_:edits:)``): every typed letter is
    /// extra, each one an edit.
    @inline(__always)
    func fillFirstEditRow(_ rows: UnsafeMutablePointer<Float>, _ typed: UnsafeBufferPointer<UInt32>, _ costs: EditCosts, edits: Int) {
        let n = typed.count, width = n + 1
        for e in 0...edits {
            let row = rows + e * width
            row[0] = 0
            for j in stride(from: 1, through: min(n, e + 2), by: 1) {
                let doubled = j >= 2 && typed[j - 1] == typed[j - 2]
                row[j] = j <= e ? row[j - 1] + (doubled ? costs.doubledInsertion : costs.insertion) : .infinity
            }
        }
    }

    /// Fills row `i` of the layered edit table from rows `i - 1` and `i - 2`, for the word whose
    /// letters are `labels[1...i]`, and returns the smallest cell of its top layer (the search leaves
    /// a subtree when it is above the maximum cost).
    ///
    /// Layer `e` of row `i` (`e` in `0...edits`) holds, in cell `j`, the least cost from the word's
    /// first `i` letters to the first `j` typed ones using at most `e` edits: a substitution, an
    /// omission, an insertion or a transposition is an edit; the same letter, or one differing only
    /// by case or accent, is not (it costs ``EditCosts/caseOrAccent`` all the same). Layer `e` is
    /// therefore infinite off the band `|i - j| <= e`; only the band is computed, and the two cells
    /// past each side are set to infinity for the rows that read them.
    @inline(__always)
    func fillEditRow(_ rows: UnsafeMutablePointer<Float>, _ i: Int, _ labels: UnsafeMutablePointer<UInt32>,
                     _ typed: UnsafeBufferPointer<UInt32>, _ substitution: UnsafeMutablePointer<Float>, _ costs: EditCosts,
                     edits: Int) -> Float {
        let n = typed.count, width = n + 1, layers = edits + 1
        let code = labels[i]
        // The costs of this letter for each typed one: without an edit (infinite unless equal but
        // for case or accent), and as a substitution; then of leaving it out.
        let free = substitution, substituted = substitution + n
        let omission = i >= 2 && labels[i - 1] == code ? substitution[2 * n + 1] : substitution[2 * n]
        let spelled = substitution + 2 * n + 2, spells = costs.spellsUmlauts
        var best = Float.infinity
        for e in 0...edits {
            let row = rows + (i * layers + e) * width
            let above = row - layers * width
            let low = max(0, i - e), high = min(n, i + e)
            for j in max(0, low - 2)..<min(low, n + 1) { row[j] = .infinity }
            if high + 1 <= n { for j in (high + 1)...min(n, high + 2) { row[j] = .infinity } }
            guard low <= high else { continue }
            if e == 0 {
                row[i] = above[i - 1] + free[i - 1]
                if edits == 0 { best = row[i] }
                continue
            }
            let lower = row - width, lowerAbove = above - width, lowerTwoAbove = lowerAbove - layers * width
            var j = low
            if j == 0 {
                row[0] = lowerAbove[0] + omission
                j = 1
            }
            while j <= high {
                let t = typed[j - 1]
                var cell = above[j - 1] + free[j - 1]
                cell = min(cell, lowerAbove[j - 1] + substituted[j - 1])
                cell = min(cell, lowerAbove[j] + omission)
                let doubled = j >= 2 && t == typed[j - 2]
                cell = min(cell, lower[j - 1] + (doubled ? costs.doubledInsertion : costs.insertion))
                if i >= 2, j >= 2, code == typed[j - 2], labels[i - 1] == t, code != t {
                    cell = min(cell, lowerTwoAbove[j - 2] + costs.transposition)
                }
                if spells, j >= 2 { cell = min(cell, lowerAbove[j - 2] + spelled[j - 1]) }
                row[j] = cell
                j += 1
            }
            if e == edits {
                for j in low...high { best = min(best, row[j]) }
            }
        }
        return best
    }

    /// The least cost a transposition can give a cell of row `i + 1`, whatever its letter: a
    /// transposition there reads layer `edits - 1` of row `i - 1` at cell `j - 2`, where letter `i`
    /// is typed letter `j - 1`. Row `i` alone does not bound it, so the search must not leave a
    /// prefix whose row is out of reach while this is not.
    @inline(__always)
    func transpositionReach(_ rows: UnsafeMutablePointer<Float>, _ i: Int, _ labels: UnsafeMutablePointer<UInt32>,
                            _ typed: UnsafeBufferPointer<UInt32>, _ costs: EditCosts) -> Float {
        let edits = costs.maxEdits, n = typed.count, width = n + 1, layers = edits + 1
        guard edits > 0, i >= 1 else { return .infinity }
        let lowerAbove = rows + ((i - 1) * layers + edits - 1) * width
        var reach = Float.infinity
        let low = max(2, i - edits + 2), high = min(n, i + edits)
        if low <= high {
            for j in low...high where labels[i] == typed[j - 1] { reach = min(reach, lowerAbove[j - 2] + costs.transposition) }
        }
        return reach
    }

    /// Whether every word below the prefix `labels[1...i]` is within reach only through the cells of
    /// row `i`'s top layer followed by matching letters: no cell with an edit left is within
    /// `maxCost` (layer `edits - 1` of row `i`), and no transposition can start from row `i - 1`.
    @inline(__always)
    func hasSpentEdits(_ rows: UnsafeMutablePointer<Float>, _ i: Int, _ labels: UnsafeMutablePointer<UInt32>,
                       _ typed: UnsafeBufferPointer<UInt32>, _ costs: EditCosts) -> Bool {
        let edits = costs.maxEdits
        guard edits > 0 else { return true }
        let n = typed.count, width = n + 1, layers = edits + 1
        let lower = rows + (i * layers + edits - 1) * width
        let low = max(0, i - edits + 1), high = min(n, i + edits - 1)
        if low <= high {
            for j in low...high where lower[j] <= costs.maxCost { return false }
        }
        return transpositionReach(rows, i, labels, typed, costs) > costs.maxCost
    }

    /// The edit cost from `word` (comparison codes) to `typed` within `costs.maxEdits` edits (infinite
    /// past them), for words outside the automaton (the user's learned words).
    func editCost(_ word: UnsafeBufferPointer<UInt32>, _ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry) -> Float {
        guard abs(word.count - typed.count) <= costs.maxEdits else { return .infinity }
        return withSubstitutionCosts(typed, costs: costs, geometry: geometry) { substitution in
            editCost(word, typed, costs: costs, substitution: &substitution)
        }
    }

    /// The edit cost from `word` to `typed` within `costs.maxEdits` edits, with the substitution
    /// costs of `typed` (so that several words share them).
    func editCost(_ word: UnsafeBufferPointer<UInt32>, _ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts,
                  substitution: inout SubstitutionCosts) -> Float {
        let edits = costs.maxEdits, width = typed.count + 1
        guard abs(word.count - typed.count) <= edits else { return .infinity }
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: (word.count + 1) * (edits + 1) * width) { rows in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: word.count + 1) { labels in
                let rows = rows.baseAddress!, labels = labels.baseAddress!
                fillFirstEditRow(rows, typed, costs, edits: edits)
                for i in stride(from: 1, through: word.count, by: 1) {
                    labels[i] = word[i - 1]
                    _ = fillEditRow(rows, i, labels, typed, substitution.row(word[i - 1]), costs, edits: edits)
                }
                return rows[(word.count * (edits + 1) + edits) * width + typed.count]
            }
        }
    }
}
