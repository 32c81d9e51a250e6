/// Lists of numbers by key, as the `phon` and `emji` sections store them: `K + 1` starts (each
/// ``PackedNumbers/width(for:)`` of the entry count bits), then the entries of every list (`width`
/// bits each), bit-packed LSB first; list `k` is entries `start[k]..<start[k + 1]`.
struct NumberLists: Sendable {
    private let starts: PackedNumbers
    private let entries: PackedNumbers

    /// The bits that `listCount` lists of `entryCount` entries of `width` bits take.
    static func bits(listCount: Int, entryCount: Int, width: Int) -> Int {
        (listCount + 1) * PackedNumbers.width(for: entryCount) + entryCount * width
    }

    /// The lists packed in `bytes`, or `nil` when the counts or width cannot be read so.
    init?(bytes: ByteView, listCount: Int, entryCount: Int, width: Int) {
        let startWidth = PackedNumbers.width(for: entryCount)
        guard let starts = PackedNumbers(bytes: bytes, bitOffset: 0, width: startWidth, count: listCount + 1),
            let entries = PackedNumbers(bytes: bytes, bitOffset: (listCount + 1) * startWidth, width: width, count: entryCount)
        else { return nil }
        self.starts = starts
        self.entries = entries
    }

    /// Calls `body` with each entry of list `list`, in order, until it returns `false` (none for a
    /// damaged range).
    func forEach(inList list: Int, _ body: (Int) -> Bool) {
        guard let start = starts.value(list), let end = starts.value(list + 1), start <= end else { return }
        entries.forEach(in: start..<end) { _, value in body(value) }
    }
}
