/// A JSON value with the place each of its parts was written, for diagnostics that point at the
/// offending value.
///
/// Foundation's `JSONSerialization` and `JSONDecoder` check syntax but do not report where a
/// value is; layout diagnostics need `file:line:column`, so layout JSON is read here (strict
/// RFC 8259: no comments, no trailing commas). Duplicate member names are kept, for the layout
/// reader to report.
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in the order written.
    case object([JSONMember])
}

/// A JSON value and where it starts.
struct JSONNode: Equatable {
    let value: JSONValue
    let location: SourceLocation
    /// For strings written without escapes: each scalar is one column after the opening quote.
    var isVerbatim = false

    /// The JSON type's name, for messages.
    var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// An object member: its key, where the key is, and its value.
struct JSONMember: Equatable {
    let key: String
    let keyLocation: SourceLocation
    let value: JSONNode
}

/// Reads a JSON text into ``JSONNode``s. Stops at the first syntax error, which it reports.
struct JSONReader {
    private let bytes: [UInt8]
    private let positions: SourcePositions
    private var offset = 0
    private var depth = 0
    /// Deeper nesting is refused (layouts need five or six levels).
    private static let maxDepth = 64

    struct SyntaxError: Error {
        let offset: Int
        let message: String
    }

    /// Parses `bytes` (UTF-8, checked by the caller) as the contents of `path`.
    static func parse(_ bytes: [UInt8], path: String, diagnostics: DiagnosticEngine) -> JSONNode? {
        var reader = JSONReader(bytes: bytes, positions: SourcePositions(path: path, bytes: bytes))
        do {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
            let value = try reader.value()
            reader.skipWhitespace()
            guard reader.offset == bytes.count else {
                throw SyntaxError(offset: reader.offset, message: "unexpected text after the JSON value")
            }
            return value
        } catch let error as SyntaxError {
            diagnostics.report(reader.positions.location(error.offset), .malformedJson(error.message))
            return nil
        } catch {
            return nil
        }
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private func describeNext() -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let scalarEnd = bytes[(offset + 1)...].firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
        return "'\(String(decoding: bytes[offset..<scalarEnd], as: UTF8.self))'"
    }

    private mutating func value() throws -> JSONNode {
        skipWhitespace()
        let start = offset
        let location = positions.location(start)
        guard offset < bytes.count else { throw SyntaxError(offset: offset, message: "expected a value, found the end of the file") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return JSONNode(value: try object(), location: location)
        case UInt8(ascii: "["): return JSONNode(value: try array(), location: location)
        case UInt8(ascii: "\""):
            let text = try string()
            let verbatim = !bytes[start..<offset].contains(UInt8(ascii: "\\"))
            return JSONNode(value: .string(text), location: location, isVerbatim: verbatim)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), location: location)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), location: location)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, location: location)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: .number(try number()), location: location)
        default: throw SyntaxError(offset: offset, message: "expected a value, found \(describeNext())")
        }
    }

    private mutating func literal(_ word: String) throws {
        let utf8 = Array(word.utf8)
        guard bytes[offset...].starts(with: utf8) else {
            throw SyntaxError(offset: offset, message: "expected a value, found \(describeNext())")
        }
        offset += utf8.count
    }

    private mutating func nest() throws {
        depth += 1
        guard depth <= Self.maxDepth else { throw SyntaxError(offset: offset, message: "nested more than \(Self.maxDepth) levels deep") }
    }

    private mutating func object() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        offset += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object([]) }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw SyntaxError(offset: offset, message: "expected a member name in quotes, found \(describeNext())")
            }
            let keyStart = offset
            let key = try string()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw SyntaxError(offset: offset, message: "expected ':' after the member name, found \(describeNext())")
            }
            offset += 1
            members.append(JSONMember(key: key, keyLocation: positions.location(keyStart), value: try value()))
            skipWhitespace()
            guard offset < bytes.count else { throw SyntaxError(offset: offset, message: "expected ',' or '}', found the end of the file") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
            throw SyntaxError(offset: offset, message: "expected ',' or '}', found \(describeNext())")
        }
    }

    private mutating func array() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        offset += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array([]) }
        while true {
            elements.append(try value())
            skipWhitespace()
            guard offset < bytes.count else { throw SyntaxError(offset: offset, message: "expected ',' or ']', found the end of the file") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(elements) }
            throw SyntaxError(offset: offset, message: "expected ',' or ']', found \(describeNext())")
        }
    }

    private mutating func number() throws -> Double {
        let start = offset
        func digits() -> Int {
            let from = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - from
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else {
            throw SyntaxError(offset: start, message: "malformed number")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw SyntaxError(offset: start, message: "malformed number") }
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw SyntaxError(offset: start, message: "malformed number") }
        }
        guard let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)), value.isFinite else {
            throw SyntaxError(offset: start, message: "number out of range")
        }
        return value
    }

    private mutating func string() throws -> String {
        let start = offset
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        while true {
            guard offset < bytes.count else { throw SyntaxError(offset: start, message: "unterminated string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                flush(offset)
                offset += 1
                return String(scalars)
            }
            if byte < 0x20 { throw SyntaxError(offset: offset, message: "control character in a string (escape it)") }
            guard byte == UInt8(ascii: "\\") else { offset += 1; continue }
            flush(offset)
            let escape = offset
            offset += 1
            guard offset < bytes.count else { throw SyntaxError(offset: start, message: "unterminated string") }
            let code = bytes[offset]
            offset += 1
            switch code {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var unit = try hex4(escape)
                if (0xD800..<0xDC00).contains(unit) {
                    guard bytes[offset...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                        throw SyntaxError(offset: escape, message: "unpaired surrogate escape")
                    }
                    offset += 2
                    let low = try hex4(escape)
                    guard (0xDC00..<0xE000).contains(low) else { throw SyntaxError(offset: escape, message: "unpaired surrogate escape") }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(unit) {
                    throw SyntaxError(offset: escape, message: "unpaired surrogate escape")
                }
                scalars.append(Unicode.Scalar(unit)!)
            default:
                throw SyntaxError(offset: escape, message: "unknown escape '\\\(Character(Unicode.Scalar(code)))'")
            }
            runStart = offset
        }
    }

    private mutating func hex4(_ escape: Int) throws -> UInt32 {
        guard offset + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16),
            bytes[offset..<offset + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw SyntaxError(offset: escape, message: "malformed \\u escape") }
        offset += 4
        return value
    }
}
