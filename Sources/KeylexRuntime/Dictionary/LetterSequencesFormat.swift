/// The layout of the optional `lseq` section: which runs of ``length`` letters the dictionary's
/// words hold, as a Bloom filter. A run is taken of a word framed by a boundary mark at each end
/// (`^cat$` holds `^cat` and `cat$`), its letters as their folding classes (`FOLD`: case and
/// accents ignored). The single source of truth for the compiler's encoder and the runtime's
/// reader (see `docs/FORMAT.md`).
///
/// Every integer is little-endian:
/// - `UInt8` hash count `k` (1…``maxHashes``), three zero bytes, `UInt32` bit count `m`, a
///   multiple of 8 from ``minBits`` to ``maxBits``;
/// - the filter, `m / 8` bytes, bit `i` being bit `i % 8` of byte `i / 8`. A run is held when the
///   `k` bits ``bit(_:of:bits:)`` gives for its ``key(_:)`` are all set: a run no word holds may
///   read as held (rarely: about 1% with the compiler's ``bitsPerRun`` and ``hashes``), never the
///   other way.
public enum LetterSequencesFormat {
    /// The section's tag.
    public static let tag = SectionTag("lseq")
    /// The letters of a run.
    public static let length = 4
    /// The folding class that stands for a word's boundary.
    public static let boundary: UInt32 = 0xFFFF
    /// The bytes before the filter.
    public static let headerSize = 8
    /// The most hashes a reader accepts.
    public static let maxHashes = 16
    /// The bounds of the bit count: 64 bits, 128 MiB (a count that fits an `Int` of 32 bits).
    public static let minBits = 64, maxBits = 1 << 30
    /// What the compiler gives each run, and its hash count: about 1% of the runs no word holds
    /// read as held.
    public static let bitsPerRun = 10, hashes = 7

    /// The key of a run of ``length`` folding classes (each below ``boundary``, or it).
    public static func key(_ classes: some Collection<UInt32>) -> UInt64 {
        classes.reduce(0) { $0 << 16 | UInt64($1 & 0xFFFF) }
    }

    /// The `i`th bit (of `k`) that `key` sets in a filter of `bits` bits: double hashing of two
    /// SplitMix64 mixes of the key, the sum scaled to the filter (the high word of its product with
    /// `bits`).
    public static func bit(_ i: Int, of key: UInt64, bits: Int) -> Int {
        let first = mix(key), second = mix(key ^ 0xD6E8_FEB8_6659_FD93) | 1
        return Int(truncatingIfNeeded: (first &+ UInt64(i) &* second).multipliedFullWidth(by: UInt64(bits)).high)
    }

    /// SplitMix64's finalizer.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
