import Foundation
import KeylexRuntime

/// Merges sorted runs into one, k ways through a heap. Equal words are merged (counts summed,
/// flags joined); each repeat that was not in raw text is warned of at its place, as the table
/// does within a run. The runs are removed once merged.
struct WordRunMerge {
    /// The file names that records' file numbers index.
    let files: [String]
    let diagnostics: DiagnosticEngine

    func merge(_ runs: [String], into folder: SpillFolder) throws -> SortedWords {
        let readers = try runs.map { path throws in try WordRunReader(path: path) }
        var heap = RunHeap()
        for (run, reader) in readers.enumerated() { reader.next().map { heap.push($0, run: run) } }
        let path = try folder.newFile("merged")
        var alphabet = ScalarSet()
        var count = 0
        var bytes: [UInt8] = []
        try WordRecord.writeRun(to: path) { write in
            while case let (first, run)? = heap.pop() {
                var record = first
                readers[run].next().map { heap.push($0, run: run) }
                while let top = heap.top, top.isSameWord(as: record), case let (repeated, again)? = heap.pop() {
                    readers[again].next().map { heap.push($0, run: again) }
                    if !repeated.quiet {
                        diagnostics.report(location(of: repeated), .duplicateWord(repeated.word, earlier: location(of: record)))
                    }
                    record.merge(repeated)
                }
                bytes.removeAll(keepingCapacity: true)
                record.append(to: &bytes)
                try bytes.withUnsafeBytes(write)
                var word = record.word
                word.withUTF8 { alphabet.add(UnsafeRawBufferPointer($0)) }
                count += 1
            }
        }
        for (path, reader) in zip(runs, readers) {
            if let failure = reader.failure { throw AtomicFile.WriteError(path: path, reason: failure) }
            unlink(path)
        }
        return SortedWords(path: path, in: folder, count: count, alphabet: alphabet.scalars)
    }

    private func location(of record: WordRecord) -> SourceLocation {
        SourceLocation(
            file: files.indices.contains(Int(record.file)) ? files[Int(record.file)] : "", line: Int(record.line),
            column: Int(record.column))
    }
}

/// A binary min-heap of the runs' next records, by word and then by run (an earlier run holds the
/// earlier occurrence).
private struct RunHeap {
    private var items: [(record: WordRecord, run: Int)] = []

    var top: WordRecord? { items.first?.record }

    private func less(_ a: Int, _ b: Int) -> Bool {
        let (x, y) = (items[a], items[b])
        return x.record.precedes(y.record) || (x.record.isSameWord(as: y.record) && x.run < y.run)
    }

    mutating func push(_ record: WordRecord, run: Int) {
        items.append((record, run))
        var child = items.count - 1
        while child > 0, less(child, (child - 1) / 2) {
            items.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    mutating func pop() -> (WordRecord, Int)? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let last = items.removeLast()
        var parent = 0
        while true {
            var smallest = parent
            for child in [2 * parent + 1, 2 * parent + 2] where child < items.count && less(child, smallest) { smallest = child }
            if smallest == parent { return (last.record, last.run) }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
