// Russian ё, which Russian spelling lets a writer leave as е.

extension SuggestionEngine {
    /// The words of the dictionary that are `typed` with one of its е (Е) written ё (Ё), or one of
    /// its ё written е, when its language leaves ё out at will: `даётся` for `дается`, `её` for
    /// `ее`; `снесет` for `снесёт`, where the list left the ё out. None when `typed` is a word itself
    /// (`все` is not `всё`), and only the first ``maxYoPositions`` е or ё are tried: a Russian word
    /// has one ё at most, but for a few compounds.
    func yoSpellings(of typed: String) -> [String] {
        guard writesYoOptionally, typed.unicodeScalars.contains(where: { Self.yoSwapped($0) != nil }), !dictionary.contains(typed)
        else { return [] }
        let scalars = Array(typed.unicodeScalars)
        return scalars.indices.filter { Self.yoSwapped(scalars[$0]) != nil }.prefix(Self.maxYoPositions).compactMap { i in
            var written = scalars
            written[i] = Self.yoSwapped(scalars[i])!
            let word = String(String.UnicodeScalarView(written))
            return dictionary.contains(word) ? word : nil
        }
    }

    /// ё for е and е for ё, in either case; nil for any other letter.
    private static func yoSwapped(_ letter: Unicode.Scalar) -> Unicode.Scalar? {
        switch letter {
        case "е": "ё"
        case "Е": "Ё"
        case "ё": "е"
        case "Ё": "Е"
        default: nil
        }
    }

    /// The most е or ё of a typed word that ``yoSpellings(of:)`` reads as the other, one at a time.
    static let maxYoPositions = 8
}
