import KeylexRuntime

/// Encodes the optional `phon` section (see ``KeylexRuntime/PhoneticFormat``): the rules, the words
/// grouped by phonetic key, and the keys as a nested dictionary.
enum PhoneticIndexEncoder {
    /// The least frequency class (of 255) a word needs to be indexed. A word found by its sound is
    /// several edits away, so it is offered only when frequent; on English, indexing the rarer words
    /// as well changed no result of the misspellings benchmark's tuning half and grew the bundle by
    /// half as much again.
    static let minimumClass: UInt8 = 60

    /// The section for `words` (in number order): every word that may be suggested, is all letters
    /// (no space, apostrophe or hyphen: leaving those out is a cheap edit already) and has a
    /// non-empty key is listed under its key. `nil` when no word has a key.
    static func section(rules: PhoneticRules, words: [String], suggestible: (Int) -> Bool) -> [UInt8]? {
        var byKey: [String: [Int]] = [:]
        for (number, word) in words.enumerated() where suggestible(number) && word.unicodeScalars.allSatisfy(\.properties.isAlphabetic) {
            let key = rules.key(of: word)
            if !key.isEmpty { byKey[key, default: []].append(number) }
        }
        guard !byKey.isEmpty else { return nil }
        let keys = byKey.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        let entries = keys.flatMap { byKey[$0]! }
        var bytes: [UInt8] = []
        let text = Array(rules.text.utf8)
        bytes.append(littleEndian: UInt32(text.count))
        bytes += text
        pad(&bytes)
        let width = PhoneticFormat.bits(for: max(words.count - 1, 0))
        bytes.append(littleEndian: UInt32(keys.count))
        bytes.append(littleEndian: UInt32(entries.count))
        bytes += [UInt8(width), 0, 0, 0]
        var packer = BitPacker()
        let startWidth = PhoneticFormat.bits(for: entries.count)
        var start = 0
        for key in keys {
            packer.append(start, width: startWidth)
            start += byKey[key]!.count
        }
        packer.append(start, width: startWidth)
        for number in entries { packer.append(number, width: width) }
        bytes += packer.bytes + [UInt8](repeating: 0, count: 8)
        pad(&bytes)
        let nested = DictionaryCompiler.compile(keys.map { (word: $0, count: 0, flags: []) }, hasCounts: false)
        return bytes + nested.bytes
    }

    private static func pad(_ bytes: inout [UInt8]) {
        while bytes.count % 8 != 0 { bytes.append(0) }
    }
}

/// Packs unsigned numbers LSB first, each in a given number of bits.
struct BitPacker {
    private(set) var bytes: [UInt8] = []
    private var bit = 0

    mutating func append(_ value: Int, width: Int) {
        for i in 0..<width {
            if bit % 8 == 0 { bytes.append(0) }
            if value >> i & 1 == 1 { bytes[bytes.count - 1] |= 1 << UInt8(bit % 8) }
            bit += 1
        }
    }
}
