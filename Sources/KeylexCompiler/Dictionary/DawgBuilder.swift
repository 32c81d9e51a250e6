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

    /// `open[d]` holds the arcs of the unfrozen state at depth `d` of the last word's path.
    private var open: [[OpenArc]] = [[]]
    private var previous: [UInt32] = []
    /// Open-addressing hash set of frozen states, by their arcs; -1 is empty.
    private var register = [Int32](repeating: -1, count: 1 << 10)
    private var registered = 0

    var stateCount: Int { wordCounts.count }
    var arcCount: Int { arcLabels.count }

    /// Adds the next word. Words must be non-empty and strictly increasing.
    mutating func add(_ word: [UInt32]) {
        precondition(!word.isEmpty && previous.lexicographicallyPrecedes(word), "words must be sorted and unique")
        var common = 0
        let limit = min(previous.count, word.count)
        while common < limit && previous[common] == word[common] { common += 1 }
        freeze(downTo: common)
        while open.count <= word.count { open.append([]) }
        for depth in common..<word.count {
            open[depth].append(OpenArc(labelAndFinal: word[depth] << 1, target: -1))
        }
        open[word.count - 1][open[word.count - 1].count - 1].labelAndFinal |= 1
        // A copy, not a share: the caller reuses its array for the next word.
        previous.removeAll(keepingCapacity: true)
        previous += word
    }

    /// Freezes the whole path and returns the root state.
    mutating func finish() -> Int32 {
        freeze(downTo: 0)
        let root = freezeState(open[0])
        open[0].removeAll()
        return root
    }

    /// Freezes the open states deeper than `depth`, deepest first, pointing each parent's last arc at
    /// the frozen (possibly merged) state.
    private mutating func freeze(downTo depth: Int) {
        var d = previous.count
        while d > depth {
            let state = freezeState(open[d])
            open[d].removeAll(keepingCapacity: true)
            open[d - 1][open[d - 1].count - 1].target = state
            d -= 1
        }
    }

    /// Where the hash of a state's arcs starts: FNV-1a over their labels and targets, the same for an
    /// open state's arcs as for a frozen one's.
    private static let hashSeed: UInt64 = 0xCBF2_9CE4_8422_2325

    @inline(__always)
    private static func hash(_ h: UInt64, label: UInt32, target: Int32) -> UInt64 {
        let h = (h ^ UInt64(label)) &* 0x1000_0000_01B3
        return (h ^ UInt64(UInt32(bitPattern: target))) &* 0x1000_0000_01B3
    }

    @inline(__always)
    private static func finished(_ h: UInt64) -> Int { Int(truncatingIfNeeded: h ^ (h >> 29)) }

    private func hash(_ arcs: [OpenArc]) -> Int {
        Self.finished(arcs.reduce(Self.hashSeed) { Self.hash($0, label: $1.labelAndFinal, target: $1.target) })
    }

    private func hash(ofState state: Int) -> Int {
        Self.finished(arcs(of: state).reduce(Self.hashSeed) { Self.hash($0, label: arcLabels[$1], target: arcTargets[$1]) })
    }

    private func equals(_ state: Int32, _ arcs: [OpenArc]) -> Bool {
        let start = Int(arcStart[Int(state)]), end = Int(arcStart[Int(state) + 1])
        guard end - start == arcs.count else { return false }
        for (i, arc) in arcs.enumerated() where arcLabels[start + i] != arc.labelAndFinal || arcTargets[start + i] != arc.target {
            return false
        }
        return true
    }

    /// Returns the registered state equal to `arcs`, registering a new one when there is none.
    private mutating func freezeState(_ arcs: [OpenArc]) -> Int32 {
        if arcs.isEmpty { return 0 }
        let mask = register.count - 1
        var slot = hash(arcs) & mask
        while register[slot] >= 0 {
            if equals(register[slot], arcs) { return register[slot] }
            slot = (slot + 1) & mask
        }
        let state = Int32(wordCounts.count)
        var words: UInt32 = 0
        for arc in arcs {
            arcLabels.append(arc.labelAndFinal)
            arcTargets.append(arc.target)
            words += (arc.labelAndFinal & 1) + wordCounts[Int(arc.target)]
        }
        arcStart.append(Int32(arcLabels.count))
        wordCounts.append(words)
        register[slot] = state
        registered += 1
        if registered * 2 > register.count { grow() }
        return state
    }

    private mutating func grow() {
        register = [Int32](repeating: -1, count: register.count * 2)
        let mask = register.count - 1
        for state in 1..<wordCounts.count {
            var slot = hash(ofState: state) & mask
            while register[slot] >= 0 { slot = (slot + 1) & mask }
            register[slot] = Int32(state)
        }
    }

    /// The arcs of frozen state `state` as (label code, final, target) triples.
    func arcs(of state: Int) -> Range<Int> {
        Int(arcStart[state])..<Int(arcStart[state + 1])
    }
}
