import KeylexRuntime

/// Packs unsigned numbers LSB first, each in a given number of bits, as ``KeylexRuntime/PackedNumbers`` reads them.
struct BitPacker {
    private(set) var bytes: [UInt8] = []
    /// The bits appended so far.
    private(set) var bitCount = 0

    mutating func append(_ value: Int, width: Int) {
        for i in 0..<width {
            if bitCount % 8 == 0 { bytes.append(0) }
            if value >> i & 1 == 1 { bytes[bytes.count - 1] |= 1 << UInt8(bitCount % 8) }
            bitCount += 1
        }
    }
}
