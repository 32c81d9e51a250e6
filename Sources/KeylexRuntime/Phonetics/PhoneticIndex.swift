/// The `phon` section (see ``PhoneticFormat``), opened: the rules, the keys' dictionary and the
/// words of each key, so that a misspelling several edits away that sounds like a word finds it
/// (`bisnes` → `business`).
struct PhoneticIndex: Sendable {
    let rules: PhoneticRules
    /// The searches over the keys' dictionary.
    let keys: WordSearch
    private let starts: PackedNumbers
    private let words: PackedNumbers

    /// Opens the section of `container`, or `nil` when it has none or it is damaged (an optional
    /// section only adds to what the dictionary offers, so a bad one is skipped). Costs O(rules).
    init?(container: Container, wordCount: Int) {
        guard let section = container.section(PhoneticFormat.tag), let textLength = section.u32(0).map(Int.init),
              let text = try? section.slice(4, textLength, "phon rules"),
              let rules = try? PhoneticRules(text: String(decoding: text.buffer, as: UTF8.self)) else { return nil }
        let counts = PhoneticFormat.countsOffset(textLength: textLength)
        guard let keyCount = section.u32(counts).map(Int.init), let entryCount = section.u32(counts + 4).map(Int.init),
              let width = section.u8(counts + 8).map(Int.init), (1...32).contains(width),
              keyCount < section.count, entryCount < section.count, wordCount <= 1 << width else { return nil }
        let startWidth = PackedNumbers.width(for: entryCount)
        let packedBits = (keyCount + 1) * startWidth + entryCount * width
        let packedStart = counts + PhoneticFormat.countsSize
        let nested = PhoneticFormat.keysOffset(countsOffset: counts, packedBits: packedBits)
        guard let packed = try? section.slice(packedStart, nested - packedStart, "phon numbers"),
              let inner = try? section.slice(nested, section.count - nested, "phon keys"),
              let keys = try? WordDictionary(container: Container(storage: container.storage.nested(inner))),
              keys.wordCount == keyCount,
              let starts = PackedNumbers(bytes: packed, bitOffset: 0, width: startWidth, count: keyCount + 1),
              let words = PackedNumbers(bytes: packed, bitOffset: (keyCount + 1) * startWidth, width: width, count: entryCount)
        else { return nil }
        self.rules = rules
        self.keys = WordSearch(keys)
        self.starts = starts
        self.words = words
    }

    /// Calls `body` with the number of each word whose key is key number `key` (none for a damaged
    /// range), until it returns `false`.
    func forEachWord(ofKey key: Int, _ body: (Int) -> Bool) {
        guard let start = starts.value(key), let end = starts.value(key + 1), start <= end else { return }
        words.forEach(in: start..<end) { _, number in body(number) }
    }
}
