/// Turns byte offsets in a UTF-8 source into 1-based lines and columns (columns count Unicode
/// scalars, as ``SourceLocation`` does).
struct SourcePositions {
    let path: String
    let bytes: [UInt8]
    /// The byte offset where each line starts.
    private let lineStarts: [Int]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The location of the byte at `offset`.
    func location(_ offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var column = 1
        for byte in bytes[lineStarts[low]..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(file: path, line: low + 1, column: column)
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
        diagnostics.error(positions.location(offset), "invalid UTF-8 sequence", code: "invalid-encoding")
        return false
    }
}
