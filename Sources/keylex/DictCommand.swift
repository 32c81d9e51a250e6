import ArgumentParser
import KeylexCompiler

extension CorpusFormat: ExpressibleByArgument {}

/// `keylex dict`: one dictionary from named corpus files.
struct Dict: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Compile one dictionary from the named corpus files.")

    @Argument(help: "Corpus files: .txt word lists, .tsv frequency lists, .combined AOSP word lists.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The dictionary file to write.")
    var output: String

    @Option(help: "Read every input in this format: txt, tsv, combined or text (raw text, counted).")
    var format: CorpusFormat?

    @Option(help: "A word list of words to keep but never suggest.")
    var blocklist: String?

    @Option(help: "Phonetic rules: the dictionary gets an index of its words by sound (see docs/SUGGESTIONS.md).")
    var phonetics: String?

    @Option(
        help:
            "N-gram sources for next-word prediction: count files (.counts, from keylex count) or raw text, counted; or one ARPA model (.arpa). Repeatable."
    )
    var ngrams: [String] = []

    @Option(help: "The most bytes the n-gram model may take; n-grams that add least to the likelihood go first.")
    var ngramBudget: Int = DictionaryCompiler.Extras.defaultNGramBudget

    @Option(
        help: ArgumentHelp(
            "Add the words the n-gram sources count at least this many times and the word lists lack, as a model trained on a text knows its words.",
            discussion:
                "Each is spelled as the text spells it most inside sentences and is as frequent as the listed words the sources count about as often.",
            valueName: "count"))
    var ngramWords: UInt64?

    @Flag(
        help:
            "Add the runs of four letters the words hold, as keylex build does: autocorrect applies more readily to a typed word with a run that none holds (see docs/SUGGESTIONS.md)."
    )
    var letterRuns = false

    @Option(
        help: "About how many MiB the words may take in memory while read; past that, sorted runs are spilled beside the output and merged."
    )
    var memoryLimit = WordTable.defaultMemoryLimit >> 20

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Name at least one corpus file.") }
        guard ngramBudget > 0 else { throw ValidationError("--ngram-budget must be above 0.") }
        if let ngramWords {
            guard ngramWords > 0 else { throw ValidationError("--ngram-words must be above 0.") }
            guard !ngrams.isEmpty else { throw Self.ngramWordsWithoutCounts }
        }
        guard (1...(1 << 20)).contains(memoryLimit) else { throw ValidationError("--memory-limit must be between 1 and 1048576 (MiB).") }
    }

    /// `--ngram-words` without counted n-grams to take the words from.
    static let ngramWordsWithoutCounts = ValidationError(
        "--ngram-words takes its words from count files or text given with --ngrams (not an ARPA model).")

    func run() throws {
        let report = DiagnosticOutput(diagnosticOptions)
        let build = DictionaryBuild(diagnostics: report.engine, memoryLimit: memoryLimit << 20, spillBase: output)
        var inputs = DictionaryBuild.Inputs(
            corpora: inputs, format: format, blocklist: blocklist, phonetics: phonetics, origin: inputs[0], ngrams: ngrams)
        inputs.ngramWords = ngramWords
        if ngramWords != nil, inputs.hasARPAModel { throw Self.ngramWordsWithoutCounts }
        guard let table = build.read(inputs) else {
            try report.finish()
            throw Status.failedInputs(report.engine)
        }
        try report.finish()
        do {
            let compiled = try build.write(table, to: output, ngramBudget: ngramBudget, letterRuns: letterRuns)
            print("\(output)\t\(compiled.wordCount) words\t\(compiled.bytes.count) bytes")
        } catch {
            throw writeFailure(error)
        }
    }
}
