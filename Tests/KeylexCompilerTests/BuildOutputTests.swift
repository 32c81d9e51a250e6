import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Outputs are deterministic, written atomically and verified, and a build with errors writes nothing.
@Suite struct BuildOutputTests {
    let folder: String
    init() throws { folder = try TestSupport.temporaryDirectory() }

    @Test func theSameWordsInAnyOrderGiveByteIdenticalFiles() throws {
        let (compiled, _) = TestSupport.english
        let entries = TestSupport.englishWords.enumerated().map { (word: $1, count: UInt64(compiled.classes![$0]) * 3 + 1, flags: DictionaryFormat.WordFlags()) }
        let once = DictionaryCompiler.compile(entries, hasCounts: true).bytes
        let shuffled = DictionaryCompiler.compile(entries.shuffled(), hasCounts: true).bytes
        #expect(once == shuffled)
    }

    @Test func aFailedCheckLeavesTheOldOutputUntouched() throws {
        let path = folder + "/out.klx"
        try AtomicFile.write(Array("old".utf8), to: path)
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try AtomicFile.write(Array("new".utf8), to: path) { temporary in
                #expect(FileManager.default.contents(atPath: temporary) == Data("new".utf8))
                throw Refused()
            }
        }
        #expect(FileManager.default.contents(atPath: path) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.klx"])
    }

    /// What Keylex promises about a bundle in use (docs/FORMAT.md, "Updating a bundle in use"):
    /// replaced by rename, as every Keylex writer replaces its outputs, a bundle a reader has mapped
    /// stays readable whole, while a new reader gets the new one.
    @Test func aBundleReplacedByRenameStaysReadableUnderAReader() throws {
        let path = folder + "/en.klx"
        let old = (0..<20_000).map { (word: "old\($0)", count: UInt64(1 + $0 % 97), flags: DictionaryFormat.WordFlags()) }
        try AtomicFile.write(DictionaryCompiler.compile(old, hasCounts: true).bytes, to: path)
        let reader = try WordDictionary(contentsOf: path)
        try AtomicFile.write(DictionaryCompiler.compile([(word: "new", count: 1, flags: [])], hasCounts: true).bytes, to: path)
        // Every word of the old one, read through the old mapping after the replacement.
        #expect(reader.wordCount == 20_000 && (0..<20_000).allSatisfy { reader.word(at: $0) != nil })
        #expect(reader.contains("old19999") && !reader.contains("new"))
        let fresh = try WordDictionary(contentsOf: path)
        #expect(fresh.wordCount == 1 && fresh.contains("new"))
    }

    @Test func aWrittenDictionaryIsVerifiedAgainstWhatWasCompiled() throws {
        let (compiled, _) = TestSupport.english
        let path = folder + "/en.klx"
        try AtomicFile.write(compiled.bytes, to: path) { try compiled.verify(path: $0) }
        var tampered = compiled.bytes
        tampered[tampered.count - 1] ^= 0xFF
        #expect(throws: (any Error).self) {
            try AtomicFile.write(tampered, to: path) { try compiled.verify(path: $0) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(compiled.bytes))
    }

    @Test func aProjectBuildWritesOneFilePerLocaleAndNothingWhenAnyLocaleHasErrors() throws {
        let corpora = folder + "/corpora", output = folder + "/build"
        try TestSupport.write("hello\t5\nhelp\t3\n", "corpora/en/words.tsv", in: folder)
        try TestSupport.write("hallo\t5\n", "corpora/de/words.tsv", in: folder)
        try TestSupport.write("Source: tests\n", "corpora/de/README.md", in: folder)
        let diagnostics = DiagnosticEngine()
        let products = try ProjectBuild(corpora: corpora, output: output, diagnostics: diagnostics).run()
        #expect(products?.products.map(\.locale) == ["de", "en"])
        #expect(diagnostics.diagnostics.isEmpty)
        let first = try Data(contentsOf: URL(fileURLWithPath: output + "/en.klx"))
        #expect(try WordDictionary(contentsOf: output + "/en.klx").contains("help"))

        // Break one locale and add a badly named one: both reported, nothing rewritten.
        try TestSupport.write("hello\tmany\nhelps\t1\n", "corpora/en/words.tsv", in: folder)
        try TestSupport.write("x\n", "corpora/english_US/words.txt", in: folder)
        let broken = DiagnosticEngine()
        #expect(try ProjectBuild(corpora: corpora, output: output, diagnostics: broken).run() == nil)
        #expect(broken.diagnostics.map(\.code) == ["invalid-locale", "invalid-count"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/en.klx")) == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == [BuildState.fileName, "de.klx", "en.klx"])
    }

    /// A corpus folder without count files takes its nearest parent's, as en-GB takes the English
    /// model of `corpora/en/`: it predicts next words, and the parent's words it lacks (`color`)
    /// are not warned of, while a folder's own count file with words its list lacks is.
    @Test func aCorpusWithoutCountsTakesItsParentsModel() throws {
        let corpora = folder + "/corpora", output = folder + "/build"
        try TestSupport.write("thank\t50\nyou\t90\nthe\t99\ncolor\t20\nred\t10\n", "corpora/en/words.tsv", in: folder)
        try TestSupport.write("<s> thank\t4\nthank\t4\nthank you\t4\nyou\t4\nthe\t9\ncolor\t2\nthe color\t2\n", "corpora/en/chat.counts", in: folder)
        try TestSupport.write("thank\t50\nyou\t90\nthe\t99\ncolour\t20\nred\t10\n", "corpora/en-GB/words.tsv", in: folder)
        try TestSupport.write("hallo\t5\ndu\t5\n", "corpora/de/words.tsv", in: folder)
        try TestSupport.write("hallo du\t3\nhallo\t3\ndu\t3\nwelt\t1\n", "corpora/de/gruss.counts", in: folder)
        let diagnostics = DiagnosticEngine()
        let locales = ProjectBuild(corpora: corpora, output: output, diagnostics: diagnostics).locales()
        #expect(locales.map { $0.inputs.ngrams.map { ($0 as NSString).lastPathComponent } } == [["gruss.counts"], ["chat.counts"], ["chat.counts"]])
        #expect(locales.map(\.inputs.ngramsAreShared) == [false, false, true])
        #expect(try ProjectBuild(corpora: corpora, output: output, diagnostics: diagnostics).run()?.products.map(\.locale) == ["de", "en", "en-GB"])
        #expect(diagnostics.diagnostics.map { "\($0.code) \(($0.location.file as NSString).lastPathComponent)" } == ["unknown-model-words gruss.counts"])
        let british = try SuggestionEngine(contentsOf: output + "/en-GB.klx")
        #expect(british.suggestions(for: "Thank ").first?.text == "you")
    }

    @Test func aBuildRebuildsOnlyWhatChanged() throws {
        let corpora = folder + "/corpora", layouts = folder + "/layouts", output = folder + "/build"
        try TestSupport.write("hello\t5\nhelp\t3\n", "corpora/en/words.tsv", in: folder)
        try TestSupport.write("hallo\t5\n", "corpora/de/words.tsv", in: folder)
        try FileManager.default.createDirectory(atPath: layouts, withIntermediateDirectories: true)
        for file in ["en-US.xml", "und-x-system.json"] {  // en-US names the theme the shared document defines
            try FileManager.default.copyItem(atPath: TestSupport.shipped("layouts/" + file), toPath: layouts + "/" + file)
        }
        func build(force: Bool = false) throws -> ProjectBuild.Outcome? {
            var build = ProjectBuild(corpora: corpora, layouts: layouts, output: output, diagnostics: DiagnosticEngine())
            build.force = force
            return try build.run()
        }
        #expect(try build()?.products.map(\.locale) == ["de", "en", "en-US"])
        // Nothing changed: nothing is read or written.
        let unchanged = try build()
        #expect(unchanged?.products.isEmpty == true && unchanged?.upToDate == ["de", "en", "en-US"])
        // A corpus changed: its locale and the locales that take it as their parent's.
        try TestSupport.write("hello\t5\nhelp\t3\nhelm\t1\n", "corpora/en/words.tsv", in: folder)
        #expect(try build()?.products.map(\.locale) == ["en", "en-US"])
        #expect(try WordDictionary(contentsOf: output + "/en-US.klx").contains("helm"))
        // A layout changed: the locales with layouts.
        let source = try String(contentsOfFile: layouts + "/en-US.xml", encoding: .utf8)
        try TestSupport.write(source + "\n", "layouts/en-US.xml", in: folder)
        #expect(try build()?.products.map(\.locale) == ["en-US"])
        // A bundle damaged or removed since: rebuilt; --force: everything.
        try FileManager.default.removeItem(atPath: output + "/de.klx")
        #expect(try build()?.products.map(\.locale) == ["de"])
        #expect(try build(force: true)?.products.map(\.locale) == ["de", "en", "en-US"])
        // A locale gone: its bundle goes too, with --force as well.
        try FileManager.default.removeItem(atPath: corpora + "/de")
        #expect(try build()?.products.isEmpty == true)
        #expect(!FileManager.default.fileExists(atPath: output + "/de.klx"))
        try FileManager.default.removeItem(atPath: corpora + "/en")
        #expect(try build(force: true)?.products.map(\.locale) == ["en-US"])
        #expect(!FileManager.default.fileExists(atPath: output + "/en.klx"))
    }

    @Test func oneBuildAtATimeWritesIntoAFolderAndLeftoversOfAKilledOneGo() throws {
        let corpora = folder + "/corpora", output = folder + "/build"
        try TestSupport.write("hello\t5\nhelp\t3\n", "corpora/en/words.tsv", in: folder)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        // What a build killed while writing leaves behind; a file of the user's that looks alike stays.
        try TestSupport.write("partial", "build/en.klx.tmp-4242-17", in: folder)
        try TestSupport.write("mine", "build/notes.tmp-draft", in: folder)
        do {
            let held = try BuildLock(directory: output)
            #expect {
                try ProjectBuild(corpora: corpora, output: output, diagnostics: DiagnosticEngine()).run()
            } throws: { "\($0)".contains("another keylex build is writing into this directory") }
            withExtendedLifetime(held) {}
        }
        #expect(try ProjectBuild(corpora: corpora, output: output, diagnostics: DiagnosticEngine()).run()?.products.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == [BuildState.fileName, "en.klx", "notes.tmp-draft"])
    }

    /// A build into a folder that does not exist yet holds the lock from the start, while it reads
    /// its inputs (a second build is refused at once, not after its own reading); if the inputs have
    /// errors the folder it made goes again. An output that is no folder (a FIFO) is refused at once.
    @Test func aNewOutputFolderIsLockedBeforeTheInputsAreRead() throws {
        let corpora = folder + "/corpora", output = folder + "/new/build"
        try TestSupport.write("hello\t5\nhelp\t3\n", "corpora/en/words.tsv", in: folder)
        var build = ProjectBuild(corpora: corpora, output: output, diagnostics: DiagnosticEngine())
        var refusedWhileReading = false
        build.onProgress = { step, _ in
            guard step.hasPrefix("reading") else { return }
            do { _ = try BuildLock(directory: output) } catch { refusedWhileReading = "\(error)".contains("another keylex build") }
        }
        #expect(try build.run()?.products.count == 1)
        #expect(refusedWhileReading)

        try TestSupport.write("hello\tmany\n", "corpora/en/words.tsv", in: folder)
        let failed = folder + "/failed"
        #expect(try ProjectBuild(corpora: corpora, output: failed, diagnostics: DiagnosticEngine()).run() == nil)
        #expect(!FileManager.default.fileExists(atPath: failed))

        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        #expect {
            try ProjectBuild(corpora: corpora, output: folder + "/fifo", diagnostics: DiagnosticEngine()).run()
        } throws: { "\($0)".contains("not a folder") }
        #expect(throws: AtomicFile.WriteError.self) { try BuildLock(directory: folder + "/fifo") }
    }

    @Test(arguments: ["en", "en-GB", "de-CH", "zh-Hant-TW", "sr-Latn", "es-419", "x-private", "de-CH-1996", "en-US-u-ca-gregory"])
    func wellFormedLanguageTags(_ tag: String) {
        #expect(LanguageTag.isWellFormed(tag))
    }

    @Test(arguments: ["", "123", "en_US", "e", "en-", "-en", "en-GB-GB-x", "de-CH-1996-1996", "en-a", "toolonglanguage"])
    func malformedLanguageTags(_ tag: String) {
        #expect(!LanguageTag.isWellFormed(tag))
    }
}
