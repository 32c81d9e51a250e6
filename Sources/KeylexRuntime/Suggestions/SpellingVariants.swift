// Spelling variants: words that differ from what was typed only in how it is typed on a phone.

extension SuggestionEngine {
    /// Whether the dictionary asks for umlauts typed as two letters (its
    /// ``DictionaryFormat/Options/umlautSpellings``). A file written before that option existed
    /// (minor version below 11) said so only by its source's attributes, which are read for it.
    static func spellsUmlauts(_ dictionary: WordDictionary) -> Bool {
        let options =
            dictionary.container.minorVersion < DictionaryFormat.firstOptionsVersion
            ? DictionaryFormat.Options(attributes: dictionary.attribute) : dictionary.options
        return options.contains(.umlautSpellings)
    }

    /// Whether `word` is `typed` but for case, accents, apostrophes and hyphens left out, and (with
    /// ``EditCosts/spellsUmlauts``) umlauts and ß typed as two letters: "c'est" for "cest", "London"
    /// for "london", "Straße" for "strasse". Such a word is what the user meant, whatever its
    /// frequency: it ranks before every other candidate and replaces an unknown typed word.
    func isSpellingVariant(_ word: String, of typed: String) -> Bool {
        let w = Array(word.unicodeScalars), t = Array(typed.unicodeScalars)
        var i = 0, j = 0
        while i < w.count {
            if j + 1 < t.count, spellsAsTwoLetters(w[i], t[j], t[j + 1]) {
                i += 1
                j += 2
            } else if j < t.count, sameLetter(w[i], t[j]) {
                i += 1
                j += 1
            } else if SubstitutionCosts.isJoiner(w[i]) {
                i += 1
            } else {
                return false
            }
        }
        return j == t.count && w != t
    }

    private func fold(_ scalar: Unicode.Scalar) -> UInt32 {
        dictionary.foldClass(ofCode: dictionary.comparisonCode(ofTyped: scalar))
    }

    private func sameLetter(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        a == b || fold(a) == fold(b) || (SubstitutionCosts.isJoiner(a) && SubstitutionCosts.isJoiner(b))
    }

    private func spellsAsTwoLetters(_ letter: Unicode.Scalar, _ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        guard costs.spellsUmlauts, let lower = letter.properties.lowercaseMapping.unicodeScalars.first,
            let (a, b) = SubstitutionCosts.umlautSpellings[lower]
        else { return false }
        return fold(first) == fold(a) && fold(second) == fold(b)
    }
}
