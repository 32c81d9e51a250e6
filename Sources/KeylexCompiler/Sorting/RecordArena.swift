import Foundation
import KeylexRuntime

/// Word records laid end to end in one byte array and sorted through their offsets, so that
/// sorting millions of words moves integers and compares bytes with `memcmp`, with no reference
/// counting and no allocation per word.
struct RecordArena {
    private var bytes: [UInt8] = []
    private var offsets: [Int] = []

    init() {}

    var count: Int { offsets.count }

    /// The bytes held: the records and their offsets, with the arrays' spare capacity.
    var byteCount: Int { bytes.capacity + offsets.capacity * MemoryLayout<Int>.stride }

    /// The bytes that appending a record of a word of `length` bytes adds to ``byteCount`` for a
    /// moment: an array that grows holds its old storage and its new, twice as large.
    func growth(appending length: Int) -> Int {
        var growth = 0
        if bytes.count + length + WordRecord.fixedSize > bytes.capacity { growth += 2 * max(bytes.capacity, length + WordRecord.fixedSize) }
        if offsets.count == offsets.capacity { growth += 2 * max(offsets.capacity, 1) * MemoryLayout<Int>.stride }
        return growth
    }

    /// Makes room for `records` records whose words hold `wordBytes` UTF-8 bytes in all.
    mutating func reserveCapacity(records: Int, wordBytes: Int) {
        offsets.reserveCapacity(records)
        bytes.reserveCapacity(wordBytes + records * WordRecord.fixedSize)
    }

    /// Appends the record of the UTF-8 `word` with `count`, `flags` and `place`.
    mutating func append(_ word: UnsafeRawBufferPointer, count: UInt64, flags: DictionaryFormat.WordFlags, place: WordRecord.Place) {
        offsets.append(bytes.count)
        WordRecord.append(word, count, flags, place, to: &bytes)
    }

    /// What `body` makes of the word of record `index` (its UTF-8 bytes, valid only during the call).
    func withWord<T>(at index: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        bytes.withUnsafeBytes { raw in body(Self.word(raw, at: offsets[index])) }
    }

    /// Whether the word of record `index` is the UTF-8 `word`.
    func hasWord(_ word: UnsafeRawBufferPointer, at index: Int) -> Bool {
        withWord(at: index) { WordRecord.compare($0, word) == 0 }
    }

    /// The order of the UTF-8 `word` after the word of the last record, which there must be:
    /// positive when it comes after, zero when it is the same, negative when it comes before.
    func compareLast(with word: UnsafeRawBufferPointer) -> Int {
        withWord(at: offsets.count - 1) { WordRecord.compare(word, $0) }
    }

    /// Adds `count` (saturating) and `flags` to record `index`; returns where it was first seen.
    mutating func merge(count: UInt64, flags: DictionaryFormat.WordFlags, into index: Int) -> WordRecord.Place {
        let offset = offsets[index]
        return bytes.withUnsafeMutableBytes { WordRecord.merge(count, flags, into: $0, at: offset) }
    }

    /// Puts the records in word order and merges each word's repeats into its first appended
    /// record (counts summed, flags joined, its place kept): afterwards the arena holds each word
    /// once, in order. Sorts the offsets in place: no memory beyond the arena's.
    mutating func sortAndMerge() {
        bytes.withUnsafeMutableBytes { raw in
            let words = UnsafeRawBufferPointer(raw)
            // Words given in order, each once (a sorted list), need neither sorting nor merging.
            guard offsets.indices.dropFirst().contains(where: { Self.compare(words, offsets[$0 - 1], offsets[$0]) >= 0 }) else { return }
            offsets.sort { a, b in
                let order = Self.compare(words, a, b)
                return order < 0 || (order == 0 && a < b)
            }
            var kept = 0
            for i in offsets.indices {
                if kept > 0, Self.compare(words, offsets[kept - 1], offsets[i]) == 0 {
                    let repeated = WordRecord.fields(words, at: offsets[i])!
                    _ = WordRecord.merge(repeated.count, repeated.flags, into: raw, at: offsets[kept - 1])
                } else {
                    offsets[kept] = offsets[i]
                    kept += 1
                }
            }
            offsets.removeLast(offsets.count - kept)
        }
    }

    /// Calls `body` with each record's bytes (valid only during the call), in the arena's order.
    func forEachRecord(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { raw in
            for offset in offsets {
                let end = WordRecord.fields(raw, at: offset)!.end
                try body(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
            }
        }
    }

    /// Adds the scalars of every record's word to `alphabet`.
    func addScalars(to alphabet: inout ScalarSet) {
        forEachRecord { record in alphabet.add(WordRecord.fields(record, at: 0)!.word) }
    }

    /// A reader of the records in the arena's order.
    func reader() -> WordRunReader { WordRunReader(bytes: bytes, at: offsets) }

    /// The word of the record at `offset` of `raw`.
    private static func word(_ raw: UnsafeRawBufferPointer, at offset: Int) -> UnsafeRawBufferPointer {
        let length = Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian)
        return UnsafeRawBufferPointer(rebasing: raw[(offset + 2)..<(offset + 2 + length)])
    }

    /// The order of the words of the records at offsets `a` and `b`.
    private static func compare(_ raw: UnsafeRawBufferPointer, _ a: Int, _ b: Int) -> Int {
        WordRecord.compare(word(raw, at: a), word(raw, at: b))
    }
}
