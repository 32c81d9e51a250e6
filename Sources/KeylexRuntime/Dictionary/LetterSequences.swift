/// The `lseq` section of a bundle (see ``LetterSequencesFormat``), opened: whether the dictionary's
/// words hold a run of four letters. A typed word with a run that no word holds (`lwssen`'s `lwss`,
/// `oaklamd`'s `lamd`) is more likely a typo than a word the dictionary lacks. Opening costs O(1);
/// never traps, whatever the bytes hold (a damaged section reads as absent).
public struct LetterSequences: Sendable {
    private typealias Format = LetterSequencesFormat
    private let filter: ByteView
    private let hashCount: Int
    private let bits: Int

    /// Opens the section of `container`, or `nil` when it has none or it is damaged.
    public init?(container: Container) {
        guard let section = container.section(Format.tag),
            let hashes = section.u8(0).map(Int.init), (1...Format.maxHashes).contains(hashes),
            let bits = section.u32(4).map(Int.init), (Format.minBits...Format.maxBits).contains(bits), bits % 8 == 0,
            section.count == Format.headerSize + bits / 8,
            let filter = try? section.slice(Format.headerSize, bits / 8, "lseq filter")
        else { return nil }
        self.filter = filter
        hashCount = hashes
        self.bits = bits
    }

    /// Whether some word holds the run whose ``LetterSequencesFormat/key(_:)`` is `key` (or the
    /// filter takes it for one that does).
    public func holds(_ key: UInt64) -> Bool {
        (0..<hashCount).allSatisfy { i in
            let bit = LetterSequencesFormat.bit(i, of: key, bits: bits)
            return (filter.u8(bit >> 3) ?? 0) & 1 << UInt8(bit & 7) != 0
        }
    }

    /// Whether `classes`, a word's letters as folding classes, framed by a boundary at each end,
    /// holds a run of ``LetterSequencesFormat/length`` that no word holds. A letter of no class (one
    /// the dictionary's alphabet lacks) makes such a run.
    func holdsUnseenRun(_ classes: UnsafeBufferPointer<UInt32>) -> Bool {
        let length = LetterSequencesFormat.length, boundary = LetterSequencesFormat.boundary
        guard !classes.contains(where: { $0 >= boundary }) else { return true }
        let framed = classes.count + 2
        guard framed >= length else { return false }
        return (0...framed - length).contains { start in
            let run = (start..<start + length).lazy.map { $0 == 0 || $0 == framed - 1 ? boundary : classes[$0 - 1] }
            return !holds(LetterSequencesFormat.key(run))
        }
    }
}
