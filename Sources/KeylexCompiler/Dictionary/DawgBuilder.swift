/// Builds the minimal acyclic automaton (DAWG) of a sorted word list in one pass, with the
/// incremental construction of Daciuk, Mihov, Watson and Watson (2000).
///
/// Words arrive in strictly increasing order as arrays of alphabet codes. Only the path of the last
/// word stays open; every state that falls off it is frozen and merged with an equal state from the
/// register, so memory is bounded by the automaton, not the input. Finality is kept on arcs (a word
/// ends after an arc's label), and each state records how many words its right language holds.
struct DawgBuilder {
    /// State 0 is the stop state: no arcs, no words. State `s` owns arcs `arcStart[s]..<arcStart[s+1]`.
    private(set) var arcStart: [Int32] = [0, 0]
    /// Each arc's label code shifted left by one, with the low bit set when a word ends on it.
    private(set) var arcLabels: [UInt32] = []
    private(set) var arcTargets: [Int32] = []
    /// The number of words in each state's right language.
    private(set) var wordCounts: [UInt32] = [0]

    private struct OpenArc {
        var labelAndFinal: UInt32
        var target: Int32
    }

    /// The arcs of the unfrozen states on the last word's path, one state after another from the
    /// root: the state at depth `d` owns `openArcs[openStart[d]..<openStart[d + 1]]` (the deepest,
    /// which has none, to the end).
    private var openArcs: [OpenArc] = []
    private var openStart = [0]
    /// Open-addressing hash set of frozen states, by their arcs: a slot holds the high 32 bits of the
    /// state's hash above its number (0: empty); its first slot is those bits masked, so the set
    /// grows without hashing a state again.
    private var register = [UInt64](repeating: 0, count: 1 << 10)
    private var registered = 0

    var stateCount: Int { wordCounts.count }
    var arcCount: Int { arcLabels.count }

    /// Adds the next word. Words must be non-empty and strictly increasing.
    mutating func add(_ word: UnsafeBufferPointer<UInt32>) {
        // The last word is the open path: its letter at depth d is the last open arc of state d.
        let previousLength = openStart.count - 1
        func previous(_ depth: Int) -> UInt32 { openArcs[openStart[depth + 1] - 1].labelAndFinal >> 1 }
        var common = 0
        let limit = min(previousLength, word.count)
        while common < limit && previous(common) == word[common] { common += 1 }
        precondition(
            common < word.count && (common == previousLength || previous(common) < word[common]), "words must be sorted and unique")
        freeze(downTo: common)
        for depth in common..<word.count {
            if depth > common { openStart.append(openArcs.count) }
            openArcs.append(OpenArc(labelAndFinal: word[depth] << 1, target: -1))
        }
        openArcs[openArcs.count - 1].labelAndFinal |= 1
        openStart.append(openArcs.count)
    }

    /// Freezes the whole path and returns the root state.
    mutating func finish() -> Int32 {
        freeze(downTo: 0)
        let root = freezeState(from: 0)
        openArcs.removeAll()
        return root
    }

    /// Freezes the open states deeper than `depth`, deepest first, pointing each parent's last arc at
    /// the frozen (possibly merged) state.
    private mutating func freeze(downTo depth: Int) {
        while openStart.count - 1 > depth {
            let start = openStart.removeLast()
            let state = freezeState(from: start)
            openArcs.removeLast(openArcs.count - start)
            openArcs[openArcs.count - 1].target = state
        }
    }

    /// Where the hash of a state's arcs starts: FNV-1a over their labels and targets.
    private static let hashSeed: UInt64 = 0xCBF2_9CE4_8422_2325

    private static func hash(_ arcs: UnsafeBufferPointer<OpenArc>) -> UInt64 {
        var h = hashSeed
        for arc in arcs {
            h = (h ^ UInt64(arc.labelAndFinal)) &* 0x1000_0000_01B3
            h = (h ^ UInt64(UInt32(bitPattern: arc.target))) &* 0x1000_0000_01B3
        }
        return (h ^ (h >> 29)) &* 0x9E37_79B9_7F4A_7C15  // spreads every bit into the high half
    }

    private func equals(_ state: Int, _ arcs: UnsafeBufferPointer<OpenArc>) -> Bool {
        let start = Int(arcStart[state]), end = Int(arcStart[state + 1])
        guard end - start == arcs.count else { return false }
        for (i, arc) in zip(start..<end, arcs) where arcLabels[i] != arc.labelAndFinal || arcTargets[i] != arc.target {
            return false
        }
        return true
    }

    /// The register's slot of the state equal to `arcs`, or the empty slot where it goes, and the
    /// tag of their hash.
    private func find(_ arcs: UnsafeBufferPointer<OpenArc>) -> (slot: Int, tag: UInt64) {
        let tag = Self.hash(arcs) >> 32
        let mask = register.count - 1
        var slot = Int(tag) & mask
        while register[slot] != 0 {
            if register[slot] >> 32 == tag, equals(Int(register[slot] & 0xFFFF_FFFF), arcs) { break }
            slot = (slot + 1) & mask
        }
        return (slot, tag)
    }

    /// Returns the registered state equal to the open arcs from `start` on, registering a new one
    /// when there is none.
    private mutating func freezeState(from start: Int) -> Int32 {
        if start == openArcs.count { return 0 }
        let (slot, tag) = openArcs.withUnsafeBufferPointer { find(UnsafeBufferPointer(rebasing: $0[start...])) }
        if register[slot] != 0 { return Int32(truncatingIfNeeded: register[slot] & 0xFFFF_FFFF) }
        let state = Int32(wordCounts.count)
        var words: UInt32 = 0
        for i in start..<openArcs.count {
            let arc = openArcs[i]
            arcLabels.append(arc.labelAndFinal)
            arcTargets.append(arc.target)
            words += (arc.labelAndFinal & 1) + wordCounts[Int(arc.target)]
        }
        arcStart.append(Int32(arcLabels.count))
        wordCounts.append(words)
        register[slot] = tag << 32 | UInt64(state)
        registered += 1
        if registered * 2 > register.count { grow() }
        return state
    }

    /// Doubles the register, placing each state by the hash bits its slot keeps.
    private mutating func grow() {
        var larger = [UInt64](repeating: 0, count: register.count * 2)
        let mask = larger.count - 1
        for entry in register where entry != 0 {
            var slot = Int(entry >> 32) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = entry
        }
        register = larger
    }

    /// The arcs of frozen state `state` as (label code, final, target) triples.
    func arcs(of state: Int) -> Range<Int> {
        Int(arcStart[state])..<Int(arcStart[state + 1])
    }
}
