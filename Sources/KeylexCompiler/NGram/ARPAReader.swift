/// The n-grams of orders 1 to 3 of an ARPA back-off model, as KenLM and SRILM write them: each
/// n-gram's words and log-probability (base 10). Its back-off weights are not kept: the compiler
/// computes its own, for the unigram probabilities that the dictionary's classes give.
public struct ARPAModel: Sendable {
    /// The n-grams, by order less one.
    public internal(set) var ngrams: [[(words: [Substring], logProbability: Double)]] = [[], [], []]

    public init() {}
}

/// Reads an ARPA file (`\data\`, `ngram N=count` lines, `\N-grams:` sections of
/// `log10(p) words [back-off]` lines, `\end\`), reporting each departure from the format as an
/// `invalid-arpa` error at its line: a missing header or section, a count that does not match its
/// section, a probability that is not a number at most 0, a line with the wrong number of fields,
/// a section the header does not declare. Orders above 3 are a warning and left out.
struct ARPAReader {
    /// Where the reader is; `stopped` after an error that leaves the rest unreadable, or text after the end.
    private enum Phase: Equatable { case start, counts, section(Int), end, stopped }

    private let path: String
    private let diagnostics: DiagnosticEngine
    private var phase = Phase.start
    /// The count the header declares for each order, and its line.
    private var declared: [Int: (count: Int, line: Int)] = [:]
    /// The lines read in each order's section.
    private var found: [Int: Int] = [:]
    private var lastLine = 0

    /// Whether `path` names an ARPA file (`.arpa`, `.arpa.gz`).
    static func isARPAFile(_ path: String) -> Bool { path.hasSuffix(".arpa") || path.hasSuffix(".arpa.gz") }

    init(path: String, diagnostics: DiagnosticEngine) {
        self.path = path
        self.diagnostics = diagnostics
    }

    /// Reads the file into `model`.
    mutating func read(into model: inout ARPAModel) {
        guard let source = SourceText(path: path, diagnostics: diagnostics) else { return }
        source.forEachLine { line in
            lastLine = line.number
            let text = line.text.trimmingSpaces.trimmingCharacters(in: "\r")
            guard !text.isEmpty else { return }
            readLine(text, line.number, into: &model)
        }
        if phase != .end && phase != .stopped { report(lastLine, "the model does not end with \\end\\") }
    }

    private mutating func readLine(_ text: Substring, _ line: Int, into model: inout ARPAModel) {
        switch phase {
        case .start:
            if text == "\\data\\" { phase = .counts } else { stop(line, "expected \\data\\, the start of an ARPA model") }
        case .counts:
            if text.hasPrefix("ngram ") { readCount(text, line) } else { startSection(text, line) }
        case .section(let order):
            if text.hasPrefix("\\") {
                endSection(order)
                if text == "\\end\\" { endModel(line) } else { startSection(text, line) }
            } else {
                readEntry(text, line, order: order, into: &model)
            }
        case .end:
            stop(line, "text after \\end\\")
        case .stopped:
            break
        }
    }

    /// `ngram N=count`.
    private mutating func readCount(_ text: Substring, _ line: Int) {
        let parts = text.dropFirst("ngram ".count).split(separator: "=")
        guard parts.count == 2, let order = Int(parts[0].trimmingSpaces), order >= 1, let count = Int(parts[1].trimmingSpaces), count >= 0,
            declared[order] == nil
        else {
            report(line, "expected 'ngram N=count', each order once")
            return
        }
        declared[order] = (count, line)
    }

    /// `\N-grams:`.
    private mutating func startSection(_ text: Substring, _ line: Int) {
        guard text.hasPrefix("\\"), text.hasSuffix("-grams:"), let order = Int(text.dropFirst().dropLast("-grams:".count)) else {
            stop(line, "expected a section header such as \\1-grams:")
            return
        }
        guard declared[order] != nil, found[order] == nil else {
            stop(line, "a section of \(order)-grams that the header does not declare, or a second one")
            return
        }
        if order > ARPAModel().ngrams.count {
            diagnostics.report(
                SourceLocation(file: path, line: line, column: 1),
                .unsupportedNGramOrder(order, most: ARPAModel().ngrams.count))
        }
        found[order] = 0
        phase = .section(order)
    }

    private mutating func endSection(_ order: Int) {
        guard let (count, line) = declared[order], found[order] != count else { return }
        report(line, "the header declares \(count) \(order)-grams, the section has \(found[order] ?? 0)")
    }

    private mutating func endModel(_ line: Int) {
        phase = .end
        for order in declared.keys.sorted() where found[order] == nil {
            report(declared[order]!.line, "the header declares \(order)-grams, but the model has no section of them")
        }
    }

    /// `log10(p) w1 … wN [back-off]`, fields separated by tabs or spaces.
    private mutating func readEntry(_ text: Substring, _ line: Int, order: Int, into model: inout ARPAModel) {
        found[order, default: 0] += 1
        let fields = text.split { $0 == " " || $0 == "\t" }
        guard fields.count == order + 1 || fields.count == order + 2 else {
            report(line, "expected a log-probability, \(order) words and an optional back-off weight")
            return
        }
        guard let probability = Double(fields[0]), probability.isFinite, probability <= 0 else {
            report(line, "'\(fields[0])' is not a log-probability (a number at most 0)")
            return
        }
        if fields.count == order + 2, Double(fields[order + 1])?.isFinite != true {
            report(line, "'\(fields[order + 1])' is not a back-off weight (a number)")
            return
        }
        guard order <= model.ngrams.count else { return }
        model.ngrams[order - 1].append((Array(fields[1...order]), probability))
    }

    /// Reports `detail` at `line` and reads no further.
    private mutating func stop(_ line: Int, _ detail: String) {
        report(line, detail)
        phase = .stopped
    }

    private func report(_ line: Int, _ detail: String) {
        diagnostics.report(SourceLocation(file: path, line: line, column: 1), .invalidARPA(detail))
    }
}

extension Substring {
    /// The text without `character` at either end.
    func trimmingCharacters(in character: Character) -> Substring {
        var result = self
        while result.first == character { result = result.dropFirst() }
        while result.last == character { result = result.dropLast() }
        return result
    }
}
