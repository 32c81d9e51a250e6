/// A place in a source file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable {
    public let file: String
    /// 0 when the problem concerns the file as a whole.
    public let line: Int
    /// 0 when the problem concerns the line as a whole.
    public let column: Int

    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }

    /// `file:line:column`, leaving out what is unknown.
    public var description: String {
        var text = file
        if line > 0 { text += ":\(line)" }
        if line > 0 && column > 0 { text += ":\(column)" }
        return text
    }
}

/// How bad a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable {
    case error, warning
}

/// A suggested correction: the text at a diagnostic's location, and what it should probably be.
public struct FixIt: Hashable, Sendable, Codable {
    public let original: String
    public let replacement: String

    public init(original: String, replacement: String) {
        self.original = original
        self.replacement = replacement
    }
}

/// One problem found in the inputs, in the form compilers print: `file:line:column: error: message [code]`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public private(set) var severity: Severity
    public let location: SourceLocation
    public let message: String
    /// A stable, kebab-case identifier of the rule that fired (see ``DiagnosticCode``).
    public let code: String
    /// The likely correction, when there is one ("did you mean …?").
    public let fix: FixIt?

    /// The catalogue's `message` at `location`, with the severity of its code.
    public init(_ message: DiagnosticMessage, at location: SourceLocation) {
        severity = message.code.severity
        self.location = location
        self.message = message.text
        code = message.code.rawValue
        fix = message.fix
    }

    public var description: String { "\(location.description): \(severity.rawValue): \(message) [\(code)]" }

    /// The same diagnostic as an error (see ``DiagnosticEngine/warningsAsErrors``).
    func asError() -> Diagnostic {
        var error = self
        error.severity = .error
        return error
    }
}

/// Collects the diagnostics of one run, so that every problem is reported before the run fails.
/// Every diagnostic goes to `onReport` and is counted; the first ``retainedLimit`` are also kept
/// (for a SARIF log), so that a hostile input (a billion repeated words) cannot fill the memory.
public final class DiagnosticEngine: @unchecked Sendable {
    private var collected: [Diagnostic] = []
    /// What ``reportOnce(_:_:)`` reported.
    private var reportedOnce: Set<Diagnostic> = []
    /// How many searches ``closest(_:among:)`` made.
    private var spellingSearches = 0
    /// The most searches for a "did you mean" among a project's own names one engine makes, as
    /// clang's `-fspell-checking-limit`: each compares with every name, and a project can have
    /// thousands of layers, themes or locales and as many mistakes.
    public static let spellingSearchLimit = 50
    /// Called with each diagnostic as it is reported (the command line prints them).
    private let onReport: (@Sendable (Diagnostic) -> Void)?
    /// The most diagnostics kept in ``diagnostics``.
    public let retainedLimit: Int
    public static let defaultRetainedLimit = 100_000

    public init(retaining retainedLimit: Int = defaultRetainedLimit, onReport: (@Sendable (Diagnostic) -> Void)? = nil) {
        self.retainedLimit = retainedLimit
        self.onReport = onReport
    }

    /// What was reported so far, in order: the first ``retainedLimit``.
    public var diagnostics: [Diagnostic] { collected }
    /// Whether any error was reported.
    public var hasErrors: Bool { errorCount > 0 }
    /// The number of errors reported.
    public private(set) var errorCount = 0
    /// The number of warnings reported.
    public private(set) var warningCount = 0
    /// The number reported but not kept, past ``retainedLimit``.
    public var droppedCount: Int { errorCount + warningCount - collected.count }

    /// Whether every warning is reported as an error, as clang's `-Werror` makes them: a run
    /// that would only warn fails.
    public var warningsAsErrors = false

    public func report(_ diagnostic: Diagnostic) {
        let diagnostic = warningsAsErrors ? diagnostic.asError() : diagnostic
        if diagnostic.severity == .error { errorCount += 1 } else { warningCount += 1 }
        if collected.count < retainedLimit { collected.append(diagnostic) }
        onReport?(diagnostic)
    }

    /// Reports the catalogue's `message` at `location` (an error or a warning, as its code says).
    public func report(_ location: SourceLocation, _ message: DiagnosticMessage) {
        report(Diagnostic(message, at: location))
    }

    /// Reports `message` at `location` unless this method reported it there already (an imported
    /// file that several locales share is converted for each, but its problems are told once).
    /// O(1): a set remembers what it reported (a scan of the kept diagnostics made a file with
    /// thousands of problems take minutes).
    public func reportOnce(_ location: SourceLocation, _ message: DiagnosticMessage) {
        let diagnostic = Diagnostic(message, at: location)
        if reportedOnce.insert(diagnostic).inserted { report(diagnostic) }
    }

    /// The one of a project's own `names` closest to `name` (``NameSuggestion/closest(_:among:)``),
    /// for the first ``spellingSearchLimit`` searches; `nil` after them.
    func closest(_ name: String, among names: @autoclosure () -> [String]) -> String? {
        guard spellingSearches < Self.spellingSearchLimit else { return nil }
        spellingSearches += 1
        return NameSuggestion.closest(name, among: names())
    }
}
