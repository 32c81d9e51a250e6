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
    /// joined, the first appended one's place kept).
    func forEachMerged(_ body: (WordRecord) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { raw in
            let order = offsets.sorted { Self.compare(raw, $0, $1) < 0 }
            var i = 0
            while i < order.count {
                var offset = order[i]
                guard var record = WordRecord.read(raw, at: &offset) else { return }
                i += 1
                while i < order.count, Self.compare(raw, order[i - 1], order[i]) == 0 {
                    offset = order[i]
                    if let repeated = WordRecord.read(raw, at: &offset) { record.merge(repeated) }
                    i += 1
                }
                try body(record)
            }
        }
    }

    /// The order of the words of the records at offsets `a` and `b`, then of their offsets (so
    /// that equal words keep the order they were appended in).
    private static func compare(_ raw: UnsafeRawBufferPointer, _ a: Int, _ b: Int) -> Int {
        let lengthA = Int(raw.loadUnaligned(fromByteOffset: a, as: UInt16.self).littleEndian)
        let lengthB = Int(raw.loadUnaligned(fromByteOffset: b, as: UInt16.self).littleEndian)
        let common = min(lengthA, lengthB)
        let order = common == 0 ? 0 : Int(memcmp(raw.baseAddress! + a + 2, raw.baseAddress! + b + 2, common))
        if order != 0 { return order }
        return lengthA != lengthB ? lengthA - lengthB : 0
    }
}
