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

    @Test func everyCodeIsRaisedSomewhere() throws {
        let folder = TestSupport.shipped("Sources/KeylexCompiler")
        let files = try #require(FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") && !$0.hasSuffix("DiagnosticCatalogue.swift") })
        let sources = try files.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }.joined()
        let unused = DiagnosticCode.allCases.filter { code in
            let name = String(describing: code)
            return !sources.contains("." + name + ")") && !sources.contains("." + name + ",") && !sources.contains("." + name + "\n")
        }
        #expect(unused.isEmpty, "never raised: \(unused)")
    }
}
