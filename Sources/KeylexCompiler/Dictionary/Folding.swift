import Foundation
import KeylexRuntime

/// The folding classes of a dictionary's alphabet.
enum FoldClasses {
    /// `text` without case and accents: letters that fold alike are one class, and the engine
    /// matches them as one (a typed `c` finds `ć` for a small cost).
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The `FOLD` section for `alphabet` (see ``DictionaryFormat/FoldLayout``): each scalar's class.
    static func section(_ alphabet: [Unicode.Scalar]) -> [UInt8] {
        var section: [UInt8] = []
        section.append(littleEndian: UInt32(alphabet.count))
        for foldClass in classes(alphabet) { section.append(littleEndian: foldClass) }
        return section
    }

    /// The class of each scalar of `alphabet`: the rank of its text folded with Foundation's case-
    /// and diacritic-insensitive folding among the alphabet's folded texts.
    static func classes(_ alphabet: [Unicode.Scalar]) -> [UInt16] {
        let folded = alphabet.map { fold(String($0)) }
        let classes = Set(folded).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        var index: [String: Int] = [:]
        for (i, text) in classes.enumerated() { index[text] = i }
        return folded.map { UInt16(index[$0]!) }
    }
}
