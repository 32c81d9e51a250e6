import Foundation

/// How diagnostics are written: for people, or for tools.
public enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// `file:line:column: severity: message [code]`; for a terminal, then the source line, a caret
    /// under the place and the suggested fix, as clang prints them.
    case text
    /// One JSON object per line and per diagnostic (JSON Lines).
    case json
    /// One SARIF 2.1.0 log with every diagnostic, written when the run ends.
    case sarif
}

/// Writes diagnostics in a ``DiagnosticFormat``: clang-style text (for a terminal in colour, with
/// the source line and a caret; one plain line each otherwise); JSON Lines; or a SARIF 2.1.0 log,
/// which CI systems read to annotate the source lines.
public final class DiagnosticRenderer: @unchecked Sendable {
    public let format: DiagnosticFormat
    /// Whether text is for a terminal: coloured with ANSI escapes, with the source line and a caret.
    public let terminal: Bool
    /// The lines of each source file met, read once.
    private var lines: [String: [Substring]?] = [:]
    private let lock = NSLock()

    public init(format: DiagnosticFormat, terminal: Bool) {
        self.format = format
        self.terminal = terminal
    }

    /// What is written for one diagnostic as it is reported: the text block (ending in a newline)
    /// or the JSON line; nothing for SARIF, whose log is written by ``sarifLog(_:version:)`` at the end.
    public func render(_ diagnostic: Diagnostic) -> String {
        switch format {
        case .text: return text(diagnostic)
        case .json: return String(decoding: try! Self.encoder(pretty: false).encode(JSONDiagnostic(diagnostic)), as: UTF8.self) + "\n"
        case .sarif: return ""
        }
    }

    // MARK: Text

    private enum Style: String {
        case bold = "\u{1B}[1m", red = "\u{1B}[1;31m", magenta = "\u{1B}[1;35m", green = "\u{1B}[1;32m", reset = "\u{1B}[0m"
    }

    private func styled(_ text: String, _ style: Style) -> String {
        terminal ? style.rawValue + text + Style.reset.rawValue : text
    }

    private func text(_ diagnostic: Diagnostic) -> String {
        let severity = styled("\(diagnostic.severity.rawValue):", diagnostic.severity == .error ? .red : .magenta)
        var result =
            styled(Self.escaped(diagnostic.location.description) + ":", .bold) + " " + severity + " "
            + styled(Self.escaped(diagnostic.message), .bold) + " [\(diagnostic.code)]\n"
        let location = diagnostic.location
        guard terminal, location.line > 0, let line = sourceLine(location.file, location.line) else { return result }
        result += Self.escaped(line, keepingTabs: true) + "\n"
        guard location.column > 0 else { return result }
        // The caret line keeps the source's tabs, so that it lines up in any tab width.
        let prefix = Self.escaped(String(String.UnicodeScalarView(line.unicodeScalars.prefix(location.column - 1))), keepingTabs: true)
        let before = prefix.unicodeScalars.map { $0 == "\t" ? "\t" : " " }.joined()
        let length = max(1, diagnostic.fix.map { Self.escaped($0.original).unicodeScalars.count } ?? 1)
        result += before + styled("^" + String(repeating: "~", count: length - 1), .green) + "\n"
        if let fix = diagnostic.fix { result += before + styled(Self.escaped(fix.replacement), .green) + "\n" }
        return result
    }

    /// The characters ``escaped(_:keepingTabs:)`` shows as escapes.
    private static let hiddenCategories: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]

    /// `text` with control, format (bidirectional controls, zero-width spaces) and separator
    /// characters shown as `\u{1B}`, so that no input can move the cursor, recolour or reorder
    /// what a terminal shows; tabs are kept when `keepingTabs`.
    public static func escaped(_ text: some StringProtocol, keepingTabs: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if hiddenCategories.contains(scalar.properties.generalCategory) && !(keepingTabs && scalar == "\t") {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Line `number` (1-based) of `file`, without its line break; `nil` when unreadable.
    private func sourceLine(_ file: String, _ number: Int) -> Substring? {
        lock.lock()
        defer { lock.unlock() }
        if lines[file] == nil {
            let text = FileManager.default.contents(atPath: file).flatMap { String(data: $0, encoding: .utf8) }
            lines[file] = text.map { text in
                text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
            }
        }
        guard let fileLines = lines[file] ?? nil, number <= fileLines.count else { return nil }
        return fileLines[number - 1]
    }

    // MARK: JSON

    private static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private struct JSONDiagnostic: Encodable {
        let file: String
        let line: Int?
        let column: Int?
        let severity: Severity
        let code: String
        let message: String
        let fix: FixIt?

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            line = diagnostic.location.line > 0 ? diagnostic.location.line : nil
            column = diagnostic.location.column > 0 ? diagnostic.location.column : nil
            severity = diagnostic.severity
            code = diagnostic.code
            message = diagnostic.message
            fix = diagnostic.fix
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)  // null when the problem concerns the whole file
            try container.encode(column, forKey: .column)
            try container.encode(severity, forKey: .severity)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            try container.encode(fix, forKey: .fix)
        }

        enum CodingKeys: String, CodingKey { case file, line, column, severity, code, message, fix }
    }

    // MARK: SARIF

    /// One SARIF 2.1.0 log of `diagnostics`, from keylex `version`. Relative paths are given
    /// relative to `%SRCROOT%`, the current directory.
    public func sarifLog(_ diagnostics: [Diagnostic], version: String) -> String {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let rules = Set(diagnostics.map(\.code)).sorted().map { SARIF.Rule(id: $0) }
        let results = diagnostics.map { diagnostic in
            let location = diagnostic.location
            let isAbsolute = location.file.hasPrefix("/")
            let uri =
                isAbsolute
                ? URL(fileURLWithPath: location.file).absoluteString
                : location.file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? location.file
            let region =
                location.line > 0
                ? SARIF.Region(startLine: location.line, startColumn: location.column > 0 ? location.column : nil) : nil
            var text = diagnostic.message
            if let fix = diagnostic.fix { text += " Fix: replace '\(fix.original)' with '\(fix.replacement)'." }
            return SARIF.Result(
                ruleId: diagnostic.code, level: diagnostic.severity.rawValue, message: .init(text: text),
                locations: [
                    .init(
                        physicalLocation: .init(
                            artifactLocation: .init(uri: uri, uriBaseId: isAbsolute ? nil : "%SRCROOT%"), region: region))
                ])
        }
        let log = SARIF.Log(runs: [
            .init(
                tool: .init(driver: .init(name: "keylex", version: version, rules: rules)),
                originalUriBaseIds: ["%SRCROOT%": .init(uri: root.absoluteString)],
                results: results)
        ])
        return String(decoding: try! Self.encoder(pretty: true).encode(log), as: UTF8.self) + "\n"
    }

    /// The parts of the SARIF 2.1.0 object model that keylex writes.
    private enum SARIF {
        struct Log: Encodable {
            let version = "2.1.0"
            let schema = "https://json.schemastore.org/sarif-2.1.0.json"
            let runs: [Run]
            enum CodingKeys: String, CodingKey { case version, schema = "$schema", runs }
        }
        struct Run: Encodable {
            let tool: Tool
            let originalUriBaseIds: [String: ArtifactLocationBase]
            let results: [Result]
        }
        struct ArtifactLocationBase: Encodable { let uri: String }
        struct Tool: Encodable { let driver: Driver }
        struct Driver: Encodable {
            let name: String
            let version: String
            let rules: [Rule]
        }
        struct Rule: Encodable { let id: String }
        struct Result: Encodable {
            let ruleId: String
            let level: String
            let message: Message
            let locations: [Location]
        }
        struct Message: Encodable { let text: String }
        struct Location: Encodable { let physicalLocation: PhysicalLocation }
        struct PhysicalLocation: Encodable {
            let artifactLocation: ArtifactLocation
            let region: Region?
        }
        struct ArtifactLocation: Encodable {
            let uri: String
            let uriBaseId: String?
        }
        struct Region: Encodable {
            let startLine: Int
            let startColumn: Int?
        }
    }
}
