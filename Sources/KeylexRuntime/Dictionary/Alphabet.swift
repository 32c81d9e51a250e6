/// The dictionary's symbol alphabet: maps Unicode scalars to the small codes on the automaton's arcs.
///
/// Codes are given in scalar order, so arcs sorted by code are sorted by scalar.
struct Alphabet: Sendable {
    private let bytes: ByteView
    let size: Int
    /// The inline label codes.
    private let inline: ByteView

    init(section: ByteView) throws(KeylexError) {
        typealias L = DictionaryFormat.AlphabetLayout
        guard let count = section.u32(0) else { throw .truncated("ALPH") }
        guard count <= 0x11_0000, section.count >= L.scalarsOffset + Int(count) * 4 else {
            throw .truncated("ALPH holds fewer than \(count) scalars")
        }
        bytes = section
        size = Int(count)
        inline = try section.slice(L.inlineTableOffset, 4 * DictionaryFormat.inlineLabelCount, "ALPH inline labels")
    }

    /// The code of `scalar`, or `nil` when no word of the dictionary uses it.
    @inline(__always)
    func code(of scalar: Unicode.Scalar) -> UInt32? {
        typealias L = DictionaryFormat.AlphabetLayout
        let value = scalar.value
        if value < UInt32(L.directTableEntries) {
            let code = bytes.u16(L.directTableOffset + Int(value) * 2)!
            return code == L.noCode ? nil : UInt32(code)
        }
        var low = 0
        var high = size
        while low < high {
            let mid = (low + high) / 2
            let candidate = bytes.u32(L.scalarsOffset + mid * 4)!
            if candidate == value { return UInt32(mid) }
            if candidate < value { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// The scalar of `code`; U+FFFD for a code out of range or a value that is no scalar.
    @inline(__always)
    func scalar(of code: UInt32) -> Unicode.Scalar {
        guard code < UInt32(size),
              let value = bytes.u32(DictionaryFormat.AlphabetLayout.scalarsOffset + Int(code) * 4),
              let scalar = Unicode.Scalar(value)
        else { return "\u{FFFD}" }
        return scalar
    }

    /// The code stored for inline label slot `slot` (1-based).
    @inline(__always)
    func inlineCode(_ slot: Int) -> UInt32 {
        inline.u32((slot - 1) * 4) ?? UInt32.max
    }

    /// Every scalar of the alphabet, in code order.
    var scalars: [Unicode.Scalar] { (0..<UInt32(size)).map { scalar(of: $0) } }
}
