/// CRC-32C (Castagnoli), the checksum of every section and of the header.
///
/// Table-driven, eight bytes at a time; the tables are built once, on first use.
public enum CRC32C {
    private static let tables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0x82F6_3B78 : c >> 1 }
            tables[0][n] = c
        }
        for n in 0..<256 {
            for k in 1..<8 {
                let previous = tables[k - 1][n]
                tables[k][n] = (previous >> 8) ^ tables[0][Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `bytes`, continuing from `crc` (0 to start).
    public static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        let t = tables
        var c = ~crc
        var i = 0
        let n = bytes.count
        while i + 8 <= n {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ UInt64(c)
            c =
                t[7][Int(word & 0xFF)] ^ t[6][Int((word >> 8) & 0xFF)]
                ^ t[5][Int((word >> 16) & 0xFF)] ^ t[4][Int((word >> 24) & 0xFF)]
                ^ t[3][Int((word >> 32) & 0xFF)] ^ t[2][Int((word >> 40) & 0xFF)]
                ^ t[1][Int((word >> 48) & 0xFF)] ^ t[0][Int(word >> 56)]
            i += 8
        }
        while i < n {
            c = t[0][Int((c ^ UInt32(bytes[i])) & 0xFF)] ^ (c >> 8)
            i += 1
        }
        return ~c
    }

    /// The checksum of a byte array.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}
