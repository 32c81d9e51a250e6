import ArgumentParser
import Foundation
import KeylexCompiler
import KeylexRuntime

/// The `keylex` command line: compiles layouts and corpora into Keylex bundles and queries them.
@main
struct Keylex: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keylex",
        abstract: "Compile keyboard layouts and dictionaries into compact, memory-mappable bundles, and query them.",
        discussion: """
            Exit status: 0 success; 1 errors in the inputs (or, for query, a word not found); \
            2 wrong usage; 3 a file could not be read or written; 4 an internal error (a written file \
            did not read back as compiled).
            """,
        version: CompilerVersion.current,
        subcommands: [
            Build.self, Validate.self, Preview.self, Convert.self, Import.self, Export.self, Conformance.self, Schema.self, Dict.self,
            Count.self, Query.self, Complete.self, Suggest.self, TypeText.self, EmojiSearch.self, Swipe.self, Inspect.self, User.self,
        ]
    )

    /// Runs the command, mapping usage errors to exit status 2.
    static func main() {
        TemporaryFiles.removeOnInterrupt()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                Keylex.exit(withError: error)
            }
            let message = fullMessage(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((message + "\n").utf8))
                Foundation.exit(2)
            }
            Keylex.exit(withError: error)
        }
    }
}

/// Exit statuses shared by the subcommands.
enum Status {
    /// Errors in the inputs (diagnostics were reported).
    static let inputErrors = ExitCode(1)
    /// Wrong usage of the command line.
    static let usage = ExitCode(2)
    /// A file could not be read or written.
    static let ioFailed = ExitCode(3)
    /// A bug: a written file did not read back as compiled.
    static let internalError = ExitCode(4)

    /// The status for inputs that had errors: 3 when a file could not be read at all, or the words
    /// sorted on disk could not be written or read back (a full disk), else 1.
    static func failedInputs(_ diagnostics: DiagnosticEngine) -> ExitCode {
        let systemFailures: Set = [DiagnosticCode.unreadableFile.rawValue, DiagnosticCode.temporaryFile.rawValue]
        return diagnostics.diagnostics.contains { $0.severity == .error && systemFailures.contains($0.code) } ? ioFailed : inputErrors
    }

}

/// Reports why the file at `path` could not be opened, in one line that names it, and gives the
/// exit status: 3 when it could not be read, 1 when it is not a valid file.
/// The user dictionary at `path`, if given; exits with a clear message when it cannot be read or
/// is not one.
func openUserDictionary(_ path: String?) throws -> UserDictionary? {
    guard let path else { return nil }
    do {
        return try UserDictionary(path: path)
    } catch .io(let file, let operation, let code) {
        throw openingFailure(KeylexError.io(path: file, operation: operation, errno: code), file: path)
    } catch {
        printError("error: \(path): \(error) (a word list is not one: make one with 'keylex user learn \(path) WORD…')")
        throw Status.inputErrors
    }
}

/// What `open` gives, reading the file at `path`: an exit status it throws (having said why) is
/// thrown as it is; any other error is reported by ``openingFailure(_:file:)``.
func opening<T>(_ path: String, _ open: () throws -> T) throws -> T {
    do {
        return try open()
    } catch let status as ExitCode {
        throw status
    } catch {
        throw openingFailure(error, file: path)
    }
}

func openingFailure(_ error: Error, file path: String) -> ExitCode {
    if case KeylexError.io = error {
        printError("error: \(error)")  // names the file already
        return Status.ioFailed
    }
    printError("error: \(path): \(error)")
    return Status.inputErrors
}

/// Reports why writing an output failed, and gives the exit status: 4 for a file that did not
/// read back as compiled (a bug), 3 for anything else.
func writeFailure(_ error: Error) -> ExitCode {
    if error is CompiledDictionary.VerificationError {
        printError("internal error: \(error)")
        return Status.internalError
    }
    printError("error: \(error)")
    return Status.ioFailed
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// `path` when it names a directory, else `nil`.
func existingDirectory(_ path: String) -> String? {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? path : nil
}
