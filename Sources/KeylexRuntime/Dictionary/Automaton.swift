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
    /// Where the next arc of the same state starts (meaningless on the last arc).
    var end: Int
}

/// The bytes of the `AUTM` section and the decoding of its states and arcs.
///
/// A state is an optional LEB128 count of the words its right language holds, followed by its arcs
/// in label order: either a list of variable-size arcs, or (for wide states) a dense table of slots
/// indexed by label. Every decoding step is bounds-checked and returns `nil` on malformed bytes.
struct Automaton: Sendable {
    let bytes: ByteView
    let alphabet: Alphabet
    /// The sampled word counts of wide dense states, when the file has them.
    let ranks: DenseRanks?

    /// The state's word count (`nil` when it stores none) and where its arcs begin.
    @inline(__always)
    func header(_ state: StateRef) -> (count: Int?, arcs: Int)? {
        if state == .stop { return (0, -1) }
        var position = state.offset
        guard state.hasCount else { return (nil, position) }
        guard let count = bytes.varint(&position) else { return nil }
        return (Int(count), position)
    }

    /// The number of words in the right language of `state`, for states that store it.
    @inline(__always)
    func wordCount(_ state: StateRef) -> Int? { header(state)?.count }

    /// The table of a dense state whose arcs begin at `arcs`.
    struct DenseTable {
        var firstCode: UInt32
        var slots: Int
        var slotSize: Int
        var base: Int
    }

    @inline(__always)
    func denseTable(at arcs: Int) -> DenseTable? {
        var p = arcs + 1
        guard let first = bytes.varint(&p), let slots = bytes.varint(&p), let width = bytes.u8(p),
            (1...5).contains(width), Int(slots) <= alphabet.size
        else { return nil }
        return DenseTable(firstCode: first, slots: Int(slots), slotSize: 1 + Int(width), base: p + 1)
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

    /// Decodes the arc at `position` of the state whose arcs begin at `arcs` (for a dense state,
    /// `position` is `arcs` or a slot; empty slots are passed over).
    @inline(__always)
    func arc(at position: Int, arcs: Int) -> Arc? {
        guard let first = bytes.u8(position) else { return nil }
        if bytes.u8(arcs) == DictionaryFormat.denseStateMarker {
            guard let table = denseTable(at: arcs) else { return nil }
            var index = 0
            if position != arcs {
                guard position >= table.base, (position - table.base) % table.slotSize == 0 else { return nil }
                index = (position - table.base) / table.slotSize
            }
            while index < table.slots, bytes.u8(table.base + index * table.slotSize) == DictionaryFormat.emptySlot { index += 1 }
            return slot(index, of: table, arcs: arcs)
        }
        guard let (kind, label, after) = sparseHead(first, at: position) else { return nil }
        var p = after
        guard let (target, isFinal) = target(kind: kind, at: &p, arcs: arcs) else { return nil }
        return Arc(label: label, isFinal: isFinal, isLast: kind & 1 == 1, target: target, end: p)
    }

    /// Decodes the kind and label of the sparse arc at `position`, whose first byte is `first`, and
    /// where its pointer (if any) starts.
    @inline(__always)
    private func sparseHead(_ first: UInt8, at position: Int) -> (kind: Int, label: UInt32, after: Int)? {
        let labelSlot = Int(first) % DictionaryFormat.labelSlots
        var p = position + 1
        if labelSlot == 0 {
            guard let code = bytes.varint(&p) else { return nil }
            return (Int(first) / DictionaryFormat.labelSlots, code, p)
        }
        return (Int(first) / DictionaryFormat.labelSlots, alphabet.inlineCode(labelSlot), p)
    }

    /// Decodes slot `index` of a dense table; `nil` when it is empty or malformed.
    @inline(__always)
    private func slot(_ index: Int, of table: DenseTable, arcs: Int) -> Arc? {
        guard index >= 0, index < table.slots else { return nil }
        let position = table.base + index * table.slotSize
        guard let kind = bytes.u8(position), kind != DictionaryFormat.emptySlot,
            kind >> 1 != DictionaryFormat.ArcTarget.next.rawValue, kind >> 1 != DictionaryFormat.ArcTarget.nextFinal.rawValue
        else { return nil }
        var p = position + 1
        guard let (target, isFinal) = target(kind: Int(kind), at: &p, arcs: arcs), p <= position + table.slotSize else { return nil }
        return Arc(
            label: table.firstCode &+ UInt32(index), isFinal: isFinal, isLast: kind & 1 == 1,
            target: target, end: position + table.slotSize)
    }

    /// Finds the arc labelled `code` among the arcs starting at `arcs`. With `ranking`, adds to
    /// `rank` the number of words reached through the arcs before it.
    ///
    /// Arcs passed over are only skipped, not decoded, unless their word counts are needed.
    @inline(__always)
    func find(_ code: UInt32, arcs: Int, rank: inout Int, ranking: Bool) -> Arc? {
        guard let first = bytes.u8(arcs) else { return nil }
        if first == DictionaryFormat.denseStateMarker {
            guard let table = denseTable(at: arcs), code >= table.firstCode else { return nil }
            let index = Int(code - table.firstCode)
            guard let found = slot(index, of: table, arcs: arcs) else { return nil }
            if ranking {
                let (words, start) = ranks?.wordsBefore(slot: index, ofStateAt: arcs) ?? (0, 0)
                rank += words
                for before in start..<index {
                    guard bytes.u8(table.base + before * table.slotSize) != DictionaryFormat.emptySlot else { continue }
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
                return Arc(label: label, isFinal: isFinal, isLast: kind & 1 == 1, target: target, end: p)
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
    /// byte offset of the next arc, for a dense one the index of the next slot; -1 past the last.
    struct ArcCursor {
        let arcs: Int
        let dense: DenseTable?
        var next: Int
    }

    /// A cursor on the first arc of the state whose arcs begin at `arcs`; `nil` on malformed bytes.
    @inline(__always)
    func cursor(arcs: Int) -> ArcCursor? {
        guard let first = bytes.u8(arcs) else { return nil }
        guard first == DictionaryFormat.denseStateMarker else { return ArcCursor(arcs: arcs, dense: nil, next: arcs) }
        guard let table = denseTable(at: arcs) else { return nil }
        return ArcCursor(arcs: arcs, dense: table, next: 0)
    }

    /// The next arc at `cursor` whose label `matches` accepts, moving the cursor past it; `nil` after
    /// the last arc or on malformed bytes. The arcs passed over are only skipped, not decoded.
    @inline(__always)
    func next(_ cursor: inout ArcCursor, where matches: (UInt32) -> Bool) -> Arc? {
        if let table = cursor.dense {
            while cursor.next >= 0, cursor.next < table.slots {
                let index = cursor.next
                cursor.next += 1
                guard bytes.u8(table.base + index * table.slotSize) != DictionaryFormat.emptySlot,
                    matches(table.firstCode &+ UInt32(index))
                else { continue }
                guard let arc = slot(index, of: table, arcs: cursor.arcs) else { break }
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
                return Arc(label: label, isFinal: isFinal, isLast: isLast, target: target, end: p)
            }
            skipPointer(kind: kind, at: &p)
            cursor.next = isLast ? -1 : p
        }
        cursor.next = -1
        return nil
    }

    /// The arc labelled `code` of the dense state of `cursor`, found by its slot; `nil` when it has
    /// none or the state is not dense.
    @inline(__always)
    func arc(labelled code: UInt32, at cursor: ArcCursor) -> Arc? {
        guard let table = cursor.dense, code >= table.firstCode else { return nil }
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
            guard state != .stop, let arcs = header(state)?.arcs else { return nil }
            var position = arcs
            var taken: Arc?
            for _ in 0...alphabet.size {
                guard let arc = arc(at: position, arcs: arcs) else { return nil }
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
                position = arc.end
            }
            guard let arc = taken, arc.target != .stop else { return nil }
            buffer[length] = alphabet.scalar(of: arc.label)
            length += 1
            state = arc.target
        }
        return nil
    }
}
