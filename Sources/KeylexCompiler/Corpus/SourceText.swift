import Foundation

/// A text file split into decoded lines, with the encoding found from its byte order mark:
/// UTF-8 with or without a BOM, or UTF-16 (little- or big-endian) with one; a gzip-compressed
/// file is decompressed first.
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
    public let lines: [Line]

    /// The longest line read, in bytes of UTF-8: a longer one is a `line-too-long` error at its
    /// first byte past the limit and is left out, so that no line makes the readers after this one
    /// do unbounded work (a 500 MB line of raw text once took 18 GB to count).
    public static let maxLineLength = 1 << 20

    /// Reads and decodes `path`, reporting what cannot be read to `diagnostics`. Returns `nil` when
    /// the file cannot be read at all.
    public init?(path: String, diagnostics: DiagnosticEngine) {
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.error(SourceLocation(file: path), "cannot read file", code: "unreadable-file")
            return nil
        }
        var bytes = [UInt8](data)
        if Gzip.isCompressed(bytes) {
            do throws(Gzip.Failure) {
                bytes = try Gzip.decompress(bytes)
            } catch {
                diagnostics.error(SourceLocation(file: path), "cannot decompress: \(error.reason)", code: "invalid-compression")
                return nil
            }
        }
        self.init(path: path, bytes: bytes, diagnostics: diagnostics)
    }

    /// Decodes `bytes` as the contents of `path`.
    public init(path: String, bytes: [UInt8], diagnostics: DiagnosticEngine) {
        self.path = path
        lines = Self.decode(path: path, bytes: bytes, diagnostics: diagnostics).filter { line in
            guard line.text.utf8.count > Self.maxLineLength else { return true }
            let column = line.text.utf8.prefix(Self.maxLineLength).count { $0 & 0xC0 != 0x80 } + 1
            diagnostics.error(SourceLocation(file: path, line: line.number, column: column),
                              "line longer than \(Self.maxLineLength) bytes: split it, or check that the file is a word list", code: "line-too-long")
            return false
        }
    }

    /// The lines of `bytes`, decoded as the contents of `path`.
    private static func decode(path: String, bytes: [UInt8], diagnostics: DiagnosticEngine) -> [Line] {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let bigEndian = bytes[0] == 0xFE
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
                units.append(bigEndian ? a << 8 | b : b << 8 | a)
                i += 2
            }
            if bytes.count % 2 == 1 {
                let lineNumber = units.count { $0 == 0x0A } + 1
                diagnostics.error(SourceLocation(file: path, line: lineNumber), "UTF-16 file ends in the middle of a code unit", code: "invalid-encoding")
            }
            return split(units, newline: 0x0A, carriageReturn: 0x0D, path: path, codec: UTF16.self, diagnostics: diagnostics)
        } else if looksLikeUTF16WithoutBOM(bytes) {
            diagnostics.error(SourceLocation(file: path, line: 1, column: 1),
                              "the file looks like UTF-16 without a byte order mark (every other byte is zero): save it as UTF-8, or as UTF-16 with a BOM",
                              code: "invalid-encoding")
            return []
        } else {
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            if let text = String(validating: bytes[start...], as: UTF8.self) { return split(text) }
            return split(bytes[start...], newline: 0x0A, carriageReturn: 0x0D, path: path, codec: UTF8.self, diagnostics: diagnostics)
        }
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

    /// Splits valid text into lines.
    private static func split(_ text: String) -> [Line] {
        var lines: [Line] = []
        var number = 0
        // Split on bytes: as Characters, "\r\n" is one grapheme and would not match "\n".
        for piece in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var end = piece.endIndex
            if piece.last == 0x0D { end = piece.index(before: end) }
            lines.append(Line(number: number, text: text[piece.startIndex..<end]))
        }
        if let last = lines.last, last.text.isEmpty { lines.removeLast() }
        return lines
    }

    private static func split<Units: BidirectionalCollection, Codec: UnicodeCodec>(
        _ units: Units, newline: Units.Element, carriageReturn: Units.Element,
        path: String, codec: Codec.Type, diagnostics: DiagnosticEngine
    ) -> [Line] where Units.Element == Codec.CodeUnit {
        var lines: [Line] = []
        var number = 0
        for var piece in units.split(separator: newline, omittingEmptySubsequences: false) {
            number += 1
            if piece.last == carriageReturn { piece = piece.dropLast() }
            if let text = String(validating: piece, as: Codec.self) {
                lines.append(Line(number: number, text: text[...]))
                continue
            }
            // Find the column of the first invalid sequence.
            var column = 1
            var iterator = piece.makeIterator()
            var decoder = Codec()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: column += 1
                case .emptyInput: break decoding
                case .error:
                    diagnostics.error(SourceLocation(file: path, line: number, column: column),
                                      "invalid \(Codec.self == UTF8.self ? "UTF-8" : "UTF-16") sequence", code: "invalid-encoding")
                    break decoding
                }
            }
        }
        if let last = lines.last, last.text.isEmpty, last.number == number { lines.removeLast() }
        return lines
    }
}
