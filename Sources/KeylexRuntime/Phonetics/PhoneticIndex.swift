/// The optional `phon` section: the dictionary's words by phonetic key (see ``PhoneticRules``), so
/// that a misspelling several edits away that sounds like a word finds it (`bisnes` → `business`).
///
/// Layout (every integer little-endian, see `docs/FORMAT.md`):
/// - `UInt32` byte length of the rules' UTF-8 text, then the text, zero-padded to a multiple of 8;
/// - `UInt32` key count `K`, `UInt32` entry count `E`, `UInt8` bits per word number `b`, three zero
///   bytes;
/// - `K + 1` starts (each `ceil(log2(E + 1))` bits) then `E` word numbers (`b` bits each), bit-packed
///   LSB first, then 8 zero bytes, all padded to a multiple of 8: the words of key `k` are entries
///   `start[k]..<start[k + 1]`;
/// - a whole Keylex container holding the keys as a dictionary (no frequencies), key `k` being its
///   word number `k`.
public enum PhoneticFormat {
    /// The section's tag.
    public static let tag = SectionTag("phon")
    /// The bits a packed number of at most `maximum` takes.
    public static func bits(for maximum: Int) -> Int {
        max(1, Int.bitWidth - maximum.leadingZeroBitCount)
    }
}

/// A read-only view of bit-packed unsigned numbers of one width.
struct PackedNumbers: Sendable {
    let bytes: ByteView
    let bitOffset: Int
    let width: Int
    let count: Int

    /// Number `i`, or `nil` outside the view.
    func value(_ i: Int) -> Int? {
        guard i >= 0, i < count else { return nil }
        let bit = bitOffset + i * width
        guard let word = bytes.u64(bit / 8) else { return nil }
        return Int((word >> UInt64(bit % 8)) & ((1 << UInt64(width)) - 1))
    }
}

/// The `phon` section, opened: the rules, the keys' dictionary and the words of each key.
struct PhoneticIndex: Sendable {
    let rules: PhoneticRules
    let keys: WordDictionary
    let keyIndex: AlphabetIndex
    private let starts: PackedNumbers
    private let words: PackedNumbers

    /// Opens the section of `container`, or `nil` when it has none or it is damaged (an optional
    /// section only adds to what the dictionary offers, so a bad one is skipped). Costs O(rules).
    init?(container: Container, wordCount: Int) {
        guard let section = container.section(PhoneticFormat.tag), let textLength = section.u32(0).map(Int.init),
              let text = try? section.slice(4, textLength, "phon rules"),
              let rules = try? PhoneticRules(text: String(decoding: text.buffer, as: UTF8.self)) else { return nil }
        let header = Self.padded(4 + textLength)
        guard let keyCount = section.u32(header).map(Int.init), let entryCount = section.u32(header + 4).map(Int.init),
              let width = section.u8(header + 8).map(Int.init), (1...32).contains(width),
              keyCount < section.count, entryCount < section.count, wordCount < 1 << width else { return nil }
        let startWidth = PhoneticFormat.bits(for: entryCount)
        let packedBits = (keyCount + 1) * startWidth + entryCount * width
        let nested = Self.padded(header + 12 + (packedBits + 7) / 8 + 8)
        guard let packed = try? section.slice(header + 12, nested - header - 12, "phon numbers"),
              let inner = try? section.slice(nested, section.count - nested, "phon keys"),
              let keys = try? WordDictionary(container: Container(storage: container.storage.nested(inner))),
              keys.wordCount == keyCount else { return nil }
        self.rules = rules
        self.keys = keys
        keyIndex = AlphabetIndex(dictionary: keys)
        starts = PackedNumbers(bytes: packed, bitOffset: 0, width: startWidth, count: keyCount + 1)
        words = PackedNumbers(bytes: packed, bitOffset: (keyCount + 1) * startWidth, width: width, count: entryCount)
    }

    private static func padded(_ offset: Int) -> Int { (offset + 7) & ~7 }

    /// Calls `body` with the number of each word whose key is key number `key` (none for a damaged
    /// range), until it returns `false`.
    func forEachWord(ofKey key: Int, _ body: (Int) -> Bool) {
        guard let start = starts.value(key), let end = starts.value(key + 1), start <= end else { return }
        for i in start..<end {
            if let number = words.value(i), !body(number) { return }
        }
    }
}
