import ArgumentParser
import Foundation
import KeylexCompiler

extension DiagnosticFormat: ExpressibleByArgument {}

/// The options that choose how a command reports problems in its inputs.
struct DiagnosticOptions: ParsableArguments {
    @Option(
        name: .customLong("diagnostics-format"),
        help: "text (clang style, coloured on a terminal), json (one object per line) or sarif (one SARIF 2.1.0 log).")
    var format: DiagnosticFormat = .text

    @Option(name: .customLong("diagnostics-output"), help: "Write the diagnostics to this file instead of standard error.")
    var file: String?

    @Option(
        name: .customLong("error-limit"),
        help:
            "Stop showing diagnostics after this many errors, as clang's -ferror-limit (0: no limit). A SARIF log, or a diagnostics file, has the first 100,000 diagnostics of any kind."
    )
    var errorLimit: Int = 50

    @Option(
        name: .customLong("warning-limit"),
        help: "Show at most this many warnings of each code (0: no limit); the closing count says how many more there were.")
    var warningLimit: Int = 100

    @Flag(name: .customLong("warnings-as-errors"), help: "Report every warning as an error, as clang's -Werror: the run fails on any.")
    var warningsAsErrors = false

    func validate() throws {
        guard errorLimit >= 0 else { throw ValidationError("--error-limit must be 0 (no limit) or more") }
        guard warningLimit >= 0 else { throw ValidationError("--warning-limit must be 0 (no limit) or more") }
    }
}

/// Reports a command's diagnostics as they come (text, JSON Lines) or at the end (SARIF, or any
/// format written to a file), with the closing count in text.
final class DiagnosticOutput {
    let engine: DiagnosticEngine
    private let writer: Writer
    private let file: String?

    init(_ options: DiagnosticOptions) {
        file = options.file
        let writer = Writer(
            renderer: DiagnosticRenderer(
                format: options.format,
                terminal: options.file == nil && Terminal.isColourful(FileHandle.standardError)),
            buffering: options.file != nil, errorLimit: options.errorLimit, warningLimit: options.warningLimit)
        self.writer = writer
        engine = DiagnosticEngine { writer.write($0) }
        engine.warningsAsErrors = options.warningsAsErrors
    }

    /// Writes each diagnostic to standard error, or keeps it for the diagnostics file.
    private final class Writer: @unchecked Sendable {
        let renderer: DiagnosticRenderer
        let buffering: Bool
        /// The most errors shown (0: no limit); once shown, no further diagnostic is.
        let errorLimit: Int
        /// The most warnings of each code shown (0: no limit).
        let warningLimit: Int
        private var shownWarnings: [String: Int] = [:]
        var buffered = ""
        private var bufferedCount = 0
        private(set) var shownErrors = 0
        /// The diagnostics not shown past the error limit, and the warnings past their code's limit.
        private(set) var hidden = 0
        private(set) var hiddenWarnings = 0
        /// The diagnostics not kept for the diagnostics file, past the engine's retained limit.
        private(set) var notKept = 0
        private let lock = NSLock()

        init(renderer: DiagnosticRenderer, buffering: Bool, errorLimit: Int, warningLimit: Int) {
            self.renderer = renderer
            self.buffering = buffering
            self.errorLimit = errorLimit
            self.warningLimit = warningLimit
        }

        func write(_ diagnostic: Diagnostic) {
            lock.lock()
            defer { lock.unlock() }
            guard errorLimit <= 0 || shownErrors < errorLimit else {
                hidden += 1
                return
            }
            if diagnostic.severity == .warning && warningLimit > 0 {
                let shown = shownWarnings[diagnostic.code, default: 0]
                guard shown < warningLimit else {
                    hiddenWarnings += 1
                    return
                }
                shownWarnings[diagnostic.code] = shown + 1
            }
            if diagnostic.severity == .error { shownErrors += 1 }
            guard !buffering || bufferedCount < DiagnosticEngine.defaultRetainedLimit else {
                notKept += 1
                return
            }
            bufferedCount += 1
            let text = renderer.render(diagnostic)
            guard !text.isEmpty else { return }
            if buffering { buffered += text } else { FileHandle.standardError.write(Data(text.utf8)) }
        }
    }

    /// Ends the report: "N errors and M warnings generated." in text on standard error; the SARIF
    /// log; everything to the diagnostics file when one was named. Throws when the file cannot be written.
    func finish() throws {
        var text = writer.buffered
        switch writer.renderer.format {
        case .sarif: text += writer.renderer.sarifLog(engine.diagnostics, version: CompilerVersion.current)
        case .text: if let summary = summary() { file == nil ? printError(summary) : (text += summary + "\n") }
        case .json: break
        }
        if let file {
            do {
                try TextOutput.write(text, to: file)
            } catch {
                printError("error: cannot write the diagnostics to \(file): \(error)")
                throw Status.ioFailed
            }
        } else if writer.renderer.format == .sarif {
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// "N errors and M warnings generated." (with how many were not shown, past the error limit or
    /// their code's warning limit), or `nil` when there were none.
    private func summary() -> String? {
        var parts: [String] = []
        if engine.errorCount > 0 { parts.append("\(engine.errorCount) error\(engine.errorCount == 1 ? "" : "s")") }
        if engine.warningCount > 0 { parts.append("\(engine.warningCount) warning\(engine.warningCount == 1 ? "" : "s")") }
        guard !parts.isEmpty else { return nil }
        let hidden = writer.hidden == 0 ? "" : "; \(writer.hidden) not shown past the limit of \(writer.errorLimit) errors (--error-limit)"
        let hiddenWarnings =
            writer.hiddenWarnings == 0
            ? ""
            : "; \(writer.hiddenWarnings) warning\(writer.hiddenWarnings == 1 ? "" : "s") not shown past \(writer.warningLimit) of one code (--warning-limit)"
        let notKept = writer.notKept == 0 ? "" : "; \(writer.notKept) not written past the first \(DiagnosticEngine.defaultRetainedLimit)"
        return parts.joined(separator: " and ") + " generated" + hidden + hiddenWarnings + notKept + "."
    }
}

/// What the command line knows of the terminal it writes to.
enum Terminal {
    /// Whether `handle` is a terminal.
    static func isTerminal(_ handle: FileHandle) -> Bool { isatty(handle.fileDescriptor) == 1 }

    /// Whether to colour what goes to `handle`: a terminal that can, unless `NO_COLOR` is set.
    static func isColourful(_ handle: FileHandle) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return isTerminal(handle) && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
}
