import ArgumentParser
import KeylexCompiler

/// `keylex build`: compiles every locale of the project.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile every locale under the corpora directory into <output>/<locale>.klx."
    )

    @Option(help: "The directory of per-locale corpus folders (BCP 47 names).")
    var corpora = "corpora"

    @Option(help: "The directory the compiled files are written to.")
    var output = "build"

    func run() throws {
        let diagnostics = DiagnosticOutput.engine()
        let build = ProjectBuild(corpora: corpora, output: output, diagnostics: diagnostics)
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
            print("\(product.path)\t\(product.wordCount) words\t\(product.byteCount) bytes")
        }
    }
}
