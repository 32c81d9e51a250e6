/// The layout of the optional `phon` section: the dictionary's words by phonetic key (see
/// ``PhoneticRules``). The single source of truth for the compiler's encoder and the runtime's reader.
///
/// Every integer is little-endian (see `docs/FORMAT.md`):
/// - `UInt32` byte length of the rules' table, then the table, zero-padded to a multiple of 8. The
///   table: `UInt16` rule count, then per rule, in the order they are tried, a `UInt8` of
///   ``RuleFlag``s, `UInt8` element count (1…8), `UInt8` replacement length (0…8), each element's
///   letters, the look-ahead's letters when the rule has one, and the replacement's ASCII bytes; a
///   set of letters is a `UInt8` count (1…255) and that many `UInt32` scalar values. (Files before
///   minor version 11 stored the rules' source text here: their `phon` section is not read.)
/// - `UInt32` key count `K`, `UInt32` entry count `E`, `UInt8` bits per word number `b`, three zero
///   bytes;
/// - `K + 1` starts (each ``PackedNumbers/width(for:)`` `E` bits) then `E` word numbers (`b` bits each), bit-packed
///   LSB first, then ``packedSlack`` zero bytes, all padded to a multiple of 8: the words of key `k`
///   are entries `start[k]..<start[k + 1]`;
/// - a whole Keylex container holding the keys as a dictionary (no frequencies), key `k` being its
///   word number `k`.
public enum PhoneticFormat {
    /// The section's tag.
    public static let tag = SectionTag("phon")
    /// The fields after the rules: key count, entry count, bits per word number, three zero bytes.
    public static let countsSize = 12
    /// Zero bytes after the packed numbers, so that any number can be read with one 8-byte load.
    public static let packedSlack = 8

    /// The first minor version whose `phon` section holds the rules as a table.
    public static let firstTableVersion: UInt16 = 11

    /// The bits of a rule's flags byte.
    public enum RuleFlag {
        public static let atStart: UInt8 = 1
        public static let atEnd: UInt8 = 2
        public static let lookahead: UInt8 = 4
    }

    /// Where the counts start, after a rules table of `rulesLength` bytes.
    public static func countsOffset(rulesLength: Int) -> Int { padded(4 + rulesLength) }

    /// Where the keys' container starts, for counts at `countsOffset` and packed numbers of
    /// `packedBits` bits.
    public static func keysOffset(countsOffset: Int, packedBits: Int) -> Int {
        padded(countsOffset + countsSize + (packedBits + 7) / 8 + packedSlack)
    }

    /// `offset` rounded up to a multiple of 8.
    static func padded(_ offset: Int) -> Int { (offset + 7) & ~7 }
}
