/// Lower and upper case as the dictionary's language has them. Turkish and Azerbaijani pair dotted
/// `İ` with `i` and dotless `I` with `ı`, where Unicode's default casing pairs `I` with `i` (and
/// lowers `İ` to `i` with a combining dot): a dictionary whose alphabet has `ı` is cased their way,
/// so that `İki` at a sentence's start is the known `iki`, and `iki` capitalised is `İki`.
struct LetterCase: Sendable {
    /// Whether the dictionary's language has the dotless `ı`.
    let isTurkic: Bool

    init(dictionary: WordDictionary) {
        isTurkic = dictionary.automaton.alphabet.code(of: "ı") != nil
    }

    /// `text` in lower case.
    func lowercased(_ text: String) -> String {
        guard isTurkic else { return text.lowercased() }
        return text.replacing("İ", with: "i").replacing("I", with: "ı").lowercased()
    }

    /// `text` in upper case.
    func uppercased(_ text: String) -> String {
        guard isTurkic else { return text.uppercased() }
        return text.replacing("i", with: "İ").replacing("ı", with: "I").uppercased()
    }
}
