// How much of an input a message quotes.

extension DiagnosticMessage {
    /// The longest message: a backstop, as every quoted input is an ``excerpt(_:)`` already.
    static let maxLength = 1_000
    /// The most of an input a message quotes: a 100 KB attribute is not echoed whole.
    static let maxQuoted = 60

    /// `value` as a message quotes it: whole up to ``maxQuoted`` scalars, else its start and "…".
    static func excerpt(_ value: some CustomStringConvertible) -> String { cut(value.description, to: maxQuoted) }

    /// `text` whole up to `limit` scalars, else its first `limit` and "…".
    static func cut(_ text: String, to limit: Int) -> String {
        text.unicodeScalars.count <= limit ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
    }
}
