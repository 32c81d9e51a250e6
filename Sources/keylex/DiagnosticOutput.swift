import Foundation
import KeylexCompiler

/// Prints diagnostics to standard error as they are reported, and the closing count.
enum DiagnosticOutput {
    /// An engine that prints each diagnostic on standard error as `file:line:column: severity: message [code]`.
    static func engine() -> DiagnosticEngine {
        DiagnosticEngine { diagnostic in printError(diagnostic.description) }
    }

    /// Prints "N errors, M warnings" when there were any.
    static func summarize(_ engine: DiagnosticEngine) {
        var parts: [String] = []
        if engine.errorCount > 0 { parts.append("\(engine.errorCount) error\(engine.errorCount == 1 ? "" : "s")") }
        if engine.warningCount > 0 { parts.append("\(engine.warningCount) warning\(engine.warningCount == 1 ? "" : "s")") }
        if !parts.isEmpty { printError(parts.joined(separator: " and ") + " generated.") }
    }
}
