/// The layout of the optional `emji` section: a locale's emoji and the keywords that find them
/// (CLDR's annotations: `pizza` → 🍕). The single source of truth for the compiler's encoder and the
/// runtime's reader (``EmojiIndex``).
///
/// Every integer is little-endian (see `docs/FORMAT.md`):
/// - `UInt32` emoji count `N`, `UInt32` keyword count `K`, `UInt32` entry count `E`, `UInt8` bits
///   per emoji number `b`, three zero bytes;
/// - `K + 1` starts (each ``PackedNumbers/width(for:)`` `E` bits) then `E` entries (`b` bits
///   each), bit-packed LSB first, then ``packedSlack`` zero bytes, all padded to a multiple of 8:
///   the emoji of keyword `k`, best first, are entries `start[k]..<start[k + 1]`, each an emoji
///   number times 2, plus 1 when the keyword is *weak* for it: neither its name nor a word of its
///   name (`you` for 🫵 "index pointing at the viewer"), or the emoji is a symbol or a clock face
///   (`a` for 🅰️, `one` for 🕐): good for a search, not for the bar;
/// - `UInt32` byte length `T`, then a ``TextTable`` of `T` bytes keyed by emoji number (see
///   ``TextKind``), padded to a multiple of 8;
/// - a whole Keylex container holding the keywords, lower-cased, as a dictionary (no frequencies),
///   keyword `k` being its word number `k`.
public enum EmojiFormat {
    /// The section's tag.
    public static let tag = SectionTag("emji")
    /// The counts at the section's start: emoji, keywords, entries, bits per emoji number, three zero bytes.
    public static let countsSize = 16
    /// Zero bytes after the packed numbers, so that any number can be read with one 8-byte load.
    public static let packedSlack = 8

    /// What a text of the table is, its ``TextTable/Entry/kind``.
    public enum TextKind {
        /// The emoji itself.
        public static let emoji: UInt8 = 0
        /// Its short name (CLDR's text-to-speech name: "thumbs up").
        public static let name: UInt8 = 1
        /// Its variant in skin tone `t` (1 light … 5 dark) is kind `skinTone + t - 1`.
        public static let skinTone: UInt8 = 2
    }

    /// Where the text table's length starts, after packed numbers of `packedBits` bits.
    public static func textsOffset(packedBits: Int) -> Int { padded(countsSize + (packedBits + 7) / 8 + packedSlack) }

    /// Where the keywords' container starts, after a text table of `textLength` bytes at `textsOffset`.
    public static func keywordsOffset(textsOffset: Int, textLength: Int) -> Int { padded(textsOffset + 4 + textLength) }

    /// `offset` rounded up to a multiple of 8.
    static func padded(_ offset: Int) -> Int { (offset + 7) & ~7 }
}
