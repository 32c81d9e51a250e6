import Foundation
import Testing

/// The `keylex` executable as a build pipeline uses it: output, diagnostics and exit statuses.
@Suite final class CommandLineTests {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("keylex")

    /// Runs keylex with `arguments`; with `fileSizeLimit` (in 512-byte blocks), under that limit and
    /// with SIGXFSZ ignored, so that a write past it fails (EFBIG) as a write to a full disk does.
    static func run(_ arguments: [String], input: String? = nil, in directory: String? = nil, fileSizeLimit: Int? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let fileSizeLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "trap '' XFSZ; ulimit -f \(fileSizeLimit); exec \"$0\" \"$@\"", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
        try inp.fileHandleForWriting.close()
        // Both pipes are drained at once: a command that fills one while the other is read would wait forever.
        nonisolated(unsafe) var stderr = Data()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            stderr = err.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs `process` to its end, its output discarded; returns its standard error.
    static func runForStandardError(_ process: Process) throws -> String {
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return stderr
    }

    let folder: String
    init() throws {
        folder = NSTemporaryDirectory() + "keylex-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/corpora/en", withIntermediateDirectories: true)
        try "the\t1000\nthat\t500\nthis\t400\nthey\t300\nthere\t200\ntheir\t100\nhello\t50\nhelp\t40\ncafé\t30\n"
            .write(toFile: folder + "/corpora/en/words.tsv", atomically: true, encoding: .utf8)
        try "fr\n".write(toFile: folder + "/corpora/en/blocklist.txt", atomically: true, encoding: .utf8)
    }

    /// Each test has its own folder, removed when it ends.
    deinit { try? FileManager.default.removeItem(atPath: folder) }

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
        #expect((report["dictionary"] as? [String: Any])?["words"] as? Int == 10)
        #expect((report["sections"] as? [[String: Any]])?.map { $0["tag"] as! String } == ["DICT", "ALPH", "AUTM", "FREQ", "TOPK", "FOLD", "lseq", "FLAG"])
        let text = try Self.run(["inspect", file])
        #expect(text.stdout.contains("words:       10"))
    }

    /// `keylex build` gives each bundle the emoji of its nearest tag in `emoji/`; `keylex emoji`
    /// searches them and `keylex suggest` offers them; a bad line is a warning naming its place.
    @Test func emojiAreBuiltSearchedAndSuggested() throws {
        try FileManager.default.createDirectory(atPath: folder + "/emoji", withIntermediateDirectories: true)
        try "🍕\tpizza\tcheese|pizza|slice\n👋\twaving hand\thand|hello|wave|waving\nbroken\n"
            .write(toFile: folder + "/emoji/en.tsv", atomically: true, encoding: .utf8)
        let build = try Self.run(["build"], in: folder)
        #expect(build.status == 0 && build.stderr.contains("emoji/en.tsv:3:1: warning:") && build.stderr.contains("[invalid-emoji-line]"), "\(build.stderr)")
        #expect(try Self.run(["emoji", "build/en.klx", "piz"], in: folder).stdout == "🍕\tpizza\n")
        // `hello` is a keyword of 👋 but no word of its name: found by a search, not named.
        #expect(try Self.run(["emoji", "build/en.klx", "hello"], in: folder).stdout == "👋\twaving hand\n")
        #expect(try Self.run(["emoji", "build/en.klx", "--named"], input: "hand\nhello\n", in: folder).stdout == "👋\twaving hand\n\n\n")
        #expect(try Self.run(["suggest", "build/en.klx", "so hand"], in: folder).stdout.hasSuffix("👋\temoji\n"))
        #expect(!(try Self.run(["suggest", "build/en.klx", "so hand", "--no-emoji"], in: folder)).stdout.contains("emoji"))
        // The emoji file changed: the bundle is rebuilt; without emoji, `keylex emoji` says so.
        #expect(try Self.run(["build", "--emoji", ""], in: folder).stdout.hasPrefix("build/en.klx"))
        let none = try Self.run(["emoji", "build/en.klx", "piz"], in: folder)
        #expect(none.status == 1 && none.stderr.contains("has no emoji"))
    }

    /// An AOSP list whose locale is Russian lets ё be written е: `keylex inspect` names the option,
    /// and `keylex suggest` keeps a word typed so, offering its ё spelling beside it.
    @Test func aRussianListLetsYoBeWrittenE() throws {
        try FileManager.default.createDirectory(atPath: folder + "/corpora/ru", withIntermediateDirectories: true)
        try "dictionary=main:ru,locale=ru\n word=её,f=200\n word=ещё,f=190\n word=дом,f=150\n word=все,f=180\n word=всё,f=170\n word=снесет,f=90\n"
            .write(toFile: folder + "/corpora/ru/ru.combined", atomically: true, encoding: .utf8)
        #expect(try Self.run(["build", "-q"], in: folder).status == 0)
        #expect(try Self.run(["inspect", "build/ru.klx"], in: folder).stdout.contains("options:     optionalYo\n"))
        #expect(!(try Self.run(["inspect", "build/en.klx"], in: folder)).stdout.contains("options:"))
        #expect(try Self.run(["suggest", "build/ru.klx", "дом еще"], in: folder).stdout.hasPrefix("еще\t-\nещё\t-\n"))
        #expect(try Self.run(["suggest", "build/ru.klx", "дом все"], in: folder).stdout.hasPrefix("все\t-\n"))
        // The list left out the ё the user typed: the word is the list's.
        #expect(try Self.run(["suggest", "build/ru.klx", "дом снесёт"], in: folder).stdout.hasPrefix("снесёт\t-\n"))
    }

    /// `keylex suggest A.klx B.klx TEXT`: a word of either language is kept as typed.
    @Test func suggestOverTwoLanguages() throws {
        try FileManager.default.createDirectory(atPath: folder + "/corpora/de", withIntermediateDirectories: true)
        try "die\t900\nder\t800\nhallo\t70\nhelfen\t30\n".write(toFile: folder + "/corpora/de/words.tsv", atomically: true, encoding: .utf8)
        #expect(try Self.run(["build", "-q"], in: folder).status == 0)
        #expect(try Self.run(["suggest", "build/en.klx", "so helfen"], in: folder).stdout.hasPrefix("helfen\tunknown\n"))
        let both = try Self.run(["suggest", "build/en.klx", "build/de.klx", "so helfen"], in: folder)
        #expect(both.status == 0 && both.stdout.hasPrefix("helfen\t-\n"), "\(both.stdout)")
        let fromInput = try Self.run(["suggest", "build/en.klx", "build/de.klx"], input: "so helfen\n", in: folder)
        #expect(fromInput.stdout.hasPrefix("helfen\t-\n"))
        let tooMany = try Self.run(["suggest", "build/en.klx", "so", "help"], in: folder)
        #expect(tooMany.status == 2 && tooMany.stderr.contains("Expected one to 3 bundles"), "\(tooMany.stderr)")
    }

    @Test func inspectPrintsWhatAFileHoldsEscaped() throws {
        // A word list whose header attribute and flag label hold terminal controls (a title change,
        // a bell): compiled as they are, printed escaped.
        let list = "dictionary=main:xx,locale=xx,description=Title\u{1B}]0;pwned\u{7},version=1\n"
            + " word=hello,f=100,flags=ring\u{7}bell,originalFreq=100\n word=help,f=90,flags=,originalFreq=90\n"
        try list.write(toFile: folder + "/hostile.combined", atomically: true, encoding: .utf8)
        #expect(try Self.run(["dict", "hostile.combined", "-o", "hostile.klx"], in: folder).status == 0)
        let inspect = try Self.run(["inspect", "hostile.klx", "--verify"], in: folder)
        #expect(inspect.status == 0)
        #expect(!inspect.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, "\(inspect.stdout)")
        #expect(inspect.stdout.contains("description=Title\\u{1B}]0;pwned\\u{7}"), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("ring\\u{7}bell 1"), "\(inspect.stdout)")
        #expect(inspect.stdout.hasSuffix("checksums:   every section's checksum matches\n"))
    }

    @Test func dictAddsTheRunsOfLettersOnlyWhenAsked() throws {
        try "cat\ncart\ndog\n".write(toFile: folder + "/words.txt", atomically: true, encoding: .utf8)
        #expect(try Self.run(["dict", "words.txt", "-o", "bare.klx"], in: folder).status == 0)
        #expect(try Self.run(["dict", "words.txt", "--letter-runs", "-o", "runs.klx"], in: folder).status == 0)
        #expect(try !Self.run(["inspect", "bare.klx"], in: folder).stdout.contains("lseq"))
        #expect(try Self.run(["inspect", "runs.klx", "--verify"], in: folder).stdout.contains("  lseq"))
    }

    @Test func aBundleWithoutADictionaryIsSaidSoInWords() throws {
        // az has a layout and no word list.
        try copyShippedLayout("az.json")
        #expect(try Self.run(["build"], in: folder).status == 0)
        let suggest = try Self.run(["suggest", "build/az.klx", "so th"], in: folder)
        #expect(suggest.status == 1)
        #expect(suggest.stderr == "error: build/az.klx: the file has no dictionary (section DICT): it was built from layouts alone\n",
                "\(suggest.stderr)")
    }

    @Test func conformanceExitsOneWhenATestFails() throws {
        let fixtures = Self.root.appendingPathComponent("Tests/KeylexCompilerTests/Fixtures").path
        let data = ["--cldr-data", fixtures + "/cldr-keyboards-49"]
        let passing = try Self.run(["conformance", fixtures + "/keyman-conformance/k_001_tiny-test.xml"] + data)
        #expect(passing.status == 0 && passing.stdout.contains("1/1 passed"), "\(passing.stdout)\(passing.stderr)")
        let failing = try Self.run(["conformance", fixtures + "/keyman-conformance/k_006_backspace-test.xml"] + data)
        #expect(failing.status == 1 && failing.stdout.contains("0/1 passed"), "\(failing.stdout)\(failing.stderr)")
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

    /// Text diagnostics show control and bidirectional characters of the input escaped, and stop
    /// after `--error-limit` errors (50 by default) with a closing count of the rest.
    @Test func diagnosticsEscapeControlCharactersAndStopAtTheErrorLimit() throws {
        try "x\t\u{1B}[31mred\u{202E}\n".write(toFile: folder + "/hostile.tsv", atomically: true, encoding: .utf8)
        let hostile = try Self.run(["dict", "hostile.tsv", "--format", "tsv", "-o", "h.klx"], in: folder)
        #expect(hostile.status == 1)
        #expect(hostile.stderr.hasPrefix("hostile.tsv:1:3: error: count '\\u{1B}[31mred\\u{202E}' is not a whole number"), "\(hostile.stderr)")
        #expect(!hostile.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })

        try (0..<60).map { "w\($0)\tx\n" }.joined().write(toFile: folder + "/many.tsv", atomically: true, encoding: .utf8)
        let capped = try Self.run(["dict", "many.tsv", "--format", "tsv", "-o", "m.klx"], in: folder)
        #expect(capped.status == 1)
        #expect(capped.stderr.split(separator: "\n").filter { $0.contains("error: count") }.count == 50)
        #expect(capped.stderr.hasSuffix("60 errors generated; 10 not shown past the limit of 50 errors (--error-limit).\n"))
        let three = try Self.run(["dict", "many.tsv", "--format", "tsv", "-o", "m.klx", "--error-limit", "3"], in: folder)
        #expect(three.stderr.split(separator: "\n").count == 4)
        let all = try Self.run(["dict", "many.tsv", "--format", "tsv", "-o", "m.klx", "--error-limit", "0"], in: folder)
        #expect(all.stderr.split(separator: "\n").count == 61)
        #expect(try Self.run(["dict", "many.tsv", "-o", "m.klx", "--error-limit", "-1"], in: folder).status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/m.klx"))
    }

    /// Warnings of one code stop after `--warning-limit` (100 by default), with a closing count of
    /// the rest: the 20,000 most frequent words of wordfreq's English and German lists repeat many.
    @Test func warningsOfOneCodeStopAtTheWarningLimit() throws {
        let lists = try ["en", "de"].map { try String(contentsOfFile: Self.root.path + "/Benchmarks/wordfreq/\($0).tsv", encoding: .utf8) }
        let lines = lists.flatMap { $0.split(separator: "\n").filter { !$0.hasPrefix("#") }.prefix(20_000) }
        try lines.joined(separator: "\n").write(toFile: folder + "/two.tsv", atomically: true, encoding: .utf8)
        let repeats = lines.count - Set(lines.map { $0.split(separator: "\t")[0] }).count
        #expect(repeats > 1_000)
        let capped = try Self.run(["dict", "two.tsv", "--format", "tsv", "-o", "two.klx"], in: folder)
        #expect(capped.status == 0)
        #expect(capped.stderr.split(separator: "\n").filter { $0.hasSuffix("[duplicate-word]") }.count == 100)
        #expect(capped.stderr.hasSuffix("\(repeats) warnings generated; \(repeats - 100) warnings not shown past 100 of one code (--warning-limit).\n"))
        let all = try Self.run(["dict", "two.tsv", "--format", "tsv", "-o", "two.klx", "--warning-limit", "0", "--diagnostics-format", "json"], in: folder)
        #expect(all.stderr.split(separator: "\n").filter { $0.contains("\"duplicate-word\"") }.count == repeats)
        #expect(try Self.run(["dict", "two.tsv", "-o", "two.klx", "--warning-limit", "-1"], in: folder).status == 2)
    }

    /// A real list with a few hidden marks (wordfreq's Arabic list has 55 lines with U+200F or
    /// U+202C) compiles without those words, with a warning each; `--warnings-as-errors` refuses it.
    @Test func invisibleCharactersLeaveTheirWordsOutUnlessWarningsAreErrors() throws {
        try "في\t100\nمن\u{200F}\t90\nعلى\t80\nأن\u{202C}\t70\n".write(toFile: folder + "/ar.tsv", atomically: true, encoding: .utf8)
        let lenient = try Self.run(["dict", "ar.tsv", "-o", "ar.klx"], in: folder)
        #expect(lenient.status == 0 && lenient.stderr.hasSuffix("2 warnings generated.\n"), "\(lenient.stderr)")
        #expect(lenient.stderr.contains("ar.tsv:2:3: warning: invisible character U+200F in word: the word is left out"), "\(lenient.stderr)")
        #expect(try Self.run(["query", "ar.klx"], input: "في\nمن\nعلى\n", in: folder).stdout.split(separator: "\n").filter { $0.hasSuffix("\t-") }.count == 1)
        let strict = try Self.run(["dict", "ar.tsv", "-o", "strict.klx", "--warnings-as-errors"], in: folder)
        #expect(strict.status == 1 && strict.stderr.hasSuffix("2 errors generated.\n"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/strict.klx"))
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

    /// The repository's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A shipped layout, copied into the test project with the shared document locales extend.
    func copyShippedLayout(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/layouts", withIntermediateDirectories: true)
        for file in [name, "und-x-system.json"] {
            try? FileManager.default.removeItem(atPath: folder + "/layouts/" + file)
            try FileManager.default.copyItem(atPath: Self.root.appendingPathComponent("layouts/" + file).path, toPath: folder + "/layouts/" + file)
        }
    }

    /// `keylex import florisboard` writes one document per preset, which build; a folder that is
    /// not there exits 3 and a bad reference 1, writing nothing.
    @Test func florisBoardExtensionsImportAndBuild() throws {
        let extensions = Self.root.appendingPathComponent("Tests/KeylexCompilerTests/Fixtures/florisboard").path
        let imported = try Self.run(["import", "florisboard", extensions, "-o", "imported"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.split(separator: "\n").count == 72 && imported.stdout.contains("imported/de-DE.json\t3 layouts\t"))
        #expect(imported.stderr.contains("[unsupported-construct]") && imported.stderr.contains("[renamed-locale]"))
        let build = try Self.run(["build", "--layouts", "imported", "--corpora", "", "--output", "bundles"], in: folder)
        #expect(build.status == 0 && build.stdout.contains("bundles/iw-IL.klx\t0 words\t3 layouts\t"), "\(build.stderr)")
        let missing = try Self.run(["import", "florisboard", "no-such-folder", "-o", "none"], in: folder)
        #expect(missing.status == 3 && missing.stderr.contains("no-such-folder: error: "), "\(missing.stderr)")
        try FileManager.default.createDirectory(atPath: folder + "/bad/org.florisboard.localization", withIntermediateDirectories: true)
        try #"{"subtypePresets": [{"languageTag": "en", "preferred": {"characters": "org.florisboard.layouts:qwerty"}}]}"#
            .write(toFile: folder + "/bad/org.florisboard.localization/extension.json", atomically: true, encoding: .utf8)
        let bad = try Self.run(["import", "florisboard", "bad", "-o", "none"], in: folder)
        #expect(bad.status == 1 && bad.stderr.contains("[missing-reference]"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/none"))
    }

    /// `keylex import aosp` writes one document per LatinIME subtype, which build; a folder that is
    /// not there exits 3, one that is not LatinIME's 1, writing nothing.
    @Test func latinIMEKeyboardsImportAndBuild() throws {
        let latinIME = Self.root.appendingPathComponent("Tests/KeylexCompilerTests/Fixtures/aosp-latinime").path
        let imported = try Self.run(["import", "aosp", latinIME, "-o", "aosp", "--warning-limit", "0"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.split(separator: "\n").count == 79 && imported.stdout.contains("aosp/de.json\t3 layouts\t"), "\(imported.stdout)")
        #expect(imported.stderr.contains("rows_dvorak.xml:1:1: warning: a file that no imported keyboard uses"))
        let build = try Self.run(["build", "--layouts", "aosp", "--corpora", "", "--output", "bundles"], in: folder)
        #expect(build.status == 0 && build.stdout.contains("bundles/he.klx\t0 words\t3 layouts\t"), "\(build.stderr)")
        let missing = try Self.run(["import", "aosp", "no-such-folder", "-o", "none"], in: folder)
        #expect(missing.status == 3 && missing.stderr.contains("no-such-folder: error: "), "\(missing.stderr)")
        let notLatinIME = try Self.run(["import", "aosp", latinIME + "/more-keys", "-o", "none"], in: folder)
        #expect(notLatinIME.status == 1 && notLatinIME.stderr.contains("[missing-reference]"), "\(notLatinIME.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/none"))
    }

    /// `keylex import cldr` writes a document per keyboard, reading its imports beside it; a
    /// keyboard that is not there exits 3.
    @Test func cldrKeyboardsImport() throws {
        let keyboard = Self.root.appendingPathComponent("Tests/KeylexCompilerTests/Fixtures/cldr-keyboards-49/3.0/fr-t-k0-test.xml").path
        let imported = try Self.run(["import", "cldr", keyboard, "-o", "cldr"], in: folder)
        #expect(imported.status == 0 && imported.stdout == "cldr/fr-t-k0-test.json\t1 layouts\t2 callouts\n", "\(imported.stderr)")
        #expect(imported.stderr.contains("fr-t-k0-test.xml:105:2: warning: a hardware layout beside touch ones"))
        let missing = try Self.run(["import", "cldr", "nothere.xml", "-o", "none"], in: folder)
        #expect(missing.status == 3 && !FileManager.default.fileExists(atPath: folder + "/none"), "\(missing.stderr)")
    }

    @Test func layoutsAreValidatedConvertedBuiltAndInspected() throws {
        try copyShippedLayout("en-US.xml")
        let validate = try Self.run(["validate"], in: folder)
        // The test corpus has "café", typable through the e callout; every other word is plain.
        #expect(validate.status == 0 && validate.stderr.isEmpty, "\(validate.stderr)")

        let json = try Self.run(["convert", "layouts/en-US.xml", "-o", "en-US.json"], in: folder)
        #expect(json.status == 0, "\(json.stderr)")
        let xml = try Self.run(["convert", "en-US.json"], in: folder)
        #expect(xml.stdout == (try String(contentsOfFile: folder + "/layouts/en-US.xml", encoding: .utf8)))

        let build = try Self.run(["build"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("build/en-US.klx\t10 words\t6 layouts\t"))
        let inspect = try Self.run(["inspect", "build/en-US.klx", "--verify"], in: folder)
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("locale en-US (English (US)), ltr"))
        #expect(inspect.stdout.contains("  phone / uppercased (derived)\n    Q W E R T Y U I O P\n"))
        #expect(inspect.stdout.contains("[keyboardType:numeric \"123\" actions keyboardType:numeric keyboardType:symbolic input*1.25]"))
        #expect(inspect.stdout.contains("    a: æ* ã å ā"))
        #expect(inspect.stdout.contains("  phone email / lowercased\n"))
        #expect(inspect.stdout.contains("[space available] @ . [primary:return input*2]"))

        let schema = try Self.run(["schema", "-o", "schema"], in: folder)
        #expect(schema.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/schema/keylex-layout.xsd"))
    }

    /// A corpus is read line by line: a 96 MiB file that is one long line is read with the
    /// process's data capped at 64 MiB (reading it whole took 219 MB for 64 MiB, and aborts under
    /// the cap), and the line is an error.
    @Test func aHugeLineIsReadInBoundedMemory() throws {
        let path = folder + "/huge.tsv"
        FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        file.write(Data("good\t3\n".utf8))
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<96 { file.write(chunk) }
        file.write(Data("\nwords\t2\n".utf8))
        try file.close()
        // `ulimit -d` caps the private writable memory of the process, whatever else runs.
        let capped = Process()
        capped.executableURL = URL(fileURLWithPath: "/bin/sh")
        capped.arguments = ["-c", "ulimit -d 65536; exec \"$0\" \"$@\"", Self.executable.path, "dict", path, "-o", folder + "/huge.klx"]
        capped.environment = ["SWIFT_BACKTRACE": "enable=no"]
        let stderr = try Self.runForStandardError(capped)
        #expect(capped.terminationReason == .exit && capped.terminationStatus == 1, "\(stderr)")
        #expect(stderr.contains("huge.tsv:2:1048577: error: line longer than 1048576 bytes"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/huge.klx"))
    }

    @Test func layoutErrorsNameFileLineAndColumnAndWriteNothing() throws {
        try brokenLayout()
        let failed = try Self.run(["build"], in: folder)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("layouts/en-US.xml:43:22: error: unknown action 'shfit' (did you mean 'shift'?) [unknown-action]"), "\(failed.stderr)")
        // Stages are gated: a document with errors of its own is not resolved, so the missing layer
        // (found on the resolved locale) is reported once the actions are fixed.
        #expect(!failed.stderr.contains("[missing-layer]"))
        #expect(failed.stderr.hasSuffix("errors generated.\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/build/en-US.klx"))
        try brokenLayout(action: false)
        let resolved = try Self.run(["build"], in: folder)
        #expect(resolved.status == 1 && !resolved.stderr.contains("[unknown-action]"))
        #expect(resolved.stderr.contains("error: layer 'numerc' does not exist in the phone layout of 'en-US' (did you mean 'numeric'?) [missing-layer]"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/build/en-US.klx"))
        try brokenLayout()
        #expect(try Self.run(["validate", "layouts/en-US.xml"], in: folder).status == 1)
        #expect(try Self.run(["convert", "layouts/en-US.txt"], in: folder).status == 2)
    }

    /// An XML file that declares another encoding than the UTF-8 it holds is one diagnostic at the
    /// encoding's name, as a layout and as an imported CLDR keyboard; libxml2 used to convert from
    /// the declared encoding, printing its own failures on standard error (`UCS-4`) or reading
    /// Latin-1 mojibake into key ids (`ISO-8859-1`: a hundred errors for the keys it misnamed).
    @Test func xmlDeclaringAnotherEncodingIsOneDiagnostic() throws {
        let cldr = try String(contentsOf: Self.root.appendingPathComponent("Tests/KeylexCompilerTests/Fixtures/cldr-keyboards-49/3.0/fr-t-k0-test.xml"), encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/layouts", withIntermediateDirectories: true)
        for encoding in ["UCS-4", "ISO-8859-1"] {
            let declaration = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>"
            try (declaration + "\n<keyboard locale=\"he\" name=\"עברית\"/>\n").write(toFile: folder + "/layouts/he.xml", atomically: true, encoding: .utf8)
            try cldr.replacingOccurrences(of: #"<?xml version="1.0" encoding="UTF-8"?>"#, with: declaration).write(toFile: folder + "/fr.xml", atomically: true, encoding: .utf8)
            let message = "error: the document declares encoding '\(encoding)'; XML files are read as UTF-8 only [invalid-encoding]\n1 error generated.\n"
            let layout = try Self.run(["validate", "layouts/he.xml"], in: folder)
            #expect(layout.status == 1 && layout.stderr == "layouts/he.xml:1:31: " + message, "\(layout.stderr)")
            let imported = try Self.run(["import", "cldr", "fr.xml", "-o", "imported"], in: folder)
            #expect(imported.status == 1 && imported.stderr == "fr.xml:1:31: " + message, "\(imported.stderr)")
        }
    }

    /// en-US with two mistakes: an unknown action (3 keys, the first on line 43), an error of the
    /// document, and a missing layer (6 keys), an error of the resolved locale.
    private func brokenLayout(action: Bool = true, layer: Bool = true) throws {
        try copyShippedLayout("en-US.xml")
        let path = folder + "/layouts/en-US.xml"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        if action { text = text.replacingOccurrences(of: "action=\"shift\"", with: "action=\"shfit\"") }
        if layer { text = text.replacingOccurrences(of: "value=\"numeric\"", with: "value=\"numerc\"") }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// One file is validated with its project: the parent and themes beside it are found, their
    /// own problems are not reported, and the file's are.
    @Test func aSingleLayoutIsValidatedWithTheParentsBesideIt() throws {
        try copyShippedLayout("he.xml")  // extends und-x-system, copied beside it
        #expect(try Self.run(["validate", "layouts/he.xml"], in: folder).status == 0)
        let preview = try Self.run(["preview", "layouts/he.xml", "-o", "preview"], in: folder)
        #expect(preview.status == 0 && FileManager.default.fileExists(atPath: folder + "/preview/he-phone-lowercased.svg"), "\(preview.stderr)")
        try "<keyboard locale=\"fr\" name=\"F\"><broken".write(toFile: folder + "/layouts/fr.xml", atomically: true, encoding: .utf8)
        let beside = try Self.run(["validate", "layouts/he.xml"], in: folder)
        #expect(beside.status == 0 && beside.stderr.isEmpty, "\(beside.stderr)")
        // Named, the broken file is reported; so is a file whose parent is nowhere.
        #expect(try Self.run(["validate", "layouts/fr.xml"], in: folder).status == 1)
        try FileManager.default.removeItem(atPath: folder + "/layouts/und-x-system.json")
        let orphan = try Self.run(["validate", "layouts/he.xml"], in: folder)
        #expect(orphan.status == 1 && orphan.stderr.contains("[missing-parent]"), "\(orphan.stderr)")
    }

    @Test func diagnosticsComeAsJSONLinesForTools() throws {
        try brokenLayout()
        let result = try Self.run(["validate", "layouts/en-US.xml", "--diagnostics-format", "json"], in: folder)
        #expect(result.status == 1)
        let objects = try result.stderr.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        #expect(objects.count == 3)  // the unknown actions: the document is not resolved
        let first = objects.first { $0["code"] as? String == "unknown-action" }
        #expect(first?["file"] as? String == "layouts/en-US.xml")
        #expect(first?["line"] as? Int == 43 && first?["column"] as? Int == 22)
        #expect(first?["severity"] as? String == "error")
        #expect((first?["fix"] as? [String: String]) == ["original": "shfit", "replacement": "shift"])
    }

    @Test func sarifIsValidSARIF210() throws {
        try brokenLayout()
        let result = try Self.run(["validate", "--diagnostics-format", "sarif", "--diagnostics-output", "report.sarif"], in: folder)
        #expect(result.status == 1 && result.stderr.isEmpty, "\(result.stderr)")
        // Checked against the SARIF 2.1.0 object model of sarif-pydantic (PyPI), which scripts/test
        // installs in a virtual environment and names in KEYLEX_TEST_PYTHON.
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = [ProcessInfo.processInfo.environment["KEYLEX_TEST_PYTHON"] ?? "python3", "-c", """
            import json, sys, sarif_pydantic
            log = sarif_pydantic.Sarif.model_validate_json(open(sys.argv[1]).read())
            assert log.version == "2.1.0"
            results = log.runs[0].results
            first = next(r for r in results if r.rule_id == "unknown-action")
            print(len(results), sorted(set(r.rule_id for r in results)), first.locations[0].physical_location.region.start_line)
            """, folder + "/report.sarif"]
        let out = Pipe()
        check.standardOutput = out
        try check.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
        #expect(printed == "3 ['unknown-action'] 43\n", "\(printed)")
    }

    @Test func anUnchangedBuildDoesNothingAndSaysSo() throws {
        try copyShippedLayout("en-US.xml")
        let first = try Self.run(["build"], in: folder)
        #expect(first.status == 0 && first.stdout.contains("build/en-US.klx\t"), "\(first.stderr)")
        let bundle = try Data(contentsOf: URL(fileURLWithPath: folder + "/build/en-US.klx"))
        let again = try Self.run(["build"], in: folder)
        #expect(again.status == 0)
        #expect(again.stdout == "Nothing to do: 2 bundles in build up to date.\n", "\(again.stdout)")
        let verbose = try Self.run(["build", "--force", "--verbose"], in: folder)
        #expect(verbose.stdout.contains("build/en.klx\t") && verbose.stderr.contains(" s  compiled en (10 words)"), "\(verbose.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/build/en-US.klx")) == bundle)
        let quiet = try Self.run(["build", "--quiet", "--force"], in: folder)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        #expect(try Self.run(["build", "--quiet", "--verbose"], in: folder).status == 2)
    }

    @Test func completionScriptsComeFromTheArgumentParser() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try Self.run(["--generate-completion-script", shell])
            #expect(script.status == 0 && script.stdout.contains("preview") && script.stdout.contains("diagnostics-format"), "\(shell)")
        }
        let version = try Self.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("0."))
    }

    /// A preview that cannot be written whole (a full disk: here a file size limit that its page
    /// passes) writes nothing: the last preview stays as it was, and no page or temporary file is left.
    @Test func previewOnAFullDiskLeavesThePreviousPreview() throws {
        try copyShippedLayout("fr-FR.xml")
        #expect(try Self.run(["preview", "-o", "preview"], in: folder).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder + "/preview").sorted()
        let page = try Data(contentsOf: URL(fileURLWithPath: folder + "/preview/index.html"))
        try copyShippedLayout("de-DE.json")
        let full = try Self.run(["preview", "-o", "preview"], in: folder, fileSizeLimit: 40)
        #expect(full.status == 3 && full.stderr.contains("preview/index.html: File too large"), "\(full.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/preview").sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/preview/index.html")) == page)
        let fresh = try Self.run(["preview", "-o", "fresh"], in: folder, fileSizeLimit: 40)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/fresh")
        #expect(fresh.status == 3 && written.isEmpty, "\(written)")
    }

    @Test func previewDrawsEveryLayerAndShowsTheDiagnostics() throws {
        // An error of the document: the locale is not resolved, so it is listed but not drawn (the
        // other locale is).
        try brokenLayout()
        try copyShippedLayout("fr-FR.xml")
        let listed = try Self.run(["preview", "-o", "preview"], in: folder)
        #expect(listed.status == 1)
        let listedPage = try String(contentsOfFile: folder + "/preview/index.html", encoding: .utf8)
        #expect(listedPage.contains("unknown action &#39;shfit&#39;") || listedPage.contains("unknown action 'shfit'"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/preview/en-US-phone-lowercased.svg"))
        #expect(FileManager.default.fileExists(atPath: folder + "/preview/fr-FR-phone-lowercased.svg"))
        // An error of the resolved locale: it is drawn all the same, its diagnostics on top.
        try FileManager.default.removeItem(atPath: folder + "/preview")
        try brokenLayout(action: false)
        let result = try Self.run(["preview", "-o", "preview"], in: folder)
        #expect(result.status == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/preview")
        #expect(files.contains("index.html") && files.contains("en-US-phone-lowercased.svg") && files.contains("en-US-tablet-numeric.svg"))
        let page = try String(contentsOfFile: folder + "/preview/index.html", encoding: .utf8)
        #expect(page.contains("layer &#39;numerc&#39; does not exist") || page.contains("layer 'numerc' does not exist"))
        #expect(page.contains("<dt>a</dt><dd>æ ã å ā"), "the callouts of a are listed")
        let svg = try String(contentsOfFile: folder + "/preview/en-US-phone-lowercased.svg", encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 320 216\""))
        #expect(svg.contains(">q</text>") && svg.contains(">space</text>"))
    }

    @Test func suggestPrintsSuggestionsWithTheirFlags() throws {
        _ = try Self.run(["build"], in: folder)
        let file = folder + "/build/en.klx"
        // A tiny corpus has few frequency classes: a lower margin lets its corrections apply.
        let typo = try Self.run(["suggest", file, "I said thsi", "--autocorrect-margin", "0"])
        #expect(typo.status == 0, "\(typo.stderr)")
        #expect(typo.stdout.hasPrefix("this\tautocorrect\nthsi\tunknown\n"), "\(typo.stdout)")
        let known = try Self.run(["suggest", file, "Hell", "-n", "2", "--json"])
        let items = try JSONSerialization.jsonObject(with: Data(known.stdout.utf8)) as! [[String: Any]]
        // A prefix being typed is not echoed: its completion leads.
        #expect(items.first?["text"] as? String == "Hello" && items.first?["remainder"] as? String == "o" && items.first?["typed"] as? String == "Hell")
        #expect(!items.contains { $0["isUnknown"] as? Bool == true })
        #expect(try Self.run(["suggest", file, "after a space "]).stdout.isEmpty)
        #expect(try Self.run(["suggest", file, "x", "-n", "0"]).status == 2)
        #expect(try Self.run(["suggest", file, "I said thsi", "--autocorrect-margin", "1000"]).stdout.hasPrefix("thsi\tunknown\n"))
        // --session: the lines are one typing session, so what "so t" offered is not offered after "so th".
        let session = try Self.run(["suggest", file, "--session"], input: "so t\nso th\n").stdout.components(separatedBy: "\n\n")
        let plain = try Self.run(["suggest", file], input: "so t\nso th\n").stdout.components(separatedBy: "\n\n")
        #expect(plain[0] == session[0] && plain[1].contains("that\t") && !session[1].contains("that\t") && session[1].contains("they\t"), "\(session)")
        // The largest counts are clamped (docs: SuggestionEngine.maxSuggestions, WordDictionary.maxCompletions).
        #expect(try Self.run(["suggest", file, "so th", "-n", String(Int.max)]).status == 0)
        #expect(try Self.run(["complete", file, "th", "-k", String(Int.max)]).status == 0)
    }

    /// `keylex type`: the text typed through a suggestion bar, each word's correction applied where
    /// the word ends (not the last one, which nothing ended), and taken back for --keep.
    @Test func typeAppliesCorrectionsWhereWordsEnd() throws {
        _ = try Self.run(["build"], in: folder)
        let file = folder + "/build/en.klx"
        let typed = try Self.run(["type", file, "I said thsi now. thsi", "--autocorrect-margin", "0"])
        #expect(typed.status == 0 && typed.stdout == "I said this now. thsi\n", "\(typed.stdout) \(typed.stderr)")
        let kept = try Self.run(["type", file, "I said thsi now", "--autocorrect-margin", "0", "--keep", "thsi", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any]
        #expect(json?["text"] as? String == "I said thsi now", "\(kept.stdout)")
        let corrections = json?["corrections"] as? [[String: Any]]
        #expect(corrections?.count == 1 && corrections?.first?["text"] as? String == "this" && corrections?.first?["kept"] as? Bool == true)
        let lines = try Self.run(["type", file, "--autocorrect-margin", "0"], input: "thsi is it\nno thsi?\n")
        #expect(lines.stdout == "This is it\nno this?\n", "\(lines.stdout)")  // a sentence starts
        #expect(try Self.run(["type", file, "thsi is", "--autocorrect-margin", "1000"]).stdout == "thsi is\n")
        #expect(try Self.run(["type", file, "a", "b"]).status == 2)
        #expect(try Self.run(["type", "missing.klx", "x"], in: folder).status == 3)
    }

    @Test func aMissingOrUnreadableInputExitsThree() throws {
        #expect(try Self.run(["dict", "missing.txt", "-o", "out.klx"], in: folder).status == 3)
        #expect(try Self.run(["query", "missing.klx", "x"], in: folder).status == 3)
        #expect(try Self.run(["suggest", "missing.klx", "x"], in: folder).status == 3)
        #expect(try Self.run(["inspect", "missing.klx"], in: folder).status == 3)
        #expect(try Self.run(["build", "--corpora", "missing"], in: folder).status == 3)
        // A missing layouts folder stops the build before any corpus is read (this one has an error).
        try "the\tlots\n".write(toFile: folder + "/corpora/en/bad.tsv", atomically: true, encoding: .utf8)
        let layouts = try Self.run(["build", "--layouts", "missing"], in: folder)
        #expect(layouts.status == 3 && layouts.stderr == "missing: error: cannot read the layouts directory [unreadable-file]\n1 error generated.\n",
                "\(layouts.stderr)")
        try FileManager.default.removeItem(atPath: folder + "/corpora/en/bad.tsv")
        #expect(try Self.run(["preview", "missing.xml", "-o", "preview"], in: folder).status == 3)
        // A folder given as a corpus cannot be read as one, whatever its name says.
        let folderCorpus = try Self.run(["dict", "corpora", "-o", "out.klx"], in: folder)
        #expect(folderCorpus.status == 3 && folderCorpus.stderr.hasPrefix("corpora: error: cannot read file (it is a folder)"), "\(folderCorpus.stderr)")
        // Several bundles are no input preview can draw: a usage error, not a misleading diagnostic.
        _ = try Self.run(["build"], in: folder)
        let bundles = try Self.run(["preview", "build/en.klx", "build/en.klx", "-o", "preview"], in: folder)
        #expect(bundles.status == 2 && !bundles.stderr.contains("UTF-8"), "\(bundles.stderr)")
        // A file that is there but is not a bundle is an input error.
        try "not a bundle".write(toFile: folder + "/bad.klx", atomically: true, encoding: .utf8)
        #expect(try Self.run(["inspect", "bad.klx"], in: folder).status == 1)
    }

    @Test func aSystemErrorIsOneLineNamingTheFile() throws {
        let missing = try Self.run(["suggest", "missing.klx", "x"], in: folder)
        #expect(missing.stderr == "error: missing.klx: cannot open: No such file or directory\n")
        // The user's words file is named, not the bundle.
        try "hello\nhelp\n".write(toFile: folder + "/words.txt", atomically: true, encoding: .utf8)
        #expect(try Self.run(["dict", "words.txt", "-o", "words.klx"], in: folder).status == 0)
        try "not a user dictionary\n".write(toFile: folder + "/user.txt", atomically: true, encoding: .utf8)
        let user = try Self.run(["suggest", "words.klx", "hel", "--user", "user.txt"], in: folder)
        #expect(user.status == 1 && user.stderr.hasPrefix("error: user.txt: ") && user.stderr.split(separator: "\n").count == 1,
                "\(user.stderr)")
    }

    /// A disk that fills up while the words sorted on disk are written, or while the dictionary is:
    /// exit 3 with one error naming the file, no partial output, no temporary file left, and a
    /// dictionary written before left as it was.
    @Test func aFullDiskFailsTheBuildCleanly() throws {
        var state: UInt64 = 1
        let words = (0..<20_000).map { _ in
            String((0..<7).map { _ -> Character in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Character(UnicodeScalar(UInt8(97 + (state >> 33) % 26)))
            })
        }
        let folder = self.folder + "/disk"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try words.joined(separator: "\n").write(toFile: folder + "/words.txt", atomically: true, encoding: .utf8)
        let spilled = try Self.run(["dict", "words.txt", "-o", "out.klx", "--memory-limit", "1"], in: folder, fileSizeLimit: 4)
        #expect(spilled.status == 3 && spilled.stderr.contains("/run-1: error: ") && spilled.stderr.contains("[temporary-file]"), "\(spilled.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["words.txt"])

        #expect(try Self.run(["dict", "words.txt", "-o", "out.klx"], in: folder).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/out.klx"))
        #expect(before.count > 40 * 512)
        try (words + ["keylex"]).joined(separator: "\n").write(toFile: folder + "/words.txt", atomically: true, encoding: .utf8)
        let full = try Self.run(["dict", "words.txt", "-o", "out.klx"], in: folder, fileSizeLimit: 40)
        #expect(full.status == 3 && full.stderr == "error: out.klx: File too large\n", "\(full.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["out.klx", "words.txt"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.klx")) == before)
    }

    /// Starts `keylex dict` on 300,000 real words (wordfreq's en, de and fr lists) with a 1 MiB
    /// limit, so that it spills runs beside `out.klx` in `folder`, and returns once the runs'
    /// folder is there.
    static func startSpilling(in folder: String) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["dict", "--format", "tsv", "--memory-limit", "1", "-o", "out.klx"]
            + ["en", "de", "fr"].map { root.path + "/Benchmarks/wordfreq/\($0).tsv" }
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<6_000 where try temporaryNames(in: folder).isEmpty { usleep(10_000) }
        return process
    }

    static func temporaryNames(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }.sorted()
    }

    @Test func anInterruptedRunRemovesItsTemporaryFiles() throws {
        let folder = self.folder + "/interrupted"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for signal in [SIGINT, SIGTERM] {
            let process = try Self.startSpilling(in: folder)
            #expect(try Self.temporaryNames(in: folder).count == 1)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        }
    }

    @Test func whatAKilledRunLeftGoesWithTheNextRun() throws {
        let folder = self.folder + "/killed"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let process = try Self.startSpilling(in: folder)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = try Self.temporaryNames(in: folder)
        #expect(left.count == 1 && left[0].hasPrefix("out.klx.tmp-"), "\(left)")
        // One that a running process holds stays, and so do another output's.
        let held = open(folder + "/out.klx.tmp-1-1", O_WRONLY | O_CREAT, 0o644)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        #expect(FileManager.default.createFile(atPath: folder + "/other.klx.tmp-2-2", contents: nil))
        try "hello\nhelp\n".write(toFile: folder + "/words.txt", atomically: true, encoding: .utf8)
        #expect(try Self.run(["dict", "words.txt", "-o", "out.klx"], in: folder).status == 0)
        #expect(try Self.temporaryNames(in: folder) == ["other.klx.tmp-2-2", "out.klx.tmp-1-1"])

        // A build removes what a killed build left in its output folder and among its words' runs.
        let temporary = self.folder + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary + "/keylex-words.tmp-3-3", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: self.folder + "/build", withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: self.folder + "/build/en.klx.tmp-4-4", contents: nil))
        #expect(try Self.run(["build"], in: self.folder, environment: ["TMPDIR": temporary]).status == 0)
        #expect(try Self.temporaryNames(in: temporary).isEmpty && Self.temporaryNames(in: self.folder + "/build").isEmpty)
    }

    @Test func onlyRegularFilesAreReplaced() throws {
        try "hello\nhelp\n".write(toFile: folder + "/words.txt", atomically: true, encoding: .utf8)
        // A folder that does not exist is not created.
        #expect(try Self.run(["dict", "words.txt", "-o", "nowhere/out.klx"], in: folder).status == 3)
        #expect(!FileManager.default.fileExists(atPath: folder + "/nowhere"))
        // A FIFO and a directory stay what they are.
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: false)
        for target in ["fifo", "dir"] {
            let result = try Self.run(["dict", "words.txt", "-o", target], in: folder)
            #expect(result.status == 3 && result.stderr.contains("not a regular file"), "\(result.stderr)")
        }
        var info = stat()
        #expect(lstat(folder + "/fifo", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        // A symbolic link is written through: it stays a link, and its target gets the dictionary.
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.klx", withDestinationPath: "real.klx")
        #expect(try Self.run(["dict", "words.txt", "-o", "link.klx"], in: folder).status == 0)
        #expect(lstat(folder + "/link.klx", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(try Self.run(["query", "real.klx", "help"], in: folder).stdout == "help\t255\n")
    }

    /// A FIFO found while scanning corpora/ or layouts/ is left alone (it would wait for a writer
    /// forever); named on the command line, a FIFO is read as a stream.
    /// A message quotes at most the start of an input: a 100 KB width is not echoed whole.
    @Test func aHugeAttributeIsQuotedShort() throws {
        try copyShippedLayout("en-US.xml")
        let path = folder + "/layouts/en-US.xml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let huge = String(repeating: "w", count: 100_000)
        try text.replacingOccurrences(of: "action=\"shift\" width=\"input*1.4\"", with: "action=\"shift\" width=\"\(huge)\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Self.run(["validate", "layouts/en-US.xml"], in: folder)
        #expect(result.status == 1 && result.stderr.contains("'\(String(repeating: "w", count: 60))…' is not a key width"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.utf8.count < 1_000)
    }

    @Test func anImporterGivenAFolderOrAFIFOSaysSo() throws {
        try FileManager.default.createDirectory(atPath: folder + "/folder.xml", withIntermediateDirectories: false)
        #expect(mkfifo(folder + "/fifo.xml", 0o600) == 0)
        for name in ["folder.xml", "fifo.xml"] {
            let result = try Self.run(["import", "cldr", name, "-o", "imported"], in: folder)
            #expect(result.status == 3 && result.stderr.contains("not a regular file (a folder, a FIFO or a device)"), "\(result.stderr)")
        }
    }

    /// Lines read from standard input are cut at 64 KiB (the rest read and dropped), so that a
    /// huge line costs no more memory than that; the lines around it are answered as before.
    @Test func aHugeInputLineIsCut() throws {
        _ = try Self.run(["build"], in: folder)
        let input = "hello\r\n" + String(repeating: "x", count: 200_000) + "\nhelp\n"
        let query = try Self.run(["query", "build/en.klx"], input: input, in: folder)
        let lines = query.stdout.split(separator: "\n")
        #expect(lines.count == 3 && lines[0].hasPrefix("hello\t") && lines[2].hasPrefix("help\t") && !lines[2].hasSuffix("-"), "\(query.stdout.prefix(100))")
        #expect(lines[1] == String(repeating: "x", count: 1 << 16) + "\t-")
        #expect(query.stderr.contains("longer than 65536 bytes"))
        let suggest = try Self.run(["suggest", "build/en.klx"], input: input, in: folder)
        // Three blocks, each ended by an empty line: the cut text's is empty.
        let blocks = suggest.stdout.split(separator: "\n", omittingEmptySubsequences: false).split(separator: "").map { $0.first ?? "" }
        #expect(suggest.status == 0 && blocks.first?.hasPrefix("hello") == true && blocks.last?.hasPrefix("help") == true
                && suggest.stderr.contains("no suggestions for it"), "\(blocks)")
    }

    /// `keylex swipe` decodes a stroke given on the command line over the bundle's layout, and
    /// strokes read as JSON lines (with the app's own keys, or the layout's); a line that is no
    /// stroke is reported with its number, gives no words, and makes the exit status 1.
    @Test func swipesAreDecodedAndBadStrokesReported() throws {
        try copyShippedLayout("en-US.xml")
        #expect(try Self.run(["build"], in: folder).status == 0)
        let hello = "234,84 180,60 120,35 98,30 160,45 250,65 350,84 340,50 332,30"
        let one = try Self.run(["swipe", "build/en-US.klx", hello, "--before", "I said "], in: folder)
        #expect(one.status == 0 && one.stdout.hasPrefix("hello\nhelp\n"), "\(one.stdout) \(one.stderr)")
        let points = hello.split(separator: " ").map { "[\($0), 0]" }.joined(separator: ", ")
        let keys = "[" + "qwertyuiop".enumerated().map { "{\"text\": \"\($1)\", \"x\": \(39 * $0), \"y\": 0, \"width\": 39, \"height\": 54}" }.joined(separator: ", ")
            + ", " + "asdfghjkl".enumerated().map { "{\"text\": \"\($1)\", \"x\": \(19.5 + 39 * Double($0)), \"y\": 54, \"width\": 39, \"height\": 54}" }.joined(separator: ", ") + "]"
        let input = "{\"points\": [\(points)], \"before\": \"I said \"}\nnot a stroke\n{\"points\": [[1]]}\n{\"points\": [\(points)], \"keys\": \(keys)}\n{\"before\": \"x\"}\n"
        let many = try Self.run(["swipe", "build/en-US.klx"], input: input, in: folder)
        // Each stroke's words end with an empty line: five blocks.
        var blocks: [[Substring]] = [[]]
        for line in many.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.isEmpty { blocks.append([]) } else { blocks[blocks.count - 1].append(line) }
        }
        blocks.removeLast()
        #expect(blocks.count == 5 && blocks[0].first == "hello" && blocks[1].isEmpty && blocks[2].isEmpty && blocks[3].first == "Hello" && blocks[4].isEmpty, "\(blocks)")
        #expect(many.status == 1)
        #expect(many.stderr.contains("standard input:2: not a stroke: it is not a JSON object"), "\(many.stderr)")
        #expect(many.stderr.contains("standard input:3: point 1 is not [x, y] or [x, y, t]"))
        #expect(many.stderr.contains("standard input:5: not a stroke: it has no \"points\""))
        // A bundle without layouts: strokes need their keys; a bad point is a usage error.
        _ = try Self.run(["dict", "corpora/en/words.tsv", "-o", "words.klx"], in: folder)
        let noLayout = try Self.run(["swipe", "words.klx", hello], in: folder)
        #expect(noLayout.status == 1 && noLayout.stderr.contains("no layout to draw the stroke on"), "\(noLayout.stderr)")
        #expect(try Self.run(["swipe", "build/en-US.klx", "1,2 x"], in: folder).status == 2)
        #expect(try Self.run(["swipe", "build/en-US.klx", "--locale", "fr"], in: folder).status == 1)
    }

    /// `swipe --live` feeds the points one at a time and prints the words shown under the finger
    /// before the final ones, which are those of the whole stroke; `preview --stroke` draws the
    /// stroke and the ideal path of its word over the layout.
    @Test func theWordUnderTheFingerAndThePictureOfASwipe() throws {
        try copyShippedLayout("en-US.xml")
        #expect(try Self.run(["build"], in: folder).status == 0)
        let hello = "234,84 180,60 120,35 98,30 160,45 250,65 350,84 340,50 332,30"
        let whole = try Self.run(["swipe", "build/en-US.klx", hello, "--before", "I said "], in: folder).stdout
        let live = try Self.run(["swipe", "build/en-US.klx", hello, "--before", "I said ", "--live", "--timing"], in: folder)
        let shown = live.stdout.split(separator: "\n").filter { $0.hasPrefix("> ") }
        #expect(live.status == 0 && !shown.isEmpty && shown.last == "> hello", "\(live.stdout)")
        #expect(live.stdout.split(separator: "\n").filter { !$0.hasPrefix("> ") }.joined(separator: "\n") + "\n" == whole)
        #expect(live.stderr.split(separator: "\n").contains { $0.hasPrefix("live\t") && $0.split(separator: "\t").count == 4 }, "\(live.stderr)")
        let json = try Self.run(["swipe", "build/en-US.klx", "--json", "--live"], input: "{\"points\": [[234, 84], [180, 60], [120, 35], [98, 30], [160, 45], [250, 65], [350, 84], [340, 50], [332, 30]]}\n", in: folder)
        #expect(json.stdout.hasPrefix("{\"live\":[") && json.stdout.contains("\"words\":[\"Hello\""), "\(json.stdout)")

        let picture = try Self.run(["preview", "build/en-US.klx", "-o", "swipe", "--stroke", hello, "--before", "I said "], in: folder)
        #expect(picture.status == 0 && picture.stdout.hasSuffix("swipe/swipe.svg\n"), "\(picture.stderr)")
        let svg = try String(contentsOfFile: folder + "/swipe/swipe.svg", encoding: .utf8)
        // The stroke, the ideal path through h, e, l, o (four rings), and the words under the keys.
        #expect(svg.components(separatedBy: "<polyline").count == 3 && svg.components(separatedBy: "r=\"7\"").count == 5)
        #expect(svg.contains(">" + whole.split(separator: "\n").joined(separator: " · ") + "</text>"), "\(svg.suffix(300))")
        #expect(try Self.run(["preview", "layouts", "-o", "x", "--stroke", hello], in: folder).status == 2)
        #expect(try Self.run(["preview", "build/en-US.klx", "-o", "x", "--stroke", "1,2 x"], in: folder).status == 2)
        _ = try Self.run(["dict", "corpora/en/words.tsv", "-o", "words.klx"], in: folder)
        let noLayout = try Self.run(["preview", "words.klx", "-o", "x", "--stroke", hello], in: folder)
        #expect(noLayout.status == 1 && noLayout.stderr.contains("no phone layout to draw the stroke on"), "\(noLayout.stderr)")
    }

    /// `keylex user` makes a user dictionary from a word list (or words given), changes it and
    /// lists it; `suggest --user` reads it, and says how to make one when given a word list.
    @Test func userMakesChangesAndListsAUserDictionary() throws {
        _ = try Self.run(["build"], in: folder)
        #expect(try Self.run(["user", "learn", "user.txt"], input: "keylex\n\n  swipe \n", in: folder).status == 0)
        #expect(try Self.run(["user", "learn", "user.txt", "keylex"], in: folder).status == 0)
        #expect(try Self.run(["user", "ignore", "user.txt", "help"], in: folder).status == 0)
        #expect(try Self.run(["user", "forget", "user.txt", "swipe"], in: folder).status == 0)
        #expect(try Self.run(["user", "list", "user.txt"], in: folder).stdout == "learned\tkeylex\t2\nignored\thelp\n")
        let suggest = try Self.run(["suggest", "build/en.klx", "so key", "--user", "user.txt"], in: folder)
        #expect(suggest.stdout.hasPrefix("keylex\t"), "\(suggest.stdout)")
        #expect(!(try Self.run(["suggest", "build/en.klx", "so hel", "--user", "user.txt", "-n", "5"], in: folder)).stdout.contains("help\t"))
        try "keylex\nswipe\n".write(toFile: folder + "/words.txt", atomically: true, encoding: .utf8)
        let list = try Self.run(["suggest", "build/en.klx", "so key", "--user", "words.txt"], in: folder)
        #expect(list.status == 1 && list.stderr.contains("make one with 'keylex user learn words.txt WORD…'"), "\(list.stderr)")
        #expect(try Self.run(["user", "list", "missing.txt"], in: folder).stdout.isEmpty)
        // --learn: a new word typed three times is learned, in the file given (saved) or in memory.
        let learning = try Self.run(["suggest", "build/en.klx", "--learn", "--user", "user.txt"], input: "I met Zorblax \nthank Zorblax \nask Zorblax \nsee Zorb\n", in: folder)
        #expect(learning.stdout.contains("Zorblax\t"), "\(learning.stdout)")
        #expect(try Self.run(["user", "list", "user.txt"], in: folder).stdout.contains("learned\tZorblax\t1\n"))
        let inMemory = try Self.run(["suggest", "build/en.klx", "--learn"], input: "I met Qwerkle \nthank Qwerkle \nask Qwerkle \nsee Qwerk\n", in: folder)
        #expect(inMemory.stdout.contains("Qwerkle\t"), "\(inMemory.stdout)")
    }

    @Test func scansTakeRegularFilesOnly() throws {
        try copyShippedLayout("en-US.xml")
        #expect(mkfifo(folder + "/corpora/en/more.txt", 0o600) == 0)
        #expect(mkfifo(folder + "/layouts/more.xml", 0o600) == 0)
        let build = try Self.run(["build"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try Self.run(["query", "build/en-US.klx", "help"], in: folder).status == 0)
        #expect(try Self.run(["validate"], in: folder).status == 0)
        let stream = try Self.run(["dict", "/dev/stdin", "--format", "txt", "-o", "stream.klx"], input: "hello\nhelp\n", in: folder)
        #expect(stream.status == 0, "\(stream.stderr)")
    }

    @Test func suggestReadsTextsFromStandardInput() throws {
        _ = try Self.run(["build"], in: folder)
        let result = try Self.run(["suggest", folder + "/build/en.klx", "-n", "2", "--autocorrect-margin", "0"],
                                  input: "I said thsi\nafter a space \nso hel\n")
        let text = result.stdout
        #expect(result.status == 0)
        // One block per text, each ended by an empty line (the second text gets no suggestion).
        // The third is a prefix being typed: its completions, not the prefix.
        #expect(text.hasPrefix("this\tautocorrect\nthsi\tunknown\n\n\nhel"), "\(text)")
        #expect(!text.contains("hel\tunknown"), "\(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter(\.isEmpty).count == 3 + 1, "\(text)")  // three ends, and after the last line break
    }
}
