import Foundation

/// Writes files so that a reader sees either the old file or the whole new one, never a part:
/// the bytes go to a temporary file beside the target, are flushed to disk, checked, then renamed.
enum AtomicFile {
    /// Why an output could not be written.
    struct WriteError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// Writes `bytes` to `path`. `check` runs on the finished temporary file before the rename; if
    /// it throws, the temporary file is removed and the old `path` is left untouched.
    static func write(_ bytes: [UInt8], to path: String, check: (String) throws -> Void = { _ in }) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: temporary, reason: String(cString: strerror(errno))) }
        var ok = false
        defer { if !ok { unlink(temporary) } }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written, synced else { throw WriteError(path: temporary, reason: String(cString: strerror(errno))) }
        try check(temporary)
        guard rename(temporary, path) == 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        ok = true
    }
}

/// Writes text outputs (converted layouts, schemas) atomically.
public enum TextOutput {
    public static func write(_ text: String, to path: String) throws {
        try AtomicFile.write(Array(text.utf8), to: path)
    }
}
