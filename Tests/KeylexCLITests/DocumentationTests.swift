import Foundation
import Testing

/// The runtime's DocC catalog builds with no warning (every symbol link resolves), and has its
/// getting-started article.
@Suite struct DocumentationTests {
    @Test func theRuntimeDocumentationBuildsWithoutWarnings() throws {
        let scratch = NSTemporaryDirectory() + "keylex-docs-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let result = try ExamplePackageTests.run("/usr/bin/env", [
            "swift", "package", "--package-path", ExamplePackageTests.root.path, "--scratch-path", scratch,
            "generate-documentation", "--target", "KeylexRuntime", "--warnings-as-errors",
        ])
        #expect(result.status == 0, "\(result.output)")
        let pages = scratch + "/plugins/Swift-DocC/outputs/KeylexRuntime.doccarchive/data/documentation/keylexruntime"
        #expect(FileManager.default.fileExists(atPath: pages + "/gettingstarted.json"))
        #expect(FileManager.default.fileExists(atPath: pages + "/suggestionengine.json"))
    }
}
