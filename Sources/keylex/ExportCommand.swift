import ArgumentParser
import Foundation
import KeylexCompiler

/// `keylex export`: writes Keylex layouts in another keyboard format.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export locales' layouts in another format: cldr writes LDML keyboard 3.0 touch keyboards (OUTPUT/<tag>.xml).",
        discussion: """
            The layouts directory is read and resolved as `keylex build` does; the locales named (all when none) are \
            written. What the format cannot say (backspace and return keys, field layouts, fixed widths) is reported. \
            With --schema, each file is checked against that XSD (CLDR's ldmlKeyboard3.xsd) and an invalid one is an error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case cldr
    }

    @Argument(help: "The format: cldr.")
    var format: Format

    @Argument(help: "The locales to export (default: all).")
    var locales: [String] = []

    @Option(help: "The layouts directory.")
    var layouts = "layouts"

    @Option(name: .shortAndLong, help: "The directory the files are written to (created when missing).")
    var output: String

    @Option(help: "An XSD each exported file must be valid against (CLDR's dtd/ldmlKeyboard3.xsd).")
    var schema: String?

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func run() throws {
        let report = DiagnosticOutput(diagnosticOptions)
        let diagnostics = report.engine
        let files = CLDRExporter(diagnostics: diagnostics).export(layouts: layouts, tags: locales, schema: schema)
        try report.finish()
        if diagnostics.hasErrors { throw Status.failedInputs(diagnostics) }
        do {
            try TextOutput.createFolder(output)
            for (tag, xml) in files {
                let path = (output as NSString).appendingPathComponent(tag + ".xml")
                try TextOutput.write(xml, to: path)
                print(path)
            }
        } catch {
            throw writeFailure(error)
        }
    }
}
