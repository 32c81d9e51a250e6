/// The maxima tree over per-word frequency classes: answers "the k best words in a range of word
/// numbers" by a best-first descent, without scanning the range.
///
/// Level 0 is the `FREQ` section (one class per word); each level above holds, per node, the largest
/// class of the ``DictionaryFormat/topKFanout`` nodes below it.
struct TopKTree: Sendable {
    private let levels: [ByteView]
    private let fanout: Int

    init(frequencies: ByteView, section: ByteView, fanout: Int) throws(KeylexError) {
        var levels = [frequencies]
        var offset = 0
        for size in DictionaryFormat.topKLevelSizes(wordCount: frequencies.count, fanout: fanout) {
            levels.append(try section.slice(offset, size, "TOPK level \(levels.count)"))
            offset += size
        }
        guard offset == section.count else { throw .malformed("TOPK is \(section.count) bytes, expected \(offset)") }
        self.levels = levels
        self.fanout = fanout
    }

    /// Calls `body` with the word numbers of the best `k` words in `range` (class 1…255), best first,
    /// ties by lower number; class 0 words are never reported. Allocates nothing for small `k`.
    func best(_ k: Int, in range: Range<Int>, _ body: (_ number: Int, _ frequencyClass: UInt8) -> Void) {
        guard k > 0, !range.isEmpty, range.lowerBound >= 0, range.upperBound <= levels[0].count else { return }
        let k = min(k, range.count, WordDictionary.maxCompletions)  // bounds the heap below
        let top = levels.count - 1
        let capacity = 2 * fanout * (top + 1) + fanout * (k + 1) * (top + 1)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { heap in
            var heapCount = 0
            func push(_ level: Int, _ index: Int) {
                guard heapCount < heap.count, let value = levels[level].u8(index), value > 0 else { return }
                var start = index
                for _ in 0..<level { start *= fanout }
                var i = heapCount
                heapCount += 1
                let key = UInt64(value) << 40 | UInt64(UInt32.max - UInt32(truncatingIfNeeded: start)) << 8 | UInt64(level)
                while i > 0 {
                    let parent = (i - 1) / 2
                    if heap[parent] >= key { break }
                    heap[i] = heap[parent]
                    i = parent
                }
                heap[i] = key
            }
            func pop() -> UInt64 {
                let result = heap[0]
                heapCount -= 1
                let last = heap[heapCount]
                var i = 0
                while true {
                    var child = 2 * i + 1
                    if child >= heapCount { break }
                    if child + 1 < heapCount && heap[child + 1] > heap[child] { child += 1 }
                    if heap[child] <= last { break }
                    heap[i] = heap[child]
                    i = child
                }
                if heapCount > 0 { heap[i] = last }
                return result
            }
            // Cover the range with whole nodes, bottom up: the ragged ends on each level, then the rest.
            var low = range.lowerBound
            var high = range.upperBound
            var level = 0
            while low < high {
                if level == top {
                    for index in low..<high { push(level, index) }
                    break
                }
                while low < high && low % fanout != 0 { push(level, low); low += 1 }
                while low < high && high % fanout != 0 { high -= 1; push(level, high) }
                low /= fanout
                high /= fanout
                level += 1
            }
            var found = 0
            while found < k && heapCount > 0 {
                let key = pop()
                let nodeLevel = Int(key & 0xFF)
                let start = Int(UInt32.max - UInt32(truncatingIfNeeded: key >> 8))
                if nodeLevel == 0 {
                    body(start, UInt8(truncatingIfNeeded: key >> 40))
                    found += 1
                    continue
                }
                var span = 1
                for _ in 0..<(nodeLevel - 1) { span *= fanout }
                let first = start / span
                let end = min(first + fanout, levels[nodeLevel - 1].count)
                for child in first..<end { push(nodeLevel - 1, child) }
            }
        }
    }
}
