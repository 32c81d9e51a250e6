// Russian ё, which Russian spelling lets a writer leave as е.

extension SuggestionEngine {
    /// The words of the dictionary that are `typed` with one of its е (Е) written ё (Ё), when its
    /// language leaves ё out at will: `даётся` for `дается`, `её` for `ее`. None when `typed` is a
    /// word itself (`все` is not `всё`), and only the first ``maxYoPositions`` е are tried: a
    /// Russian word has one ё at most, but for a few compounds.
    func yoSpellings(of typed: String) -> [String] {
        guard writesYoOptionally, typed.unicodeScalars.contains(where: { $0 == "е" || $0 == "Е" }), !dictionary.contains(typed)
        else { return [] }
        let scalars = Array(typed.unicodeScalars)
        return scalars.indices.filter { scalars[$0] == "е" || scalars[$0] == "Е" }.prefix(Self.maxYoPositions).compactMap { i in
            var written = scalars
            written[i] = scalars[i] == "е" ? "ё" : "Ё"
            let word = String(String.UnicodeScalarView(written))
            return dictionary.contains(word) ? word : nil
        }
    }

    /// The most е of a typed word that ``yoSpellings(of:)`` reads as ё, one at a time.
    static let maxYoPositions = 8
}
