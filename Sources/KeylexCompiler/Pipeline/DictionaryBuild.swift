import Foundation
import KeylexRuntime

/// Reads a dictionary's corpora, compiles them and writes the result atomically, verified.
public struct DictionaryBuild {
    /// A dictionary's inputs.
    public struct Inputs: Sendable {
        /// Corpus files, read in this order.
        public var corpora: [String]
        /// The format of every corpus, or `nil` to go by each file's extension.
        public var format: CorpusFormat?
        /// Words known but never suggested.
        public var blocklist: String?
        /// Phonetic rules (see ``KeylexRuntime/PhoneticRules``): the dictionary gets a phonetic index.
        public var phonetics: String?
        /// Where diagnostics about the corpus as a whole point (a file or a locale folder).
        public var origin: String
        /// The sources of the n-gram model: count files (``NGramSources/isCountFile(_:)``) and raw text.
        public var ngrams: [String]
        /// Whether ``ngrams`` are a parent corpus's (en-GB takes en's): counted over the parent's
        /// words, which this corpus need not all have (`color`, not `colour`, in en-US's), so the
        /// words this one lacks are not warned of.
        public var ngramsAreShared = false
        /// When set, the words that ``ngrams`` count at least this many times and the word lists
        /// lack are added to the dictionary (see ``NGramWords``): a model trained on a text knows
        /// its words. Count files counted over a vocabulary hold none (`<unk>`).
        public var ngramWords: UInt64?

        /// Whether an n-gram source is an ARPA model (which gives no counted words).
        public var hasARPAModel: Bool { ngrams.contains(where: ARPAReader.isARPAFile) }

        public init(
            corpora: [String], format: CorpusFormat? = nil, blocklist: String? = nil, phonetics: String? = nil, origin: String,
            ngrams: [String] = []
        ) {
            self.corpora = corpora
            self.ngrams = ngrams
            self.format = format
            self.blocklist = blocklist
            self.phonetics = phonetics
            self.origin = origin
        }
    }

    /// Why writing an output failed (not a problem of the inputs).
    public struct OutputError: Error, CustomStringConvertible {
        public let description: String
    }

    let diagnostics: DiagnosticEngine
    /// The most bytes of words held in memory while reading (see ``WordTable``).
    public var memoryLimit: Int
    /// Where the words sorted on disk go: a temporary folder beside this path (by default in the
    /// system's temporary folder).
    public var spillBase: String?

    public init(diagnostics: DiagnosticEngine, memoryLimit: Int = WordTable.defaultMemoryLimit, spillBase: String? = nil) {
        self.diagnostics = diagnostics
        self.memoryLimit = memoryLimit
        self.spillBase = spillBase
    }

    /// Reads and checks `inputs`, reporting every problem; returns the words, sorted and merged,
    /// or `nil` on errors.
    public func read(_ inputs: Inputs) -> WordTable? {
        let errorsBefore = diagnostics.errorCount
        let reader = CorpusReader(diagnostics: diagnostics)
        var table = WordTable(memoryLimit: memoryLimit, spillBase: spillBase)
        for path in inputs.corpora { reader.read(path, format: inputs.format, into: &table) }
        if let blocklist = inputs.blocklist { reader.readBlocklist(blocklist, into: &table) }
        if let phonetics = inputs.phonetics { reader.readPhonetics(phonetics, into: &table) }
        guard table.finish(diagnostics: diagnostics) else { return nil }
        readNGrams(inputs.ngrams, warningOfUnknownWords: !inputs.ngramsAreShared && inputs.ngramWords == nil, into: &table)
        if let minimum = inputs.ngramWords, !table.ngrams.isEmpty,
            !addWords(countedAtLeast: minimum, in: inputs.ngrams, warningOfOthers: !inputs.ngramsAreShared, into: &table)
        {
            return nil
        }
        if !table.ngrams.isEmpty || table.arpa != nil {
            let location = SourceLocation(file: inputs.ngrams.first ?? inputs.origin)
            if table.count >= NGramFormat.maxWords {
                diagnostics.report(
                    location, .limitExceeded("a dictionary with an n-gram model", has: table.count, "words", most: NGramFormat.maxWords - 1)
                )
            }
            if !table.hasCounts { diagnostics.report(location, .modelWithoutCounts) }
        }
        if table.count == 0 && diagnostics.errorCount == errorsBefore {
            diagnostics.report(SourceLocation(file: inputs.origin), .emptyCorpus)
        }
        let alphabet = table.alphabetSize
        if alphabet > DictionaryFormat.maxAlphabetSize {
            diagnostics.report(SourceLocation(file: inputs.origin), .alphabetTooLarge(alphabet, limit: DictionaryFormat.maxAlphabetSize))
        }
        return diagnostics.errorCount == errorsBefore ? table : nil
    }

    /// Reads the n-gram sources `paths` into `table` (one ARPA model, or count files and raw text,
    /// added to the word lists' bigrams), and, when `warningOfUnknownWords`, warns of their words
    /// that the table does not have, as written or in lower case.
    private func readNGrams(_ paths: [String], warningOfUnknownWords: Bool, into table: inout WordTable) {
        guard !paths.isEmpty, table.count < NGramFormat.maxWords else { return }
        if let arpa = paths.first(where: ARPAReader.isARPAFile) {
            guard paths.count == 1, table.ngrams.isEmpty else {
                diagnostics.report(
                    SourceLocation(file: arpa),
                    .invalidARPA("an ARPA model cannot be combined with other n-gram sources (count files, text, a word list's bigrams)"))
                return
            }
            var model = ARPAModel()
            var reader = ARPAReader(path: arpa, diagnostics: diagnostics)
            reader.read(into: &model)
            table.arpa = model
            if warningOfUnknownWords { warnOfUnknownWords(model.ngrams[0].map { (String($0.words[0]), 1) }, in: table, file: arpa) }
            return
        }
        let sources = NGramSources(diagnostics: diagnostics)
        for path in paths {  // each source's unknown words are reported on it
            var counts = NGramCounts()
            for input in sources.inputs([path]) {
                switch input {
                case .counts(let file): sources.readCounts(file, into: &counts)
                case .text(let file): sources.countText(file, into: &counts)
                }
            }
            if warningOfUnknownWords {
                warnOfUnknownWords(counts.unigrams, in: table, file: path)
            }
            table.ngrams.add(counts)
        }
    }

    /// Adds to `table` the words that its n-gram counts (read from `sources`) hold `minimum` times
    /// or more and it lacks (``NGramWords``), each checked as a corpus's word is; then, when
    /// `warningOfOthers`, warns of the counted words it still lacks. Returns `false` when the
    /// table could not be read again.
    private func addWords(countedAtLeast minimum: UInt64, in sources: [String], warningOfOthers: Bool, into table: inout WordTable) -> Bool
    {
        let location = SourceLocation(file: sources[0])
        let words = NGramWords.words(of: table.ngrams, missingFrom: table, minimumCount: minimum).compactMap { word in
            WordTable.checkedWord(Substring(word.word), at: location, diagnostics: diagnostics).map {
                NGramWords.Word(word: $0, count: word.count)
            }
        }
        guard words.isEmpty || table.add(afterFinishing: words, at: location, diagnostics: diagnostics) else { return false }
        if warningOfOthers {
            warnOfUnknownWords(table.ngrams.unigrams, in: table, file: sources[0])
        }
        return true
    }

    /// Warns once of the `unigrams` that `table` does not have, as written or in lower case.
    private func warnOfUnknownWords(_ unigrams: [(word: String, count: UInt64)], in table: WordTable, file: String) {
        // The markers of sentences (ARPA's `</s>` too), numbers and unknown words.
        let markers: Set<String> = [NGramCounts.sentenceStart, "</s>", NGramCounts.numberStart, NGramCounts.unknownWord]
        let asked = Set(unigrams.flatMap { [$0.word, $0.word.lowercased()] })
        var known = Set<String>()
        for entry in table.sorted where asked.contains(entry.word) { known.insert(entry.word) }
        let unknown = unigrams.filter { unigram in
            !markers.contains(unigram.word) && NGramCounts.lookUp(Substring(unigram.word), { known.contains($0) ? $0 : nil }) == nil
        }
        guard !unknown.isEmpty else { return }
        let examples = unknown.sorted { ($0.count, $1.word) > ($1.count, $0.word) }.prefix(5).map(\.word)
        diagnostics.report(
            SourceLocation(file: file),
            .unknownModelWords(unknown.count, occurrences: unknown.reduce(0) { $0 &+ $1.count }, examples: examples))
    }

    /// Compiles `table` (with the runs of letters of its words when `letterRuns`) and writes it to
    /// `output` through a temporary file that is reopened with the runtime and checked before it
    /// replaces `output`.
    @discardableResult
    public func write(
        _ table: WordTable, to output: String, ngramBudget: Int = DictionaryCompiler.Extras.defaultNGramBudget, letterRuns: Bool = true
    ) throws -> CompiledDictionary {
        let compiled = DictionaryCompiler.compile(table, ngramBudget: ngramBudget, letterRuns: letterRuns)
        try Self.write(compiled.bytes, to: output) { try compiled.verify(path: $0) }
        return compiled
    }

    /// Writes `bytes` to `path` atomically once `check` accepts the written file. A file that does
    /// not read back as compiled throws its ``CompiledDictionary/VerificationError``; any other
    /// failure, an ``OutputError`` naming the path.
    static func write(_ bytes: [UInt8], to path: String, check: (String) throws -> Void) throws {
        do {
            try AtomicFile.write(bytes, to: path, check: check)
        } catch let error as CompiledDictionary.VerificationError {
            throw error
        } catch let error as AtomicFile.WriteError {
            throw OutputError(description: error.description)
        } catch {
            throw OutputError(description: "\(path): \(error)")
        }
    }
}
