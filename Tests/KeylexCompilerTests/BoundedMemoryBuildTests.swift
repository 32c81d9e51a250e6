import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Words read past the memory limit are sorted on disk and merged: the dictionary, the warnings
/// and the clean-up are the same as in memory.
@Suite struct BoundedMemoryBuildTests {
    let folder: String
    init() throws { folder = try TestSupport.temporaryDirectory() }

    /// The English and German frequency lists (200,000 words, thousands in both) and the shipped
    /// French AOSP list (shortcuts, flags), read once in memory and once spilling a run at every
    /// megabyte of records.
    static let inputs = DictionaryBuild.Inputs(corpora: ["Benchmarks/wordfreq/en.tsv", "Benchmarks/wordfreq/de.tsv", "corpora/fr/fr.combined.gz"].map(TestSupport.shipped),
                                               origin: "bounded")

    func read(memoryLimit: Int) throws -> (WordTable, [String]) {
        let diagnostics = DiagnosticEngine()
        let table = try #require(DictionaryBuild(diagnostics: diagnostics, memoryLimit: memoryLimit, spillBase: folder + "/words").read(Self.inputs))
        // Where each warning is and of what word: the earlier place it names may differ, as the
        // spilled table knows only its own batch of words when it reads a repeat.
        return (table, diagnostics.diagnostics.map { "\($0.location) \($0.message.prefix { $0 != "(" })" }.sorted())
    }

    @Test func spilledRunsGiveTheSameDictionaryAndWarnings() throws {
        let (inMemory, warned) = try read(memoryLimit: WordTable.defaultMemoryLimit)
        let (spilled, warnedSpilling) = try read(memoryLimit: 1 << 20)
        #expect(!inMemory.spilled && spilled.spilled)
        #expect(spilled.count == inMemory.count && spilled.alphabetSize == inMemory.alphabetSize)
        #expect(warned.count > 1000, "words in both lists are warned of")
        #expect(warnedSpilling == warned)
        #expect(spilled.sorted.map(\.count) == inMemory.sorted.map(\.count))
        let compiled = DictionaryCompiler.compile(spilled)
        #expect(compiled.bytes == DictionaryCompiler.compile(inMemory).bytes)
        try DictionaryBuild.write(compiled.bytes, to: folder + "/bounded.klx") { try compiled.verify(path: $0) }
    }

    /// A sorted list (the English frequency list's words in byte order) spilled in pieces: the
    /// runs follow each other, so they are read one after the other, not merged into a new file,
    /// and give the dictionary that memory gives.
    @Test func runsOfASortedListAreReadInTurnNotMerged() throws {
        let words = try String(contentsOfFile: TestSupport.shipped("Benchmarks/wordfreq/en.tsv"), encoding: .utf8)
            .split(separator: "\n").map { $0.prefix { $0 != "\t" } }.filter { !$0.isEmpty && $0.first != "#" }
        let path = folder + "/sorted.txt"
        try (Set(words.map(String.init)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: "\n") + "\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        func read(memoryLimit: Int) throws -> WordTable {
            let build = DictionaryBuild(diagnostics: DiagnosticEngine(), memoryLimit: memoryLimit, spillBase: folder + "/words")
            return try #require(build.read(.init(corpora: [path], origin: "sorted")))
        }
        let spilled = try read(memoryLimit: 1 << 20)
        let spillFolder = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("words.tmp-") })
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + spillFolder)
        #expect(files.count > 1 && files.allSatisfy { $0.hasPrefix("run-") })
        let inMemory = try read(memoryLimit: WordTable.defaultMemoryLimit)
        #expect(spilled.count == inMemory.count && spilled.count > 50_000 && spilled.alphabetSize == inMemory.alphabetSize)
        #expect(DictionaryCompiler.compile(spilled).bytes == DictionaryCompiler.compile(inMemory).bytes)
    }

    @Test func theRunsGoWithTheTable() throws {
        do {
            let (table, _) = try read(memoryLimit: 1 << 20)
            #expect(table.spilled)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.hasPrefix("words.tmp-") })
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    @Test func aRunThatCannotBeWrittenIsAnErrorNamingItsFolder() throws {
        let diagnostics = DiagnosticEngine()
        let build = DictionaryBuild(diagnostics: diagnostics, memoryLimit: 1 << 20, spillBase: folder + "/missing/words")
        #expect(build.read(Self.inputs) == nil)
        let error = try #require(diagnostics.diagnostics.first(where: { $0.code == DiagnosticCode.temporaryFile.rawValue }))
        #expect(error.severity == .error && error.location.file.hasPrefix(folder + "/missing/words.tmp-"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
    }

    /// A hostile list, one word on every line: each repeat is warned of and counted, but only the
    /// first diagnostics are kept, so memory does not grow with the repeats.
    @Test func repeatsAreCountedButOnlyTheFirstDiagnosticsKept() throws {
        let path = folder + "/repeats.txt"
        try String(repeating: "a\n", count: 200_000).write(toFile: path, atomically: true, encoding: .utf8)
        let diagnostics = DiagnosticEngine(retaining: 1000)
        let table = try #require(DictionaryBuild(diagnostics: diagnostics).read(.init(corpora: [path], origin: path)))
        #expect(table.count == 1)
        #expect(diagnostics.warningCount == 199_999 && diagnostics.errorCount == 0)
        #expect(diagnostics.diagnostics.count == 1000 && diagnostics.droppedCount == 198_999)
        #expect(diagnostics.diagnostics.last?.location.line == 1001)
    }

    /// The table's limit counts what it really holds: it takes words until the next would pass the
    /// limit, then refuses it and changes nothing; a repeat is merged in its record however full
    /// the table is; an empty table takes any word.
    @Test func aRecordTableStopsAtItsLimitAndMergesRepeats() {
        let place = WordRecord.Place(file: 0, line: 1, column: 1, quiet: false)
        var table = RecordTable(memoryLimit: 64 << 10)
        func add(_ word: String, _ count: UInt64) -> RecordTable.Outcome {
            var word = word
            return word.withUTF8 { table.add(UnsafeRawBufferPointer($0), count: count, flags: [], place: place) }
        }
        var taken = 0
        while taken < 100_000, case .added = add("word\(taken)", 1) { taken += 1 }
        #expect(taken > 500 && taken < 2_000 && table.count == taken && table.byteCount <= 64 << 10)
        guard case .merged(let earlier) = add("word7", 41) else { return #expect(Bool(false), "a repeat is merged") }
        #expect(earlier.line == 1 && table.count == taken)
        var counts: [String: UInt64] = [:]
        var arena = table.arena
        arena.sortAndMerge()
        arena.forEachRecord { record in
            let fields = WordRecord.fields(record, at: 0)!
            counts[String(decoding: fields.word, as: UTF8.self)] = fields.count
        }
        #expect(counts.count == taken && counts["word7"] == 42 && counts["word8"] == 1 && counts["word\(taken)"] == nil)
        var tiny = RecordTable(memoryLimit: 1)
        var long = String(repeating: "x", count: 1000)
        #expect(long.withUTF8 { if case .added = tiny.add(UnsafeRawBufferPointer($0), count: 0, flags: [], place: place) { true } else { false } })
    }

    @Test func aDamagedRunStopsAtItsDamage() throws {
        func run(_ words: [String]) -> [UInt8] {
            var bytes: [UInt8] = []
            for var word in words {
                word.withUTF8 { WordRecord.append(UnsafeRawBufferPointer($0), 1, [], .init(file: 0, line: 1, column: 1, quiet: true), to: &bytes) }
            }
            return bytes
        }
        let words = ["apple", "banana", "cherry"]
        let cut = WordRunReader(bytes: Array(run(words).dropLast(3)))
        #expect(cut.next()?.word == "apple" && cut.next()?.word == "banana" && cut.next() == nil && cut.failure != nil)
        let unordered = WordRunReader(bytes: run(words.reversed()))
        #expect(unordered.next()?.word == "cherry" && unordered.next() == nil && unordered.failure != nil)
        // A run in several files: a file that ends in the middle of a record, or a file whose
        // words do not come after the last file's, stops it there.
        func files(_ runs: [[UInt8]]) throws -> [String] {
            try runs.enumerated().map { index, bytes in
                let path = folder + "/run-\(index)"
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                return path
            }
        }
        func read(_ reader: WordRunReader) -> [String] { Array(sequence(state: reader) { $0.next()?.word }) }
        let whole = try WordRunReader(paths: files([run(["apple"]), run(["banana", "cherry"])]))
        #expect(read(whole) == words && whole.failure == nil)
        let torn = try WordRunReader(paths: files([Array(run(["apple", "apricot"]).dropLast(2)), run(["banana"])]))
        #expect(read(torn) == ["apple"] && torn.failure != nil)
        let overlapping = try WordRunReader(paths: files([run(["apple", "cherry"]), run(["banana"])]))
        #expect(read(overlapping) == ["apple", "cherry"] && overlapping.failure != nil)
    }
}
