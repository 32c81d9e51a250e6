/// BCP 47 language tags: well-formedness, canonical case, and the parent chain used to share corpora.
public enum LanguageTag {
    /// `tag` in the case RFC 5646 recommends (section 2.1.1): the language and everything from a
    /// singleton on in lower case, a four-letter script in title case, a two-letter region in upper
    /// case (`FR-fr` → `fr-FR`, `SR-latn-rs` → `sr-Latn-RS`, `tr-T-K0-Android` → `tr-t-k0-android`).
    /// A tag that is not well-formed is returned as it is.
    public static func canonical(_ tag: String) -> String {
        guard isWellFormed(tag) else { return tag }
        // A singleton (an extension's `t`, `u`, or private use's `x`) starts the lower-case rest.
        var lowerFromHere = false
        return tag.split(separator: "-").enumerated().map { i, subtag in
            let lower = subtag.lowercased()
            if subtag.count == 1 { lowerFromHere = true }
            if i == 0 || lowerFromHere { return lower }
            let letters = subtag.allSatisfy(\.isLetter)
            if letters && subtag.count == 4 { return lower.prefix(1).uppercased() + lower.dropFirst() }
            if letters && subtag.count == 2 { return lower.uppercased() }
            return lower
        }.joined(separator: "-")
    }

    /// Whether `tag` is a well-formed BCP 47 language tag (RFC 5646 syntax: language, optional
    /// script, region, variants, extensions and private use; grandfathered tags are not accepted).
    public static func isWellFormed(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map { $0.lowercased() }
        guard let first = subtags.first, !tag.isEmpty else { return false }
        func alpha(_ s: String, _ range: ClosedRange<Int>) -> Bool { range.contains(s.count) && s.allSatisfy { $0.isASCII && $0.isLetter } }
        func alnum(_ s: String, _ range: ClosedRange<Int>) -> Bool {
            range.contains(s.count) && s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        func digits(_ s: String, _ n: Int) -> Bool { s.count == n && s.allSatisfy { $0.isASCII && $0.isNumber } }
        var i = 0
        if first == "x" { return subtags.count > 1 && subtags.dropFirst().allSatisfy { alnum($0, 1...8) } }
        guard alpha(first, 2...3) || alpha(first, 5...8) else { return false }
        i = 1
        if first.count <= 3 {  // up to three extended language subtags
            var extlangs = 0
            while i < subtags.count, extlangs < 3, alpha(subtags[i], 3...3) { i += 1; extlangs += 1 }
        }
        if i < subtags.count, alpha(subtags[i], 4...4) { i += 1 }
        if i < subtags.count, alpha(subtags[i], 2...2) || digits(subtags[i], 3) { i += 1 }
        var variants = Set<String>()
        while i < subtags.count,
            alnum(subtags[i], 5...8) || (subtags[i].count == 4 && subtags[i].first!.isNumber && alnum(subtags[i], 4...4))
        {
            guard variants.insert(subtags[i]).inserted else { return false }
            i += 1
        }
        var singletons = Set<String>()
        while i < subtags.count, subtags[i].count == 1, subtags[i] != "x", alnum(subtags[i], 1...1) {
            guard singletons.insert(subtags[i]).inserted else { return false }
            i += 1
            let start = i
            while i < subtags.count, alnum(subtags[i], 2...8) { i += 1 }
            guard i > start else { return false }
        }
        if i < subtags.count, subtags[i] == "x" {
            i += 1
            let start = i
            while i < subtags.count, alnum(subtags[i], 1...8) { i += 1 }
            guard i > start else { return false }
        }
        return i == subtags.count
    }
}
