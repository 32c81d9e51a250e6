/// One arc met by ``WordDictionary/walkTree(maxDepth:budget:_:)``.
struct TreeArc {
    /// The arc's depth: 0 for the arcs of the root (the first letter of a word).
    var depth: Int
    /// The label's code in the alphabet.
    var code: UInt32
    /// Whether a word ends after this arc.
    var isFinal: Bool
    /// The number of the first word through this arc (the word ending here, when `isFinal`).
    var firstNumber: Int
    /// How many words go through this arc: the one ending here, if any, and those below it.
    var wordCount: Int
}

extension WordDictionary {
    /// Walks the automaton depth first, in lexicographic order, calling `visit` with each arc met;
    /// `visit` returns whether to go below the arc. Word numbers stay exact when subtrees are
    /// skipped, because each arc's word count is known (stored, or derived from its state's).
    ///
    /// Stops after `budget` arcs (decremented), at `maxDepth` letters, or on malformed bytes.
    /// Allocates nothing.
    func walkTree(maxDepth: Int, budget: inout Int, _ visit: (TreeArc) -> Bool) {
        let depthLimit = min(maxDepth, maxWordLength)
        guard depthLimit > 0, let rootArcs = automaton.header(root)?.arcs else { return }
        // Per depth: the next arc to read (-1 when done), where the state's arcs begin, and how
        // many words of the state are not yet accounted for.
        withUnsafeTemporaryAllocation(of: (Int, Int, Int).self, capacity: depthLimit + 1) { stack in
            var depth = 0
            stack[0] = (rootArcs, rootArcs, wordCount)
            var number = 0
            while depth >= 0, budget > 0 {
                let (position, arcs, remaining) = stack[depth]
                if position < 0 {
                    depth -= 1
                    continue
                }
                budget -= 1
                guard let arc = automaton.arc(at: position, arcs: arcs) else { return }
                let final = arc.isFinal ? 1 : 0
                let below: Int
                if arc.target == .stop {
                    below = 0
                } else if arc.target.hasCount {
                    guard let count = automaton.wordCount(arc.target) else { return }
                    below = count
                } else {
                    below = remaining - final  // only a last arc leads to an uncounted state
                }
                guard below >= 0, remaining - below - final >= 0 else { return }
                stack[depth] = (arc.isLast ? -1 : arc.end, arcs, remaining - below - final)
                let descend = visit(TreeArc(depth: depth, code: arc.label, isFinal: arc.isFinal, firstNumber: number, wordCount: below + final))
                number += final
                if descend, below > 0, depth + 1 < depthLimit, let next = automaton.header(arc.target)?.arcs {
                    depth += 1
                    stack[depth] = (next, next, below)
                } else {
                    number += below
                }
            }
        }
    }

    /// The folding class of alphabet code `code` (case and accents ignored), or the code itself
    /// when the file has no folding section.
    @inline(__always)
    func foldClass(ofCode code: UInt32) -> UInt32 {
        guard let foldClasses, let value = foldClasses.u16(Int(code) * 2) else { return code | 0x8000_0000 }
        return UInt32(value)
    }

    /// The alphabet code to match a typed scalar against: its lowercase form's (capitals typed at
    /// the start of a sentence cost nothing; suggestions take the typed casing back), else its
    /// own, else its uppercase form's, else that of a typographic equivalent (’ for ', ‘ for ');
    /// `nil` when no word uses any of them.
    func code(ofTyped scalar: Unicode.Scalar) -> UInt32? {
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        if lower.count == 1, let code = automaton.alphabet.code(of: lower.first!) { return code }
        if let code = automaton.alphabet.code(of: scalar) { return code }
        let upper = scalar.properties.uppercaseMapping.unicodeScalars
        if upper.count == 1, let code = automaton.alphabet.code(of: upper.first!) { return code }
        switch scalar {
        case "\u{2019}", "\u{2018}", "\u{02BC}": return automaton.alphabet.code(of: "'")
        case "'": return automaton.alphabet.code(of: "\u{2019}")
        case "\u{2010}", "\u{2011}": return automaton.alphabet.code(of: "-")
        default: return nil
        }
    }

    /// The scalar of alphabet code `code`.
    @inline(__always)
    func scalar(ofCode code: UInt32) -> Unicode.Scalar { automaton.alphabet.scalar(of: code) }
}
