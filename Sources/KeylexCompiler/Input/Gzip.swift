import CZlib

/// Decompresses a gzip stream (RFC 1952), as AOSP ships its word lists (`*.combined.gz`), a chunk
/// at a time: memory stays the size of zlib's window and one input chunk, whatever the file's size.
final class GzipInflater {
    /// The first two bytes of every gzip member.
    static let magic: [UInt8] = [0x1F, 0x8B]

    /// The most bytes a compressed corpus may expand to, a guard against decompression bombs. Each
    /// line counts as at least ``lineWeight`` bytes: readers spend more on a line than on a byte, so
    /// a gigabyte of line ends (a few kilobytes compressed) is refused after 64 million lines, in
    /// seconds, instead of costing minutes of reading.
    static let maxDecompressedSize = 1 << 30
    /// What a line end counts toward ``maxDecompressedSize``: itself and 15 bytes more.
    static let lineWeight = 16

    /// Why a compressed file could not be read.
    struct Failure: Error {
        let reason: String
    }

    private var stream = z_stream()
    /// Compressed bytes, of which the first `consumed` of `count` are inflated (the buffer is reused
    /// for every chunk read).
    private var input: [UInt8]
    private var count: Int
    private var consumed = 0
    /// Reads more compressed bytes into the buffer it is given; returns how many (0 at the end).
    private let readMore: (UnsafeMutableRawBufferPointer) -> Int
    private var produced = 0
    /// Whether the last member read has ended (so the end of the input is the end of the data).
    private var atMemberEnd = false

    /// An inflater over the compressed bytes `first`, then those `readMore` gives.
    init(first: [UInt8], readMore: @escaping (UnsafeMutableRawBufferPointer) -> Int) throws(Failure) {
        input = first
        count = first.count
        self.readMore = readMore
        // 15 window bits, +16: gzip framing only.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(reason: "zlib could not start")
        }
    }

    deinit { inflateEnd(&stream) }

    /// Fills `buffer` with decompressed bytes; returns how many (0 at the end of the last member).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard buffer.count > 0 else { return 0 }
        while true {
            guard consumed < count || refill() else {
                if atMemberEnd { return 0 }
                throw Failure(reason: "the compressed data ends early")
            }
            if atMemberEnd {
                // Concatenated members (as `cat a.gz b.gz` makes) continue the file.
                guard inflateReset(&stream) == Z_OK else { throw Failure(reason: "damaged gzip member") }
                atMemberEnd = false
            }
            let before = consumed
            let (status, written) = inflateInto(buffer)
            if written == 0 && consumed == before && status != Z_STREAM_END && consumed < count {
                throw Failure(reason: "damaged gzip data (no progress)")
            }
            produced += written + (Self.lineWeight - 1) * lineEnds(in: UnsafeRawBufferPointer(rebasing: buffer[..<written]))
            guard produced <= Self.maxDecompressedSize else {
                throw Failure(
                    reason:
                        "expands to more than \(Self.maxDecompressedSize >> 20) MiB, a line counting as at least \(Self.lineWeight) bytes")
            }
            switch status {
            case Z_STREAM_END: atMemberEnd = true
            case Z_OK, Z_BUF_ERROR: break
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw Failure(reason: "damaged gzip data (\(message))")
            }
            if written > 0 { return written }
        }
    }

    /// The line feeds among `bytes`.
    private func lineEnds(in bytes: UnsafeRawBufferPointer) -> Int {
        bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Runs zlib once from the pending input into `buffer`: its status and the bytes it wrote.
    private func inflateInto(_ buffer: UnsafeMutableRawBufferPointer) -> (Int32, Int) {
        let status = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress! + consumed
            stream.avail_in = UInt32(count - consumed)
            stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            stream.avail_out = UInt32(buffer.count)
            return inflate(&stream, Z_NO_FLUSH)
        }
        consumed = count - Int(stream.avail_in)
        return (status, buffer.count - Int(stream.avail_out))
    }

    /// Reads the next chunk of compressed bytes; whether there was one.
    private func refill() -> Bool {
        if input.count < 1 << 16 { input = [UInt8](repeating: 0, count: 1 << 16) }
        count = input.withUnsafeMutableBytes(readMore)
        consumed = 0
        return count > 0
    }
}
