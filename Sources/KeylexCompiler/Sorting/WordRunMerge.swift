import Foundation
import KeylexRuntime

/// Merges sorted runs into one, k ways through a heap, record bytes read and written in place.
/// Equal words are merged (counts summed, flags joined); each repeat that was not in raw text is
/// warned of at its place, as the table does within a run. The runs are removed once merged.
/// Runs that do not interleave (sorted input spilled in pieces) are not merged: they are read one
/// after the other.
struct WordRunMerge {
    /// A sorted run written to a file, and its first and last words (UTF-8).
    struct Run {
        let path: String
        let count: Int
        let first: [UInt8]
        let last: [UInt8]
    }

    /// The file names that records' file numbers index.
    let files: [String]
    let diagnostics: DiagnosticEngine

    /// The words of `runs`, whose words use the scalars `alphabet`.
    func merge(_ runs: [Run], alphabet: [UInt32], into folder: SpillFolder) throws -> SortedWords {
        if zip(runs, runs.dropFirst()).allSatisfy({ $0.last.lexicographicallyPrecedes($1.first) }) {
            return SortedWords(paths: runs.map(\.path), in: folder, count: runs.reduce(0) { $0 + $1.count }, alphabet: alphabet)
        }
        let readers = try runs.map { run throws in try WordRunReader(paths: [run.path]) }
        var heap = RunHeap(readers)
        let path = try folder.newFile("merged")
        var count = 0
        var record: [UInt8] = []
        try WordRecord.writeRun(to: path) { write in
            func emit(_ record: UnsafeRawBufferPointer) throws {
                try write(record)
                count += 1
            }
            while let first = heap.top {
                if try stream(readers[first], before: heap.nextWordOfTheOthers(), to: emit) {
                    heap.reorderTop()
                    continue
                }
                record.removeAll(keepingCapacity: true)
                readers[first].peek { fields, bytes in record += bytes[(fields.end - fields.recordSize)..<fields.end] }
                heap.advanceTop()
                while let again = heap.top, heap.word(of: again, equals: record) {
                    mergeRepeat(from: readers[again], into: &record)
                    heap.advanceTop()
                }
                try record.withUnsafeBytes(emit)
            }
        }
        for (run, reader) in zip(runs, readers) {
            if let failure = reader.failure { throw AtomicFile.WriteError(path: run.path, reason: failure) }
            unlink(run.path)
        }
        return SortedWords(paths: [path], in: folder, count: count, alphabet: alphabet)
    }

    /// Passes on the next records of `reader` that come before `bound` (the next word of every
    /// other run) as they are, with no heap work: a whole run at a time when the runs do not
    /// interleave. Returns whether there was one.
    private func stream(
        _ reader: WordRunReader, before bound: [UInt8]?, to emit: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        var streamed = false
        func before(_ word: UnsafeRawBufferPointer) -> Bool {
            bound?.withUnsafeBytes { WordRecord.compare(word, $0) < 0 } ?? true
        }
        while try reader.peek({ fields, bytes in
            guard before(fields.word) else { return false }
            try emit(UnsafeRawBufferPointer(rebasing: bytes[(fields.end - fields.recordSize)..<fields.end]))
            return true
        }) == true {
            reader.skip()
            streamed = true
        }
        return streamed
    }

    /// Adds the count and flags of `reader`'s next record, the word of `record` seen again, to
    /// `record`, and warns of the repeat unless it was in raw text.
    private func mergeRepeat(from reader: WordRunReader, into record: inout [UInt8]) {
        reader.peek { repeated, bytes in
            let place = WordRecord.place(bytes, endingAt: repeated.end)
            let earlier = record.withUnsafeMutableBytes { WordRecord.merge(repeated.count, repeated.flags, into: $0, at: 0) }
            guard !place.quiet else { return }
            diagnostics.report(
                location(of: place), .duplicateWord(String(decoding: repeated.word, as: UTF8.self), earlier: location(of: earlier)))
        }
    }

    private func location(of place: WordRecord.Place) -> SourceLocation {
        SourceLocation(
            file: files.indices.contains(Int(place.file)) ? files[Int(place.file)] : "", line: Int(place.line), column: Int(place.column))
    }
}

/// A binary min-heap of the runs that have records left, by their next record's word and then by
/// run (an earlier run holds the earlier occurrence).
private struct RunHeap {
    private let readers: [WordRunReader]
    private var runs: [Int] = []

    init(_ readers: [WordRunReader]) {
        self.readers = readers
        for run in readers.indices where readers[run].peek({ _, _ in true }) != nil { push(run) }
    }

    /// The run whose next record comes first.
    var top: Int? { runs.first }

    /// Whether the next record of `run` is of the word of the record `record`.
    func word(of run: Int, equals record: [UInt8]) -> Bool {
        record.withUnsafeBytes { mine in
            readers[run].peek { fields, _ in WordRecord.compare(fields.word, WordRecord.fields(mine, at: 0)!.word) == 0 } ?? false
        }
    }

    /// The next word of the runs other than the top one (the first of them), if there are others.
    func nextWordOfTheOthers() -> [UInt8]? {
        guard runs.count > 1 else { return nil }
        let next = runs.count > 2 && less(2, 1) ? 2 : 1  // the top's children: the first of the others
        return readers[runs[next]].peek { fields, _ in Array(fields.word) }
    }

    /// Moves the top run past its next record, and puts it in its place.
    mutating func advanceTop() {
        readers[runs[0]].skip()
        reorderTop()
    }

    /// Puts the top run, whose next record has changed, in its place: out of the heap when it has
    /// no more.
    mutating func reorderTop() {
        if readers[runs[0]].peek({ _, _ in true }) == nil {
            runs.swapAt(0, runs.count - 1)
            runs.removeLast()
        }
        siftDown()
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        let order =
            readers[runs[a]].peek { x, _ in readers[runs[b]].peek { y, _ in WordRecord.compare(x.word, y.word) } ?? 0 } ?? 0
        return order < 0 || (order == 0 && runs[a] < runs[b])
    }

    private mutating func push(_ run: Int) {
        runs.append(run)
        var child = runs.count - 1
        while child > 0, less(child, (child - 1) / 2) {
            runs.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    private mutating func siftDown() {
        var parent = 0
        while true {
            var smallest = parent
            for child in (2 * parent + 1)...(2 * parent + 2) where child < runs.count && less(child, smallest) { smallest = child }
            if smallest == parent { return }
            runs.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
