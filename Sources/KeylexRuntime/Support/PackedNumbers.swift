/// Unsigned numbers of one bit width packed one after another, least significant bit first
/// (number `i` is bits `i·width` to `(i + 1)·width - 1` of the bytes read as one little-endian
/// number), read in place. The `phon` and `ngrm` sections store their tables so.
public struct PackedNumbers: Sendable {
    let bytes: ByteView
    let bitOffset: Int
    let width: Int
    let count: Int
    /// The low `width` bits.
    private let mask: UInt64

    /// The bits that numbers from 0 to `maximum` need (at least 1).
    public static func width(for maximum: Int) -> Int { max(1, Int.bitWidth - max(maximum, 0).leadingZeroBitCount) }

    /// `count` numbers of `width` bits from bit `bitOffset` of `bytes`, or `nil` when `width` is
    /// not from 1 to 56 (a number and its bit offset within a byte then fit one 8-byte load) or
    /// `bitOffset` or `count` is negative.
    init?(bytes: ByteView, bitOffset: Int, width: Int, count: Int) {
        guard (1...56).contains(width), bitOffset >= 0, count >= 0 else { return nil }
        self.mask = (1 << UInt64(width)) - 1
        self.bytes = bytes
        self.bitOffset = bitOffset
        self.width = width
        self.count = count
    }

    /// Calls `body` with each index of `range` that is in the view and its number, in order, until
    /// it returns `false`. The run is checked against the bytes once, where ``value(_:)`` checks
    /// each number: the way to read a long run.
    func forEach(in range: Range<Int>, _ body: (_ index: Int, _ value: Int) -> Bool) {
        let range = range.clamped(to: 0..<count)
        guard !range.isEmpty else { return }
        // A number that starts at or before this bit has 8 bytes from its first: one load reads it.
        let lastDirectBit = (bytes.count - 8) * 8 - bitOffset
        let direct = lastDirectBit >= 0 ? min(range.upperBound, lastDirectBit / width + 1) : range.lowerBound
        var i = range.lowerBound
        while i < direct {
            let bit = bitOffset + i * width
            let word = UInt64(littleEndian: bytes.base.loadUnaligned(fromByteOffset: bit >> 3, as: UInt64.self))
            guard body(i, Int((word >> UInt64(bit & 7)) & mask)) else { return }
            i += 1
        }
        while i < range.upperBound, let number = value(i), body(i, number) { i += 1 }
    }

    /// Number `i`, or `nil` outside the view (or the bytes).
    func value(_ i: Int) -> Int? {
        guard i >= 0, i < count else { return nil }
        let bit = bitOffset + i * width, byte = bit / 8
        var word: UInt64
        if let whole = bytes.u64(byte) {
            word = whole
        } else {  // within the last 8 bytes: what is left of them
            guard byte >= 0, byte < bytes.count else { return nil }
            word = 0
            for k in 0..<(bytes.count - byte) { word |= UInt64(bytes.u8(byte + k) ?? 0) << UInt64(8 * k) }
        }
        return Int((word >> UInt64(bit % 8)) & mask)
    }
}
