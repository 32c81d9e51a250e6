import ArgumentParser
import Foundation
import KeylexCompiler

/// `keylex build`: compiles every locale of the project.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile every locale of the layouts and corpora directories into <output>/<locale>.klx.",
        discussion: """
            A locale with layouts but no corpus of its own takes its nearest parent's (en-GB uses corpora/en). \
            Locales whose inputs, compiler version and bundle are unchanged since the last build are left as \
            they are (fingerprints are kept in <output>/.keylex-build.json); --force rebuilds them all.
            """
    )

    @Option(help: "The directory of per-locale corpus folders (BCP 47 names); default: corpora, when it exists; \"\" for none.")
    var corpora: String?

    @Option(help: "The directory of layout sources (.xml and .json); default: layouts, when it exists; \"\" for none.")
    var layouts: String?

    @Option(help: "The directory of emoji annotations (<tag>.tsv.gz, see emoji/README.md); default: emoji, when it exists; \"\" for none.")
    var emoji: String?

    @Option(help: "The directory the compiled files are written to.")
    var output = "build"

    @Flag(help: "Rebuild every locale, even those that are up to date.")
    var force = false

    @OptionGroup var diagnostics: DiagnosticOptions
    @OptionGroup var verbosity: Verbosity

    /// The layouts directory: the one given (none for ""), or `layouts` when it exists.
    private var layoutsDirectory: String? { layouts.map { $0.isEmpty ? nil : $0 } ?? existingDirectory("layouts") }
    /// The corpora directory: the one given (none for ""), or `corpora` when it exists.
    private var corporaDirectory: String? { corpora.map { $0.isEmpty ? nil : $0 } ?? existingDirectory("corpora") }

    func validate() throws {
        if layoutsDirectory == nil && corporaDirectory == nil {
            throw ValidationError("Nothing to build: no layouts and no corpora directory.")
        }
    }

    func run() throws {
        let report = DiagnosticOutput(diagnostics)
        let progress = ProgressBar(enabled: !verbosity.quiet && !verbosity.verbose && Terminal.isTerminal(FileHandle.standardError))
        var build = ProjectBuild(corpora: corporaDirectory, layouts: layoutsDirectory, output: output, diagnostics: report.engine)
        build.emoji = emoji.map { $0.isEmpty ? nil : $0 } ?? existingDirectory("emoji")
        build.force = force
        build.onProgress = progress.update
        if verbosity.verbose { build.onStage = { stage, seconds in printError(String(format: "%8.3f s  ", seconds) + stage) } }
        let outcome: ProjectBuild.Outcome?
        do {
            outcome = try build.run()
        } catch {
            progress.clear()
            try report.finish()
            throw writeFailure(error)
        }
        progress.clear()
        try report.finish()
        guard let outcome else { throw Status.failedInputs(report.engine) }
        guard !verbosity.quiet else { return }
        for product in outcome.products {
            print("\(product.path)\t\(product.wordCount) words\t\(product.layoutCount) layouts\t\(product.byteCount) bytes")
        }
        if outcome.products.isEmpty {
            print("Nothing to do: \(outcome.upToDate.count) bundle\(outcome.upToDate.count == 1 ? "" : "s") in \(output) up to date.")
        } else if !outcome.upToDate.isEmpty {
            print("\(outcome.upToDate.count) more up to date.")
        }
    }
}

/// `--quiet` and `--verbose`.
struct Verbosity: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print nothing but diagnostics.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print each stage as it ends, with the time it took.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose exclude each other.") }
    }
}
