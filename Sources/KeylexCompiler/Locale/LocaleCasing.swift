import Foundation

/// How a locale cases the characters of its keys, for the upper-case layers and callouts.
enum LocaleCasing {
    /// The uppercase form of a character in `locale`, when it is one grapheme (ß stays ß), by the
    /// casing rules of the tag's language (see ``casingLocale(_:)``).
    static func upper(_ text: String, locale: String) -> String {
        let mapped = text.uppercased(with: casingLocale(locale)).precomposedStringWithCanonicalMapping
        return mapped.count == 1 ? mapped : text
    }

    /// The locale whose casing a key follows: the tag's language alone (`tr-t-k0-android` cases as
    /// `tr`: i ↔ İ, ı ↔ I; extensions and regions say nothing of casing, and ICU does not read
    /// them), except Greek, whose all-capitals rule drops accents from running text, while a
    /// keyboard's upper-case callouts keep them (ά → Ά).
    static func casingLocale(_ tag: String) -> Locale {
        let language = tag.prefix { $0 != "-" && $0 != "_" }.lowercased()
        return Locale(identifier: language == "el" ? "root" : language)
    }
}
