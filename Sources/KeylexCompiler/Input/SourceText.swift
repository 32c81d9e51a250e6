import Foundation

/// A text file read line by line, in memory bounded by the longest line allowed
/// (``maxLineLength``) whatever the file's size, with the encoding found from its byte order mark:
/// UTF-8 with or without a BOM, or UTF-16 (little- or big-endian) with one; a gzip-compressed file
/// is decompressed as it is read.
///
/// Lines that are not valid in the file's encoding are reported (with the column of the first bad
/// sequence) and left out; CR LF line ends are accepted.
public struct SourceText {
    /// A decoded line and its 1-based number.
    public struct Line {
        public let number: Int
        public let text: Substring
    }

    public let path: String
    private let input: FileInput
    private let diagnostics: DiagnosticEngine

    /// The longest line read, in bytes of UTF-8: a longer one is a `line-too-long` error at its
    /// first byte past the limit and is left out, so that no line makes the readers after this one
    /// do unbounded work (a 500 MB line of raw text once took 18 GB to count).
    public static let maxLineLength = 1 << 20

    /// Opens `path`, reporting to `diagnostics` what cannot be read. Returns `nil` when the file
    /// cannot be opened at all.
    public init?(path: String, diagnostics: DiagnosticEngine) {
        do throws(FileInput.Failure) {
            input = try FileInput(path: path)
        } catch {
            diagnostics.report(SourceLocation(file: path), error.message)
            return nil
        }
        self.path = path
        self.diagnostics = diagnostics
    }

    /// How much of the file has been read, from 0 to 1 (0 throughout for a pipe).
    public var fractionRead: Double { input.fractionRead }

    /// Calls `body` with each line of the file, in order: once, as the file is read.
    public func forEachLine(_ body: (Line) -> Void) {
        let start = input.peek(1024)
        if start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF]) {
            input.skip(2)
            readUTF16(bigEndian: start[0] == 0xFE, body)
        } else if Self.looksLikeUTF16WithoutBOM(start) {
            diagnostics.report(SourceLocation(file: path, line: 1, column: 1), .utf16WithoutBOM)
        } else {
            if start.starts(with: [0xEF, 0xBB, 0xBF]) { input.skip(3) }
            // One unit more than the limit: a line of the longest length may end in CR LF.
            var lines = LineAssembler<UInt8>(limit: Self.maxLineLength + 1)
            readChunks { bytes in lines.feed(bytes) { emit($0, $1, $2, codec: UTF8.self, body) } }
            lines.finish { emit($0, $1, $2, codec: UTF8.self, body) }
        }
    }

    /// Reads UTF-16 code units, two bytes each, a chunk at a time.
    private func readUTF16(bigEndian: Bool, _ body: (Line) -> Void) {
        // Each unit of UTF-16 makes at least one byte of UTF-8: holding `maxLineLength` units (and a
        // CR) holds every line that can be within the limit.
        var lines = LineAssembler<UInt16>(limit: Self.maxLineLength + 1)
        var odd: UInt8?
        var units: [UInt16] = []
        readChunks { bytes in
            units.removeAll(keepingCapacity: true)
            var i = 0
            if let first = odd, !bytes.isEmpty {
                units.append(Self.unit(first, bytes[0], bigEndian: bigEndian))
                i = 1
                odd = nil
            }
            while i + 1 < bytes.count {
                units.append(Self.unit(bytes[i], bytes[i + 1], bigEndian: bigEndian))
                i += 2
            }
            if i < bytes.count { odd = bytes[i] }
            units.withUnsafeBufferPointer { lines.feed($0) { emit($0, $1, $2, codec: UTF16.self, body) } }
        }
        lines.finish { emit($0, $1, $2, codec: UTF16.self, body) }
        if odd != nil {
            diagnostics.report(SourceLocation(file: path, line: max(lines.number, 1)), .oddUTF16)
        }
    }

    private static func unit(_ a: UInt8, _ b: UInt8, bigEndian: Bool) -> UInt16 {
        bigEndian ? UInt16(a) << 8 | UInt16(b) : UInt16(b) << 8 | UInt16(a)
    }

    /// Calls `body` with each chunk of the file's (decompressed) bytes, reporting a failure to read.
    private func readChunks(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { buffer in
            do throws(FileInput.Failure) {
                while case let count = try input.read(into: UnsafeMutableRawBufferPointer(buffer)), count > 0 {
                    body(UnsafeBufferPointer(rebasing: buffer[..<count]))
                }
            } catch {
                diagnostics.report(SourceLocation(file: path), error.message)
            }
        }
    }

    /// Decodes line `number` (`units`, its line end left out) and passes it to `body`, or reports
    /// it: too long (`truncated`: only its first units were kept), or not valid in `codec`.
    private func emit<Codec: UnicodeCodec>(
        _ units: ArraySlice<Codec.CodeUnit>, _ number: Int, _ truncated: Bool,
        codec: Codec.Type, _ body: (Line) -> Void
    ) {
        if truncated { return reportTooLong(String(decoding: units, as: Codec.self), number) }
        let units = units.last == 0x0D ? units.dropLast() : units
        // An empty line costs no decoding: a file of line ends is read at the speed of its bytes.
        guard !units.isEmpty else { return body(Line(number: number, text: "")) }
        guard let text = Self.decode(units, as: codec) else { return reportInvalid(units, number, codec: codec) }
        guard text.utf8.count <= Self.maxLineLength else { return reportTooLong(text, number) }
        body(Line(number: number, text: text[...]))
    }

    /// The text of `units`, or `nil` when they are not valid in `codec`. UTF-8 goes through a span,
    /// which the standard library validates without the generic path's per-call type lookups
    /// (three times as fast for a line of a word list).
    private static func decode<Codec: UnicodeCodec>(_ units: ArraySlice<Codec.CodeUnit>, as codec: Codec.Type) -> String? {
        guard let bytes = units as? ArraySlice<UInt8>, codec == UTF8.self else { return String(validating: units, as: codec) }
        guard let text = try? UTF8Span(validating: bytes.span) else { return nil }
        return String(copying: text)
    }

    /// Reports line `number`, of which `text` is the start, as too long, at its first character
    /// past the limit.
    private func reportTooLong(_ text: String, _ number: Int) {
        let column = text.utf8.prefix(Self.maxLineLength).count { $0 & 0xC0 != 0x80 } + 1
        diagnostics.report(SourceLocation(file: path, line: number, column: column), .lineTooLong(limit: Self.maxLineLength))
    }

    /// Reports the column of the first sequence of `units` that is not valid in `codec`.
    private func reportInvalid<Codec: UnicodeCodec>(_ units: ArraySlice<Codec.CodeUnit>, _ number: Int, codec: Codec.Type) {
        var column = 1
        var iterator = units.makeIterator()
        var decoder = Codec()
        while case .scalarValue = decoder.decode(&iterator) { column += 1 }
        diagnostics.report(
            SourceLocation(file: path, line: number, column: column), .invalidSequence(Codec.self == UTF8.self ? "UTF-8" : "UTF-16"))
    }

    /// Whether `bytes` (with no byte order mark) read as UTF-16: of their first 512 pairs, at least
    /// half have a zero byte on the same side and a non-zero byte on the other (ASCII text in
    /// UTF-16), which UTF-8 text never has.
    static func looksLikeUTF16WithoutBOM(_ bytes: [UInt8]) -> Bool {
        let pairs = min(bytes.count / 2, 512)
        guard pairs >= 2 else { return false }
        var little = 0, big = 0
        for i in 0..<pairs {
            let a = bytes[2 * i], b = bytes[2 * i + 1]
            if a != 0 && b == 0 { little += 1 }
            if a == 0 && b != 0 { big += 1 }
        }
        return max(little, big) * 2 >= pairs
    }
}

/// Gathers code units into lines (split at LF), keeping at most `limit` units of a line: what a
/// longer line has past them is dropped, and the line is passed on as truncated.
struct LineAssembler<Unit: FixedWidthInteger> {
    let limit: Int
    /// The number of the line being gathered, less one: the lines passed on so far.
    private(set) var number = 0
    private var pending: [Unit] = []
    private var truncated = false

    init(limit: Int) { self.limit = limit }

    /// Adds `units`; calls `line` with each line they complete: its units, its number and whether
    /// it was truncated.
    mutating func feed(_ units: UnsafeBufferPointer<Unit>, _ line: (ArraySlice<Unit>, Int, Bool) -> Void) {
        var start = 0
        while start < units.count {
            let end = units[start...].firstIndex(of: 0x0A)
            let piece = UnsafeBufferPointer(rebasing: units[start..<(end ?? units.count)])
            let room = limit - pending.count
            if piece.count > room { truncated = true }
            pending.append(contentsOf: piece.prefix(max(0, room)))
            guard let end else { return }
            number += 1
            line(pending[...], number, truncated)
            pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
            truncated = false
            start = end + 1
        }
    }

    /// Passes on the last line, when the file does not end with a line end.
    mutating func finish(_ line: (ArraySlice<Unit>, Int, Bool) -> Void) {
        guard !pending.isEmpty || truncated else { return }
        number += 1
        line(pending[...], number, truncated)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        // Most lines neither start nor end with a space or a tab: no characters to form.
        guard let head = utf8.first, let tail = utf8.last, head == 0x20 || head == 0x09 || tail == 0x20 || tail == 0x09 else {
            return self
        }
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
