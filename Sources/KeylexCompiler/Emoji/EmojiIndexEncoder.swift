import KeylexRuntime

/// Encodes the optional `emji` section (see ``KeylexRuntime/EmojiFormat``): the emoji with their
/// names and skin-tone variants, the emoji of each keyword best first, and the keywords as a nested
/// dictionary.
enum EmojiIndexEncoder {
    /// The section for `annotations`, or `nil` when it has no emoji. An emoji in one skin tone
    /// (`👍🏽`) becomes a variant of the emoji without it (`👍`), not an emoji of its own; one in
    /// several tones (a couple) is left out. A keyword's emoji come in this order: those it names
    /// ("pizza"), those whose name holds it as a word ("red heart" for "heart"), the others (weak:
    /// and every keyword of a symbol or clock face, see ``EmojiAnnotations/Entry/isNamedInText``); within
    /// each group the shorter names first (the plain emoji before its kinds: "red heart" before
    /// "heart on fire"), then the file's (Unicode's) order.
    static func section(_ annotations: EmojiAnnotations) -> [UInt8]? {
        let (emoji, variants) = splitSkinTones(annotations.entries)
        guard !emoji.isEmpty else { return nil }
        var byKeyword: [String: [(tier: Int, number: Int)]] = [:]
        for (number, entry) in emoji.enumerated() {
            let name = entry.name.lowercased()
            let nameWords = Set(name.split(separator: " ").map(String.init))
            for keyword in Set(entry.keywords.map { $0.lowercased() } + [name])
            where keyword.unicodeScalars.count <= DictionaryFormat.maxWordLength {
                let tier = !entry.isNamedInText ? 2 : keyword == name ? 0 : nameWords.contains(keyword) ? 1 : 2
                byKeyword[keyword, default: []].append((tier, number))
            }
        }
        let keywords = byKeyword.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        let nameLength = emoji.map { $0.name.unicodeScalars.count }
        let lists = keywords.map { keyword in
            byKeyword[keyword]!.sorted { ($0.tier, nameLength[$0.number], $0.number) < ($1.tier, nameLength[$1.number], $1.number) }
                .map { $0.number * 2 + ($0.tier == 2 ? 1 : 0) }
        }
        var texts: [(key: Int, text: String, kind: UInt8)] = []
        for (number, entry) in emoji.enumerated() {
            texts.append((number, entry.text, EmojiFormat.TextKind.emoji))
            texts.append((number, entry.name, EmojiFormat.TextKind.name))
            for (tone, text) in variants[number, default: [:]].sorted(by: { $0.key < $1.key }) {
                texts.append((number, text, EmojiFormat.TextKind.skinTone + UInt8(tone) - 1))
            }
        }
        let width = PackedNumbers.width(for: emoji.count * 2 - 1)
        let packed = NumberListsEncoder.encode(lists, width: width)
        var bytes: [UInt8] = []
        bytes.append(littleEndian: UInt32(emoji.count))
        bytes.append(littleEndian: UInt32(keywords.count))
        bytes.append(littleEndian: UInt32(packed.entryCount))
        bytes += [UInt8(width), 0, 0, 0]
        bytes += packed.bytes
        let textsOffset = EmojiFormat.textsOffset(packedBits: packed.bits)
        bytes += [UInt8](repeating: 0, count: textsOffset - bytes.count)
        let table = TextTableEncoder.encode(texts)
        bytes.append(littleEndian: UInt32(table.count))
        bytes += table
        bytes += [UInt8](repeating: 0, count: EmojiFormat.keywordsOffset(textsOffset: textsOffset, textLength: table.count) - bytes.count)
        let nested = DictionaryCompiler.compile(keywords.map { (word: $0, count: 0, flags: []) }, hasCounts: false)
        return bytes + nested.bytes
    }

    /// The emoji without a skin tone, in order, and by their number the variants in one tone (1
    /// light … 5 dark).
    static func splitSkinTones(_ entries: [EmojiAnnotations.Entry]) -> (emoji: [EmojiAnnotations.Entry], variants: [Int: [Int: String]]) {
        var emoji: [EmojiAnnotations.Entry] = []
        var numbers: [String: Int] = [:]
        var toned: [(base: String, tone: Int, text: String)] = []
        for entry in entries {
            let tones = Set(entry.text.unicodeScalars.compactMap(skinTone))
            if tones.isEmpty {
                numbers[bare(entry.text)] = numbers[bare(entry.text)] ?? emoji.count
                emoji.append(entry)
            } else if tones.count == 1 {
                toned.append((bare(entry.text), tones.first!, entry.text))
            }
        }
        var variants: [Int: [Int: String]] = [:]
        for variant in toned {
            if let number = numbers[variant.base] { variants[number, default: [:]][variant.tone] = variant.text }
        }
        return (emoji, variants)
    }

    /// The skin tone (1…5) a scalar gives, if it is a Fitzpatrick modifier (U+1F3FB–U+1F3FF).
    static func skinTone(_ scalar: Unicode.Scalar) -> Int? {
        (0x1F3FB...0x1F3FF).contains(scalar.value) ? Int(scalar.value) - 0x1F3FA : nil
    }

    /// `text` without skin-tone modifiers and variation selectors: what an emoji and its toned
    /// variants share.
    static func bare(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { skinTone($0) == nil && $0.value != 0xFE0F })
        return String(scalars)
    }
}
