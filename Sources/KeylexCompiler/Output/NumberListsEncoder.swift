import KeylexRuntime

/// Writes lists of numbers as the `phon` and `emji` sections store them (the runtime's
/// `NumberLists` reads them): the `K + 1` starts of `K` lists (each
/// ``KeylexRuntime/PackedNumbers/width(for:)`` of the entry count bits), then every list's numbers
/// (`width` bits each), bit-packed LSB first.
enum NumberListsEncoder {
    /// The packed bytes of `lists`, their length in bits, and the number of entries.
    static func encode(_ lists: [[Int]], width: Int) -> (bytes: [UInt8], bits: Int, entryCount: Int) {
        let entryCount = lists.reduce(0) { $0 + $1.count }
        let startWidth = PackedNumbers.width(for: entryCount)
        var packer = BitPacker()
        var start = 0
        for list in lists {
            packer.append(start, width: startWidth)
            start += list.count
        }
        packer.append(start, width: startWidth)
        for list in lists { for number in list { packer.append(number, width: width) } }
        return (packer.bytes, packer.bitCount, entryCount)
    }
}
