import KeylexRuntime

/// Word records in a ``RecordArena``, a word seen again merged into its record (counts summed,
/// flags joined), with no string made, no reference counted and no allocation per word.
///
/// While the words come in order, as in most word lists, each is compared with the one before and
/// nothing else is kept; the first word out of order indexes the records in an open-addressing
/// hash table, through which every later word is found.
struct RecordTable {
    private(set) var arena = RecordArena()
    /// Linear probing, once the words have come out of order (empty before). A slot holds a record's
    /// index + 1 in its low 32 bits (0: empty) and the high 32 bits of its word's hash above them; a
    /// word's first slot is those bits masked, so the table grows without hashing a word again.
    private var slots: [UInt64] = []
    /// Seeds the hash, so that no word list chosen in advance can make its words collide.
    private let seed = UInt64.random(in: .min ... .max)

    /// The most bytes the table holds, its arrays' spare capacity and growth included.
    let memoryLimit: Int

    /// The bytes held: the records, their offsets and the slots, with the arrays' spare capacity.
    var byteCount: Int { arena.byteCount + slots.count * MemoryLayout<UInt64>.stride }

    /// An empty table that takes words while it holds at most `memoryLimit` bytes.
    init(memoryLimit: Int) {
        self.memoryLimit = memoryLimit
    }

    var count: Int { arena.count }

    /// What became of a word given to ``add(_:count:flags:place:)``.
    enum Outcome {
        /// It is new, and has its record.
        case added
        /// It was there: its count and flags are merged into the record of its first place.
        case merged(earlier: WordRecord.Place)
        /// It is new, but its record would take the table past its limit: nothing was changed.
        case full
    }

    /// Adds the record of the UTF-8 `word`, or merges `count` and `flags` into the record of the
    /// same word. An empty table is never full.
    mutating func add(
        _ word: UnsafeRawBufferPointer, count: UInt64, flags: DictionaryFormat.WordFlags, place: WordRecord.Place
    ) -> Outcome {
        if slots.isEmpty {
            let order = arena.count == 0 ? 1 : arena.compareLast(with: word)
            if order == 0 { return .merged(earlier: arena.merge(count: count, flags: flags, into: arena.count - 1)) }
            if order > 0 { return append(word, count: count, flags: flags, place: place, slot: nil) }
            guard index() else { return .full }
        }
        let tag = hash(word) >> 32
        let mask = slots.count - 1
        var slot = Int(tag) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot] & 0xFFFF_FFFF) - 1
            if slots[slot] >> 32 == tag, arena.hasWord(word, at: index) {
                return .merged(earlier: arena.merge(count: count, flags: flags, into: index))
            }
            slot = (slot + 1) & mask
        }
        return append(word, count: count, flags: flags, place: place, slot: (slot, tag))
    }

    /// Appends the record of a new word, entered in `slot` with its hash's `tag` when the table is
    /// indexed, unless the table would pass its limit.
    private mutating func append(
        _ word: UnsafeRawBufferPointer, count: UInt64, flags: DictionaryFormat.WordFlags, place: WordRecord.Place,
        slot: (index: Int, tag: UInt64)?
    ) -> Outcome {
        let growing = slot != nil && (arena.count + 1) * 4 > slots.count * 3
        let peak = byteCount + arena.growth(appending: word.count) + (growing ? 2 * slots.count * MemoryLayout<UInt64>.stride : 0)
        guard arena.count == 0 || peak <= memoryLimit else { return .full }
        precondition(arena.count < Int(UInt32.max), "a table holds fewer than 2^32 words")
        if let slot { slots[slot.index] = slot.tag << 32 | UInt64(arena.count + 1) }
        arena.append(word, count: count, flags: flags, place: place)
        if growing { resize(to: slots.count * 2) }
        return .added
    }

    /// Indexes the records, which came in order, in slots of a table that has room for as many
    /// again; `false` (nothing changed) when that would take the table past its limit.
    private mutating func index() -> Bool {
        var size = 1 << 10
        while size * 3 < arena.count * 8 { size *= 2 }
        guard byteCount + size * MemoryLayout<UInt64>.stride <= memoryLimit else { return false }
        slots = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for record in 0..<arena.count {
            let tag = arena.withWord(at: record) { hash($0) } >> 32
            var slot = Int(tag) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = tag << 32 | UInt64(record + 1)
        }
        return true
    }

    /// Moves the entries into `size` slots, placing each by the hash bits it keeps.
    private mutating func resize(to size: Int) {
        var larger = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for entry in slots where entry != 0 {
            var slot = Int(entry >> 32) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = entry
        }
        slots = larger
    }

    /// A seeded hash of `word`'s bytes, eight at a time, each step a multiply and a fold.
    private func hash(_ word: UnsafeRawBufferPointer) -> UInt64 {
        func mix(_ value: UInt64) -> UInt64 {
            let product = value.multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
            return product.high ^ product.low
        }
        var state = seed ^ UInt64(word.count)
        var offset = 0
        while offset + 8 <= word.count {
            state = mix(state ^ word.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        for (shift, byte) in word[offset...].enumerated() { tail |= UInt64(byte) << (8 * shift) }
        return mix(mix(state ^ tail) ^ 0x2545_F491_4F6C_DD1D)
    }
}
