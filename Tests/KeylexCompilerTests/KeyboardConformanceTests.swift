import Foundation
import Testing
@testable import KeylexCompiler

/// CLDR's `<keyboardTest3>` files and Keyman Core's conformance keyboards, played on the keyboards
/// as Keylex imports and compiles them: the pass counts docs/LAYOUTS.md reports, file by file.
@Suite struct KeyboardConformanceTests {
    static let fixtures = TestSupport.shipped("Tests/KeylexCompilerTests/Fixtures")

    static func passed(_ paths: [String]) -> [String: String] {
        let runner = KeyboardConformance(diagnostics: DiagnosticEngine())
        var result: [String: String] = [:]
        for path in paths {
            guard let report = runner.run(fixtures + "/" + path, data: fixtures + "/cldr-keyboards-49") else { continue }
            result[(path as NSString).lastPathComponent] = "\(report.passed)/\(report.outcomes.count)"
        }
        return result
    }

    @Test func cldrKeyboardTests() {
        let files = ["bn", "fr-t-k0-test", "ja-Latn", "pcm", "pt-t-k0-abnt2"].map { "cldr-keyboards-49/test/\($0)-test.xml" }
        #expect(Self.passed(files) == ["bn-test.xml": "1/2", "fr-t-k0-test-test.xml": "1/1", "ja-Latn-test.xml": "2/2",
                                       "pcm-test.xml": "2/2", "pt-t-k0-abnt2-test.xml": "2/3"])
    }

    @Test func keymanConformanceKeyboards() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures + "/keyman-conformance").filter { $0.hasSuffix("-test.xml") }
        #expect(Self.passed(names.map { "keyman-conformance/" + $0 }) == [
            "k_001_tiny-test.xml": "1/1", "k_006_backspace-test.xml": "0/1", "k_007_transform_rgx-test.xml": "7/20",
            "k_008_transform_norm-test.xml": "14/43", "k_009_transform_nfc-test.xml": "9/51", "k_020_fr-test.xml": "1/1",
            "k_200_reorder_nod_Lana-test.xml": "3/6", "k_201_reorder_esk-test.xml": "0/6", "k_210_marker-test.xml": "0/18",
            "k_211_marker_escape-test.xml": "0/1", "k_212_marker_11057-test.xml": "0/3", "ldml_test-test.xml": "3/13",
        ])
    }

    /// A failing check says what the text was and what was expected.
    @Test func aFailureSaysWhy() throws {
        let report = try #require(KeyboardConformance(diagnostics: DiagnosticEngine())
            .run(Self.fixtures + "/cldr-keyboards-49/test/pt-t-k0-abnt2-test.xml", data: nil))
        #expect(report.outcomes.compactMap(\.failure) == ["no key of the compiled layout types 'ª' (key 'ordinal-feminine')"])
    }
}
