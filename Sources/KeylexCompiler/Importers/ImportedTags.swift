import Foundation

/// The tags of the documents one import makes: each well-formed and unique, every change reported.
struct ImportedTags {
    private var tags = Set<String>()
    /// For each tag given more than twice, the number to try next as its private use: the numbers
    /// before it are taken, so the thousandth import of a tag does not try the 998 before it again.
    private var nextNumber: [String: Int] = [:]

    /// `tag` (the importer's reading of `written`) made well-formed (its bad subtags as private
    /// use) and unique (the tag of an earlier `document` gets `layout`, the name of its layout, as
    /// private use), with a diagnostic at `location` when it is not `written` in canonical case.
    /// `reason` says why the importer changed it, when it did.
    mutating func unique(
        _ tag: String, written: String, layout: String, document: String, reason: String? = nil,
        at location: SourceLocation, diagnostics: DiagnosticEngine
    ) -> String {
        var tag = tag
        var reason = reason
        if !LanguageTag.isWellFormed(tag) {
            tag = Self.wellFormed(tag)
            reason = "is not a well-formed BCP 47 tag"
        }
        if tags.contains(tag) {
            let base = tag
            reason = "is the tag of an earlier \(document)"
            tag = Self.privateUse(base, layout)
            var number = nextNumber[base, default: 2]
            while tags.contains(tag) {
                tag = Self.privateUse(base, String(number))
                number += 1
            }
            nextNumber[base] = number
        }
        if let reason { diagnostics.report(location, .renamedLocale(written, tag, reason: reason)) }
        tags.insert(tag)
        return tag
    }

    /// The longest well-formed start of `tag`, its other subtags added as private use.
    static func wellFormed(_ tag: String) -> String {
        let parts = tag.split(separator: "-").map(String.init)
        for count in stride(from: parts.count, through: 1, by: -1)
        where LanguageTag.isWellFormed(parts.prefix(count).joined(separator: "-")) {
            let result = parts.dropFirst(count).reduce(LanguageTag.canonical(parts.prefix(count).joined(separator: "-")), privateUse)
            if LanguageTag.isWellFormed(result) { return result }
        }
        return privateUse("und", tag)
    }

    /// `tag` with `name` (its letters and digits, at most eight) as a private-use subtag.
    static func privateUse(_ tag: String, _ name: String) -> String {
        let subtag = String(name.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(8))
        return tag + (tag.contains("-x-") ? "-" : "-x-") + (subtag.isEmpty ? "layout" : subtag)
    }

    /// The locale's English name, with the layout's when the tag was changed to tell it apart.
    static func englishName(_ tag: String, renamed: Bool, layout: String?) -> String? {
        let english = Locale(identifier: "en")
        let base =
            english.localizedString(forIdentifier: String(tag.split(separator: "-x-")[0]))
            ?? english.localizedString(forLanguageCode: String(tag.prefix { $0 != "-" }))
        guard renamed, let layout else { return base }
        return base.map { "\($0), \(layout)" } ?? layout
    }
}
