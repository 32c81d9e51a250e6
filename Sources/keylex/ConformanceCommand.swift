import ArgumentParser
import Foundation
import KeylexCompiler

/// `keylex conformance`: plays CLDR keyboard test files on the keyboards they name, as imported.
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run CLDR <keyboardTest3> files on their keyboards, imported and compiled by Keylex, and report each test.",
        discussion: """
            Each test file names its keyboard, looked for beside it and then in ../3.0/ (CLDR's layout). \
            Keystrokes are played on the compiled bundle (the key that types the CLDR key's output, its flick, \
            long-press variant or n-th tap, then the transforms); every <check> compares the text before the cursor. \
            Prints one line per test file (passed and total) and one per failed test, with the reason. Exits 1 when a \
            test failed or a file could not be played, as a test runner does.
            """
    )

    @Argument(help: "Keyboard test files (<keyboardTest3>).")
    var files: [String]

    @Option(help: "The folder holding CLDR's import folder (keys-Latn-implied.xml…).")
    var cldrData: String?

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func run() throws {
        let report = DiagnosticOutput(diagnosticOptions)
        let runner = KeyboardConformance(diagnostics: report.engine)
        var failed = 0
        for file in files {
            guard let result = runner.run(file, data: cldrData) else { continue }
            failed += result.outcomes.count - result.passed
            print("\(file)\t\(result.keyboard)\t\(result.passed)/\(result.outcomes.count) passed")
            for outcome in result.outcomes {
                if let failure = outcome.failure { print("  \(outcome.name): \(failure)") }
            }
        }
        try report.finish()
        if report.engine.hasErrors { throw Status.failedInputs(report.engine) }
        if failed > 0 { throw Status.inputErrors }
    }
}
