import Foundation
import KeylexRuntime

/// The record of one word in a table, a sorted run or the merge of runs: the word's length (16
/// bits) and UTF-8 bytes (NFC), its count and flags, and where it was first seen, little-endian;
/// how it is laid out, read in place, changed and written.
enum WordRecord {
    /// The bytes of a record besides the word's: length, count, flags, file, line, column, quiet.
    static let fixedSize = 2 + 8 + 4 + 4 + 4 + 4 + 1

    /// Where a word was first seen, and whether in raw text.
    struct Place {
        var file: UInt32, line: UInt32, column: UInt32, quiet: Bool
    }

    /// Appends the record of the UTF-8 `word` with `count`, `flags` and `place`: the word's length
    /// (16 bits) and bytes, then the fixed fields, little-endian.
    static func append(
        _ word: UnsafeRawBufferPointer, _ count: UInt64, _ flags: DictionaryFormat.WordFlags, _ place: Place, to bytes: inout [UInt8]
    ) {
        // Laid out on the stack, then appended at once: one capacity check and one copy.
        withUnsafeTemporaryAllocation(byteCount: word.count + fixedSize, alignment: 1) { record in
            record.storeBytes(of: UInt16(word.count).littleEndian, as: UInt16.self)
            UnsafeMutableRawBufferPointer(rebasing: record[2...]).copyMemory(from: word)
            let at = 2 + word.count
            record.storeBytes(of: count.littleEndian, toByteOffset: at, as: UInt64.self)
            record.storeBytes(of: flags.rawValue.littleEndian, toByteOffset: at + 8, as: UInt32.self)
            record.storeBytes(of: place.file.littleEndian, toByteOffset: at + 12, as: UInt32.self)
            record.storeBytes(of: place.line.littleEndian, toByteOffset: at + 16, as: UInt32.self)
            record.storeBytes(of: place.column.littleEndian, toByteOffset: at + 20, as: UInt32.self)
            record[at + 24] = place.quiet ? 1 : 0
            bytes += UnsafeRawBufferPointer(record)
        }
    }

    /// A record read in place: its word's UTF-8 bytes (valid while the bytes they are in are), its
    /// count and flags, and where it ends (its place fields are the 13 bytes before).
    struct Fields {
        let word: UnsafeRawBufferPointer, count: UInt64, flags: DictionaryFormat.WordFlags, end: Int

        /// The bytes of the whole record.
        var recordSize: Int { word.count + WordRecord.fixedSize }
    }

    /// The record at `offset` of `bytes`, read in place; `nil` when `bytes` ends before it does.
    static func fields(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Fields? {
        guard bytes.count - offset >= 2 else { return nil }
        let length = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        guard bytes.count - offset >= length + fixedSize else { return nil }
        let at = offset + 2 + length
        return Fields(
            word: UnsafeRawBufferPointer(rebasing: bytes[(offset + 2)..<at]),
            count: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)),
            flags: .init(rawValue: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt32.self))),
            end: offset + length + fixedSize)
    }

    /// Adds `count` (a saturating sum) and `flags` to those of the record at `offset` of `bytes`, the
    /// same word seen again; returns where the record's word was first seen.
    static func merge(
        _ count: UInt64, _ flags: DictionaryFormat.WordFlags, into bytes: UnsafeMutableRawBufferPointer, at offset: Int
    ) -> Place {
        let record = fields(UnsafeRawBufferPointer(bytes), at: offset)!
        let (sum, overflow) = record.count.addingReportingOverflow(count)
        let at = record.end - fixedSize + 2
        bytes.storeBytes(of: (overflow ? .max : sum).littleEndian, toByteOffset: at, as: UInt64.self)
        bytes.storeBytes(of: record.flags.union(flags).rawValue.littleEndian, toByteOffset: at + 8, as: UInt32.self)
        return place(UnsafeRawBufferPointer(bytes), endingAt: record.end)
    }

    /// The place of the record of `bytes` that ends at `end`.
    static func place(_ bytes: UnsafeRawBufferPointer, endingAt end: Int) -> Place {
        let at = end - 13  // file, line, column, quiet
        func load(_ offset: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at + offset, as: UInt32.self)) }
        return Place(file: load(0), line: load(4), column: load(8), quiet: bytes[at + 12] != 0)
    }

    /// Writes the records (their bytes) that `produce` passes to the function it is given to a new run file at
    /// `path`, through ``AtomicFile`` a megabyte at a time.
    static func writeRun(to path: String, _ produce: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try AtomicFile.write(to: path) { append in
            var pending: [UInt8] = []
            // Swift forbids handing a closure that calls `append` to `produce` (both non-escaping).
            try withoutActuallyEscaping(append) { append in
                try produce { record in
                    pending += record
                    if pending.count >= 1 << 20 {
                        try append(pending)
                        pending.removeAll(keepingCapacity: true)
                    }
                }
            }
            try append(pending)
        }
    }

    /// The order of two words' UTF-8 bytes (which is that of their Unicode scalars): negative, zero
    /// or positive, compared with `memcmp`.
    static func compare(_ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> Int {
        let common = min(x.count, y.count)
        let order = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
        return order != 0 ? order : x.count - y.count
    }
}

/// Reads the records of a sorted run, from memory or a chunk at a time from files read one after
/// another. It stops, with a ``failure``, at bytes that are not a record or at a word out of order,
/// so that whatever the files hold, what it gives is strictly increasing.
final class WordRunReader {
    private var input: FileInput?
    /// The files still to read after ``input``'s.
    private var nextPaths: ArraySlice<String> = []
    private var buffer: [UInt8]
    private var position = 0
    /// Where the records start, in the order they are read, when they are not end to end (an
    /// arena's), and the index of the next in it.
    private let order: [Int]?
    private var ordinal = 0
    /// The position whose record ``ready()`` found whole and in order (-1: none).
    private var checked = -1
    private var atEnd: Bool
    /// Where the last word read is, to check the order: the offset of its record in ``buffer``
    /// while it is there (no copy a word), else its bytes (a refill drops what was read); neither
    /// before the first word.
    private var previousRecord: Int?
    private var previous: [UInt8]?
    /// Why the run could not be read to its end, if it could not.
    private(set) var failure: String?

    /// A reader of the run in `bytes`.
    init(bytes: [UInt8]) {
        input = nil
        buffer = bytes
        atEnd = true
        order = nil
    }

    /// A reader of the records of `bytes` that start at `offsets`, in that order.
    init(bytes: [UInt8], at offsets: [Int]) {
        input = nil
        buffer = bytes
        atEnd = true
        order = offsets
        position = offsets.first ?? bytes.count
    }

    /// A reader of the run in the files at `paths`, one after the other (each holds whole records,
    /// and the words of each come after those of the files before).
    init(paths: [String]) throws(AtomicFile.WriteError) {
        buffer = []
        atEnd = true
        order = nil
        nextPaths = paths[...]
        try openNext()
    }

    /// Opens the next file of the run, if there is one.
    private func openNext() throws(AtomicFile.WriteError) {
        guard let path = nextPaths.popFirst() else { return }
        do throws(FileInput.Failure) {
            input = try FileInput(path: path)
            atEnd = false
        } catch {
            throw AtomicFile.WriteError(path: path, reason: error.message.text)
        }
    }

    /// The next word; `nil` at the end of the run or at the first problem.
    func next() -> SortedWords.Word? {
        defer { skip() }
        return peek { fields, _ in
            SortedWords.Word(word: String(decoding: fields.word, as: UTF8.self), count: fields.count, flags: fields.flags)
        }
    }

    /// Calls `body` with the next record's word (its UTF-8 bytes, valid only during the call), count
    /// and flags, read in place without making a string; `false` at the end of the run or at the
    /// first problem.
    func nextInPlace(_ body: (UnsafeRawBufferPointer, UInt64, DictionaryFormat.WordFlags) -> Void) -> Bool {
        defer { skip() }
        return peek { fields, _ in body(fields.word, fields.count, fields.flags) } != nil
    }

    /// What `use` makes of the next record (its fields, read in place, and the bytes they are in),
    /// without moving past it; `nil` at the end of the run or at the first problem.
    func peek<T>(_ use: (WordRecord.Fields, UnsafeRawBufferPointer) throws -> T) rethrows -> T? {
        guard ready() else { return nil }
        return try buffer.withUnsafeBytes { bytes in try use(WordRecord.fields(bytes, at: position)!, bytes) }
    }

    /// Moves past the next record, if there is one.
    func skip() {
        guard ready() else { return }
        previousRecord = position
        position = buffer.withUnsafeBytes { WordRecord.fields($0, at: position)!.end }
        if let order {
            ordinal += 1
            position = ordinal < order.count ? order[ordinal] : buffer.count
        }
    }

    /// Whether a whole record is at ``position``, after the one before it in order, reading more of
    /// the file as needed.
    private func ready() -> Bool {
        if checked == position { return true }
        while failure == nil {
            let inOrder: Bool? = buffer.withUnsafeBytes { bytes in
                guard let fields = WordRecord.fields(bytes, at: position) else { return nil }
                return comesAfterPrevious(fields.word, in: bytes)
            }
            switch inOrder {
            case true?:
                checked = position
                return true
            case false?:
                failure = "a sorted run is out of order"
            case nil where atEnd:
                if position < buffer.count { failure = "a sorted run ends in the middle of a word" }
                return false
            case nil:
                refill()
            }
        }
        return false
    }

    /// Whether `word`, of `bytes` (the buffer's), comes after the last word read.
    private func comesAfterPrevious(_ word: UnsafeRawBufferPointer, in bytes: UnsafeRawBufferPointer) -> Bool {
        if let previousRecord { return WordRecord.compare(WordRecord.fields(bytes, at: previousRecord)!.word, word) < 0 }
        return previous.map { $0.withUnsafeBytes { WordRecord.compare($0, word) } < 0 } ?? true
    }

    private func refill() {
        guard let input else { return }
        if let previousRecord {
            previous = buffer.withUnsafeBytes { Array(WordRecord.fields($0, at: previousRecord)!.word) }
            self.previousRecord = nil
        }
        buffer.removeFirst(position)
        position = 0
        checked = -1
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { chunk.deallocate() }
        do throws(FileInput.Failure) {
            let read = try input.read(into: chunk)
            atEnd = read == 0
            buffer += chunk[..<read]
        } catch {
            failure = error.message.text
            atEnd = true
        }
        guard atEnd, failure == nil, !nextPaths.isEmpty else { return }
        guard position == buffer.count else { return failure = "a sorted run ends in the middle of a word" }
        do { try openNext() } catch { failure = error.description }
    }
}
