import KeylexRuntime

/// Word records in a ``RecordArena``, found by their word through an open-addressing hash table:
/// a word seen again has its count and flags merged in its record, with no string made, no
/// reference counted and no allocation per word.
struct RecordTable {
    private(set) var arena = RecordArena()
    /// Linear probing. A slot holds a record's index + 1 in its low 32 bits (0: empty) and the high
    /// 32 bits of its word's hash above them; a word's first slot is those bits masked, so the table
    /// grows without hashing a word again.
    private var slots = [UInt64](repeating: 0, count: 1 << 10)
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
        let growing = (arena.count + 1) * 4 > slots.count * 3
        let peak = byteCount + arena.growth(appending: word.count) + (growing ? 2 * slots.count * MemoryLayout<UInt64>.stride : 0)
        guard arena.count == 0 || peak <= memoryLimit else { return .full }
        precondition(arena.count < Int(UInt32.max), "a table holds fewer than 2^32 words")
        slots[slot] = tag << 32 | UInt64(arena.count + 1)
        arena.append(word, count: count, flags: flags, place: place)
        if growing { grow() }
        return .added
    }

    /// Doubles the slots, placing each record by the hash bits its slot keeps.
    private mutating func grow() {
        var larger = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
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
