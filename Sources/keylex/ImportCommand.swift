import ArgumentParser
import Foundation
import KeylexCompiler

/// `keylex import`: turns layouts of other keyboards into Keylex layout documents.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import keyboard layouts from another format into Keylex layout documents (JSON).",
        discussion: """
        florisboard FOLDER…: each FOLDER holds FlorisBoard's keyboard extensions (org.florisboard.layouts, \
        org.florisboard.localization, org.florisboard.currencysets); each subtype preset becomes OUTPUT/<tag>.json. \
        Only files inside FOLDER are read. Every construct that cannot be expressed is reported with its place; \
        the documents are checked as `keylex validate` checks them, and nothing is written when there is an error.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case florisboard
    }

    @Argument(help: "The format imported: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format

    @Argument(help: "What to import (see the discussion).")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The directory the documents are written to (created when missing).")
    var output: String

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func run() throws {
        let report = DiagnosticOutput(diagnosticOptions)
        let diagnostics = report.engine
        let documents = inputs.flatMap { FlorisBoardImporter(folder: $0, diagnostics: diagnostics).importPresets() }
        _ = LayoutBuild(diagnostics: diagnostics).resolve(documents)
        try report.finish()
        if diagnostics.hasErrors { throw Status.failedInputs(diagnostics) }
        do {
            try TextOutput.createFolder(output)
            for document in documents {
                let path = (output as NSString).appendingPathComponent(document.locale + ".json")
                try TextOutput.write(JSONLayoutWriter.write(document), to: path)
                print("\(path)\t\(document.layouts.count) layouts\t\(document.callouts?.callouts.count ?? 0) callouts")
            }
        } catch {
            throw writeFailure(error)
        }
    }
}
