import KeylexRuntime

/// Encodes the sections of a dictionary from a built automaton (see `docs/FORMAT.md`): the
/// header, the alphabet, the automaton's states as ``AutomatonLayout`` places them, and the
/// sampled ranks of its wide tables (dense and bitmap states).
struct DictionaryEncoder {
    let dawg: DawgBuilder
    let root: Int32
    /// The alphabet, sorted; a scalar's code is its index.
    let scalars: [Unicode.Scalar]
    let wordCount: Int
    let maxWordLength: Int
    let options: DictionaryFormat.Options

    /// The encoded `DICT`, `ALPH` and `AUTM` sections, and `rank` when a table is wide enough; and
    /// the features the file needs for them beyond ``ContainerFeatures/dictionary``.
    func encode() -> (sections: [(SectionTag, [UInt8])], features: ContainerFeatures) {
        let layout = AutomatonLayout(dawg: dawg, root: root, alphabetSize: scalars.count)
        var automaton: [UInt8] = []
        automaton.reserveCapacity(layout.byteCount)
        for state in layout.order {
            precondition(automaton.count == layout.offset[state], "each state is written where the layout placed it")
            if layout.storesCount[state] { appendVarint(UInt32(dawg.wordCounts[state]), to: &automaton) }
            if layout.form[state] == .sparse {
                appendSparseArcs(of: state, layout, to: &automaton)
            } else {
                appendTable(of: state, layout, to: &automaton)
            }
        }
        let tables = layout.order.filter { layout.form[$0] != .sparse }.map { (arcs: layout.arcsStart($0), state: $0) }
        let sections = [
            (SectionTag.dictionaryHeader, header(rootOffset: layout.offset[Int(root)])),
            (.alphabet, alphabetSection(inline: layout.inline)), (.automaton, automaton),
        ]
        let ranks = denseRanks(tables, layout).map { [(SectionTag.denseRanks, $0)] } ?? []
        return (sections + ranks, layout.hasBitmapStates ? .bitmapStates : [])
    }

    /// The kind byte's value of `arc`, of a state whose arcs are `arcs`: `isLast + 2 × target`.
    private func kind(_ arc: Int, of arcs: Range<Int>, _ layout: AutomatonLayout) -> Int {
        let isFinal = dawg.arcLabels[arc] & 1 == 1
        let target = Int(dawg.arcTargets[arc])
        let kind: DictionaryFormat.ArcTarget
        if target == 0 {
            kind = .stop
        } else if layout.isNext[arc] {
            kind = isFinal ? .nextFinal : .next
        } else {
            kind = isFinal ? .explicitFinal : .explicit
        }
        return Int(kind.rawValue) * 2 + (arc == arcs.upperBound - 1 ? 1 : 0)
    }

    /// Appends the table of `state`: the marker, its first code, its slot count and width, a
    /// bitmap state's bitmap, and a kind byte and a padded pointer per slot (a bitmap state's
    /// empty slots left out).
    private func appendTable(of state: Int, _ layout: AutomatonLayout, to automaton: inout [UInt8]) {
        let arcsStart = automaton.count, arcs = dawg.arcs(of: state), isDense = layout.form[state] == .dense
        let (first, slots) = layout.tableRange(arcs), width = layout.tableWidth[state]
        automaton.append(isDense ? DictionaryFormat.denseStateMarker : DictionaryFormat.bitmapStateMarker)
        appendVarint(UInt32(first), to: &automaton)
        appendVarint(UInt32(slots), to: &automaton)
        automaton.append(UInt8(width))
        if !isDense {
            var bitmap = [UInt8](repeating: 0, count: (slots + 7) / 8)
            for arc in arcs {
                let index = Int(dawg.arcLabels[arc] >> 1) - first
                bitmap[index >> 3] |= 1 << UInt8(index & 7)
            }
            automaton += bitmap
        }
        var arc = arcs.lowerBound
        for code in first..<(first + slots) {
            guard Int(dawg.arcLabels[arc] >> 1) == code else {
                guard isDense else { continue }
                automaton.append(DictionaryFormat.emptySlot)
                automaton += [UInt8](repeating: 0, count: width)
                continue
            }
            automaton.append(UInt8(kind(arc, of: arcs, layout)))
            let target = Int(dawg.arcTargets[arc])
            if target == 0 {
                automaton += [UInt8](repeating: 0, count: width)
            } else {
                appendVarint(AutomatonLayout.pointer(to: layout.offset[target], from: arcsStart), width: width, to: &automaton)
            }
            arc += 1
        }
    }

    /// Appends the arcs of sparse `state`: each a first byte (kind and inline label), an explicit
    /// label when not inline, and a pointer when it needs one.
    private func appendSparseArcs(of state: Int, _ layout: AutomatonLayout, to automaton: inout [UInt8]) {
        let arcsStart = automaton.count, arcs = dawg.arcs(of: state)
        for arc in arcs {
            let code = Int(dawg.arcLabels[arc] >> 1)
            let target = Int(dawg.arcTargets[arc])
            automaton.append(UInt8(kind(arc, of: arcs, layout) * DictionaryFormat.labelSlots + layout.inlineSlot[code]))
            if layout.inlineSlot[code] == 0 { appendVarint(UInt32(code), to: &automaton) }
            if layout.pointerWidth[arc] > 0 {
                appendVarint(
                    AutomatonLayout.pointer(to: layout.offset[target], from: arcsStart), width: Int(layout.pointerWidth[arc]),
                    to: &automaton)
            }
        }
    }

    /// The `DICT` section.
    private func header(rootOffset: Int) -> [UInt8] {
        typealias HeaderField = DictionaryFormat.HeaderField
        var header = [UInt8](repeating: 0, count: HeaderField.size)
        header.store(UInt32(wordCount), at: HeaderField.wordCount)
        header.store(UInt32(dawg.stateCount - 1), at: HeaderField.stateCount)
        header.store(UInt32(dawg.arcCount), at: HeaderField.arcCount)
        header.store(UInt32(scalars.count), at: HeaderField.alphabetSize)
        header.store(UInt32(rootOffset), at: HeaderField.rootOffset)
        header.store(UInt32(maxWordLength), at: HeaderField.maxWordLength)
        header.store(UInt32(DictionaryFormat.topKFanout), at: HeaderField.topKFanout)
        header.store(options.rawValue, at: HeaderField.options)
        return header
    }

    /// The `rank` section of the tables (where their arcs begin, in layout order): the words
    /// through their slots before every ``DictionaryFormat/rankInterval``-th slot; `nil` when no
    /// state is that wide.
    private func denseRanks(_ states: [(arcs: Int, state: Int)], _ layout: AutomatonLayout) -> [UInt8]? {
        let interval = DictionaryFormat.rankInterval
        var records: [(arcs: Int, first: Int)] = [], samples: [Int] = []
        for (arcsStart, state) in states {
            let arcs = dawg.arcs(of: state), (first, slots) = layout.tableRange(arcs)
            guard slots > interval else { continue }
            records.append((arcsStart, samples.count))
            var wordsBySlot = [Int](repeating: 0, count: slots)  // empty slots reach no word
            for arc in arcs {
                let target = Int(dawg.arcTargets[arc])
                wordsBySlot[Int(dawg.arcLabels[arc] >> 1) - first] =
                    Int(dawg.arcLabels[arc] & 1) + (target == 0 ? 0 : Int(dawg.wordCounts[target]))
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

    private func alphabetSection(inline: [Int]) -> [UInt8] {
        typealias AlphabetLayout = DictionaryFormat.AlphabetLayout
        var bytes = [UInt8](repeating: 0, count: AlphabetLayout.scalarsOffset + 4 * scalars.count)
        bytes.store(UInt32(scalars.count), at: 0)
        for i in 0..<AlphabetLayout.directTableEntries { bytes.store(AlphabetLayout.noCode, at: AlphabetLayout.directTableOffset + 2 * i) }
        for (code, scalar) in scalars.enumerated() {
            if scalar.value < UInt32(AlphabetLayout.directTableEntries) {
                bytes.store(UInt16(code), at: AlphabetLayout.directTableOffset + 2 * Int(scalar.value))
            }
            bytes.store(scalar.value, at: AlphabetLayout.scalarsOffset + 4 * code)
        }
        for slot in 0..<DictionaryFormat.inlineLabelCount {
            bytes.store(slot < inline.count ? UInt32(inline[slot]) : UInt32.max, at: AlphabetLayout.inlineTableOffset + 4 * slot)
        }
        return bytes
    }
}

/// The number of bytes of the LEB128 form of `value`.
func varintLength(_ value: UInt32) -> Int {
    max(1, (UInt32.bitWidth - value.leadingZeroBitCount + 6) / 7)
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
