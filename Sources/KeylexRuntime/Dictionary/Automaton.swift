/// One decoded arc of the automaton.
struct Arc {
    /// The label's code in the ``Alphabet``.
    var label: UInt32
    /// A word ends after this arc's label.
    var isFinal: Bool
    /// The last arc of its state.
    var isLast: Bool
    /// The target state's offset, or ``Automaton/stop``.
    var target: Int
    /// Where the next arc of the same state starts (meaningless on the last arc).
    var end: Int
}

/// The bytes of the `AUTM` section and the decoding of its states and arcs.
///
/// A state is a LEB128 count of the words its right language holds, followed by its arcs in
/// label order. Every decoding step is bounds-checked and returns `nil` on malformed bytes.
struct Automaton: Sendable {
    let bytes: ByteView
    let alphabet: Alphabet
    /// The target of arcs after which no word continues.
    static let stop = -1

    /// The number of words in the right language of the state at `state`, and where its arcs begin.
    @inline(__always)
    func header(_ state: Int) -> (count: Int, arcs: Int)? {
        if state == Automaton.stop { return (0, Automaton.stop) }
        var position = state
        guard let count = bytes.varint(&position) else { return nil }
        return (Int(count), position)
    }

    /// The number of words in the right language of `state`.
    @inline(__always)
    func wordCount(_ state: Int) -> Int? { header(state)?.count }

    /// Decodes the arc at `position`.
    @inline(__always)
    func arc(at position: Int) -> Arc? {
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
        var destination: Int
        switch target {
        case .explicit, .explicitFinal:
            guard let offset = bytes.varint(&p), Int(offset) < bytes.count else { return nil }
            destination = Int(offset)
        case .next, .nextFinal:
            guard isLast else { return nil }
            destination = p
        case .stop:
            destination = Automaton.stop
        }
        return Arc(label: label, isFinal: target.isFinal, isLast: isLast, target: destination, end: p)
    }

    /// Finds the arc labelled `code` among the arcs starting at `arcs`. With `ranking`, adds to `rank`
    /// the number of words reached through the arcs before it.
    @inline(__always)
    func find(_ code: UInt32, arcs: Int, rank: inout Int, ranking: Bool) -> Arc? {
        var position = arcs
        for _ in 0...alphabet.size {
            guard let arc = arc(at: position) else { return nil }
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
    func select(rank: Int, from state: Int, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>, length: Int) -> Int? {
        var remaining = rank
        var state = state
        var length = length
        while length < buffer.count {
            guard let arcs = header(state)?.arcs, arcs != Automaton.stop else { return nil }
            var position = arcs
            var taken: Arc?
            for _ in 0...alphabet.size {
                guard let arc = arc(at: position) else { return nil }
                if arc.isFinal {
                    if remaining == 0 {
                        buffer[length] = alphabet.scalar(of: arc.label)
                        return length + 1
                    }
                    remaining -= 1
                }
                guard let below = wordCount(arc.target) else { return nil }
                if remaining < below {
                    taken = arc
                    break
                }
                remaining -= below
                if arc.isLast { return nil }
                position = arc.end
            }
            guard let arc = taken else { return nil }
            buffer[length] = alphabet.scalar(of: arc.label)
            length += 1
            state = arc.target
        }
        return nil
    }
}
