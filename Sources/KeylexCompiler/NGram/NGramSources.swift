import Foundation
import KeylexRuntime

/// Reads the sources of n-gram counts: raw text, counted into sentences and words as
/// ``KeylexRuntime/TextSegmentation`` splits them, and count files (see ``NGramCounts``).
public struct NGramSources {
    let diagnostics: DiagnosticEngine
    /// When set, the words of counted text found in it neither as written nor in lower case are
    /// counted as `<unk>` (``NGramCounts/unknownWord``), as a dictionary's model leaves out the
    /// n-grams of words the dictionary lacks but keeps their count in their history's total.
    public var vocabulary: Set<String>?

    public init(diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
    }

    /// Whether `path` names a count file (`.counts`, `.counts.gz`).
    public static func isCountFile(_ path: String) -> Bool {
        path.hasSuffix(".counts") || path.hasSuffix(".counts.gz")
    }

    /// One source of n-grams: raw text to count, or a count file.
    public enum Input: Equatable, Sendable {
        case text(String)
        case counts(String)
    }

    /// The sources that `paths` name: a count file (``isCountFile(_:)``), a folder of count-file
    /// shards (each file in it whose name starts with neither `_` nor `.`, in the order of their
    /// names: what the Spark job writes, `part-00000`…), or raw text. A folder that cannot be
    /// read is reported.
    public func inputs(_ paths: [String]) -> [Input] {
        paths.flatMap { path -> [Input] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                return [Self.isCountFile(path) ? .counts(path) : .text(path)]
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                diagnostics.report(SourceLocation(file: path), .unreadableFolder("n-gram shards"))
                return []
            }
            return names.filter { !$0.hasPrefix("_") && !$0.hasPrefix(".") }.sorted()
                .map { .counts((path as NSString).appendingPathComponent($0)) }
        }
    }

    /// `word`, or `<unk>` when there is a ``vocabulary`` and `word` is not in it
    /// (``NGramCounts/lookUp(_:_:)``; `<s>`, `<num>` and `<unk>` stay as they are).
    private func mapped(_ word: Substring) -> Substring {
        guard let vocabulary, word != NGramCounts.sentenceStart, word != NGramCounts.numberStart, word != NGramCounts.unknownWord,
            NGramCounts.lookUp(word, { vocabulary.contains($0) ? $0 : nil }) == nil
        else { return word }
        return Substring(NGramCounts.unknownWord)
    }

    /// Adds the counts of the count file at `path` to `counter` with their words ``mapped(_:)``:
    /// unlike a sorted file joining the merge as it is, they are counted again.
    public func recount(_ path: String, into counter: inout SpillingCounter) {
        forEachCount(path) { ngram, count, _ in
            counter.add(ngram.split(separator: " ").map(mapped).joined(separator: " "), count)
        }
    }

    /// Counts the n-grams of the raw text at `path` into `counts`. A blank line, or a line that is
    /// only `%` (the separator of fortune files), ends a sentence; a line break alone does not. The
    /// words after a number follow `<num>`.
    /// `progress` hears how much of the file has been read, every few thousand lines.
    public func countText(_ path: String, into counts: inout some NGramSink, progress: ((Double) -> Void)? = nil) {
        guard let source = SourceText(path: path, diagnostics: diagnostics) else { return }
        var run: [Substring] = []
        var boundary: TextSegmentation.Boundary? = .sentence
        func endRun(_ next: TextSegmentation.Boundary?) {
            if !run.isEmpty {
                counts.addRun(run, after: boundary)
                run = []
            }
            boundary = next
        }
        source.forEachLine { line in
            guard !counts.hasStopped else { return }  // the rest is read, not counted
            if line.number % 4096 == 0 { progress?(source.fractionRead) }
            guard !line.text.isEmpty else { return endRun(.sentence) }
            let text = Self.nfc(line.text)
            if text.allSatisfy(\.isWhitespace) || text == "%" {
                endRun(.sentence)
                return
            }
            for token in text.split(whereSeparator: \.isWhitespace) {
                let (kind, endsSentence) = TextSegmentation.classify(token)
                switch kind {
                case .word(let word): run.append(mapped(word))
                case .punctuation: break
                case .number: endRun(.number)
                case .other: endRun(nil)
                }
                if endsSentence { endRun(.sentence) }
            }
        }
        endRun(.sentence)
    }

    /// `text` in NFC, as the dictionary's words are (ASCII is).
    private static func nfc(_ text: Substring) -> Substring {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : Substring(String(text).precomposedStringWithCanonicalMapping)
    }

    /// Reads the count file at `path` into `counts`, reporting each line that is not an n-gram of
    /// one to three words, a tab and a count.
    public func readCounts(_ path: String, into counts: inout NGramCounts) {
        forEachCount(path) { ngram, count, _ in counts.add(String(ngram), count) }
    }

    /// Reads the count file at `path` as a merge will, without keeping it: reports each line that
    /// is not an n-gram and a count, and the first n-gram out of the order of their bytes.
    /// Returns whether the file can be merged.
    public func checkSorted(_ path: String) -> Bool {
        let errors = diagnostics.errorCount
        var previous: (ngram: String, line: Int)?
        var sorted = true
        forEachCount(path) { ngram, _, line in
            guard sorted else { return }
            if let previous, !previous.ngram.utf8.lexicographicallyPrecedes(ngram.utf8) {
                diagnostics.report(SourceLocation(file: path, line: line, column: 1), .unsortedCountFile(previous: previous.line))
                sorted = false
            }
            previous = (String(ngram), line)
        }
        return diagnostics.errorCount == errors
    }

    /// Calls `body` with the n-gram, count and line number of each valid line of the count file at
    /// `path`, reporting the others.
    private func forEachCount(_ path: String, _ body: (Substring, UInt64, Int) -> Void) {
        guard let source = SourceText(path: path, diagnostics: diagnostics) else { return }
        source.forEachLine { line in
            guard !line.text.isEmpty else { return }
            let fields = line.text.split(separator: "\t", omittingEmptySubsequences: false)
            let words = fields.first?.split(separator: " ", omittingEmptySubsequences: false) ?? []
            guard fields.count == 2, (1...NGramCounts.maxOrder).contains(words.count), words.allSatisfy({ !$0.isEmpty }),
                let count = UInt64(fields[1]), count > 0
            else {
                diagnostics.report(SourceLocation(file: path, line: line.number, column: 1), .invalidCountLine)
                return
            }
            body(fields[0], count, line.number)
        }
    }
}
