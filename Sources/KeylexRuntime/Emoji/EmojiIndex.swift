/// One emoji, as an emoji keyboard or the suggestion bar shows it.
public struct Emoji: Sendable, Hashable, CustomStringConvertible {
    /// The emoji's text (one grapheme, possibly several scalars: `👩‍💻`).
    public let text: String
    /// Its short name in the bundle's language ("thumbs up", "Daumen hoch"), for accessibility.
    public let name: String

    public init(text: String, name: String) {
        self.text = text
        self.name = name
    }

    public var description: String { "\(text) \(name)" }
}

/// The skin tones of the emoji that have them (Unicode's Fitzpatrick modifiers).
public enum SkinTone: Int, Sendable, CaseIterable {
    case light = 1, mediumLight, medium, mediumDark, dark
}

/// The `emji` section of a bundle (see ``EmojiFormat``), opened: the emoji a word names (`pizza` →
/// 🍕) and an emoji keyboard's search by keyword prefix (`piz` → 🍕), in the bundle's language.
/// Opening costs O(1); never traps, whatever the bytes hold (a damaged section reads as absent).
public struct EmojiIndex: Sendable {
    /// The keywords, lower-cased, as a dictionary: keyword `k` is its word number `k`.
    let keywords: WordDictionary
    private let entries: NumberLists
    private let texts: TextTable
    /// The number of emoji (skin-tone variants aside).
    public let count: Int

    /// The most keywords one search looks at: a one-letter query matches hundreds.
    public static let maxKeywordsSearched = 512
    /// The most emoji one call gives.
    public static let maxResults = 256

    /// Opens the section of `container`, or `nil` when it has none or it is damaged.
    public init?(container: Container) {
        guard let section = container.section(EmojiFormat.tag),
            let emojiCount = section.u32(0).map(Int.init), let keywordCount = section.u32(4).map(Int.init),
            let entryCount = section.u32(8).map(Int.init), let width = section.u8(12).map(Int.init), (1...32).contains(width),
            emojiCount < section.count, keywordCount < section.count, entryCount < section.count
        else { return nil }
        let textsAt = EmojiFormat.textsOffset(packedBits: NumberLists.bits(listCount: keywordCount, entryCount: entryCount, width: width))
        guard let textLength = section.u32(textsAt).map(Int.init), textLength < section.count,
            let packed = try? section.slice(EmojiFormat.countsSize, textsAt - EmojiFormat.countsSize, "emji numbers"),
            let table = try? section.slice(textsAt + 4, textLength, "emji texts"),
            let texts = try? TextTable(section: table, name: "emji texts"),
            let keywords = container.nestedDictionary(
                in: section, from: EmojiFormat.keywordsOffset(textsOffset: textsAt, textLength: textLength),
                wordCount: keywordCount),
            let entries = NumberLists(bytes: packed, listCount: keywordCount, entryCount: entryCount, width: width)
        else { return nil }
        self.keywords = keywords
        self.entries = entries
        self.texts = texts
        count = emojiCount
    }

    /// The emoji that `word` names, best first, at most `limit`, case ignored: those whose name it
    /// is or holds as a word (`Pizza` → 🍕; `heart` → ❤️ 🤎 🤍 …; `thumbs up` → 👍), in `skinTone`
    /// where an emoji has one. A keyword that is no word of an emoji's name (`you` for 🫵) finds it
    /// in a ``search(_:limit:skinTone:)`` only.
    public func emoji(named word: String, limit: Int = 1, skinTone: SkinTone? = nil) -> [Emoji] {
        guard limit > 0, let keyword = keywords.number(of: word.lowercased()) else { return [] }
        var result: [Emoji] = []
        forEachEntry(ofKeyword: keyword) { number, weak in
            guard !weak else { return false }  // the weak come last
            if let emoji = emoji(number, skinTone: skinTone) { result.append(emoji) }
            return result.count < min(limit, Self.maxResults)
        }
        return result
    }

    /// An emoji keyboard's search: the emoji with a keyword that starts with `query` (case ignored;
    /// a query of several words matches keywords of several words, "thumbs u"), at most `limit`,
    /// best first: those the whole query names, then by how early they come in their keyword's
    /// list, then in Unicode's emoji order. Looks at ``maxKeywordsSearched`` keywords at most.
    public func search(_ query: String, limit: Int = 20, skinTone: SkinTone? = nil) -> [Emoji] {
        let prefix = query.lowercased()
        guard limit > 0, !prefix.isEmpty else { return [] }
        let range = keywords.prefixRange(prefix)
        let exact = keywords.number(of: prefix)
        // The best (exact keyword first, then place in a keyword's list) of each emoji found.
        var best: [Int: (tier: Int, place: Int)] = [:]
        for keyword in range.prefix(Self.maxKeywordsSearched) {
            var place = 0
            forEachEntry(ofKeyword: keyword) { number, _ in
                let rank = (tier: keyword == exact ? 0 : 1, place: place)
                if best[number].map({ ($0.tier, $0.place) > rank }) ?? true { best[number] = rank }
                place += 1
                return true
            }
        }
        let ranked = best.sorted { ($0.value.tier, $0.value.place, $0.key) < ($1.value.tier, $1.value.place, $1.key) }
        return ranked.prefix(min(limit, Self.maxResults)).compactMap { emoji($0.key, skinTone: skinTone) }
    }

    /// Calls `body` with the emoji numbers of keyword `keyword`, best first, and whether the keyword
    /// is weak for each (see ``EmojiFormat``), until it returns `false`.
    private func forEachEntry(ofKeyword keyword: Int, _ body: (_ number: Int, _ weak: Bool) -> Bool) {
        entries.forEach(inList: keyword) { entry in entry / 2 < count ? body(entry / 2, entry % 2 == 1) : true }
    }

    /// Emoji number `number`, in `skinTone` when it has that variant; `nil` when damaged.
    func emoji(_ number: Int, skinTone: SkinTone?) -> Emoji? {
        var text: String?, name = "", toned: String?
        let wanted = skinTone.map { EmojiFormat.TextKind.skinTone + UInt8($0.rawValue) - 1 }
        for entry in texts.entries(for: number) {
            switch entry.kind {
            case EmojiFormat.TextKind.emoji: text = entry.text
            case EmojiFormat.TextKind.name: name = entry.text
            default: if entry.kind == wanted { toned = entry.text }
            }
        }
        guard let text = toned ?? text else { return nil }
        return Emoji(text: text, name: name)
    }
}
