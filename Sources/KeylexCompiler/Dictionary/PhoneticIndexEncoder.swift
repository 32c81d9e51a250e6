import KeylexRuntime

/// Encodes the optional `phon` section (see ``KeylexRuntime/PhoneticFormat``): the rules' table, the words
/// grouped by phonetic key, and the keys as a nested dictionary.
enum PhoneticIndexEncoder {
    /// The least frequency class (of 255) a word needs to be indexed. A word found by its sound is
    /// several edits away, so it is offered only when frequent; on English, indexing the rarer words
    /// as well changed no result of the misspellings benchmark's tuning half and grew the bundle by
    /// half as much again.
    static let minimumClass: UInt8 = 60

    /// The section for `words` (in number order, with their frequency classes when the dictionary
    /// has them, and their flags): every word that may be suggested, has at least ``minimumClass``,
    /// is all letters (no space, apostrophe or hyphen: leaving those out is a cheap edit already) and
    /// has a non-empty key is listed under its key, most frequent first. `nil` when no word is.
    static func section(rules: PhoneticRules, words: [String], classes: [UInt8]?, flags: [DictionaryFormat.WordFlags]) -> [UInt8]? {
        var byKey: [String: [Int]] = [:]
        for (number, word) in words.enumerated()
        where flags[number].isDisjoint(with: .neverSuggested) && (classes?[number] ?? .max) >= minimumClass
            && word.unicodeScalars.allSatisfy(\.properties.isAlphabetic)
        {
            let key = rules.key(of: word)
            if !key.isEmpty { byKey[key, default: []].append(number) }
        }
        guard !byKey.isEmpty else { return nil }
        let keys = byKey.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        // Most frequent first, so that a search can stop at the first word too rare to be shown.
        let lists = keys.map { key in byKey[key]!.sorted { (classes?[$1] ?? 0, $0) < (classes?[$0] ?? 0, $1) } }
        var bytes: [UInt8] = []
        let table = rulesTable(rules)
        bytes.append(littleEndian: UInt32(table.count))
        bytes += table
        pad(&bytes, to: PhoneticFormat.countsOffset(rulesLength: table.count))
        let counts = bytes.count
        let width = PackedNumbers.width(for: max(words.count - 1, 0))
        let packed = NumberListsEncoder.encode(lists, width: width)
        bytes.append(littleEndian: UInt32(keys.count))
        bytes.append(littleEndian: UInt32(packed.entryCount))
        bytes += [UInt8(width), 0, 0, 0]
        bytes += packed.bytes
        pad(&bytes, to: PhoneticFormat.keysOffset(countsOffset: counts, packedBits: packed.bits))
        let nested = DictionaryCompiler.compile(keys.map { (word: $0, count: 0, flags: []) }, hasCounts: false)
        return bytes + nested.bytes
    }

    /// The rules as ``KeylexRuntime/PhoneticFormat`` lays out their table.
    static func rulesTable(_ rules: PhoneticRules) -> [UInt8] {
        var table: [UInt8] = []
        table.append(littleEndian: UInt16(rules.rules.count))
        for rule in rules.rules {
            var flags: UInt8 = 0
            if rule.atStart { flags |= PhoneticFormat.RuleFlag.atStart }
            if rule.atEnd { flags |= PhoneticFormat.RuleFlag.atEnd }
            if rule.lookahead != nil { flags |= PhoneticFormat.RuleFlag.lookahead }
            table += [flags, UInt8(rule.elements.count), UInt8(rule.replacement.count)]
            for letters in rule.elements + (rule.lookahead.map { [$0] } ?? []) {
                table.append(UInt8(letters.count))
                for letter in letters { table.append(littleEndian: letter.value) }
            }
            table += rule.replacement
        }
        return table
    }

    /// Zero bytes up to `offset`.
    private static func pad(_ bytes: inout [UInt8], to offset: Int) {
        bytes += [UInt8](repeating: 0, count: offset - bytes.count)
    }
}
