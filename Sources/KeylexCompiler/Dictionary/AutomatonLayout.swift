import KeylexRuntime

/// Where and how each state of a built automaton goes in `AUTM` (see `docs/FORMAT.md`): which
/// labels are inline, which states are tables (dense or bitmap), which last arcs lead to the next state
/// without a pointer, every pointer's width and every state's offset.
///
/// States referenced by many arcs are placed first, most referenced first, so that the pointers
/// to them are one or two bytes; every other state follows its parent in depth-first order, and a
/// state's last arc points to the state right after it without a pointer whenever it can. Pointer
/// widths are found by iterating to a fixed point in which widths only grow.
struct AutomatonLayout {
    let dawg: DawgBuilder
    /// The inline labels' codes, by slot (slot `i + 1` is `inline[i]`), and each code's slot (0: none).
    let inline: [Int]
    let inlineSlot: [Int]
    /// States in file order.
    let order: [Int]
    let form: [StateForm]
    /// Last arcs that lead to the state right after their own, without a pointer.
    let isNext: [Bool]
    /// States that store their word count (all but the targets of `next` arcs).
    let storesCount: [Bool]
    /// Bytes of each state's word count, and of its arcs without their pointers.
    let headerSize: [Int]
    let fixedSize: [Int]
    /// Each arc's pointer width (0: none), each table's slot width, each state's offset.
    private(set) var pointerWidth: [UInt8] = []
    private(set) var tableWidth: [Int] = []
    private(set) var offset: [Int] = []
    /// The bytes of all the states.
    private(set) var byteCount = 0

    init(dawg: DawgBuilder, root: Int32, alphabetSize: Int) {
        self.dawg = dawg
        (inline, inlineSlot) = Self.inlineLabels(dawg, alphabetSize: alphabetSize)
        let (order, inDegree) = Self.placementOrder(dawg, root: root)
        self.order = order
        form = Self.forms(dawg)
        (isNext, storesCount) = Self.nextArcs(dawg, order: order, inDegree: inDegree, form: form)
        (headerSize, fixedSize) = Self.sizes(dawg, form: form, storesCount: storesCount, inlineSlot: inlineSlot)
        placePointers()
    }

    /// How a state's arcs are stored: a list of arcs, or a table of slots indexed by label (see
    /// ``KeylexRuntime/DictionaryFormat/denseStateMarker`` and
    /// ``KeylexRuntime/DictionaryFormat/bitmapStateMarker``).
    enum StateForm {
        case sparse, dense, bitmap
    }

    /// Whether any state is a bitmap state (the file then needs ``ContainerFeatures/bitmapStates``).
    var hasBitmapStates: Bool { form.contains(.bitmap) }

    /// How many slots of a table are stored: all of a dense state's, a bitmap state's arcs.
    func storedSlots(_ state: Int) -> Int {
        let arcs = dawg.arcs(of: state)
        return form[state] == .dense ? tableRange(arcs).slots : arcs.count
    }

    /// The first label code of a table's arcs and its number of slots.
    func tableRange(_ arcs: Range<Int>) -> (first: Int, slots: Int) { Self.labelRange(arcs, dawg) }

    /// The first label code of `arcs` and how many codes they span, to the last.
    private static func labelRange(_ arcs: Range<Int>, _ dawg: DawgBuilder) -> (first: Int, slots: Int) {
        let first = Int(dawg.arcLabels[arcs.lowerBound] >> 1)
        return (first, Int(dawg.arcLabels[arcs.upperBound - 1] >> 1) - first + 1)
    }

    /// Where the arcs of `state` begin: after its word count.
    func arcsStart(_ state: Int) -> Int { offset[state] + headerSize[state] }

    /// The shortest pointer from the state whose arcs begin at `source` to the state at `target`:
    /// absolute, or relative to `source`, whichever has the smaller LEB128 value.
    static func pointer(to target: Int, from source: Int) -> UInt32 {
        typealias Base = DictionaryFormat.PointerBase
        let absolute = UInt32(target) * 3 + UInt32(Base.absolute.rawValue)
        let relative =
            target >= source
            ? UInt32(target - source) * 3 + UInt32(Base.forward.rawValue)
            : UInt32(source - target) * 3 + UInt32(Base.backward.rawValue)
        return min(absolute, relative)
    }

    /// The most frequent label codes (ties to the lower code), stored inside the arcs' first byte.
    private static func inlineLabels(_ dawg: DawgBuilder, alphabetSize: Int) -> (codes: [Int], slots: [Int]) {
        var labelUse = [Int](repeating: 0, count: alphabetSize)
        for label in dawg.arcLabels { labelUse[Int(label >> 1)] += 1 }
        let inline = labelUse.indices.filter { labelUse[$0] > 0 }
            .sorted { (labelUse[$0], -$0) > (labelUse[$1], -$1) }
            .prefix(DictionaryFormat.inlineLabelCount)
        var slots = [Int](repeating: 0, count: alphabetSize)
        for (slot, code) in inline.enumerated() { slots[code] = slot + 1 }
        return (Array(inline), slots)
    }

    /// Wide states get a table of slots, indexed by label, for O(1) lookups: dense where their
    /// arcs cover at least half of their label range, else a bitmap state where its bitmap takes no
    /// more than a byte an arc (finding a slot counts the bits before it).
    private static func forms(_ dawg: DawgBuilder) -> [StateForm] {
        var form = [StateForm](repeating: .sparse, count: dawg.stateCount)
        for state in 1..<dawg.stateCount {
            let arcs = dawg.arcs(of: state)
            guard arcs.count >= DictionaryFormat.tableMinimumArcs else { continue }
            let slots = labelRange(arcs, dawg).slots
            form[state] = slots <= 2 * arcs.count ? .dense : slots <= 8 * arcs.count ? .bitmap : .sparse
        }
        return form
    }

    /// A sparse state's last arc needs no pointer when the target is its only parent's and comes
    /// right after it; such a target stores no word count either (the reader derives it).
    private static func nextArcs(
        _ dawg: DawgBuilder, order: [Int], inDegree: [Int], form: [StateForm]
    ) -> (isNext: [Bool], storesCount: [Bool]) {
        var position = [Int](repeating: -1, count: dawg.stateCount)
        for (i, state) in order.enumerated() { position[state] = i }
        var isNext = [Bool](repeating: false, count: dawg.arcCount)
        var storesCount = [Bool](repeating: true, count: dawg.stateCount)
        for state in 1..<dawg.stateCount where form[state] == .sparse {
            let last = dawg.arcs(of: state).upperBound - 1
            let target = Int(dawg.arcTargets[last])
            if target != 0 && inDegree[target] == 1 && position[target] == position[state] + 1 {
                isNext[last] = true
                storesCount[target] = false
            }
        }
        return (isNext, storesCount)
    }

    /// Sizes without pointers: the count, then the arcs' first bytes and explicit labels, or the
    /// table's header (and bitmap) and kind bytes.
    private static func sizes(
        _ dawg: DawgBuilder, form: [StateForm], storesCount: [Bool], inlineSlot: [Int]
    ) -> (header: [Int], fixed: [Int]) {
        var headerSize = [Int](repeating: 0, count: dawg.stateCount)
        var fixedSize = [Int](repeating: 0, count: dawg.stateCount)
        for state in 1..<dawg.stateCount {
            headerSize[state] = storesCount[state] ? varintLength(UInt32(dawg.wordCounts[state])) : 0
            let arcs = dawg.arcs(of: state)
            if form[state] != .sparse {
                let (first, slots) = labelRange(arcs, dawg)
                let header = 2 + varintLength(UInt32(first)) + varintLength(UInt32(slots))
                fixedSize[state] = header + (form[state] == .dense ? slots : (slots + 7) / 8 + arcs.count)
            } else {
                fixedSize[state] = arcs.reduce(0) { size, arc in
                    let code = Int(dawg.arcLabels[arc] >> 1)
                    return size + 1 + (inlineSlot[code] > 0 ? 0 : varintLength(UInt32(code)))
                }
            }
        }
        return (headerSize, fixedSize)
    }

    /// Sets the offsets and pointer widths. Widths only grow from one pass to the next, so the
    /// layout reaches a fixed point; a table's slots all have the width of its widest pointer.
    private mutating func placePointers() {
        pointerWidth = [UInt8](repeating: 0, count: dawg.arcCount)
        tableWidth = [Int](repeating: 1, count: dawg.stateCount)
        offset = [Int](repeating: 0, count: dawg.stateCount)
        var pointed: [(arc: Int32, state: Int32, target: Int32)] = []
        var size = [Int](repeating: 0, count: dawg.stateCount)
        for state in order {
            size[state] = headerSize[state] + fixedSize[state] + (form[state] == .sparse ? 0 : storedSlots(state))
            for arc in dawg.arcs(of: state) where dawg.arcTargets[arc] != 0 && !isNext[arc] {
                pointerWidth[arc] = 1
                pointed.append((Int32(arc), Int32(state), dawg.arcTargets[arc]))
                if form[state] == .sparse { size[state] += 1 }
            }
        }
        repeat { placeStates(size) } while widenPointers(pointed, &size)
    }

    /// Places the states one after another, each of `size` bytes.
    private mutating func placeStates(_ size: [Int]) {
        var cursor = 0
        for state in order {
            offset[state] = cursor
            cursor += size[state]
        }
        byteCount = cursor
    }

    /// Widens every pointer of `pointed` (arcs with a pointer, with their state and target) that no
    /// longer fits its width, growing the `size` of its state; whether any did.
    private mutating func widenPointers(_ pointed: [(arc: Int32, state: Int32, target: Int32)], _ size: inout [Int]) -> Bool {
        var changed = false
        for (arc, state, target) in pointed.lazy.map({ (Int($0.arc), Int($0.state), Int($0.target)) }) {
            let needed = UInt8(varintLength(Self.pointer(to: offset[target], from: arcsStart(state))))
            guard needed > pointerWidth[arc] else { continue }
            if form[state] == .sparse {
                size[state] += Int(needed - pointerWidth[arc])
            } else if Int(needed) > tableWidth[state] {
                size[state] += storedSlots(state) * (Int(needed) - tableWidth[state])
                tableWidth[state] = Int(needed)
            }
            pointerWidth[arc] = needed
            changed = true
        }
        return changed
    }

    /// States in file order, and each state's in-degree: the multiply referenced states by falling
    /// in-degree, then the rest depth first, each followed by the chain of single-parent states its
    /// last arcs lead to.
    private static func placementOrder(_ dawg: DawgBuilder, root: Int32) -> (order: [Int], inDegree: [Int]) {
        let stateCount = dawg.stateCount
        var inDegree = [Int](repeating: 0, count: stateCount)
        for target in dawg.arcTargets { inDegree[Int(target)] += 1 }
        var placed = [Bool](repeating: false, count: stateCount)
        placed[0] = true
        var order: [Int] = []
        order.reserveCapacity(stateCount - 1)
        var pending: [Int] = []
        func placeChain(_ first: Int) {
            var state = first
            while true {
                placed[state] = true
                order.append(state)
                let arcs = dawg.arcs(of: state)
                for arc in arcs.reversed().dropFirst() where !placed[Int(dawg.arcTargets[arc])] {
                    pending.append(Int(dawg.arcTargets[arc]))
                }
                let last = Int(dawg.arcTargets[arcs.upperBound - 1])
                guard !placed[last] else { return }
                if inDegree[last] == 1 {
                    state = last
                } else {
                    pending.append(last)
                    return
                }
            }
        }
        let shared = (1..<stateCount).filter { inDegree[$0] > 1 }.sorted { (inDegree[$0], -$0) > (inDegree[$1], -$1) }
        for state in shared where !placed[state] { placeChain(state) }
        pending.append(Int(root))
        while let state = pending.popLast() {
            if !placed[state] { placeChain(state) }
        }
        precondition(order.count == stateCount - 1, "every state is reachable from the root")
        return (order, inDegree)
    }
}
