import ArgumentParser
import Foundation
import KeylexCompiler

/// `keylex validate`: checks layouts (and corpora) without writing anything.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check layout sources and corpora and report every problem, without writing anything.",
        discussion:
            "Give layout files to check just those (with the parents and themes beside them or in the layouts directory), or none to check the layouts and corpora directories."
    )

    @Argument(help: "Layout files (.xml or .json).")
    var files: [String] = []

    @Option(help: "The layouts directory, checked when no files are given (else it gives their parents and themes).")
    var layouts = "layouts"

    @Option(help: "The corpora directory, read to check that its words can be typed; default: corpora, when it exists.")
    var corpora: String?

    @Option(help: "The emoji annotations directory, checked too; default: emoji, when it exists.")
    var emoji: String?

    @Flag(
        help:
            "Print every word of the corpora that its locale's layouts cannot type, one locale<TAB>corpus<TAB>word line each (the warnings show the first few)."
    )
    var listUntypable = false

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func validate() throws {
        if listUntypable && !files.isEmpty {
            throw ValidationError("--list-untypable checks the layouts and corpora directories: give no layout files.")
        }
    }

    func run() throws {
        let report = DiagnosticOutput(diagnosticOptions)
        let diagnostics = report.engine
        if files.isEmpty {
            var build = ProjectBuild(
                corpora: corpora ?? existingDirectory("corpora"), layouts: layouts, output: "", diagnostics: diagnostics)
            build.emoji = emoji ?? existingDirectory("emoji")
            if listUntypable {
                build.onUntypable = { locale, corpus, word in print("\(locale)\t\(corpus)\t\(word)") }
            }
            _ = build.check()
        } else {
            // Each file with its project: parents and themes beside it or in the layouts folder.
            _ = LayoutBuild(diagnostics: diagnostics).resolve(files: files, alsoIn: [existingDirectory(layouts)].compactMap { $0 })
        }
        try report.finish()
        if diagnostics.hasErrors { throw Status.failedInputs(diagnostics) }
    }
}

/// `keylex convert`: XML to JSON and back.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a layout source between XML and JSON (the model round-trips exactly).",
        discussion: "The output syntax follows the output file's extension; without --output the other syntax is printed."
    )

    @Argument(help: "A layout file (.xml or .json).")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the converted file (.json or .xml).")
    var output: String?

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func validate() throws {
        guard LayoutSourceReader.isLayoutSource(file) else { throw ValidationError("'\(file)' is not a .xml or .json file") }
        if let output, !LayoutSourceReader.isLayoutSource(output) { throw ValidationError("'\(output)' is not a .xml or .json file") }
    }

    func run() throws {
        let report = DiagnosticOutput(diagnosticOptions)
        let diagnostics = report.engine
        let document = LayoutSourceReader(diagnostics: diagnostics).read(file)
        try report.finish()
        guard let document, !diagnostics.hasErrors else { throw Status.failedInputs(diagnostics) }
        let toJSON = output.map { $0.hasSuffix(".json") } ?? file.hasSuffix(".xml")
        let text = toJSON ? JSONLayoutWriter.write(document) : XMLLayoutWriter.write(document)
        guard let output else {
            print(text, terminator: "")
            return
        }
        do {
            try TextOutput.write(text, to: output)
        } catch {
            throw writeFailure(error)
        }
    }
}

/// `keylex schema`: writes the layout schemas.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the layout XSD and JSON Schema into a directory (layouts/schema by default)."
    )

    @Option(name: .shortAndLong, help: "The directory to write to.")
    var output = "layouts/schema"

    func run() throws {
        do {
            try TextOutput.createFolder(output)
            try TextOutput.write(LayoutSchemas.xsd, to: (output as NSString).appendingPathComponent(LayoutSchemas.xsdFileName))
            try TextOutput.write(
                LayoutSchemas.jsonSchema, to: (output as NSString).appendingPathComponent(LayoutSchemas.jsonSchemaFileName))
        } catch {
            throw writeFailure(error)
        }
    }
}
