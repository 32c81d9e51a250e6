/// The optional `rank` section (see ``DictionaryFormat/RankField``), opened: the words reached
/// through a wide table's slots (a dense or bitmap state's) before every ``DictionaryFormat/rankInterval``-th slot.
struct DenseRanks: Sendable {
    private let records: ByteView
    private let samples: ByteView
    private let stateCount: Int

    /// Opens the section of `container`, or `nil` when it has none or its tables do not fit or are
    /// out of order (an optional section only speeds ranking up, so a bad one is skipped). Costs O(D).
    init?(container: Container) {
        typealias RankField = DictionaryFormat.RankField
        guard let section = container.section(.denseRanks), let count = section.u32(RankField.stateCount).map(Int.init),
            count < section.count,
            let records = try? section.slice(RankField.records, (count + 1) * RankField.recordSize, "rank records")
        else { return nil }
        let samplesStart = RankField.records + records.count
        guard let samples = try? section.slice(samplesStart, section.count - samplesStart, "rank samples") else { return nil }
        self.records = records
        self.samples = samples
        self.stateCount = count
        var previous = (offset: -1, first: 0)
        for i in 0...count {
            guard let offset = offset(i), let first = first(i), first >= previous.first,
                i == count ? first * 4 == samples.count : offset > previous.offset
            else { return nil }
            previous = (offset, first)
        }
    }

    private func offset(_ i: Int) -> Int? { records.u32(i * DictionaryFormat.RankField.recordSize).map(Int.init) }
    private func first(_ i: Int) -> Int? { records.u32(i * DictionaryFormat.RankField.recordSize + 4).map(Int.init) }

    /// For slot `index` of the table whose arcs begin at `arcs`: the words reached through
    /// the slots before the last sample at or before it, and that sample's slot (0 and 0 when the
    /// state has no samples).
    func wordsBefore(slot index: Int, ofStateAt arcs: Int) -> (words: Int, slot: Int) {
        let interval = DictionaryFormat.rankInterval
        guard index >= interval, let state = state(at: arcs), let lower = first(state), let upper = first(state + 1) else { return (0, 0) }
        let sample = min(index / interval, upper - lower)
        guard sample > 0, let words = samples.u32((lower + sample - 1) * 4) else { return (0, 0) }
        return (Int(words), sample * interval)
    }

    /// The record of the state whose arcs begin at `arcs`, by binary search.
    private func state(at arcs: Int) -> Int? {
        let found = lowerBound(in: 0..<stateCount) { (offset($0) ?? .max) < arcs }
        return found < stateCount && offset(found) == arcs ? found : nil
    }
}
