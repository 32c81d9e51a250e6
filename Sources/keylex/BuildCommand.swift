import ArgumentParser
import Foundation
import KeylexCompiler

/// `keylex build`: compiles every locale of the project.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile every locale of the layouts and corpora directories into <output>/<locale>.klx.",
        discussion: "A locale with layouts but no corpus of its own takes its nearest parent's (en-GB uses corpora/en)."
    )

    @Option(help: "The directory of per-locale corpus folders (BCP 47 names).")
    var corpora = "corpora"

    @Option(help: "The directory of layout sources (.xml and .json); default: layouts, when it exists.")
    var layouts: String?

    @Option(help: "The directory the compiled files are written to.")
    var output = "build"

    /// The layouts directory: the one given, or `layouts` when it exists.
    private var layoutsDirectory: String? { layouts ?? existingDirectory("layouts") }

    func run() throws {
        let diagnostics = DiagnosticOutput.engine()
        let build = ProjectBuild(corpora: corpora, layouts: layoutsDirectory, output: output, diagnostics: diagnostics)
        let products: [ProjectBuild.Product]?
        do {
            products = try build.run()
        } catch {
            DiagnosticOutput.summarize(diagnostics)
            printError("error: \(error)")
            throw Status.outputFailed
        }
        DiagnosticOutput.summarize(diagnostics)
        guard let products else { throw Status.inputErrors }
        for product in products {
            print("\(product.path)\t\(product.wordCount) words\t\(product.layoutCount) layouts\t\(product.byteCount) bytes")
        }
    }
}
