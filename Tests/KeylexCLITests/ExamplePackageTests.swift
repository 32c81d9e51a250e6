import Foundation
import Testing

/// `Examples/KeyboardDemo`, a package that uses Keylex as an app developer does: built with the
/// Keylex plugin (which compiles its layouts and corpora into bundles among its resources), then run.
@Suite struct ExamplePackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let package = root.appendingPathComponent("Examples/KeyboardDemo").path

    /// Runs `swift` with `arguments` in the example package; its status and output.
    static func swift(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try run("/usr/bin/env", ["swift"] + arguments + ["--package-path", package])
    }

    /// Runs `executable`; its status and output (standard output and error together).
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func theExampleBuildsWithThePluginAndSuggests() throws {
        let build = try Self.swift(["build"])
        #expect(build.status == 0, "\(build.output)")
        let binaries = try Self.swift(["build", "--show-bin-path"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let run = try Self.run(binaries + "/KeyboardDemo", ["en-US", "I said thier"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("  [q] [w…] [e…] [r…] [t…] [y…] [u…] [i…] [o…] [p]\n"), "\(run.output)")
        #expect(run.output.contains("I said thier → \"their\" (autocorrect)"), "\(run.output)")
        #expect(run.output.contains("  theme keylex: keys #FFFFFF on #D1D3D9, dark #6B6B6B on #2B2B2B\n"), "\(run.output)")
        // Nothing changed: the bundles are not written again (SwiftPM may run the plugin's command
        // once more after relinking keylex, and keylex then finds every bundle up to date), and
        // once the build has settled the command does not run at all.
        let bundle = binaries + "/KeyboardDemo_KeyboardDemo.resources/en-US.klx"
        let written = try FileManager.default.attributesOfItem(atPath: bundle)[.modificationDate] as? Date
        _ = try Self.swift(["build"])
        let settled = try Self.swift(["build"])
        #expect(settled.status == 0 && !settled.output.contains("Keylex bundle"), "\(settled.output)")
        #expect(try FileManager.default.attributesOfItem(atPath: bundle)[.modificationDate] as? Date == written)
    }
}
