import KeylexRuntime

/// Turns byte offsets in a UTF-8 source into 1-based lines and columns (columns count Unicode
/// scalars, as ``SourceLocation`` does), each in O(log lines): the counts are made once, in one
/// pass over the bytes, so a long line costs no more per position than a short one.
struct SourcePositions {
    let path: String
    let bytes: [UInt8]
    /// The byte offset where each line starts.
    private let lineStarts: [Int]
    /// `scalarsBefore[offset]`: how many scalars start before `offset`.
    private let scalarsBefore: [UInt32]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        var scalars = [UInt32](repeating: 0, count: bytes.count + 1)
        var count: UInt32 = 0
        for (offset, byte) in bytes.enumerated() {
            if byte == 0x0A { starts.append(offset + 1) }
            if byte & 0xC0 != 0x80 { count &+= 1 }
            scalars[offset + 1] = count
        }
        lineStarts = starts
        scalarsBefore = scalars
    }

    /// The location of the byte at `offset`.
    func location(_ offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        let line = lowerBound(in: lineStarts.indices) { lineStarts[$0] <= offset } - 1
        let column = Int(scalarsBefore[offset] &- scalarsBefore[lineStarts[line]]) + 1
        return SourceLocation(file: path, line: line + 1, column: column)
    }

    /// Checks that the bytes are UTF-8 (a byte order mark is allowed and skipped); reports the first
    /// bad sequence and returns `false` otherwise.
    static func checkUTF8(_ bytes: [UInt8], path: String, diagnostics: DiagnosticEngine) -> Bool {
        if String(validating: bytes, as: UTF8.self) != nil { return true }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        let positions = SourcePositions(path: path, bytes: Array(bytes[..<offset]))
        diagnostics.report(positions.location(offset), .invalidSequence("UTF-8"))
        return false
    }
}
