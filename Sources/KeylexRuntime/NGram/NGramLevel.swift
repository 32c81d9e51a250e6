/// One level of the `ngrm` section (see ``NGramFormat``): sorted contexts with their back-off codes,
/// and the entries (word and log-probability code) that follow each context, sorted by word.
struct NGramLevel: Sendable {
    private let keys: PackedNumbers
    private let firsts: PackedNumbers
    private let backoffs: ByteView
    private let entries: PackedNumbers
    /// What each context's entries take of the probability (their probabilities' sum), when the
    /// level was read with the codes' probabilities; else empty.
    private(set) var taken: [Float] = []
    /// The number of contexts.
    var contextCount: Int { keys.count }
    var entryCount: Int { entries.count }

    /// Reads the level at `offset` of `section`, moving `offset` past it, or `nil` when it does not
    /// fit or is not ordered as the format says: contexts' keys strictly increasing and below
    /// `keyLimit`, first entries from 0 up to `entryCount`, entries' words strictly increasing
    /// within each context and at most `maxWord`. With `probabilities` (what each log-probability
    /// code stands for), the same pass sums each context's probabilities (``taken``). Costs O(level).
    init?(
        _ section: ByteView, offset: inout Int, contexts contextCount: Int, entries entryCount: Int, widths: NGramFormat.Widths,
        keyLimit: Int, maxWord: Int, probabilities: [Float]? = nil
    ) {
        guard contextCount < section.count,
            let keys = Self.table(section, offset: &offset, count: contextCount, bits: widths.key),
            let firsts = Self.table(section, offset: &offset, count: contextCount + 1, bits: widths.first),
            let backoffs = Self.codes(section, offset: &offset, count: contextCount),
            let entries = Self.table(section, offset: &offset, count: entryCount, bits: widths.entry)
        else { return nil }
        self.keys = keys
        self.firsts = firsts
        self.backoffs = backoffs
        self.entries = entries
        guard let taken = checked(keyLimit: keyLimit, maxWord: maxWord, probabilities: probabilities) else { return nil }
        self.taken = taken
    }

    /// The packed table of `count` numbers of `bits` bits at `offset`, moving `offset` past it.
    private static func table(_ section: ByteView, offset: inout Int, count: Int, bits: Int) -> PackedNumbers? {
        guard count <= section.count, let bytes = try? section.slice(offset, NGramFormat.packedSize(count: count, bits: bits), "ngrm table")
        else { return nil }
        offset += bytes.count
        return PackedNumbers(bytes: bytes, bitOffset: 0, width: bits, count: count)
    }

    /// The back-off code table of `count` contexts at `offset`, moving `offset` past it.
    private static func codes(_ section: ByteView, offset: inout Int, count: Int) -> ByteView? {
        guard let codes = try? section.slice(offset, NGramFormat.codesSize(count), "ngrm back-off codes") else { return nil }
        offset += codes.count
        return codes
    }

    /// Each context's probabilities' sum (none without `probabilities`), or `nil` when the level is
    /// not ordered as the format says.
    private func checked(keyLimit: Int, maxWord: Int, probabilities: [Float]?) -> [Float]? {
        guard first(0) == 0, first(contextCount) == entryCount else { return nil }
        var previousKey = -1
        var taken: [Float] = []
        if probabilities != nil { taken.reserveCapacity(contextCount) }
        for i in 0..<contextCount {
            let key = self.key(i), lower = first(i), upper = first(i + 1)
            guard key > previousKey, key < keyLimit, lower <= upper else { return nil }
            previousKey = key
            var previousWord = -1, ordered = true, sum: Float = 0
            forEachEntry(in: lower..<upper) { _, word, code in
                ordered = word > previousWord && word <= maxWord
                previousWord = word
                sum += probabilities?[Int(code)] ?? 0
                return ordered
            }
            guard ordered else { return nil }
            if probabilities != nil { taken.append(sum) }
        }
        return taken
    }

    private func key(_ i: Int) -> Int { keys.value(i) ?? Int.max }
    private func first(_ i: Int) -> Int { firsts.value(i) ?? -1 }

    /// The word of entry `e`.
    func word(_ e: Int) -> Int { entry(e).word }
    /// The log-probability code of entry `e`.
    func code(_ e: Int) -> UInt8 { entry(e).code }
    /// The word and log-probability code of entry `e`, read at once.
    func entry(_ e: Int) -> (word: Int, code: UInt8) {
        let packed = entries.value(e) ?? 0
        return (packed >> 8, UInt8(truncatingIfNeeded: packed))
    }

    /// Calls `body` with each entry of `range`, its word and its code, in order, until it returns
    /// `false` (faster than reading them one at a time).
    func forEachEntry(in range: Range<Int>, _ body: (_ e: Int, _ word: Int, _ code: UInt8) -> Bool) {
        entries.forEach(in: range) { e, packed in body(e, packed >> 8, UInt8(truncatingIfNeeded: packed)) }
    }

    /// The back-off code of context `i`.
    func backoffCode(_ i: Int) -> UInt8 { backoffs.u8(i) ?? 0 }

    /// The index of the context whose key is `key`, by binary search.
    func context(_ key: Int) -> Int? {
        let found = lowerBound(in: 0..<contextCount) { self.key($0) < key }
        return found < contextCount && self.key(found) == key ? found : nil
    }

    /// The entries that follow context `i`.
    func entries(ofContext i: Int) -> Range<Int> { first(i)..<first(i + 1) }

    /// The first entry of `range` whose word is at least `word`, by binary search.
    func firstEntry(atLeast word: Int, in range: Range<Int>) -> Int {
        lowerBound(in: range) { self.word($0) < word }
    }

    /// The entry of `word` among `range`, by binary search.
    func entry(of word: Int, in range: Range<Int>) -> Int? {
        let e = firstEntry(atLeast: word, in: range)
        return e < range.upperBound && self.word(e) == word ? e : nil
    }
}
