#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns the bytes of an opened file: a read-only memory mapping, a copy, or bytes the caller keeps alive.
///
/// Views into the bytes (``ByteView``) stay valid for as long as the storage lives.
final class FileStorage: @unchecked Sendable {
    let view: ByteView
    private let release: @Sendable (UnsafeRawPointer, Int) -> Void

    private init(view: ByteView, release: @escaping @Sendable (UnsafeRawPointer, Int) -> Void) {
        self.view = view
        self.release = release
    }

    deinit { release(view.base, view.count) }

    /// Maps `path` read-only. The length is read once; the file must not be truncated while mapped.
    /// Only a regular file is read: a directory, a FIFO, a device or a socket is an error (opened
    /// without blocking, so that a FIFO no one writes to does not hang the caller).
    static func map(path: String) throws(KeylexError) -> FileStorage {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .io(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(path: path, operation: "stat", errno: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .io(path: path, operation: "open", errno: EISDIR)
        default: throw .io(path: path, operation: "map a FIFO, a device or a socket", errno: ENODEV)
        }
        let size = Int(info.st_size)
        if size == 0 {
            return FileStorage(view: ByteView(base: UnsafeRawPointer(bitPattern: 8)!, count: 0), release: { _, _ in })
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            throw .io(path: path, operation: "mmap", errno: errno)
        }
        return FileStorage(view: ByteView(base: UnsafeRawPointer(address), count: size)) { base, count in
            munmap(UnsafeMutableRawPointer(mutating: base), count)
        }
    }

    /// Copies `bytes` into storage of its own, aligned for 8-byte reads.
    static func copy(_ bytes: some Collection<UInt8>) -> FileStorage {
        let count = bytes.count
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        memory.initializeMemory(as: UInt8.self, from: Array(bytes), count: count)
        return FileStorage(view: ByteView(base: UnsafeRawPointer(memory), count: count)) { base, _ in
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }

    /// A storage for `view`, bytes inside this one, that keeps this one alive (a container nested
    /// in a section of another shares its mapping).
    func nested(_ view: ByteView) -> FileStorage {
        FileStorage(view: view, release: { [self] _, _ in _ = self })
    }

    /// Wraps bytes that the caller keeps alive and unchanged for the storage's lifetime.
    static func borrowing(_ bytes: UnsafeRawBufferPointer) -> FileStorage {
        let base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!
        return FileStorage(view: ByteView(base: base, count: bytes.count), release: { _, _ in })
    }
}
