import ArgumentParser
import Foundation
import KeylexCompiler

extension DiagnosticFormat: ExpressibleByArgument {}

/// The options that choose how a command reports problems in its inputs.
struct DiagnosticOptions: ParsableArguments {
    @Option(name: .customLong("diagnostics-format"),
            help: "text (clang style, coloured on a terminal), json (one object per line) or sarif (one SARIF 2.1.0 log).")
    var format: DiagnosticFormat = .text

    @Option(name: .customLong("diagnostics-output"), help: "Write the diagnostics to this file instead of standard error.")
    var file: String?
}

/// Reports a command's diagnostics as they come (text, JSON Lines) or at the end (SARIF, or any
/// format written to a file), with the closing count in text.
final class DiagnosticOutput {
    let engine: DiagnosticEngine
    private let writer: Writer
    private let file: String?

    init(_ options: DiagnosticOptions) {
        file = options.file
        let writer = Writer(renderer: DiagnosticRenderer(format: options.format,
                                                         terminal: options.file == nil && Terminal.isColourful(FileHandle.standardError)),
                            buffering: options.file != nil)
        self.writer = writer
        engine = DiagnosticEngine { writer.write($0) }
    }

    /// Writes each diagnostic to standard error, or keeps it for the diagnostics file.
    private final class Writer: @unchecked Sendable {
        let renderer: DiagnosticRenderer
        let buffering: Bool
        var buffered = ""
        private let lock = NSLock()

        init(renderer: DiagnosticRenderer, buffering: Bool) {
            self.renderer = renderer
            self.buffering = buffering
        }

        func write(_ diagnostic: Diagnostic) {
            let text = renderer.render(diagnostic)
            guard !text.isEmpty else { return }
            lock.lock()
            defer { lock.unlock() }
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

    /// "N errors and M warnings generated.", or `nil` when there were none.
    private func summary() -> String? {
        var parts: [String] = []
        if engine.errorCount > 0 { parts.append("\(engine.errorCount) error\(engine.errorCount == 1 ? "" : "s")") }
        if engine.warningCount > 0 { parts.append("\(engine.warningCount) warning\(engine.warningCount == 1 ? "" : "s")") }
        return parts.isEmpty ? nil : parts.joined(separator: " and ") + " generated."
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
