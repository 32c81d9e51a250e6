import Foundation
import Testing

/// The `keylex` executable as a build pipeline uses it: output, diagnostics and exit statuses.
@Suite struct CommandLineTests {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("keylex")

    static func run(_ arguments: [String], input: String? = nil, in directory: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
        try inp.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    let folder: String
    init() throws {
        folder = NSTemporaryDirectory() + "keylex-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/corpora/en", withIntermediateDirectories: true)
        try "the\t1000\nthat\t500\nthis\t400\nthey\t300\nthere\t200\ntheir\t100\nhello\t50\nhelp\t40\ncafé\t30\n"
            .write(toFile: folder + "/corpora/en/words.tsv", atomically: true, encoding: .utf8)
        try "fr\n".write(toFile: folder + "/corpora/en/blocklist.txt", atomically: true, encoding: .utf8)
    }

    @Test func buildQueryCompleteAndInspect() throws {
        let build = try Self.run(["build"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.hasPrefix("build/en.klx\t10 words\t"))
        let file = folder + "/build/en.klx"

        let query = try Self.run(["query", file, "the", "qwerty", "cafe\u{301}"])
        #expect(query.status == 1)
        #expect(query.stdout == "the\t255\nqwerty\t-\ncafe\u{301}\t\(query.stdout.split(separator: "\n")[2].split(separator: "\t")[1])\n")
        #expect(!query.stdout.contains("cafe\u{301}\t-"))
        let fromInput = try Self.run(["query", file], input: "hello\nhelp\n")
        #expect(fromInput.status == 0)
        #expect(fromInput.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["hello", "help"])

        let complete = try Self.run(["complete", file, "th", "-k", "3"])
        #expect(complete.status == 0)
        #expect(complete.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } == ["the", "that", "this"])

        let inspect = try Self.run(["inspect", file, "--json", "--verify"])
        #expect(inspect.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as! [String: Any]
        #expect(report["words"] as? Int == 10)
        #expect((report["sections"] as? [[String: Any]])?.map { $0["tag"] as! String } == ["DICT", "ALPH", "AUTM", "FREQ", "TOPK", "FLAG"])
        let text = try Self.run(["inspect", file])
        #expect(text.stdout.contains("words:       10"))
    }

    @Test func inputErrorsAreReportedAsDiagnosticsAndExitOne() throws {
        _ = try Self.run(["build"], in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/build/en.klx"))
        try "the\tlots\nctl\u{1}\t2\n".write(toFile: folder + "/corpora/en/words.tsv", atomically: true, encoding: .utf8)
        let failed = try Self.run(["build"], in: folder)
        #expect(failed.status == 1)
        #expect(failed.stderr == """
        corpora/en/words.tsv:1:5: error: count 'lots' is not a whole number [invalid-count]
        corpora/en/words.tsv:2:4: error: control character U+0001 in word [control-character]
        2 errors generated.

        """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/build/en.klx")) == before)
    }

    @Test func dictWritesOneDictionaryFromNamedFiles() throws {
        let text = folder + "/story.txt"
        try "the cat saw the dog; the dog saw a cat, and the cat ran.\n".write(toFile: text, atomically: true, encoding: .utf8)
        let result = try Self.run(["dict", text, "--format", "text", "-o", folder + "/story.klx"])
        #expect(result.status == 0, "\(result.stderr)")
        let complete = try Self.run(["complete", folder + "/story.klx", "", "-k", "2"])
        #expect(complete.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } == ["the", "cat"])
    }

    @Test func usageErrorsExitTwoAndBadFilesExitOne() throws {
        #expect(try Self.run(["complete"]).status == 2)
        #expect(try Self.run(["dict", "x.txt"]).status == 2)
        #expect(try Self.run(["dict", "x.txt", "--format", "yaml", "-o", "y"]).status == 2)
        let garbage = folder + "/garbage.klx"
        try "not a dictionary".write(toFile: garbage, atomically: true, encoding: .utf8)
        let bad = try Self.run(["query", garbage, "x"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: \(garbage): not a Keylex file (bad magic)\n")
    }
}
