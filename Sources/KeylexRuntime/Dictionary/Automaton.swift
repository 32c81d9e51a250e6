/// A reference to a state: its offset in the `AUTM` section, and whether it starts with a word count.
///
/// States reached only through a `next` arc carry no count: it is derived from the parent's.
struct StateRef: Equatable {
    var offset: Int
    var hasCount: Bool

    /// The state after which no word continues.
    static let stop = StateRef(offset: -1, hasCount: false)
}

/// One decoded arc of the automaton.
struct Arc {
    /// The label's code in the ``Alphabet``.
    var label: UInt32
    /// A word ends after this arc's label.
    var isFinal: Bool
    /// The last arc of its state.
    var isLast: Bool
    /// The state the arc leads to.
    var target: StateRef
}

/// The bytes of the `AUTM` section and the decoding of its states and arcs.
///
/// A state is an optional LEB128 count of the words its right language holds, followed by its arcs
/// in label order: either a list of variable-size arcs, or (for wide states) a table of slots
/// indexed by label. Every decoding step is bounds-checked and returns `nil` on malformed bytes.
struct Automaton: Sendable {
    let bytes: ByteView
    let alphabet: Alphabet
    /// The sampled word counts of wide tables (dense and bitmap states), when the file has them.
    let ranks: DenseRanks?

    /// Where the arcs of `state` begin: past its word count, if it has one.
    @inline(__always)
    func arcs(of state: StateRef) -> Int? {
        if state == .stop { return -1 }
        var position = state.offset
        guard !state.hasCount || bytes.varint(&position) != nil else { return nil }
        return position
    }

    /// The number of words in the right language of `state`, for states that store it.
    @inline(__always)
    func wordCount(_ state: StateRef) -> Int? {
        if state == .stop { return 0 }
        guard state.hasCount else { return nil }
        var position = state.offset
        return bytes.varint(&position).map(Int.init)
    }

    /// The table of a dense or bitmap state whose arcs begin at `arcs`: its slots are indexed by
    /// label code less `firstCode`; a bitmap state stores only the slots its bitmap (at `bitmap`,
    /// -1 for a dense state) marks.
    struct SlotTable {
        var firstCode: UInt32
        /// Bytes a slot (a `UInt32` beside `firstCode`: the table fits in four registers).
        private var size: UInt32
        var slots: Int
        var base: Int
        var bitmap: Int
        var slotSize: Int { Int(size) }

        init(firstCode: UInt32, slots: Int, slotSize: Int, base: Int, bitmap: Int) {
            self.firstCode = firstCode
            self.size = UInt32(slotSize)
            self.slots = slots
            self.base = base
            self.bitmap = bitmap
        }
    }

    /// Whether a state's arcs that start with byte `first` are a table: a table's marker (dense or
    /// bitmap) or above, which no arc starts with.
    @inline(__always)
    static func isTable(_ first: UInt8) -> Bool { first >= DictionaryFormat.denseStateMarker }

    /// The table whose arcs begin at `arcs` with byte `marker`; `nil` when they are no table's or
    /// malformed.
    @inline(__always)
    func slotTable(at arcs: Int, marker: UInt8) -> SlotTable? {
        var p = arcs + 1
        guard marker == DictionaryFormat.denseStateMarker || marker == DictionaryFormat.bitmapStateMarker,
            let first = bytes.varint(&p), let slots = bytes.varint(&p), let width = bytes.u8(p),
            (1...5).contains(width), Int(slots) <= alphabet.size
        else { return nil }
        guard marker == DictionaryFormat.bitmapStateMarker else {
            return SlotTable(firstCode: first, slots: Int(slots), slotSize: 1 + Int(width), base: p + 1, bitmap: -1)
        }
        let bitmapSize = (Int(slots) + 7) / 8
        guard bitmapSize <= bytes.count - (p + 1) else { return nil }
        return SlotTable(firstCode: first, slots: Int(slots), slotSize: 1 + Int(width), base: p + 1 + bitmapSize, bitmap: p + 1)
    }

    /// Whether slot `index` of `table` has an arc (for a dense table, whether its kind byte is not
    /// ``DictionaryFormat/emptySlot``).
    @inline(__always)
    private func hasArc(_ index: Int, of table: SlotTable) -> Bool {
        guard table.bitmap >= 0 else { return bytes.u8(table.base + index * table.slotSize) != DictionaryFormat.emptySlot }
        return (bytes.u8(table.bitmap + index >> 3) ?? 0) & (1 << UInt8(index & 7)) != 0
    }

    /// Where slot `index` (below `table.slots`) of `table` is stored: in a bitmap state, after as
    /// many slots as the bitmap marks before it.
    @inline(__always)
    private func position(ofSlot index: Int, in table: SlotTable) -> Int {
        table.bitmap < 0 ? table.base + index * table.slotSize : table.base + marked(before: index, in: table) * table.slotSize
    }

    /// How many slots before `index` the bitmap of `table` marks.
    private func marked(before index: Int, in table: SlotTable) -> Int {
        var before = 0, bit = 0
        while bit + 64 <= index {
            before += (bytes.u64(table.bitmap + bit >> 3) ?? 0).nonzeroBitCount
            bit += 64
        }
        guard bit < index else { return before }
        // The bits left, read as one word: the bytes past the bitmap (its slots) are masked off.
        let below: UInt64 = 1 << UInt64(index - bit) - 1
        if let word = bytes.u64(table.bitmap + bit >> 3) { return before + (word & below).nonzeroBitCount }
        for byte in 0..<(index - bit + 7) / 8 {
            before += Int((UInt64(bytes.u8(table.bitmap + bit >> 3 + byte) ?? 0) << UInt64(8 * byte) & below).nonzeroBitCount)
        }
        return before
    }

    /// Decodes where an arc leads from its kind, reading a pointer at `p` when it has one.
    @inline(__always)
    private func target(kind: Int, at p: inout Int, arcs: Int) -> (target: StateRef, isFinal: Bool)? {
        guard kind < 10, let target = DictionaryFormat.ArcTarget(rawValue: UInt8(kind >> 1)) else { return nil }
        switch target {
        case .explicit, .explicitFinal:
            guard let value = bytes.varint(&p) else { return nil }
            let distance = Int(value / 3)
            let offset: Int
            switch DictionaryFormat.PointerBase(rawValue: UInt8(value % 3))! {
            case .absolute: offset = distance
            case .forward: offset = arcs + distance
            case .backward: offset = arcs - distance
            }
            guard offset >= 0, offset < bytes.count else { return nil }
            return (StateRef(offset: offset, hasCount: true), target.isFinal)
        case .next, .nextFinal:
            guard kind & 1 == 1 else { return nil }  // only a last arc may lead to the next state
            return (StateRef(offset: p, hasCount: false), target.isFinal)
        case .stop:
            return (.stop, true)
        }
    }

    /// Decodes the kind and label of the sparse arc at `position`, whose first byte is `first`, and
    /// where its pointer (if any) starts.
    @inline(__always)
    private func sparseHead(_ first: UInt8, at position: Int) -> (kind: Int, label: UInt32, after: Int)? {
        var p = position + 1
        let label = alphabet.arcLabel(first)
        if label == Alphabet.labelFollows {
            guard let code = bytes.varint(&p) else { return nil }
            return (Int(first) / DictionaryFormat.labelSlots, code, p)
        }
        return (Int(first) / DictionaryFormat.labelSlots, label, p)
    }

    /// Decodes slot `index` of a dense or bitmap table; `nil` when it is empty or malformed.
    @inline(__always)
    private func slot(_ index: Int, of table: SlotTable, arcs: Int) -> Arc? {
        guard index >= 0, index < table.slots, table.bitmap < 0 || hasArc(index, of: table) else { return nil }
        return decodeSlot(index, at: position(ofSlot: index, in: table), of: table, arcs: arcs)
    }

    /// Decodes slot `index` of a table, stored at `position`; `nil` when it is empty or malformed.
    @inline(__always)
    private func decodeSlot(_ index: Int, at position: Int, of table: SlotTable, arcs: Int) -> Arc? {
        guard let kind = bytes.u8(position), kind != DictionaryFormat.emptySlot,
            kind >> 1 != DictionaryFormat.ArcTarget.next.rawValue, kind >> 1 != DictionaryFormat.ArcTarget.nextFinal.rawValue
        else { return nil }
        var p = position + 1
        guard let (target, isFinal) = target(kind: Int(kind), at: &p, arcs: arcs), p <= position + table.slotSize else { return nil }
        return Arc(
            label: table.firstCode &+ UInt32(index), isFinal: isFinal, isLast: kind & 1 == 1,
            target: target)
    }

    /// Finds the arc labelled `code` among the arcs starting at `arcs`. With `ranking`, adds to
    /// `rank` the number of words reached through the arcs before it.
    ///
    /// Arcs passed over are only skipped, not decoded, unless their word counts are needed.
    @inline(__always)
    func find(_ code: UInt32, arcs: Int, rank: inout Int, ranking: Bool) -> Arc? {
        guard let marker = bytes.u8(arcs) else { return nil }
        if Self.isTable(marker) {
            guard let table = slotTable(at: arcs, marker: marker), code >= table.firstCode else { return nil }
            let index = Int(code - table.firstCode)
            // `slot(_:of:arcs:)`'s checks, written here: called, it was not inlined (5% slower).
            guard index < table.slots, table.bitmap < 0 || hasArc(index, of: table),
                let found = decodeSlot(index, at: position(ofSlot: index, in: table), of: table, arcs: arcs)
            else { return nil }
            if ranking {
                let (words, start) = ranks?.wordsBefore(slot: index, ofStateAt: arcs) ?? (0, 0)
                rank += words
                for before in start..<index {
                    guard hasArc(before, of: table) else { continue }
                    guard let arc = slot(before, of: table, arcs: arcs), let below = wordCount(arc.target) else { return nil }
                    rank += below + (arc.isFinal ? 1 : 0)
                }
            }
            return found
        }
        var position = arcs
        for _ in 0...alphabet.size {
            guard let first = bytes.u8(position), let (kind, label, after) = sparseHead(first, at: position) else { return nil }
            var p = after
            if label == code {
                guard let (target, isFinal) = target(kind: kind, at: &p, arcs: arcs) else { return nil }
                return Arc(label: label, isFinal: isFinal, isLast: kind & 1 == 1, target: target)
            }
            if label > code || kind & 1 == 1 { return nil }
            if ranking {
                guard let (target, isFinal) = target(kind: kind, at: &p, arcs: arcs),
                    let below = wordCount(target)
                else { return nil }
                rank += below + (isFinal ? 1 : 0)
            } else {
                skipPointer(kind: kind, at: &p)
            }
            position = p
        }
        return nil
    }

    /// A position among the arcs of one state, for reading them in order: for a sparse state the
    /// byte offset of the next arc, for a table the index of the next slot; -1 past the last. In a
    /// bitmap state, `stored` is where the next slot that has an arc is stored.
    struct ArcCursor {
        let arcs: Int
        let table: SlotTable?
        var next: Int
        var stored = 0
    }

    /// A cursor on the first arc of the state whose arcs begin at `arcs`; `nil` on malformed bytes.
    @inline(__always)
    func cursor(arcs: Int) -> ArcCursor? {
        guard let marker = bytes.u8(arcs) else { return nil }
        guard Self.isTable(marker) else { return ArcCursor(arcs: arcs, table: nil, next: arcs) }
        guard let table = slotTable(at: arcs, marker: marker) else { return nil }
        return ArcCursor(arcs: arcs, table: table, next: 0, stored: table.base)
    }

    /// The next arc at `cursor` whose label `matches` accepts, moving the cursor past it; `nil` after
    /// the last arc or on malformed bytes. The arcs passed over are only skipped, not decoded.
    @inline(__always)
    func next(_ cursor: inout ArcCursor, where matches: (UInt32) -> Bool) -> Arc? {
        if let table = cursor.table {
            while cursor.next >= 0, cursor.next < table.slots {
                let index = cursor.next
                cursor.next += 1
                guard hasArc(index, of: table) else { continue }
                let position = table.bitmap < 0 ? table.base + index * table.slotSize : cursor.stored
                cursor.stored += table.slotSize
                guard matches(table.firstCode &+ UInt32(index)) else { continue }
                guard let arc = decodeSlot(index, at: position, of: table, arcs: cursor.arcs) else { break }
                if arc.isLast { cursor.next = -1 }
                return arc
            }
            cursor.next = -1
            return nil
        }
        while cursor.next >= 0 {
            guard let first = bytes.u8(cursor.next), let (kind, label, after) = sparseHead(first, at: cursor.next) else { break }
            var p = after
            let isLast = kind & 1 == 1
            if matches(label) {
                guard let (target, isFinal) = target(kind: kind, at: &p, arcs: cursor.arcs) else { break }
                cursor.next = isLast ? -1 : p
                return Arc(label: label, isFinal: isFinal, isLast: isLast, target: target)
            }
            skipPointer(kind: kind, at: &p)
            cursor.next = isLast ? -1 : p
        }
        cursor.next = -1
        return nil
    }

    /// The arc labelled `code` of the table (dense or bitmap state) of `cursor`, found by its slot;
    /// `nil` when it has none or the state is not a table.
    @inline(__always)
    func arc(labelled code: UInt32, at cursor: ArcCursor) -> Arc? {
        guard let table = cursor.table, code >= table.firstCode else { return nil }
        return slot(Int(code - table.firstCode), of: table, arcs: cursor.arcs)
    }

    /// Moves `p` past the pointer of a sparse arc of kind `kind`, if it has one.
    @inline(__always)
    private func skipPointer(kind: Int, at p: inout Int) {
        guard kind >> 1 <= DictionaryFormat.ArcTarget.explicitFinal.rawValue else { return }
        while let byte = bytes.u8(p), byte & 0x80 != 0 { p += 1 }
        p += 1
    }

    /// Appends to `buffer` the labels of the word of rank `rank` in the right language of `state`
    /// (0 is its first word in lexicographic order). Returns the new length, or `nil` when the rank
    /// is out of range, the word would not fit, or the bytes are malformed.
    func select(rank: Int, from state: StateRef, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>, length: Int) -> Int? {
        var remaining = rank
        var state = state
        var length = length
        while length < buffer.count {
            guard state != .stop, let arcs = arcs(of: state), var cursor = cursor(arcs: arcs) else { return nil }
            var taken: Arc?
            for _ in 0...alphabet.size {
                guard let arc = next(&cursor, where: { _ in true }) else { return nil }
                if arc.isFinal {
                    if remaining == 0 {
                        buffer[length] = alphabet.scalar(of: arc.label)
                        return length + 1
                    }
                    remaining -= 1
                }
                if arc.isLast {
                    taken = arc  // the words left are all below the last arc
                    break
                }
                guard let below = wordCount(arc.target) else { return nil }
                if remaining < below {
                    taken = arc
                    break
                }
                remaining -= below
            }
            guard let arc = taken, arc.target != .stop else { return nil }
            buffer[length] = alphabet.scalar(of: arc.label)
            length += 1
            state = arc.target
        }
        return nil
    }
}

extension Automaton {
    /// Calls `body` with the length of each word below `state`, in lexicographic order, from the
    /// word numbered `skip` below it on, `count` words at most (both counted down as it goes); the
    /// words have `depth` letters above `state` and at most `maxLength` in all. Each arc is read
    /// once, where ``select(rank:from:into:length:)`` reads a word's path from the top, and at most
    /// `budget` arcs are read (counted down): a malformed file's counts cannot make the walk run on.
    /// Returns `false` on malformed bytes (a word longer than `maxLength`, a state that ends too
    /// soon) or when the budget runs out.
    func forEachLength(
        below state: StateRef, depth: Int, maxLength: Int, skip: inout Int, count: inout Int, budget: inout Int,
        _ body: (Int) -> Void
    ) -> Bool {
        guard depth < maxLength, let arcs = arcs(of: state), var cursor = cursor(arcs: arcs) else { return false }
        for _ in 0...alphabet.size {
            guard count > 0 else { return true }
            budget -= 1
            guard budget >= 0, let arc = next(&cursor, where: { _ in true }) else { return false }
            if arc.isFinal {
                if skip > 0 {
                    skip -= 1
                } else {
                    body(depth + 1)
                    count -= 1
                }
            }
            guard arc.target != .stop, count > 0 else {
                if arc.isLast { return true }
                continue
            }
            // The words left are all below the last arc: its target's count is not needed.
            if !arc.isLast {
                guard let below = wordCount(arc.target) else { return false }
                if skip >= below {
                    skip -= below
                    continue
                }
            }
            guard
                forEachLength(below: arc.target, depth: depth + 1, maxLength: maxLength, skip: &skip, count: &count, budget: &budget, body)
            else { return false }
            if arc.isLast { return true }
        }
        return false
    }
}
