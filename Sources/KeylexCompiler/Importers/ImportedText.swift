import Foundation

/// Text taken from an imported format, made what Keylex documents hold.
enum ImportedText {
    /// `text` in Unicode Normalization Form C, with a warning at `location` when that changes it
    /// (the importers' sources need not be in NFC; Keylex documents are).
    static func nfc(_ text: String, at location: SourceLocation, diagnostics: DiagnosticEngine) -> String {
        let normalized = text.precomposedStringWithCanonicalMapping
        if !normalized.unicodeScalars.elementsEqual(text.unicodeScalars) {
            let scalars = text.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
            diagnostics.reportOnce(location, .unsupportedConstruct("'\(text)' (\(scalars)), which is not in Unicode normalization form C,",
                                                                   kept: "it is imported as its canonical equivalent in NFC"))
        }
        return normalized
    }
}

extension Sequence where Element: Hashable {
    /// The elements without repeats, each where it first occurs, in O(n) (a scan of the result for
    /// each element made a key with thousands of more keys take minutes to import).
    func withoutRepeats() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
