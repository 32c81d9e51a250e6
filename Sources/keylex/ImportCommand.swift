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
            Only files inside FOLDER are read.

            cldr FILE…: CLDR LDML keyboard 3.0 files (<keyboard3>); each becomes OUTPUT/<tag>.json. Their imports \
            are read from the import folder of --cldr-data (by default the folder two levels up from the file, \
            when it has one, as in CLDR's repository).

            aosp FOLDER…: each FOLDER is a checkout of AOSP's LatinIME (java/res/xml and tools/make-keyboard-text/res) \
            or holds its keyboard XML in res-xml/ and its more-keys tables in more-keys/; each subtype of method.xml becomes \
            OUTPUT/<tag>.json. Only files inside FOLDER are read.

            keyboardkit FILE…: KeyboardKit's input sets and callouts as JSON; each input set becomes a document \
            (en for 9.9.1; en-x-2021, de-x-2021, it-x-2021, sv-x-2021 for 2021's), with the callouts of its release.

            Every construct that cannot be expressed is reported with its place; the documents are checked as \
            `keylex validate` checks them, and nothing is written when there is an error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case florisboard, cldr, aosp, keyboardkit
    }

    @Argument(help: "The format imported: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format

    @Argument(help: "What to import (see the discussion).")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The directory the documents are written to (created when missing).")
    var output: String

    @Option(help: "For cldr: the folder holding CLDR's import folder (keys-Latn-implied.xml…).")
    var cldrData: String?

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func run() throws {
        let report = DiagnosticOutput(diagnosticOptions)
        let diagnostics = report.engine
        let documents =
            format == .keyboardkit
            ? KeyboardKitImporter(diagnostics: diagnostics).importFiles(inputs)
            : inputs.flatMap { input -> [LayoutDocument] in
                switch format {
                case .florisboard: return FlorisBoardImporter(folder: input, diagnostics: diagnostics).importPresets()
                case .aosp: return AOSPImporter(folder: input, diagnostics: diagnostics).importSubtypes()
                default:
                    return [
                        CLDRImporter(data: cldrData ?? CLDRImporter.defaultData(for: input), diagnostics: diagnostics).importKeyboard(input)
                    ].compactMap { $0 }
                }
            }
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
