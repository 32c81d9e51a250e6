/// One arc met by ``WordSearch/walkTree(maxDepth:budget:where:_:)``.
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

extension WordSearch {
    /// Walks the automaton depth first, in lexicographic order, calling `visit` with each arc met
    /// whose label `matches` accepts at its depth (the others are skipped undecoded); `visit`
    /// returns whether to go below the arc. Decodes no word counts, so a subtree left costs nothing
    /// (a word's number is looked up when needed: see ``NumberCache``).
    ///
    /// Stops after visiting `budget` arcs (decremented) and at `maxDepth` letters; skips what follows
    /// malformed bytes. Allocates nothing.
    func walkTree(
        maxDepth: Int, budget: inout Int, where matches: (_ depth: Int, _ label: UInt32) -> Bool = { _, _ in true },
        _ visit: (TreeArc) -> Bool
    ) {
        let automaton = dictionary.automaton
        let depthLimit = min(maxDepth, dictionary.maxWordLength)
        guard depthLimit > 0, let rootArcs = automaton.arcs(of: dictionary.root), let rootCursor = automaton.cursor(arcs: rootArcs)
        else { return }
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
                    let next = automaton.arcs(of: arc.target), let cursor = automaton.cursor(arcs: next)
                {
                    depth += 1
                    stack[depth] = cursor
                }
            }
        }
    }
}
