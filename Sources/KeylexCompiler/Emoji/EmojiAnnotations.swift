/// A language's emoji with their names and keywords, as `scripts/make-emoji.py` writes them from
/// CLDR's annotations: one `emoji<TAB>name<TAB>keyword|keyword|…[<TAB>group/subgroup]` line per
/// emoji (gzip allowed), in Unicode's emoji order, `#` comments. A line of another shape is left
/// out with a warning.
public struct EmojiAnnotations: Sendable {
    /// One emoji of the file.
    public struct Entry: Sendable, Equatable {
        public let text: String
        public let name: String
        public let keywords: [String]
        /// Unicode's group and subgroup of the emoji (`Symbols/arrow`), empty when not given.
        public var group = ""

        /// Whether words name this emoji in running text: not a symbol (🅰️ "A button", ⬆️ "up
        /// arrow", ✖️ "multiply") nor a clock face (🕐 "one o'clock"), whose keywords are
        /// everyday words (`a`, `up`, `one`) that name nothing.
        var isNamedInText: Bool { !group.hasPrefix("Symbols/") && !group.hasSuffix("/time") }
    }

    /// The emoji, in the file's order.
    public var entries: [Entry] = []

    /// The file at `path`, or `nil` when it cannot be read (reported to `diagnostics`).
    public static func read(_ path: String, diagnostics: DiagnosticEngine) -> EmojiAnnotations? {
        guard let source = SourceText(path: path, diagnostics: diagnostics) else { return nil }
        var annotations = EmojiAnnotations()
        source.forEachLine { line in
            guard let first = line.text.first, first != "#" else { return }
            let fields = line.text.split(separator: "\t", omittingEmptySubsequences: false)
            let keywords = fields.count >= 3 ? fields[2].split(separator: "|").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty } : []
            guard (3...4).contains(fields.count), !fields[0].isEmpty, !fields[1].isEmpty, !keywords.isEmpty,
                !line.text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" })
            else {
                diagnostics.report(SourceLocation(file: path, line: line.number, column: 1), .invalidEmojiLine)
                return
            }
            annotations.entries.append(
                Entry(
                    text: String(fields[0]), name: String(fields[1]), keywords: keywords,
                    group: fields.count == 4 ? String(fields[3]) : ""))
        }
        return annotations
    }
}
