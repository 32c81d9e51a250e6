/// The dictionary's symbol alphabet: maps Unicode scalars to the small codes on the automaton's arcs.
///
/// Codes are given in scalar order, so arcs sorted by code are sorted by scalar.
struct Alphabet: Sendable {
    private let bytes: ByteView
    let size: Int
    /// The label of a sparse arc by its first byte: its inline label's code, or ``labelFollows`` for
    /// slot 0 (bytes that start no arc get a label too; their kind rejects them). Read at every arc
    /// a lookup passes, so it is decoded once, on opening.
    private let arcLabels: [UInt32]
    /// For each run of 16 values from U+0100 (up to the alphabet's last scalar below U+10000): the
    /// code of its first scalar in the alphabet, shifted left by 16, above a mask of the values of the
    /// run the alphabet holds; then the code of the first scalar from U+10000. ``code(of:)`` finds a
    /// Cyrillic or CJK letter's code by counting the mask's bits below it, with no search.
    private let runs: [UInt64]

    init(section: ByteView) throws(KeylexError) {
        typealias AlphabetLayout = DictionaryFormat.AlphabetLayout
        guard let count = section.u32(0) else { throw .truncated("ALPH") }
        guard count <= 0x11_0000, section.count >= AlphabetLayout.scalarsOffset + Int(count) * 4 else {
            throw .truncated("ALPH holds fewer than \(count) scalars")
        }
        bytes = section
        size = Int(count)
        let inline = try section.slice(AlphabetLayout.inlineTableOffset, 4 * DictionaryFormat.inlineLabelCount, "ALPH inline labels")
        arcLabels = Self.arcLabels(inline)
        runs = Self.runStarts(section, size: size)
    }

    /// The first value of the runs of ``runs`` (past the direct table), the first astral value, the
    /// length of a run.
    private static let firstRunValue = UInt32(DictionaryFormat.AlphabetLayout.directTableEntries)
    private static let astralValue: UInt32 = 0x1_0000, runLength: UInt32 = 16

    /// One pass over the scalars: at most `size` + 4,081 steps. A valid file's scalars are in order;
    /// out of order, or repeated, they only make codes wrong, never out of the alphabet's range.
    private static func runStarts(_ bytes: ByteView, size: Int) -> [UInt64] {
        func value(_ index: Int) -> UInt32 { bytes.u32(DictionaryFormat.AlphabetLayout.scalarsOffset + index * 4) ?? .max }
        var starts: [UInt64] = [], index = 0, next = firstRunValue
        starts.reserveCapacity(min(size, Int(astralValue - firstRunValue) / Int(runLength)) + 1)
        while index < size, value(index) < firstRunValue { index += 1 }
        while index < size, value(index) < astralValue {
            let start = UInt64(index)
            var mask: UInt64 = 0
            while index < size, value(index) < next + runLength {
                if value(index) >= next { mask |= 1 << UInt64(value(index) - next) }
                index += 1
            }
            starts.append(start << 16 | mask)
            next += runLength
        }
        starts.append(UInt64(index) << 16)
        return starts
    }

    /// The code of `scalar`, or `nil` when no word of the dictionary uses it.
    @inline(__always)
    func code(of scalar: Unicode.Scalar) -> UInt32? {
        typealias AlphabetLayout = DictionaryFormat.AlphabetLayout
        let value = scalar.value
        if value < UInt32(AlphabetLayout.directTableEntries) {
            let code = bytes.u16(AlphabetLayout.directTableOffset + Int(value) * 2)!
            return code == AlphabetLayout.noCode ? nil : UInt32(code)
        }
        let run = Int(min(value, Self.astralValue) - Self.firstRunValue) / Int(Self.runLength)
        guard run + 1 < runs.count else { return astralCode(of: value, from: Int(runs[runs.count - 1] >> 16)) }
        let entry = runs[run], bit = UInt64(value - Self.firstRunValue) % UInt64(Self.runLength)
        guard entry & 1 << bit != 0 else { return nil }
        return UInt32(entry >> 16) + UInt32((entry & (1 << bit - 1)).nonzeroBitCount)
    }

    /// The code of a scalar at or past the alphabet's runs (from U+10000, or past its last run),
    /// searched for among the scalars from `low` on.
    @inline(never)
    private func astralCode(of value: UInt32, from low: Int) -> UInt32? {
        typealias AlphabetLayout = DictionaryFormat.AlphabetLayout
        guard low < size else { return nil }
        let found = lowerBound(in: low..<size) { bytes.u32(AlphabetLayout.scalarsOffset + $0 * 4)! < value }
        return found < size && bytes.u32(AlphabetLayout.scalarsOffset + found * 4)! == value ? UInt32(found) : nil
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

    /// What ``arcLabel(_:)`` gives for a first byte whose label follows it as LEB128 (slot 0).
    static let labelFollows = UInt32.max

    /// The label of a sparse arc whose first byte is `first` (`kind × 25 + slot`): the code of
    /// inline label `slot`, or ``labelFollows`` when `slot` is 0.
    @inline(__always)
    func arcLabel(_ first: UInt8) -> UInt32 { arcLabels[Int(first)] }

    /// ``arcLabels`` from the inline codes (an unused slot, `0xFFFFFFFF`, reads as `0xFFFFFFFE`: no code is
    /// either, and an arc with it ends a search as one past every code would).
    private static func arcLabels(_ inline: ByteView) -> [UInt32] {
        (0...255).map { first in
            let slot = first % DictionaryFormat.labelSlots
            guard slot > 0 else { return labelFollows }
            return inline.u32((slot - 1) * 4).map { $0 == labelFollows ? labelFollows - 1 : $0 } ?? labelFollows - 1
        }
    }

    /// Every scalar of the alphabet, in code order.
    var scalars: [Unicode.Scalar] { (0..<UInt32(size)).map { scalar(of: $0) } }
}
