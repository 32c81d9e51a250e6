import Foundation

/// The bytes of a file, read a chunk at a time and decompressed on the way when the file is gzip
/// (see ``GzipInflater``): what ``SourceText`` reads lines from, in bounded memory.
final class FileInput {
    /// Why the file could not be read: the diagnostic that says so.
    struct Failure: Error {
        let message: DiagnosticMessage

        /// The system's reason the file cannot be read (from `errno`).
        static func unreadable() -> Failure { Failure(message: .unreadableFile(String(cString: strerror(errno)))) }

        /// Why `path` could not be read, as the system says (a file another reader failed to read).
        static func of(_ path: String) -> DiagnosticMessage {
            do throws(Failure) {
                _ = try FileInput(path: path)
                return .unreadableFile("read error")
            } catch {
                return error.message
            }
        }

        /// Why the gzip data cannot be decompressed.
        static func compression(_ failure: GzipInflater.Failure) -> Failure { Failure(message: .invalidCompression(failure.reason)) }
    }

    private let file: UnsafeMutablePointer<FILE>
    /// The file's size when opened (0 for a pipe).
    private let size: Int
    private var inflater: GzipInflater?
    /// Bytes peeked at and not read yet.
    private var peeked: [UInt8] = []
    /// A failure met while peeking, thrown by the next read.
    private var failure: Failure?

    /// Whether `path` is a regular file (after symbolic links): what a scan of a folder reads. A
    /// FIFO, socket or device found there is left alone, never opened (a FIFO would wait for a
    /// writer); named on the command line, a FIFO is read as a stream.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Opens `path` (a regular file or a pipe; not a folder).
    init(path: String) throws(Failure) {
        guard let file = fopen(path, "rb") else { throw .unreadable() }
        var info = stat()
        guard fstat(fileno(file), &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
            fclose(file)
            throw Failure(message: .unreadableFile("it is a folder"))
        }
        self.file = file
        size = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
        let start = readRaw(2)
        guard start == GzipInflater.magic else {
            peeked = start
            return
        }
        do {
            inflater = try GzipInflater(first: start) { buffer in fread(buffer.baseAddress, 1, buffer.count, file) }
        } catch {
            throw .compression(error)
        }
    }

    deinit { fclose(file) }

    /// How much of the file has been read, from 0 to 1 (of the compressed bytes for a gzip file;
    /// 0 for a pipe, whose size is unknown).
    var fractionRead: Double { size > 0 ? min(max(Double(ftello(file)) / Double(size), 0), 1) : 0 }

    /// Fills `buffer` with the file's next bytes; returns how many (0 at the end).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        if let failure { throw failure }
        guard peeked.isEmpty else {
            let count = min(buffer.count, peeked.count)
            buffer.copyBytes(from: peeked[..<count])
            peeked.removeFirst(count)
            return count
        }
        return try readSource(into: buffer)
    }

    /// The first `count` bytes not read yet (fewer at the end of the file), left to read.
    func peek(_ count: Int) -> [UInt8] {
        withUnsafeTemporaryAllocation(byteCount: 1 << 12, alignment: 1) { buffer in
            while peeked.count < count, failure == nil {
                do throws(Failure) {
                    let read = try readSource(
                        into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, count - peeked.count)]))
                    if read == 0 { break }
                    peeked += buffer[..<read]
                } catch {
                    failure = error
                }
            }
        }
        return Array(peeked.prefix(count))
    }

    /// Reads the next bytes of the file, decompressed if it is gzip.
    private func readSource(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard let inflater else {
            let count = fread(buffer.baseAddress, 1, buffer.count, file)
            if count == 0 && ferror(file) != 0 { throw .unreadable() }
            return count
        }
        do {
            return try inflater.read(into: buffer)
        } catch {
            throw .compression(error)
        }
    }

    /// Leaves out the next `count` bytes (peeked at before).
    func skip(_ count: Int) {
        peeked.removeFirst(min(count, peeked.count))
    }

    /// Up to `count` bytes read straight from the file.
    private func readRaw(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) }
        return Array(bytes[..<read])
    }
}
