import Foundation
import Testing

/// The command examples of the README and of docs/ that show what they print (`keylex suggest`,
/// `complete`, `swipe`, `emoji`, `query`, and the number of bundles `build` writes) are run on the
/// shipped corpora and layouts and compared with what the documents say, as Rust's trycmd checks
/// CLI docs: the README and docs/ cannot go stale.
@Suite struct ReadmeExampleTests {
    static let root = CommandLineTests.root

    /// The documents whose examples are checked: the README and every page of docs/.
    static let documents: [String] = {
        let docs = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }()

    /// The documents' lines `.build/release/keylex SUBCOMMAND ARGUMENTS # WHAT IT PRINTS`.
    static let examples: [(arguments: [String], comment: String)] = {
        let text = documents.map { (try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) ?? "" }.joined(separator: "\n")
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(".build/release/keylex "), let hash = line.range(of: " # ") else { return nil }
            return (Self.words(line[line.index(line.startIndex, offsetBy: 22)..<hash.lowerBound]), String(line[hash.upperBound...]).trimmingCharacters(in: .whitespaces))
        }
    }()

    /// A command line's words, double quotes grouping ("so i").
    static func words(_ text: Substring) -> [String] {
        var words: [String] = [], current = "", quoted = false, started = false
        for character in text {
            if character == "\"" { quoted.toggle(); started = true } else if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else { current.append(character); started = true }
        }
        if started { words.append(current) }
        return words
    }

    /// The bundles the examples ask, built from the shipped layouts and the corpora they need, into
    /// a folder the caller removes.
    static func project() throws -> String {
        let folder = NSTemporaryDirectory() + "keylex-readme-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/corpora", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/layouts", withDestinationPath: root.appendingPathComponent("layouts").path)
        try FileManager.default.createSymbolicLink(atPath: folder + "/emoji", withDestinationPath: root.appendingPathComponent("emoji").path)
        for corpus in ["en-US", "en", "fr", "de", "de-CH", "ru", "sr", "uk", "es", "th", "km", "kab"] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/corpora/" + corpus, withDestinationPath: root.appendingPathComponent("corpora/" + corpus).path)
        }
        let build = try CommandLineTests.run(["build", "-q"], in: folder)
        guard build.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: build.stderr]) }
        return folder
    }

    /// One build (a minute and a half in a debug build), every kind of example checked on it.
    @Test func readmeExamplesPrintWhatTheReadmeSays() throws {
        #expect(Self.documents.contains("docs/SUGGESTIONS.md") && Self.documents.contains("docs/PREDICTION.md"))
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.checkSuggestExamples(in: folder)
        try Self.checkCompleteAndQueryExamples(in: folder)
        try Self.checkTypeExamples(in: folder)
        try Self.checkBundleCount(in: folder)
    }

    /// `suggest`: the comment lists the first suggestions, each `text` or `text (flags)`, up to a
    /// colon that starts an explanation.
    static func checkSuggestExamples(in folder: String) throws {
        let suggestions = Self.examples.filter { $0.arguments.first == "suggest" }
        #expect(suggestions.count >= 15)
        for (arguments, comment) in suggestions {
            let expected = listed(comment).map { item -> String in
                guard let open = item.firstIndex(of: "(") else { return item + "\t-" }
                return item[..<open].trimmingCharacters(in: .whitespaces) + "\t" + item[item.index(after: open)...].dropLast().replacingOccurrences(of: ", ", with: ",")
            }
            let printed = try CommandLineTests.run(arguments + ["-n", String(max(3, expected.count))], in: folder).stdout
            #expect(Array(printed.split(separator: "\n").prefix(expected.count).map(String.init)) == expected, "\(arguments)")
        }
    }

    /// `complete`, `swipe` and `emoji` list words (emoji) best first; `query` lists `word<TAB>class`
    /// lines, with the exit status.
    static func checkCompleteAndQueryExamples(in folder: String) throws {
        #expect(Self.examples.filter { $0.arguments.first == "swipe" }.count >= 2)
        #expect(Self.examples.filter { $0.arguments.first == "emoji" }.count >= 2)
        for (arguments, comment) in Self.examples where ["complete", "swipe", "query", "emoji"].contains(arguments.first) {
            let result = try CommandLineTests.run(arguments, in: folder)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            if arguments.first != "query" {
                #expect(lines.map { String($0.split(separator: "\t")[0]) } == listed(comment), "\(arguments)")
            } else {
                let (expected, status) = queryComment(comment)
                #expect(lines == expected && result.status == status, "\(arguments): \(lines) \(result.status)")
            }
        }
    }

    /// `type`: the comment is the text printed, up to two spaces and a parenthesis that explain it.
    static func checkTypeExamples(in folder: String) throws {
        let examples = Self.examples.filter { $0.arguments.first == "type" }
        #expect(examples.count >= 2)
        for (arguments, comment) in examples {
            let expected = comment.components(separatedBy: "  (")[0]
            #expect(try CommandLineTests.run(arguments, in: folder).stdout == expected + "\n", "\(arguments)")
        }
    }

    /// `build`: the number of bundles the README gives is the number of locales with a layout or a
    /// corpus (the layout locales: those whose bundle, built above, has layouts).
    static func checkBundleCount(in folder: String) throws {
        let comment = try #require(Self.examples.first { $0.arguments == ["build"] }?.comment)
        let number = try #require(comment.range(of: #"\((\d+) bundles\)"#, options: .regularExpression).map { comment[$0].filter(\.isNumber) })
        let corpora = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("corpora").path)
            .filter { (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("corpora/" + $0).path)) != nil }
        var layouts = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder + "/build") where name.hasSuffix(".klx") {
            let report = try CommandLineTests.run(["inspect", "build/" + name, "--json"], in: folder).stdout
            let json = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
            if let locales = json?["layouts"] as? [Any], !locales.isEmpty { layouts.insert(String(name.dropLast(4))) }
        }
        #expect(Int(number) == Set(corpora).union(layouts).count, "the README says \(number)")
    }

    /// The items a comment lists: before the first ": ", separated by ", " outside parentheses.
    static func listed(_ comment: String) -> [String] {
        let head = comment.components(separatedBy: ": ").first ?? comment
        var items: [String] = [], current = "", depth = 0
        var index = head.startIndex
        while index < head.endIndex {
            let character = head[index]
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if depth == 0, head[index...].hasPrefix(", ") {
                items.append(current)
                current = ""
                index = head.index(index, offsetBy: 2)
                continue
            }
            current.append(character)
            index = head.index(after: index)
        }
        items.append(current)
        return items.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A query comment's lines (`word<TAB>class`, separated by ", ") and exit status (`(exit 1: …)`).
    static func queryComment(_ comment: String) -> ([String], Int32) {
        let parts = comment.components(separatedBy: "  (exit ")
        let lines = parts[0].components(separatedBy: ", ").map { $0.replacingOccurrences(of: "<TAB>", with: "\t") }
        return (lines, parts.count > 1 ? Int32(parts[1].prefix { $0.isNumber }) ?? -1 : 0)
    }
}
