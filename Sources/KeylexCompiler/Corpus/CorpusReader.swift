import Foundation
import KeylexRuntime

/// Reads word corpora of every ``CorpusFormat`` into a ``WordTable``, reporting each problem with
/// its file, line and column and carrying on, so that one run shows them all.
public struct CorpusReader {
    let diagnostics: DiagnosticEngine

    public init(diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
    }

    /// Reads `path` in `format` (by default the one its extension names) into `table`.
    /// A file that cannot be read (missing, a directory) is reported as such before its format.
    public func read(_ path: String, format: CorpusFormat? = nil, into table: inout WordTable) {
        guard let source = SourceText(path: path, diagnostics: diagnostics) else { return }
        guard let format = format ?? CorpusFormat(path: path) else {
            diagnostics.report(SourceLocation(file: path), .unknownFormat)
            return
        }
        switch format {
        case .txt: readWordList(source, into: &table)
        case .tsv: readFrequencyList(source, into: &table)
        case .combined: CombinedReader(source: source, diagnostics: diagnostics).read(into: &table)
        case .text: readText(source, into: &table)
        }
    }

    /// Reads a blocklist (a word list) and marks its words blocked.
    public func readBlocklist(_ path: String, into table: inout WordTable) {
        guard let source = SourceText(path: path, diagnostics: diagnostics) else { return }
        forEachContentLine(source) { line, text, column in
            let location = SourceLocation(file: path, line: line.number, column: column)
            if let word = WordTable.checkedWord(text, at: location, diagnostics: diagnostics) {
                table.mark(word, .blocked, at: location, diagnostics: diagnostics)
            }
        }
    }

    /// Reads the phonetic rules at `path` (see ``KeylexRuntime/PhoneticRules``) into `table`,
    /// reporting the first rule that is not valid.
    public func readPhonetics(_ path: String, into table: inout WordTable) {
        guard let source = SourceText(path: path, diagnostics: diagnostics) else { return }
        do {
            var lines: [Substring] = []
            source.forEachLine { lines.append($0.text) }
            table.phonetics = try PhoneticRuleSyntax.parse(lines.joined(separator: "\n"))
        } catch {
            diagnostics.report(SourceLocation(file: path, line: error.line, column: error.column), .invalidPhoneticRule(error.message))
        }
    }

    /// Calls `body` with each line that is neither blank nor a comment, trimmed of surrounding
    /// spaces and tabs, and the column where the trimmed text starts.
    private func forEachContentLine(_ source: SourceText, _ body: (SourceText.Line, Substring, Int) -> Void) {
        source.forEachLine { line in
            let text = line.text
            let trimmed = text.trimmingSpaces
            guard let first = trimmed.first, first != "#" else { return }
            let column = text.unicodeScalars.distance(from: text.startIndex, to: trimmed.startIndex) + 1
            body(line, trimmed, column)
        }
    }

    private func readWordList(_ source: SourceText, into table: inout WordTable) {
        forEachContentLine(source) { line, text, column in
            let location = SourceLocation(file: source.path, line: line.number, column: column)
            if let word = WordTable.checkedWord(text, at: location, diagnostics: diagnostics) {
                table.add(word, count: nil, at: location, diagnostics: diagnostics)
            }
        }
    }

    private func readFrequencyList(_ source: SourceText, into table: inout WordTable) {
        source.forEachLine { line in
            guard let first = line.text.first, first != "#" else { return }
            let fields = line.text.utf8.split(separator: 0x09, maxSplits: 2, omittingEmptySubsequences: false)
                .map { line.text[$0.startIndex..<$0.endIndex] }
            let location = SourceLocation(file: source.path, line: line.number, column: 1)
            guard !fields[0].isEmpty else {
                diagnostics.report(location, .emptyWordBeforeTab)
                return
            }
            guard let word = WordTable.checkedWord(fields[0], at: location, diagnostics: diagnostics) else { return }
            var count: UInt64 = 0
            if fields.count > 1 {
                let countColumn = fields[0].unicodeScalars.count + 2
                guard let value = UInt64(fields[1].trimmingSpaces) else {
                    diagnostics.report(
                        SourceLocation(file: source.path, line: line.number, column: countColumn), .countNotNumber(fields[1]))
                    return
                }
                count = value
            }
            table.add(word, count: count, at: location, diagnostics: diagnostics)
        }
    }

    /// AOSP's `f` is already logarithmic (0…255); it becomes a count that grows by 2 every 8 steps,
    /// so that the log-scale frequency classes stay linear in `f`.
    static func count(fromAOSPFrequency f: Int) -> UInt64 {
        UInt64(pow(2.0, Double(f) / 8).rounded())
    }

    private func readText(_ source: SourceText, into table: inout WordTable) {
        let boundaries = try! NSRegularExpression(pattern: "\\b", options: [.useUnicodeWordBoundaries])
        source.forEachLine { line in
            guard !line.text.hasPrefix("#") else { return }
            // A NUL would end a word silently in the middle: the line is refused instead.
            if let nul = line.text.unicodeScalars.firstIndex(of: "\u{0}") {
                let column = line.text.unicodeScalars.distance(from: line.text.unicodeScalars.startIndex, to: nul) + 1
                diagnostics.report(SourceLocation(file: source.path, line: line.number, column: column), .nulInText)
                return
            }
            let string = String(line.text)
            let text = string as NSString
            var start = 0
            let ends =
                boundaries.matches(in: string, range: NSRange(location: 0, length: text.length)).map(\.range.location) + [text.length]
            for end in ends where end > start {
                let token = text.substring(with: NSRange(location: start, length: end - start))
                let tokenStart = start
                start = end
                guard token.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { continue }
                let column = text.substring(to: tokenStart).unicodeScalars.count + 1
                let location = SourceLocation(file: source.path, line: line.number, column: column)
                if let word = WordTable.checkedWord(token[...], at: location, diagnostics: diagnostics) {
                    table.add(word, count: 1, at: location, quietly: true, diagnostics: diagnostics)
                }
            }
        }
    }
}
