import Foundation

/// Text taken from an imported format, made what Keylex documents hold.
enum ImportedText {
    /// `text` in Unicode Normalization Form C, with a warning at `location` when that changes it
    /// (the importers' sources need not be in NFC; Keylex documents are).
    static func nfc(_ text: String, at location: SourceLocation, diagnostics: DiagnosticEngine) -> String {
        let normalized = text.precomposedStringWithCanonicalMapping
        if !normalized.unicodeScalars.elementsEqual(text.unicodeScalars) {
            let scalars = text.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
            diagnostics.reportOnce(
                location,
                .unsupportedConstruct(
                    "'\(text)' (\(scalars)), which is not in Unicode normalization form C,",
                    kept: "it is imported as its canonical equivalent in NFC"))
        }
        return normalized
    }
}

extension Sequence {
    /// The elements without two of the same `key`, each where the first of its key occurs, in O(n)
    /// (a scan of the result for each element made a key with thousands of more keys take minutes).
    func withoutRepeats<Key: Hashable>(by key: (Element) -> Key) -> [Element] {
        var seen = Set<Key>()
        return filter { seen.insert(key($0)).inserted }
    }
}

extension Sequence where Element: Hashable {
    /// The elements without repeats, each where it first occurs, in O(n).
    func withoutRepeats() -> [Element] { withoutRepeats { $0 } }
}

extension Collection {
    /// The index of the first element of each `key`, in O(n).
    func firstIndices<Key: Hashable>(by key: (Element) -> Key) -> [Key: Index] {
        Dictionary(zip(self, indices).map { (key($0), $1) }) { first, _ in first }
    }
}
