import Foundation
import Testing
@testable import KeylexCompiler

/// The catalogue of diagnostics (``DiagnosticCode``): documented as it is, and every entry raised
/// somewhere.
@Suite struct DiagnosticCatalogueTests {
    @Test func docsListTheCatalogueAsItIs() throws {
        let doc = try String(contentsOfFile: TestSupport.shipped("docs/DIAGNOSTICS.md"), encoding: .utf8)
        let rows = doc.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
        let expected = DiagnosticCode.allCases.map { "| `\($0.rawValue)` | \($0.severity.rawValue) | \($0.summary) |" }
        #expect(rows == expected, "docs/DIAGNOSTICS.md differs from DiagnosticCatalogue.swift")
    }

    @Test func everyCodeHasAMessageAndEveryMessageIsRaised() throws {
        let folder = TestSupport.shipped("Sources/KeylexCompiler")
        // As swift-format writes it, a message's code may start the line after `Self(`.
        let catalogue = try String(contentsOfFile: folder + "/Diagnostics/DiagnosticMessages.swift", encoding: .utf8)
            .replacingOccurrences(of: #"\(\s+"#, with: "(", options: .regularExpression)
        let withoutMessage = DiagnosticCode.allCases.filter { !catalogue.contains("Self(.\(String(describing: $0)),") }
        #expect(withoutMessage.isEmpty, "codes with no message: \(withoutMessage)")

        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Diagnostics/") }
        let sources = try files.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }.joined()
        let names = catalogue.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(whereSeparator: { " (:=<".contains($0) })
            guard words.count > 2, words[0] == "static", ["func", "let"].contains(words[1]) else { return nil }
            return String(words[2])
        }
        #expect(names.count > DiagnosticCode.allCases.count)
        let unused = names.filter { name in !["(", ")", ",", "\n"].contains { sources.contains("." + name + $0) } }
        #expect(unused.isEmpty, "messages never raised: \(unused)")
    }
}
