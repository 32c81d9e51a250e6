/// The `phon` section (see ``PhoneticFormat``), opened: the rules, the keys' dictionary and the
/// words of each key, so that a misspelling several edits away that sounds like a word finds it
/// (`bisnes` → `business`).
struct PhoneticIndex: Sendable {
    let rules: PhoneticRules
    /// The dictionary of the keys.
    let keys: WordDictionary
    private let words: NumberLists

    /// Opens the section of `container`, or `nil` when it has none, it is damaged, or it is older
    /// than ``PhoneticFormat/firstTableVersion`` (its rules were text then): an optional section
    /// only adds to what the dictionary offers, so such a one is skipped. Costs O(rules).
    init?(container: Container, wordCount: Int) {
        guard container.minorVersion >= PhoneticFormat.firstTableVersion,
            let section = container.section(PhoneticFormat.tag), let rulesLength = section.u32(0).map(Int.init),
            let table = try? section.slice(4, rulesLength, "phon rules"), let rules = PhoneticRules(table: table)
        else { return nil }
        let counts = PhoneticFormat.countsOffset(rulesLength: rulesLength)
        guard let keyCount = section.u32(counts).map(Int.init), let entryCount = section.u32(counts + 4).map(Int.init),
            let width = section.u8(counts + 8).map(Int.init), (1...32).contains(width),
            keyCount < section.count, entryCount < section.count, wordCount <= 1 << width
        else { return nil }
        let packedStart = counts + PhoneticFormat.countsSize
        let nested = PhoneticFormat.keysOffset(
            countsOffset: counts, packedBits: NumberLists.bits(listCount: keyCount, entryCount: entryCount, width: width))
        guard let packed = try? section.slice(packedStart, nested - packedStart, "phon numbers"),
            let keys = container.nestedDictionary(in: section, from: nested, wordCount: keyCount),
            let words = NumberLists(bytes: packed, listCount: keyCount, entryCount: entryCount, width: width)
        else { return nil }
        self.rules = rules
        self.keys = keys
        self.words = words
    }

    /// Calls `body` with the number of each word whose key is key number `key` (none for a damaged
    /// range), until it returns `false`.
    func forEachWord(ofKey key: Int, _ body: (Int) -> Bool) {
        words.forEach(inList: key, body)
    }
}
