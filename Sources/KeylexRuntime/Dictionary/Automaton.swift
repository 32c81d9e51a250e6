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
/// in label order. Every decoding step is bounds-checked and returns `nil` on malformed bytes.
struct Automaton: Sendable {
    let bytes: ByteView
    let alphabet: Alphabet

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

    /// Decodes the arc at `position` of the state at `state`.
    @inline(__always)
    func arc(at position: Int, of state: Int) -> Arc? {
        guard let first = bytes.u8(position) else { return nil }
        let kind = Int(first) / DictionaryFormat.labelSlots
        let slot = Int(first) % DictionaryFormat.labelSlots
        guard kind < 10, let target = DictionaryFormat.ArcTarget(rawValue: UInt8(kind >> 1)) else { return nil }
        var p = position + 1
        let label: UInt32
        if slot == 0 {
            guard let code = bytes.varint(&p) else { return nil }
            label = code
        } else {
            label = alphabet.inlineCode(slot)
        }
        let isLast = kind & 1 == 1
        let destination: StateRef
        switch target {
        case .explicit, .explicitFinal:
            guard let value = bytes.varint(&p) else { return nil }
            let distance = Int(value / 3)
            let offset: Int
            switch DictionaryFormat.PointerBase(rawValue: UInt8(value % 3))! {
            case .absolute: offset = distance
            case .forward: offset = state + distance
            case .backward: offset = state - distance
            }
            guard offset >= 0, offset < bytes.count else { return nil }
            destination = StateRef(offset: offset, hasCount: true)
        case .next, .nextFinal:
            guard isLast else { return nil }
            destination = StateRef(offset: p, hasCount: false)
        case .stop:
            destination = .stop
        }
        return Arc(label: label, isFinal: target.isFinal, isLast: isLast, target: destination, end: p)
    }

    /// Finds the arc labelled `code` among the arcs of `state` starting at `arcs`. With `ranking`,
    /// adds to `rank` the number of words reached through the arcs before it.
    @inline(__always)
    func find(_ code: UInt32, in state: StateRef, arcs: Int, rank: inout Int, ranking: Bool) -> Arc? {
        var position = arcs
        for _ in 0...alphabet.size {
            guard let arc = arc(at: position, of: state.offset) else { return nil }
            if arc.label == code { return arc }
            if arc.label > code || arc.isLast { return nil }
            if ranking {
                guard let below = wordCount(arc.target) else { return nil }
                rank += below + (arc.isFinal ? 1 : 0)
            }
            position = arc.end
        }
        return nil
    }

    /// Appends to `buffer` the labels of the word of rank `rank` in the right language of `state`
    /// (0 is its first word in lexicographic order). Returns the new length, or `nil` when the rank
    /// is out of range, the word would not fit, or the bytes are malformed.
    func select(rank: Int, from state: StateRef, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>, length: Int) -> Int? {
        var remaining = rank
        var state = state
        var length = length
        while length < buffer.count {
            guard let arcs = header(state)?.arcs, state != .stop else { return nil }
            var position = arcs
            var taken: Arc?
            for _ in 0...alphabet.size {
                guard let arc = arc(at: position, of: state.offset) else { return nil }
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
