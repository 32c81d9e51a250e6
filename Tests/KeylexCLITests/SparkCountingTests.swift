import Foundation
import Testing

/// The Spark job of `scripts/spark/` (PySpark, in local mode) against `keylex count`: the same
/// text gives the same count file, byte for byte, and `keylex count` merges the job's shards as a
/// stream. scripts/test installs PySpark (and the `regex` package) in the virtual environment it
/// names in KEYLEX_TEST_PYTHON.
@Suite(.serialized) final class SparkCountingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let job = root + "/scripts/spark/count_ngrams.py"

    /// Text that takes every rule of counting: sentence ends in several scripts, words with
    /// apostrophes, hyphens and combining marks (one decomposed, counted in NFC), a mark after a
    /// space, numbers, URLs, e-mail addresses, emoji, CJK, Devanagari and Hangul, fortune-file `%`
    /// lines, CR LF line ends and a byte order mark.
    static let multilingual = """
        \u{FEFF}The quick brown fox's tail -- rock'n'roll, e.g. U.S.A. is big! Isn't it?\r
        Ünïcode ca\u{301}fe\u{301} naïve résumé \u{301}stray mark\u{A0}nbsp\u{3000}ideo space
        %
        user@example.com wrote #tag and /path and snake_case and 42nd 四 things.
        Emoji 😀 here, family 👨\u{200D}👩\u{200D}👧 there; flag 🇫🇷 and ©2024 and ™ sign.
        हिन्दी भाषा में लिखा गया वाक्य। 한국어 문장입니다? 日本語の文です。中文句子！ عربية؟ نعم
        well- -known ‐dash word‐word that' 'quoted' “smart quotes” (brackets) [x] {y}
        Ά Έ ß ǅungla ʼapostrophe ʻokina x\u{308}y  \ttab\tseparated  words
        ...

        last line without a line end
        """

    let folder: String
    init() throws {
        folder = NSTemporaryDirectory() + "keylex-spark-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Each test has its own folder, removed when it ends.
    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Runs the Spark job in local mode; returns its exit status and its standard error.
    func runJob(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let python = ProcessInfo.processInfo.environment["KEYLEX_TEST_PYTHON"] ?? "python3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["PYSPARK_PYTHON=\(python)", "SPARK_LOCAL_IP=127.0.0.1", python, Self.job] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let stderr = try CommandLineTests.runForStandardError(process)
        return (process.terminationStatus, stderr)
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)) }

    @Test func theSparkJobWritesTheCountFileOfKeylexCountInSortedShards() throws {
        try Self.multilingual.write(toFile: folder + "/multilingual.txt", atomically: true, encoding: .utf8)
        try Data("\u{FEFF}UTF-16 text is counted too. Ça marche?\nYes, it does\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            .write(to: URL(fileURLWithPath: folder + "/utf16.txt"))
        // Real prose nobody here wrote: the licences and notices shipped with the data.
        let prose = ["layouts/LICENSE-florisboard-Apache-2.0.txt", "layouts/LICENSE-unicode.txt", "corpora/FORTUNES-NOTICE"].map { Self.root + "/" + $0 }
        let inputs = prose + [folder + "/multilingual.txt", folder + "/utf16.txt"]

        let count = try CommandLineTests.run(["count"] + inputs + ["-o", folder + "/whole.counts"])
        #expect(count.status == 0, "\(count.stderr)")
        let whole = try bytes("whole.counts")
        #expect(whole.count > 20_000)

        let job = try runJob(["--shards", "3"] + inputs + ["shards"])
        #expect(job.status == 0, "\(job.stderr)")
        let parts = try FileManager.default.contentsOfDirectory(atPath: folder + "/shards").filter { $0.hasPrefix("part-") }.sorted()
        #expect(parts == ["part-00000", "part-00001", "part-00002"])
        let shards = try parts.map { try bytes("shards/" + $0) }
        #expect(shards.allSatisfy { $0.count > 1_000 }, "\(shards.map(\.count))")
        // Sorted within and across shards: read in order, they are keylex count's file.
        #expect(Data(shards.joined()) == whole)
        #expect(whole.range(of: Data("\nc\u{E1}f\u{E9}\t1\n".utf8)) != nil)  // decomposed in the text, NFC in both

        // keylex count merges the shards (a folder of them) as a stream, alone or with more text.
        let merged = try CommandLineTests.run(["count", folder + "/shards", "-o", folder + "/merged.counts"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try bytes("merged.counts") == whole)
        let twice = try CommandLineTests.run(["count", folder + "/shards", folder + "/multilingual.txt", "-o", folder + "/twice.counts"])
        #expect(twice.status == 0)
        #expect(try bytes("twice.counts").range(of: Data("\nc\u{E1}f\u{E9}\t2\n".utf8)) != nil)
    }

    @Test func aFileKeylexRejectsFailsTheJobAtTheSameLineWithNoOutput() throws {
        try Data("a fine line\nthen \u{FF} a bad byte\n".utf8.map { $0 == 0xC3 ? 0xFF : $0 }).write(to: URL(fileURLWithPath: folder + "/bad.txt"))
        let count = try CommandLineTests.run(["count", folder + "/bad.txt", "-o", folder + "/bad.counts"])
        #expect(count.status == 1 && count.stderr.contains("bad.txt:2:6: error:"), "\(count.stderr)")
        let job = try runJob(["bad.txt", "shards"])
        #expect(job.status == 1)
        #expect(job.stderr.split(separator: "\n").last?.hasSuffix("bad.txt:2:6: error: invalid UTF-8") == true, "\(job.stderr.suffix(500))")
        #expect(!FileManager.default.fileExists(atPath: folder + "/shards"))

        // A shard out of order is an error of keylex count, which writes nothing.
        try FileManager.default.createDirectory(atPath: folder + "/unsorted", withIntermediateDirectories: true)
        try "the\t2\nand\t1\n".write(toFile: folder + "/unsorted/part-00000", atomically: true, encoding: .utf8)
        let merge = try CommandLineTests.run(["count", folder + "/unsorted", "-o", folder + "/out.counts"])
        #expect(merge.status == 1 && merge.stderr.contains("part-00000:2:1: error:") && merge.stderr.contains("[unsorted-count-file]"), "\(merge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.counts"))
    }
}
