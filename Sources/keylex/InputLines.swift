import Foundation

/// The lines of standard input for the commands that read one query a line (`query`, `suggest`),
/// each without its line break (LF or CR LF) and at most ``maxLineBytes`` bytes: the rest of a
/// longer line is read and dropped, so that memory stays bounded whatever the input (a 100 MB
/// line cost 315 MB).
struct InputLines {
    /// The longest line kept, in bytes: far longer than any word or text before a cursor.
    static let maxLineBytes = 1 << 16

    /// Calls `body` with each line (invalid UTF-8 repaired) and whether it was cut after
    /// `maxLineBytes`.
    static func forEach(maxLineBytes: Int = maxLineBytes, _ body: (_ line: String, _ cut: Bool) -> Void) {
        var line: [UInt8] = []
        var cut = false
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        func finish() {
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            body(String(decoding: line, as: UTF8.self), cut)
            line.removeAll(keepingCapacity: true)
            cut = false
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            while start < count {
                let end = buffer[start..<count].firstIndex(of: UInt8(ascii: "\n")) ?? count
                let room = maxLineBytes - line.count
                if end - start > room { cut = true }
                line += buffer[start..<(start + min(room, end - start))]
                guard end < count else { break }
                finish()
                start = end + 1
            }
        }
        if !line.isEmpty || cut { finish() }
    }
}
