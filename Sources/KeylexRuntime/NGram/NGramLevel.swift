/// One level of the `ngrm` section (see ``NGramFormat``): sorted contexts with their back-off codes,
/// and the entries (word and log-probability code) that follow each context, sorted by word.
struct NGramLevel: Sendable {
    private let contexts: ByteView
    private let backoffs: ByteView
    private let entries: ByteView
    /// The number of contexts (the closing record not counted).
    let contextCount: Int
    let entryCount: Int

    /// Reads the level at `offset` of `section`, moving `offset` past it, or `nil` when it does not
    /// fit or is not ordered as the format says: contexts' keys strictly increasing and below
    /// `keyLimit`, first entries from 0 up to `entryCount`, entries' words strictly increasing
    /// within each context and at most `maxWord`. Costs O(level).
    init?(_ section: ByteView, offset: inout Int, contexts contextCount: Int, entries entryCount: Int, keyLimit: Int, maxWord: Int) {
        guard contextCount < section.count, entryCount < section.count,
              let contexts = try? section.slice(offset, (contextCount + 1) * NGramFormat.contextSize, "ngrm contexts"),
              let backoffs = try? section.slice(offset + contexts.count, NGramFormat.codesSize(contextCount), "ngrm back-off codes"),
              let entries = try? section.slice(offset + contexts.count + backoffs.count, entryCount * 4, "ngrm entries") else { return nil }
        self.contexts = contexts
        self.backoffs = backoffs
        self.entries = entries
        self.contextCount = contextCount
        self.entryCount = entryCount
        guard isOrdered(keyLimit: keyLimit, maxWord: maxWord) else { return nil }
        offset += contexts.count + backoffs.count + entries.count
    }

    private func isOrdered(keyLimit: Int, maxWord: Int) -> Bool {
        guard first(0) == 0, first(contextCount) == entryCount else { return false }
        var previousKey = -1
        for i in 0..<contextCount {
            let key = self.key(i), lower = first(i), upper = first(i + 1)
            guard key > previousKey, key < keyLimit, lower <= upper else { return false }
            previousKey = key
            var previousWord = -1
            for e in lower..<upper {
                let word = self.word(e)
                guard word > previousWord, word <= maxWord else { return false }
                previousWord = word
            }
        }
        return true
    }

    private func key(_ i: Int) -> Int { contexts.u32(i * NGramFormat.contextSize).map(Int.init) ?? Int.max }
    private func first(_ i: Int) -> Int { contexts.u32(i * NGramFormat.contextSize + 4).map(Int.init) ?? -1 }

    /// The word of entry `e`.
    func word(_ e: Int) -> Int { Int((entries.u32(e * 4) ?? 0) >> 8) }
    /// The log-probability code of entry `e`.
    func code(_ e: Int) -> UInt8 { UInt8(truncatingIfNeeded: entries.u32(e * 4) ?? 0) }
    /// The back-off code of context `i`.
    func backoffCode(_ i: Int) -> UInt8 { backoffs.u8(i) ?? 0 }

    /// The index of the context whose key is `key`, by binary search.
    func context(_ key: Int) -> Int? {
        var low = 0, high = contextCount
        while low < high {
            let middle = (low + high) / 2
            let found = self.key(middle)
            if found == key { return middle }
            if found < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The entries that follow context `i`.
    func entries(ofContext i: Int) -> Range<Int> { first(i)..<first(i + 1) }

    /// The first entry of `range` whose word is at least `word`, by binary search.
    func firstEntry(atLeast word: Int, in range: Range<Int>) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if self.word(middle) < word { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The entry of `word` among `range`, by binary search.
    func entry(of word: Int, in range: Range<Int>) -> Int? {
        let e = firstEntry(atLeast: word, in: range)
        return e < range.upperBound && self.word(e) == word ? e : nil
    }
}
