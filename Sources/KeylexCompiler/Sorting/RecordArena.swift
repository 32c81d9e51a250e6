import Foundation

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

    mutating func reserveCapacity(records: Int, bytes: Int) {
        offsets.reserveCapacity(records)
        self.bytes.reserveCapacity(bytes)
    }

    mutating func append(_ record: WordRecord) {
        offsets.append(bytes.count)
        record.append(to: &bytes)
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
                WordRecord.set(count, flags, inRecord: &merged)
                try merged.withUnsafeBytes(body)
            }
        }
    }

    /// The order of the words of the records at offsets `a` and `b`, then of their offsets (so
    /// that equal words keep the order they were appended in).
    private static func compare(_ raw: UnsafeRawBufferPointer, _ a: Int, _ b: Int) -> Int {
        func word(at offset: Int) -> UnsafeRawBufferPointer {
            let length = Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian)
            return UnsafeRawBufferPointer(rebasing: raw[(offset + 2)..<(offset + 2 + length)])
        }
        return WordRecord.compare(word(at: a), word(at: b))
    }
}
