// How typed letters meet the dictionary's alphabet: folding classes and the codes typed scalars
// are compared with.

extension WordDictionary {
    /// The code a typed scalar is compared with: its alphabet code (see ``code(ofTyped:)``), or for a
    /// letter no word has, a code of its own past the alphabet (equal only to itself).
    func comparisonCode(ofTyped scalar: Unicode.Scalar) -> UInt32 {
        code(ofTyped: scalar) ?? UInt32(automaton.alphabet.size) + scalar.value
    }

    /// The folding class of alphabet code `code` (case and accents ignored), or the code itself
    /// when the file has no folding section.
    @inline(__always)
    func foldClass(ofCode code: UInt32) -> UInt32 { Self.foldClass(ofCode: code, in: foldClasses) }

    /// The folding class of `code` in a `FOLD` table (see ``foldClass(ofCode:)``).
    @inline(__always)
    static func foldClass(ofCode code: UInt32, in foldClasses: ByteView?) -> UInt32 {
        guard let foldClasses, let value = foldClasses.u16(Int(code) * 2) else { return code | 0x8000_0000 }
        return UInt32(value)
    }

    /// The alphabet code to match a typed scalar against: its lowercase form's (capitals typed at
    /// the start of a sentence cost nothing; suggestions take the typed casing back), else its
    /// own, else its uppercase form's, else that of a typographic equivalent (’ for ', ‘ for ');
    /// `nil` when no word uses any of them.
    func code(ofTyped scalar: Unicode.Scalar) -> UInt32? {
        if let lower = Self.lowercase(scalar), let code = automaton.alphabet.code(of: lower) { return code }
        if let code = automaton.alphabet.code(of: scalar) { return code }
        let upper = scalar.properties.uppercaseMapping.unicodeScalars
        if upper.count == 1, let code = automaton.alphabet.code(of: upper.first!) { return code }
        switch scalar {
        case "\u{2019}", "\u{2018}", "\u{02BC}", "`", "\u{00B4}": return automaton.alphabet.code(of: "'")
        case "'": return automaton.alphabet.code(of: "\u{2019}")
        case "\u{2010}", "\u{2011}": return automaton.alphabet.code(of: "-")
        default: return nil
        }
    }

    /// Whether codes `a` and `b` are the same letter, case and accents aside.
    @inline(__always)
    func folds(_ a: UInt32, _ b: UInt32) -> Bool { a == b || foldClass(ofCode: a) == foldClass(ofCode: b) }

    /// Whether alphabet code `label` completes typed code `typed` (``folds(_:_:)``), but for a mark
    /// typed on a letter: a letter beyond ASCII typed (German `ü`, a key of its own; `é`, a long
    /// press) is not taken for an ASCII one (`u`, `e`), whereas an ASCII letter is for its marked
    /// forms (an accent is often left out, seldom typed for nothing).
    @inline(__always)
    func completes(_ typed: UInt32, with label: UInt32) -> Bool {
        folds(typed, label) && (label == typed || scalar(ofCode: typed).isASCII || !scalar(ofCode: label).isASCII)
    }

    /// The lowercase form of `scalar` when it is one scalar, found without building a string for
    /// ASCII and for the scalars that lowercasing leaves as they are (most typed letters).
    @inline(__always)
    static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if scalar.isASCII { return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar }
        guard scalar.properties.changesWhenLowercased else { return scalar }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first : nil
    }

    /// The scalar of alphabet code `code`.
    @inline(__always)
    func scalar(ofCode code: UInt32) -> Unicode.Scalar { automaton.alphabet.scalar(of: code) }
}
