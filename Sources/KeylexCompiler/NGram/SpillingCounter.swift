import Foundation
import KeylexRuntime

/// Counts n-grams in bounded memory, the way `sort` sorts: whenever the table holds `limit`
/// n-grams it is written, sorted, as a run in a temporary folder beside the output, and emptied;
/// ``write(to:)`` then merges the runs line by line, adding up the counts of equal n-grams, into
/// the count file. The folder is removed when the counter is done with it. Count files that are
/// sorted already (shards of the Spark job, other counts) join the merge as they are, read as a
/// stream.
public struct SpillingCounter: NGramSink {
    /// How many n-grams the table holds before it is spilled.
    public let limit: Int
    private let folder: SpillFolder
    private(set) var counts = NGramCounts()
    private var runs: [String] = []
    private var sortedInputs: [String] = []
    private var failure: Error?

    /// A counter for the count file `output`, spilling every `limit` n-grams.
    public init(output: String, limit: Int) {
        self.limit = max(limit, 1)
        folder = SpillFolder(beside: output)
    }

    /// The sorted files to merge so far: runs spilled and sorted count files added.
    public var merged: Int { runs.count + sortedInputs.count }

    /// After a spill that failed (a full disk), nothing more is counted: the count is lost already,
    /// and memory stays within the limit.
    public var hasStopped: Bool { failure != nil }

    public mutating func addRun(_ words: [Substring], after boundary: TextSegmentation.Boundary?) {
        guard failure == nil else { return }
        counts.addRun(words, after: boundary)
        if counts.counts.count >= limit { spill() }
    }

    /// Adds `count` to `ngram`'s count.
    public mutating func add(_ ngram: String, _ count: UInt64) {
        guard failure == nil else { return }
        counts.add(ngram, count)
        if counts.counts.count >= limit { spill() }
    }

    /// Adds the counts of the sorted count file at `path` (see ``NGramSources/checkSorted(_:)``)
    /// to the merge.
    public mutating func addSorted(_ path: String) {
        sortedInputs.append(path)
    }

    private mutating func spill() {
        guard failure == nil else { return }
        do {
            let run = try folder.newFile("run")
            try counts.write(to: run)
            runs.append(run)
            counts = NGramCounts()
        } catch {
            failure = error
            counts = NGramCounts()
        }
    }

    /// Removes the runs spilled so far, writing nothing.
    public func discard() {
        folder.remove()
    }

    /// Writes the count file to `output` atomically, merging the runs; returns the number of
    /// n-grams and bytes written. Removes the temporary folder, whatever happens.
    public mutating func write(to output: String) throws -> (ngrams: Int, bytes: Int) {
        defer { discard() }
        if runs.isEmpty, sortedInputs.isEmpty, failure == nil { return (counts.counts.count, try counts.write(to: output)) }
        if !counts.isEmpty { spill() }
        if let failure { throw failure }
        return try Self.merge(runs + sortedInputs, into: output)
    }

    /// Merges the sorted count files `runs` into `output`.
    static func merge(_ runs: [String], into output: String) throws -> (ngrams: Int, bytes: Int) {
        let readers = try runs.map { path in
            do throws(FileInput.Failure) { return try CountFileReader(path: path) } catch {
                throw AtomicFile.WriteError(path: path, reason: error.message.text)
            }
        }
        var heads = readers.map { $0.next() }
        var ngrams = 0, bytes = 0
        try AtomicFile.write(to: output) { append in
            var pending: [UInt8] = []
            while let key = heads.compactMap({ $0?.key }).min(by: { $0.lexicographicallyPrecedes($1) }) {
                var total: UInt64 = 0
                for i in heads.indices where heads[i]?.key == key {
                    let (sum, overflow) = total.addingReportingOverflow(heads[i]!.count)
                    total = overflow ? .max : sum
                    heads[i] = readers[i].next()
                }
                pending.append(contentsOf: key)
                pending.append(0x09)
                pending.append(contentsOf: String(total).utf8)
                pending.append(0x0A)
                ngrams += 1
                if pending.count >= 1 << 20 {
                    try append(pending)
                    bytes += pending.count
                    pending.removeAll(keepingCapacity: true)
                }
            }
            try append(pending)
            bytes += pending.count
            if let failure = readers.lazy.compactMap(\.failure).first { throw failure }
        }
        return (ngrams, bytes)
    }
}

/// Reads a count file one entry at a time, a chunk at a time (decompressed if it is gzip); lines
/// that are not entries are passed over (``NGramSources/checkSorted(_:)`` reports them).
final class CountFileReader {
    private let input: FileInput
    private let path: String
    /// Why the file could not be read to its end, if it could not.
    private(set) var failure: AtomicFile.WriteError?
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)

    init(path: String) throws(FileInput.Failure) {
        input = try FileInput(path: path)
        self.path = path
    }

    deinit { chunk.deallocate() }

    /// The next entry: the n-gram's bytes and its count; `nil` at the end.
    func next() -> (key: ArraySlice<UInt8>, count: UInt64)? {
        while let line = nextLine() {
            guard let tab = line.lastIndex(of: 0x09), let count = UInt64(String(decoding: line[(tab + 1)...], as: UTF8.self)) else {
                continue
            }
            return (line[..<tab], count)
        }
        return nil
    }

    private func nextLine() -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                defer { position = newline + 1 }
                return buffer[position..<newline]
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                defer { position = buffer.count }
                return buffer[position...]
            }
            buffer.removeFirst(position)
            position = 0
            var read = 0
            do throws(FileInput.Failure) {
                read = try input.read(into: chunk)
            } catch {
                failure = AtomicFile.WriteError(path: path, reason: error.message.text)
            }
            buffer += chunk[..<read]
            atEnd = read == 0
        }
    }
}
