@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Packed tables (`phon`, `ngrm`): what `BitPacker` writes, `PackedNumbers` reads back, to the
/// table's last number, without reading past its bytes.
@Suite struct BitPackingTests {
    @Test(arguments: [1, 7, 8, 13, 17, 25, 32, 56])
    func numbersReadBackAtEveryWidth(width: Int) {
        for count in [0, 1, 2, 7, 64, 1000] {
            // Every third number all ones; the others spread over the width by a multiplicative hash.
            let values = (0..<count).map { i in i % 3 == 0 ? (1 << width) - 1 : (i &* 0x1E37_79B9_7F4A_7C15) >> 8 & ((1 << width) - 1) }
            var packer = BitPacker()
            for value in values { packer.append(value, width: width) }
            let bytes = packer.bytes  // no slack: the last numbers are read from fewer than 8 bytes
            let read: [Int?] = bytes.withUnsafeBytes { raw in
                let view = ByteView(base: raw.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, count: raw.count)
                guard let table = PackedNumbers(bytes: view, bitOffset: 0, width: width, count: count) else { return [] }
                return (0...count).map(table.value)
            }
            #expect(read == values + [nil], "width \(width), count \(count)")
        }
    }

    @Test func widthsCoverTheirMaximum() {
        #expect([0, 1, 2, 255, 256, -1].map(PackedNumbers.width(for:)) == [1, 1, 2, 8, 9, 1])
    }
}
