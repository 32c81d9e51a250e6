import CZlib

/// Decompresses gzip files (RFC 1952), as AOSP ships its word lists (`*.combined.gz`).
enum Gzip {
    /// The first two bytes of every gzip member.
    static let magic: [UInt8] = [0x1F, 0x8B]

    /// The most bytes a compressed corpus may expand to, a guard against decompression bombs.
    static let maxDecompressedSize = 1 << 30

    /// Why a compressed file could not be read.
    struct Failure: Error {
        let reason: String
    }

    static func isCompressed(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    /// The decompressed bytes of every member of `compressed`.
    static func decompress(_ compressed: [UInt8]) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // 15 window bits, +16: gzip framing only.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(reason: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return try compressed.withUnsafeBufferPointer { (source) throws(Failure) -> [UInt8] in
            // zlib reads the input through a non-const pointer but never writes it.
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                guard output.count <= maxDecompressedSize else {
                    throw Failure(reason: "expands to more than \(maxDecompressedSize >> 20) MiB")
                }
                switch status {
                case Z_STREAM_END:
                    // Concatenated members (as `cat a.gz b.gz` makes) continue the file.
                    guard stream.avail_in > 0 else { return output }
                    guard inflateReset(&stream) == Z_OK else { throw Failure(reason: "damaged gzip member") }
                case Z_OK:
                    if stream.avail_in == 0 && stream.avail_out > 0 { throw Failure(reason: "the compressed data ends early") }
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                    throw Failure(reason: "damaged gzip data (\(message))")
                }
            }
        }
    }
}
