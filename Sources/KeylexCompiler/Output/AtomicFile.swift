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

    /// What the name of a temporary file has after its target's name, then a process number, `-`
    /// and a random number.
    static let temporaryMarker = ".tmp-"

    /// A new temporary name beside `path`: the marker, this process's number and a random number.
    static func temporaryPath(beside path: String) -> String {
        "\(path)\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Whether `name` is that of a temporary file this type writes.
    static func isTemporary(_ name: String) -> Bool {
        guard let marker = name.range(of: temporaryMarker, options: .backwards) else { return false }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// Writes `bytes` to `path`. `check` runs on the finished temporary file before the rename; if
    /// it throws, the temporary file is removed and the old `path` is left untouched.
    ///
    /// Only a regular file is ever replaced: a symbolic link is written through (its target is
    /// replaced), and a directory, a device, a FIFO or a socket is an error. The folder must exist.
    static func write(_ bytes: [UInt8], to path: String, check: (String) throws -> Void = { _ in }) throws {
        try write(to: path, check: check) { append in try append(bytes) }
    }

    /// Writes to `path`, as ``write(_:to:check:)`` does, the pieces that `produce` passes to the
    /// function it is given: an output of any size in bounded memory.
    static func write(
        to path: String, check: (String) throws -> Void = { _ in },
        _ produce: (_ append: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let path = try destination(path)
        TemporaryFiles.removeLeftovers(of: path)
        let temporary = temporaryPath(beside: path)
        TemporaryFiles.add(temporary)
        defer { TemporaryFiles.remove(temporary) }
        // Failures name `path`, the file the user asked for, not the temporary file that goes.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        // Held through a descriptor of its own until renamed or removed: `fd` closes before the check.
        let holder = open(temporary, O_RDONLY | O_CLOEXEC)
        TemporaryFiles.hold(holder)
        defer { if holder >= 0 { close(holder) } }
        var ok = false
        defer { if !ok { unlink(temporary) } }
        var isOpen = true
        defer { if isOpen { close(fd) } }
        try produce { bytes in
            guard writeAll(bytes, to: fd) else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        }
        let synced = fsync(fd) == 0
        isOpen = false
        guard close(fd) == 0, synced else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        try check(temporary)
        guard rename(temporary, path) == 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        ok = true
    }

    /// Writes every file of `files` (a name and its bytes) into `folder`, or none: each is written
    /// whole and flushed into a temporary folder there first, then all are renamed over their
    /// targets; when one cannot be written, the temporary folder goes and every target is left as
    /// it was (a preview on a full disk leaves no half of its pages). One descriptor is held
    /// however many files there are.
    static func write(_ files: [(name: String, bytes: [UInt8])], into folder: String) throws {
        let staging = SpillFolder(beside: (folder as NSString).appendingPathComponent(".keylex-pages"))
        defer { staging.remove() }
        var staged: [(temporary: String, target: String)] = []
        for file in files {
            let target = try destination((folder as NSString).appendingPathComponent(file.name))
            let temporary = try staging.newFile(file.name)
            try writeNew(file.bytes, to: temporary, for: target)
            staged.append((temporary, target))
        }
        for file in staged where rename(file.temporary, file.target) != 0 {
            throw WriteError(path: file.target, reason: String(cString: strerror(errno)))
        }
    }

    /// Writes `bytes` to the new file `path` (in a held temporary folder) and flushes it; a failure
    /// names `target`, the file asked for.
    private static func writeNew(_ bytes: [UInt8], to path: String, for target: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: target, reason: String(cString: strerror(errno))) }
        let written = writeAll(bytes, to: fd) && fsync(fd) == 0
        let reason = String(cString: strerror(errno))
        guard close(fd) == 0, written else { throw WriteError(path: target, reason: reason) }
    }

    /// Writes all of `bytes` to `fd`; `false` on an error (in `errno`).
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
    }

    /// The file to replace for `path`: itself, or the target of the symbolic link it is. Throws
    /// when that is not a regular file or its folder does not exist.
    static func destination(_ path: String) throws -> String {
        var info = stat()
        var target = path
        // Follow links (a dangling one too: its target is created), at most 40 as the kernel does.
        for _ in 0..<40 where lstat(target, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: target)
            target = link.hasPrefix("/") ? link : ((target as NSString).deletingLastPathComponent as NSString).appendingPathComponent(link)
        }
        if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw WriteError(path: path, reason: "too many levels of symbolic links")
        }
        if stat(target, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw WriteError(path: path, reason: "not a regular file (Keylex replaces only regular files)")
            }
            return target
        }
        let folder = (target as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard folder.isEmpty || (FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue) else {
            throw WriteError(path: path, reason: "the folder \(folder) does not exist")
        }
        return target
    }

    /// Creates the folder `path` (and its parents) for the outputs a command writes into it.
    static func createFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            throw WriteError(path: path, reason: "not a folder (a file, a FIFO or a device is there)")
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "cannot create the folder")
        }
    }
}

/// Writes text outputs (converted layouts, schemas) atomically.
public enum TextOutput {
    public static func write(_ text: String, to path: String) throws {
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    /// Writes every file of `files` (name, text) into `folder`, or none (see
    /// ``AtomicFile/write(_:into:)``).
    public static func write(_ files: [(name: String, text: String)], into folder: String) throws {
        try AtomicFile.write(files.map { ($0.name, Array($0.text.utf8)) }, into: folder)
    }

    /// Creates the folder an output goes into (`preview -o`, `schema -o`).
    public static func createFolder(_ path: String) throws {
        try AtomicFile.createFolder(path)
    }
}
