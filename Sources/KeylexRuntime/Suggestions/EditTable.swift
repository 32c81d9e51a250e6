/// The layered edit table of the correction search, one row per letter of the word: row `i`
/// compares the word's first `i` letters with the typed ones (see ``fillRow(_:_:_:_:_:_:edits:)``).
enum EditTable {
    /// Row 0 of the layered edit table (see ``fillRow(_:_:_:_:_:_:edits:)``): every typed letter is
    /// extra, each one an edit.
    @inline(__always)
    static func fillFirstRow(_ rows: UnsafeMutablePointer<Float>, _ typed: UnsafeBufferPointer<UInt32>, _ costs: EditCosts, edits: Int) {
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
    static func fillRow(
        _ rows: UnsafeMutablePointer<Float>, _ i: Int, _ labels: UnsafeMutablePointer<UInt32>,
        _ typed: UnsafeBufferPointer<UInt32>, _ substitution: UnsafeMutablePointer<Float>, _ costs: EditCosts,
        edits: Int
    ) -> Float {
        let n = typed.count, width = n &+ 1, layers = edits &+ 1
        let letter = EditLetter(code: labels[i], previous: i >= 2 ? labels[i &- 1] : .max, substitution: substitution, n: n)
        let first = rows + i &* layers &* width
        padWithInfinity(first, low: i, high: min(n, i), n: n)
        if i <= n { first[i] = first[i &- layers &* width &- 1] + substitution[i &- 1] }
        var e = 1
        while e <= edits {
            let row = first + e &* width
            let low = max(0, i &- e), high = min(n, i &+ e)
            padWithInfinity(row, low: low, high: high, n: n)
            if low <= high { fillLayer(row, width: width, layers: layers, low: low, high: high, letter, typed.baseAddress!, costs) }
            e &+= 1
        }
        let top = first + edits &* width
        var best = Float.infinity
        var j = max(0, i &- edits)
        while j <= min(n, i &+ edits) { best = min(best, top[j]); j &+= 1 }
        return best
    }

    /// Sets the two cells on each side of the band `low...high` of a layer to infinity, for the rows
    /// that read them.
    @inline(__always)
    private static func padWithInfinity(_ row: UnsafeMutablePointer<Float>, low: Int, high: Int, n: Int) {
        var j = max(0, low &- 2)
        while j < min(low, n &+ 1) { row[j] = .infinity; j &+= 1 }
        j = high &+ 1
        while j <= min(n, high &+ 2) { row[j] = .infinity; j &+= 1 }
    }

    /// Fills cells `low...high` of one layer (above the first) of a row of the edit table (see
    /// ``fillRow(_:_:_:_:_:_:edits:)``): `row` is the layer, `width` and `layers` the table's shape.
    @inline(__always)
    private static func fillLayer(
        _ row: UnsafeMutablePointer<Float>, width: Int, layers: Int, low: Int, high: Int,
        _ letter: EditLetter, _ typed: UnsafePointer<UInt32>, _ costs: EditCosts
    ) {
        let above = row - layers &* width, lower = row - width
        let lowerAbove = above - width, lowerTwoAbove = lowerAbove - layers &* width
        let free = letter.substitution, substituted = letter.substitution + letter.n
        let code = letter.code, previous = letter.previous, omission = letter.omission
        var j = low
        if j == 0 {
            row[0] = lowerAbove[0] + omission
            j = 1
        }
        while j <= high {
            let t = typed[j &- 1]
            var cell = min(above[j &- 1] + free[j &- 1], lowerAbove[j &- 1] + substituted[j &- 1])
            cell = min(cell, lowerAbove[j] + omission)
            if j >= 2 {
                let before = typed[j &- 2]
                cell = min(cell, lower[j &- 1] + (t == before ? costs.doubledInsertion : costs.insertion))
                if code == before, previous == t, code != t { cell = min(cell, lowerTwoAbove[j &- 2] + costs.transposition) }
                if costs.spellsUmlauts { cell = min(cell, lowerAbove[j &- 2] + letter.spelled[j &- 1]) }
            } else {
                cell = min(cell, lower[j &- 1] + costs.insertion)
            }
            row[j] = cell
            j &+= 1
        }
    }

    /// The least cost a transposition can give a cell of row `i + 1`, whatever its letter: a
    /// transposition there reads layer `edits - 1` of row `i - 1` at cell `j - 2`, where letter `i`
    /// is typed letter `j - 1`. Row `i` alone does not bound it, so the search must not leave a
    /// prefix whose row is out of reach while this is not.
    @inline(__always)
    static func transpositionReach(
        _ rows: UnsafeMutablePointer<Float>, _ i: Int, _ labels: UnsafeMutablePointer<UInt32>,
        _ typed: UnsafeBufferPointer<UInt32>, _ costs: EditCosts
    ) -> Float {
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
    static func hasSpentEdits(
        _ rows: UnsafeMutablePointer<Float>, _ i: Int, _ labels: UnsafeMutablePointer<UInt32>,
        _ typed: UnsafeBufferPointer<UInt32>, _ costs: EditCosts
    ) -> Bool {
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

    /// The edit cost from `word` to `typed` within `costs.maxEdits` edits, with the substitution
    /// costs of `typed` (so that several words share them).
    static func editCost(
        _ word: UnsafeBufferPointer<UInt32>, _ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts,
        substitution: inout SubstitutionCosts
    ) -> Float {
        let edits = costs.maxEdits, width = typed.count + 1
        guard abs(word.count - typed.count) <= edits else { return .infinity }
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: (word.count + 1) * (edits + 1) * width) { rows in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: word.count + 1) { labels in
                let rows = rows.baseAddress!, labels = labels.baseAddress!
                fillFirstRow(rows, typed, costs, edits: edits)
                for i in stride(from: 1, through: word.count, by: 1) {
                    labels[i] = word[i - 1]
                    _ = fillRow(rows, i, labels, typed, substitution.row(word[i - 1]), costs, edits: edits)
                }
                return rows[(word.count * (edits + 1) + edits) * width + typed.count]
            }
        }
    }
}

/// One letter of a word in the edit table: its code, the letter before it (`UInt32.max` for
/// none), and its substitution costs (see ``SubstitutionCosts/row(_:)``) for `n` typed letters.
struct EditLetter {
    let code: UInt32
    let previous: UInt32
    let substitution: UnsafeMutablePointer<Float>
    let n: Int

    /// The cost of leaving the letter out: cheaper after itself (a repeated letter typed once).
    @inline(__always)
    var omission: Float { previous == code ? substitution[2 &* n &+ 1] : substitution[2 &* n] }

    /// The costs of typing the letter as its two-letter spelling, ending at each typed letter.
    @inline(__always)
    var spelled: UnsafeMutablePointer<Float> { substitution + (2 &* n &+ 2) }
}
