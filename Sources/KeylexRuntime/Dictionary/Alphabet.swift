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
    /// Where the scalars of each run of 16 values from U+0100 start among the alphabet's (up to its
    /// last scalar below U+10000), then where those from U+10000 start: ``code(of:)`` searches one
    /// run, not the whole alphabet (a Cyrillic or CJK letter costs at most 4 steps, not up to 13).
    private let runs: [UInt32]

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

    /// One pass over the scalars (in order in a valid file; out of order the searches only fail):
    /// at most `size` + 4,081 steps.
    private static func runStarts(_ bytes: ByteView, size: Int) -> [UInt32] {
        func value(_ index: Int) -> UInt32 { bytes.u32(DictionaryFormat.AlphabetLayout.scalarsOffset + index * 4) ?? .max }
        var starts: [UInt32] = [], index = 0, next = firstRunValue
        starts.reserveCapacity(min(size, Int(astralValue - firstRunValue) / Int(runLength)) + 1)
        while index < size, value(index) < firstRunValue { index += 1 }
        while index < size, value(index) < astralValue {
            starts.append(UInt32(index))
            next += runLength
            while index < size, value(index) < next { index += 1 }
        }
        starts.append(UInt32(index))
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
        var low = 0
        var high = size
        let run = Int(min(value, Self.astralValue) - Self.firstRunValue) / Int(Self.runLength)
        if run + 1 < runs.count {
            (low, high) = (Int(runs[run]), Int(runs[run + 1]))
        } else {
            low = Int(runs[runs.count - 1])
        }
        guard low < high else { return nil }
        let found = lowerBound(in: low..<high) { bytes.u32(AlphabetLayout.scalarsOffset + $0 * 4)! < value }
        return found < high && bytes.u32(AlphabetLayout.scalarsOffset + found * 4)! == value ? UInt32(found) : nil
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
