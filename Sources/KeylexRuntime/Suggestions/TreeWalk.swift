/// One arc met by ``WordDictionary/walkTree(maxDepth:budget:_:)``.
struct TreeArc {
    /// The arc's depth: 0 for the arcs of the root (the first letter of a word).
    var depth: Int
    /// The label's code in the alphabet.
    var code: UInt32
    /// Whether a word ends after this arc.
    var isFinal: Bool
    /// The state the arc leads to.
    var target: StateRef
}

extension WordDictionary {
    /// Walks the automaton depth first, in lexicographic order, calling `visit` with each arc met
    /// whose label `matches` accepts at its depth (the others are skipped undecoded); `visit`
    /// returns whether to go below the arc. Decodes no word counts, so a subtree left costs nothing
    /// (a word's number is looked up when needed: see ``NumberCache``).
    ///
    /// Stops after visiting `budget` arcs (decremented) and at `maxDepth` letters; skips what follows
    /// malformed bytes. Allocates nothing.
    func walkTree(maxDepth: Int, budget: inout Int, where matches: (_ depth: Int, _ label: UInt32) -> Bool = { _, _ in true },
                  _ visit: (TreeArc) -> Bool) {
        let depthLimit = min(maxDepth, maxWordLength)
        guard depthLimit > 0, let rootArcs = automaton.header(root)?.arcs, let rootCursor = automaton.cursor(arcs: rootArcs) else { return }
        withUnsafeTemporaryAllocation(of: Automaton.ArcCursor.self, capacity: depthLimit) { stack in
            var depth = 0
            stack[0] = rootCursor
            while depth >= 0, budget > 0 {
                let level = depth
                guard let arc = automaton.next(&stack[level], where: { matches(level, $0) }) else {
                    depth -= 1
                    continue
                }
                budget -= 1
                let descend = visit(TreeArc(depth: depth, code: arc.label, isFinal: arc.isFinal, target: arc.target))
                if descend, arc.target != .stop, depth + 1 < depthLimit,
                   let next = automaton.header(arc.target)?.arcs, let cursor = automaton.cursor(arcs: next) {
                    depth += 1
                    stack[depth] = cursor
                }
            }
        }
    }

    /// The folding class of alphabet code `code` (case and accents ignored), or the code itself
    /// when the file has no folding section.
    @inline(__always)
    func foldClass(ofCode code: UInt32) -> UInt32 { Self.foldClass(ofCode: code, in: foldClasses) }

    /// The folding class of `code` in a `FOLD` table (see ``foldClass(ofCode:)``).
    @inline(__always)
    static func foldClass(ofCode code: UInt32, in foldClasses: ByteView?) -> UInt32 {
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
