import Foundation
import KeylexRuntime

/// Word records laid end to end in one byte array and sorted through their offsets, so that
/// sorting millions of words moves integers and compares bytes with `memcmp`, with no reference
/// counting and no allocation per word.
struct RecordArena {
    private var bytes: [UInt8] = []
    private var offsets: [Int] = []

    init() {}

    init(_ records: [WordRecord]) {
        for record in records { append(record) }
    }

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

    mutating func append(_ record: WordRecord) {
        offsets.append(bytes.count)
        record.append(to: &bytes)
    }

    /// Appends the record of the UTF-8 `word` with `count`, `flags` and `place`.
    mutating func append(_ word: UnsafeRawBufferPointer, count: UInt64, flags: DictionaryFormat.WordFlags, place: WordRecord.Place) {
        offsets.append(bytes.count)
        WordRecord.append(word, count, flags, place, to: &bytes)
    }

    /// Whether the word of record `index` is the UTF-8 `word`.
    func hasWord(_ word: UnsafeRawBufferPointer, at index: Int) -> Bool {
        bytes.withUnsafeBytes { raw in WordRecord.compare(Self.word(raw, at: offsets[index]), word) == 0 }
    }

    /// Adds `count` (saturating) and `flags` to record `index`; returns where it was first seen.
    mutating func merge(count: UInt64, flags: DictionaryFormat.WordFlags, into index: Int) -> WordRecord.Place {
        let offset = offsets[index]
        return bytes.withUnsafeMutableBytes { raw in
            let fields = WordRecord.fields(UnsafeRawBufferPointer(raw), at: offset)!
            let (sum, union) = WordRecord.merged(fields.count, fields.flags, count, flags)
            WordRecord.set(sum, union, in: raw, at: offset)
            return WordRecord.place(UnsafeRawBufferPointer(raw), endingAt: fields.end)
        }
    }

    /// Calls `body` with the records in word order, equal words merged (counts summed, flags
    /// joined, the first appended one's place kept), each as its bytes (valid only during the call).
    func forEachMerged(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { raw in
            let order = offsets.sorted { Self.compare(raw, $0, $1) < 0 }
            var merged: [UInt8] = []
            var i = 0
            while i < order.count {
                let start = order[i]
                guard let first = WordRecord.fields(raw, at: start) else { return }
                var (count, flags) = (first.count, first.flags)
                i += 1
                while i < order.count, Self.compare(raw, order[i - 1], order[i]) == 0 {
                    if let repeated = WordRecord.fields(raw, at: order[i]) {
                        (count, flags) = WordRecord.merged(count, flags, repeated.count, repeated.flags)
                    }
                    i += 1
                }
                merged.removeAll(keepingCapacity: true)
                merged += raw[start..<first.end]
                merged.withUnsafeMutableBytes { WordRecord.set(count, flags, in: $0, at: 0) }
                try merged.withUnsafeBytes(body)
            }
        }
    }

    /// The word of the record at `offset` of `raw`.
    private static func word(_ raw: UnsafeRawBufferPointer, at offset: Int) -> UnsafeRawBufferPointer {
        let length = Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian)
        return UnsafeRawBufferPointer(rebasing: raw[(offset + 2)..<(offset + 2 + length)])
    }

    /// The order of the words of the records at offsets `a` and `b`, then of their offsets (so
    /// that equal words keep the order they were appended in).
    private static func compare(_ raw: UnsafeRawBufferPointer, _ a: Int, _ b: Int) -> Int {
        WordRecord.compare(word(raw, at: a), word(raw, at: b))
    }
}
