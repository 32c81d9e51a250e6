import KeylexRuntime

/// Lays out a built automaton and encodes the sections of a dictionary (see `docs/FORMAT.md`).
///
/// Layout: states referenced by many arcs are placed first, most referenced first, so that the
/// pointers to them are one or two bytes; every other state follows its parent in depth-first
/// order, and a state's last arc points to the state right after it without a pointer whenever it
/// can. The most frequent labels are stored inside the arc's first byte; wide states become dense
/// tables indexed by label. Pointers are LEB128, absolute or relative, whichever is shorter; their
/// widths are found by iterating to a fixed point in which widths only grow.
struct DictionaryEncoder {
    let dawg: DawgBuilder
    let root: Int32
    /// The alphabet, sorted; a scalar's code is its index.
    let scalars: [Unicode.Scalar]
    let wordCount: Int
    let maxWordLength: Int

    /// The encoded `ALPH`, `AUTM` and `DICT` sections.
    func encode() -> [(SectionTag, [UInt8])] {
        let stateCount = dawg.stateCount
        // Inline labels: the most frequent codes, ties to the lower code.
        var labelUse = [Int](repeating: 0, count: scalars.count)
        for label in dawg.arcLabels { labelUse[Int(label >> 1)] += 1 }
        let inline = labelUse.indices.filter { labelUse[$0] > 0 }
            .sorted { (labelUse[$0], -$0) > (labelUse[$1], -$1) }
            .prefix(DictionaryFormat.inlineLabelCount)
        var inlineSlot = [Int](repeating: 0, count: scalars.count)
        for (slot, code) in inline.enumerated() { inlineSlot[code] = slot + 1 }

        let (order, inDegree) = placementOrder()
        var position = [Int](repeating: -1, count: stateCount)
        for (i, state) in order.enumerated() { position[state] = i }

        // Wide states get a dense table of slots, indexed by label, for O(1) lookups.
        var isDense = [Bool](repeating: false, count: stateCount)
        for state in 1..<stateCount {
            let arcs = dawg.arcs(of: state)
            let range = Int(dawg.arcLabels[arcs.upperBound - 1] >> 1) - Int(dawg.arcLabels[arcs.lowerBound] >> 1) + 1
            isDense[state] = arcs.count >= DictionaryFormat.denseMinimumArcs && range <= 2 * arcs.count
        }
        // A sparse state's last arc needs no pointer when the target is its only parent's and comes
        // right after it; such a target stores no word count either (the reader derives it).
        let arcCount = dawg.arcCount
        var isNext = [Bool](repeating: false, count: arcCount)
        var storesCount = [Bool](repeating: true, count: stateCount)
        for state in 1..<stateCount where !isDense[state] {
            let last = dawg.arcs(of: state).upperBound - 1
            let target = Int(dawg.arcTargets[last])
            if target != 0 && inDegree[target] == 1 && position[target] == position[state] + 1 {
                isNext[last] = true
                storesCount[target] = false
            }
        }
        // Sizes without pointers: the count, then the arcs' first bytes and explicit labels, or the
        // dense table's header and kind bytes.
        var headerSize = [Int](repeating: 0, count: stateCount)
        var fixedSize = [Int](repeating: 0, count: stateCount)
        for state in 1..<stateCount {
            headerSize[state] = storesCount[state] ? varintLength(UInt32(dawg.wordCounts[state])) : 0
            let arcs = dawg.arcs(of: state)
            if isDense[state] {
                let (first, slots) = denseRange(arcs)
                fixedSize[state] = 2 + varintLength(UInt32(first)) + varintLength(UInt32(slots)) + slots
            } else {
                fixedSize[state] = arcs.reduce(0) { size, arc in
                    let code = Int(dawg.arcLabels[arc] >> 1)
                    return size + 1 + (inlineSlot[code] > 0 ? 0 : varintLength(UInt32(code)))
                }
            }
        }
        // Pointer widths only grow from one pass to the next, so the layout reaches a fixed point.
        // A dense state's slots all have the width of its widest pointer.
        var pointerWidth = [UInt8](repeating: 0, count: arcCount)
        for arc in 0..<arcCount where dawg.arcTargets[arc] != 0 && !isNext[arc] { pointerWidth[arc] = 1 }
        var denseWidth = [Int](repeating: 1, count: stateCount)
        var offset = [Int](repeating: 0, count: stateCount)
        var changed = true
        while changed {
            changed = false
            var cursor = 0
            for state in order {
                offset[state] = cursor
                let arcs = dawg.arcs(of: state)
                let pointers = isDense[state] ? denseRange(arcs).slots * denseWidth[state] : arcs.reduce(0) { $0 + Int(pointerWidth[$1]) }
                cursor += headerSize[state] + fixedSize[state] + pointers
            }
            for state in order {
                let arcsStart = offset[state] + headerSize[state]
                for arc in dawg.arcs(of: state) where pointerWidth[arc] > 0 {
                    let needed = UInt8(varintLength(pointer(to: offset[Int(dawg.arcTargets[arc])], from: arcsStart)))
                    if needed > pointerWidth[arc] {
                        pointerWidth[arc] = needed
                        changed = true
                    }
                    if isDense[state] && Int(needed) > denseWidth[state] {
                        denseWidth[state] = Int(needed)
                        changed = true
                    }
                }
            }
        }

        var automaton: [UInt8] = []
        var denseStates: [(arcs: Int, state: Int)] = []
        for state in order {
            assert(automaton.count == offset[state])
            if storesCount[state] { appendVarint(UInt32(dawg.wordCounts[state]), to: &automaton) }
            let arcsStart = automaton.count
            let arcs = dawg.arcs(of: state)
            func kindValue(_ arc: Int) -> Int {
                let isFinal = dawg.arcLabels[arc] & 1 == 1
                let target = Int(dawg.arcTargets[arc])
                let kind: DictionaryFormat.ArcTarget
                if target == 0 { kind = .stop }
                else if isNext[arc] { kind = isFinal ? .nextFinal : .next }
                else { kind = isFinal ? .explicitFinal : .explicit }
                return Int(kind.rawValue) * 2 + (arc == arcs.upperBound - 1 ? 1 : 0)
            }
            if isDense[state] {
                denseStates.append((arcsStart, state))
                let (first, slots) = denseRange(arcs)
                let width = denseWidth[state]
                automaton.append(DictionaryFormat.denseStateMarker)
                appendVarint(UInt32(first), to: &automaton)
                appendVarint(UInt32(slots), to: &automaton)
                automaton.append(UInt8(width))
                var arc = arcs.lowerBound
                for code in first..<(first + slots) {
                    guard Int(dawg.arcLabels[arc] >> 1) == code else {
                        automaton.append(DictionaryFormat.emptySlot)
                        automaton += [UInt8](repeating: 0, count: width)
                        continue
                    }
                    automaton.append(UInt8(kindValue(arc)))
                    let target = Int(dawg.arcTargets[arc])
                    if target == 0 {
                        automaton += [UInt8](repeating: 0, count: width)
                    } else {
                        appendVarint(pointer(to: offset[target], from: arcsStart), width: width, to: &automaton)
                    }
                    arc += 1
                }
                continue
            }
            for arc in arcs {
                let code = Int(dawg.arcLabels[arc] >> 1)
                let target = Int(dawg.arcTargets[arc])
                automaton.append(UInt8(kindValue(arc) * DictionaryFormat.labelSlots + inlineSlot[code]))
                if inlineSlot[code] == 0 { appendVarint(UInt32(code), to: &automaton) }
                if pointerWidth[arc] > 0 {
                    appendVarint(pointer(to: offset[target], from: arcsStart), width: Int(pointerWidth[arc]), to: &automaton)
                }
            }
        }

        typealias H = DictionaryFormat.HeaderField
        var header = [UInt8](repeating: 0, count: H.size)
        header.store(UInt32(wordCount), at: H.wordCount)
        header.store(UInt32(stateCount - 1), at: H.stateCount)
        header.store(UInt32(arcCount), at: H.arcCount)
        header.store(UInt32(scalars.count), at: H.alphabetSize)
        header.store(UInt32(offset[Int(root)]), at: H.rootOffset)
        header.store(UInt32(maxWordLength), at: H.maxWordLength)
        header.store(UInt32(DictionaryFormat.topKFanout), at: H.topKFanout)

        let sections = [(SectionTag.dictionaryHeader, header), (.alphabet, alphabetSection(inline: Array(inline))), (.automaton, automaton)]
        return sections + (denseRanks(denseStates).map { [(.denseRanks, $0)] } ?? [])
    }

    /// The `rank` section of the dense states (where their arcs begin, in layout order): the words
    /// through their slots before every ``DictionaryFormat/rankInterval``-th slot; `nil` when no
    /// state is that wide.
    private func denseRanks(_ states: [(arcs: Int, state: Int)]) -> [UInt8]? {
        let interval = DictionaryFormat.rankInterval
        var records: [(arcs: Int, first: Int)] = [], samples: [Int] = []
        for (arcsStart, state) in states where denseRange(dawg.arcs(of: state)).slots > interval {
            records.append((arcsStart, samples.count))
            let arcs = dawg.arcs(of: state), (first, slots) = denseRange(arcs)
            var wordsBySlot = [Int](repeating: 0, count: slots)  // empty slots reach no word
            for arc in arcs {
                let target = Int(dawg.arcTargets[arc])
                wordsBySlot[Int(dawg.arcLabels[arc] >> 1) - first] = Int(dawg.arcLabels[arc] & 1) + (target == 0 ? 0 : Int(dawg.wordCounts[target]))
            }
            var words = 0
            for slot in 0..<slots {
                if slot > 0 && slot % interval == 0 { samples.append(words) }
                words += wordsBySlot[slot]
            }
        }
        guard !records.isEmpty else { return nil }
        var bytes: [UInt8] = []
        bytes.append(littleEndian: UInt32(records.count))
        for (arcs, first) in records + [(Int(UInt32.max), samples.count)] {
            bytes.append(littleEndian: UInt32(arcs))
            bytes.append(littleEndian: UInt32(first))
        }
        for sample in samples { bytes.append(littleEndian: UInt32(sample)) }
        return bytes
    }

    /// The first label code of a dense state and its number of slots.
    private func denseRange(_ arcs: Range<Int>) -> (first: Int, slots: Int) {
        let first = Int(dawg.arcLabels[arcs.lowerBound] >> 1)
        return (first, Int(dawg.arcLabels[arcs.upperBound - 1] >> 1) - first + 1)
    }

    /// The shortest pointer from the state whose arcs begin at `source` to the state at `target`:
    /// absolute, or relative to `source`, whichever has the smaller LEB128 value.
    private func pointer(to target: Int, from source: Int) -> UInt32 {
        typealias Base = DictionaryFormat.PointerBase
        let absolute = UInt32(target) * 3 + UInt32(Base.absolute.rawValue)
        let relative = target >= source
            ? UInt32(target - source) * 3 + UInt32(Base.forward.rawValue)
            : UInt32(source - target) * 3 + UInt32(Base.backward.rawValue)
        return min(absolute, relative)
    }

    /// States in file order, and each state's in-degree: the multiply referenced states by falling
    /// in-degree, then the rest depth first, each followed by the chain of single-parent states its
    /// last arcs lead to.
    private func placementOrder() -> (order: [Int], inDegree: [Int]) {
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

    private func alphabetSection(inline: [Int]) -> [UInt8] {
        typealias L = DictionaryFormat.AlphabetLayout
        var bytes = [UInt8](repeating: 0, count: L.scalarsOffset + 4 * scalars.count)
        bytes.store(UInt32(scalars.count), at: 0)
        for i in 0..<L.directTableEntries { bytes.store(L.noCode, at: L.directTableOffset + 2 * i) }
        for (code, scalar) in scalars.enumerated() {
            if scalar.value < UInt32(L.directTableEntries) {
                bytes.store(UInt16(code), at: L.directTableOffset + 2 * Int(scalar.value))
            }
            bytes.store(scalar.value, at: L.scalarsOffset + 4 * code)
        }
        for slot in 0..<DictionaryFormat.inlineLabelCount {
            bytes.store(slot < inline.count ? UInt32(inline[slot]) : UInt32.max, at: L.inlineTableOffset + 4 * slot)
        }
        return bytes
    }
}

/// The number of bytes of the LEB128 form of `value`.
func varintLength(_ value: UInt32) -> Int {
    var length = 1
    var v = value >> 7
    while v != 0 { length += 1; v >>= 7 }
    return length
}

/// Appends `value` as LEB128, padded with continuation bytes to `width` bytes when given.
func appendVarint(_ value: UInt32, width: Int = 0, to bytes: inout [UInt8]) {
    let length = max(width, varintLength(value))
    var v = value
    for i in 0..<length {
        let more = i < length - 1
        bytes.append(UInt8(v & 0x7F) | (more ? 0x80 : 0))
        v >>= 7
    }
}

extension Array where Element == UInt8 {
    /// Stores `value` little-endian at `offset`.
    mutating func store<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        for i in 0..<(T.bitWidth / 8) {
            self[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * i))
        }
    }

    /// Appends `value` little-endian.
    mutating func append<T: FixedWidthInteger>(littleEndian value: T) {
        for i in 0..<(T.bitWidth / 8) {
            append(UInt8(truncatingIfNeeded: value >> (8 * i)))
        }
    }
}
