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
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        if lower.count == 1, let code = automaton.alphabet.code(of: lower.first!) { return code }
        if let code = automaton.alphabet.code(of: scalar) { return code }
        let upper = scalar.properties.uppercaseMapping.unicodeScalars
        if upper.count == 1, let code = automaton.alphabet.code(of: upper.first!) { return code }
        switch scalar {
        case "\u{2019}", "\u{2018}", "\u{02BC}": return automaton.alphabet.code(of: "'")
        case "'": return automaton.alphabet.code(of: "\u{2019}")
        case "\u{2010}", "\u{2011}": return automaton.alphabet.code(of: "-")
        default: return nil
        }
    }

    /// The scalar of alphabet code `code`.
    @inline(__always)
    func scalar(ofCode code: UInt32) -> Unicode.Scalar { automaton.alphabet.scalar(of: code) }
}
