import KeylexRuntime

/// Reads the sources of n-gram counts: raw text, counted into sentences and words as
/// ``KeylexRuntime/TextSegmentation`` splits them, and count files (see ``NGramCounts``).
public struct NGramSources {
    let diagnostics: DiagnosticEngine

    public init(diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
    }

    /// Whether `path` names a count file (`.counts`, `.counts.gz`).
    public static func isCountFile(_ path: String) -> Bool {
        path.hasSuffix(".counts") || path.hasSuffix(".counts.gz")
    }

    /// Counts the n-grams of the raw text at `path` into `counts`. A blank line, or a line that is
    /// only `%` (the separator of fortune files), ends a sentence; a line break alone does not.
    public func countText(_ path: String, into counts: inout some NGramSink) {
        guard let source = SourceText(path: path, diagnostics: diagnostics) else { return }
        var run: [Substring] = []
        var startsSentence = true
        func endRun(sentence: Bool) {
            counts.addRun(run, startsSentence: startsSentence)
            run = []
            startsSentence = sentence
        }
        source.forEachLine { line in
            let text = line.text
            if text.allSatisfy(\.isWhitespace) || text == "%" {
                endRun(sentence: true)
                return
            }
            for token in text.split(whereSeparator: \.isWhitespace) {
                let (kind, endsSentence) = TextSegmentation.classify(token)
                switch kind {
                case .word(let word): run.append(word)
                case .punctuation: break
                case .other: endRun(sentence: false)
                }
                if endsSentence { endRun(sentence: true) }
            }
        }
        endRun(sentence: true)
    }

    /// Reads the count file at `path` into `counts`, reporting each line that is not an n-gram of
    /// one to three words, a tab and a count.
    public func readCounts(_ path: String, into counts: inout NGramCounts) {
        guard let source = SourceText(path: path, diagnostics: diagnostics) else { return }
        source.forEachLine { line in
            guard !line.text.isEmpty else { return }
            let fields = line.text.split(separator: "\t", omittingEmptySubsequences: false)
            let words = fields.first?.split(separator: " ", omittingEmptySubsequences: false) ?? []
            guard fields.count == 2, (1...NGramCounts.maxOrder).contains(words.count), words.allSatisfy({ !$0.isEmpty }),
                  let count = UInt64(fields[1]), count > 0 else {
                diagnostics.report(SourceLocation(file: path, line: line.number, column: 1), .invalidCountLine)
                return
            }
            counts.add(String(fields[0]), count)
        }
    }
}
