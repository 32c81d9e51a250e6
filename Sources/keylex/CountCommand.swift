import ArgumentParser
import Foundation
import KeylexCompiler

/// `keylex count`: the word n-grams of raw text, as a count file.
struct Count: ParsableCommand {
    /// About what one counted n-gram takes in memory (measured: counting the English fortunes'
    /// 540,000 n-grams in memory peaks at 123 MB, about 190 bytes each over the process's own).
    static let bytesPerNGram = 200

    static let configuration = CommandConfiguration(
        abstract: "Count the word n-grams (1 to 3 words, sentence starts as <s>, numbers as <num>) of raw text into a sorted count file.",
        discussion: """
            Count files (.counts, .counts.gz) in a corpus folder, or named with `keylex dict --ngrams`, give the dictionary its n-gram model. \
            Count files and folders of count-file shards (what scripts/spark/count_ngrams.py writes) are merged with the text's counts as a stream, \
            never loaded whole: they must be sorted, as keylex writes them.
            """)

    @Argument(
        help:
            "Raw text files (UTF-8, or gzip-compressed; blank lines and lines of a single % end sentences), count files, or folders of count-file shards."
    )
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The count file to write.")
    var output: String

    @Option(help: "About how many MiB the counts may take in memory; past that, sorted runs are spilled beside the output and merged.")
    var memoryLimit = 1024

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Word lists of the dictionary the counts are for (any corpus format): a word of the text or of the count files in none of them, as written or in lower case, is counted as <unk>.",
            discussion:
                "The dictionary's model leaves out the n-grams of such words all the same (keeping their count in what follows a history): the counts get smaller and the build does not warn of words it lacks."
        ))
    var vocabulary: [String] = []

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Name at least one text file.") }
        guard memoryLimit > 0 else { throw ValidationError("--memory-limit must be above 0.") }
    }

    func run() throws {
        let report = DiagnosticOutput(diagnosticOptions)
        var sources = NGramSources(diagnostics: report.engine)
        if !vocabulary.isEmpty {
            sources.vocabulary = try words(of: vocabulary, report: report)
        }
        let progress = ProgressBar(enabled: Terminal.isTerminal(FileHandle.standardError))
        var counter = SpillingCounter(output: output, limit: memoryLimit << 20 / Self.bytesPerNGram)
        let inputs = sources.inputs(inputs)
        for (i, input) in inputs.enumerated() {
            switch input {
            case .text(let path):
                progress.update("counting \(path)", Double(i) / Double(inputs.count))
                sources.countText(path, into: &counter) { read in
                    progress.update("counting \(path)", (Double(i) + read) / Double(inputs.count))
                }
            case .counts(let path):
                if sources.vocabulary != nil {
                    progress.update("counting \(path) again", Double(i) / Double(inputs.count))
                    sources.recount(path, into: &counter)
                } else {
                    progress.update("checking \(path)", Double(i) / Double(inputs.count))
                    if sources.checkSorted(path) { counter.addSorted(path) }
                }
            }
        }
        progress.update(counter.merged > 0 ? "merging \(counter.merged) sorted files" : "writing \(output)", 1)
        defer { progress.clear() }
        try report.finish()
        guard !report.engine.hasErrors else {
            counter.discard()
            throw Status.failedInputs(report.engine)
        }
        do {
            let (ngrams, bytes) = try counter.write(to: output)
            progress.clear()
            print("\(output)\t\(ngrams) n-grams\t\(bytes) bytes")
        } catch {
            throw writeFailure(error)
        }
    }

    /// The words of the word lists `paths`, read as a dictionary's corpora are.
    private func words(of paths: [String], report: DiagnosticOutput) throws -> Set<String> {
        let table = DictionaryBuild(diagnostics: report.engine).read(.init(corpora: paths, origin: paths[0]))
        guard let table else {
            try report.finish()
            throw Status.failedInputs(report.engine)
        }
        return Set(table.sorted.lazy.map(\.word))
    }
}
