import Foundation
import KeylexRuntime
@testable import KeylexCompiler

/// Paths and helpers shared by the compiler tests.
enum TestSupport {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A shipped corpus file, e.g. `corpora/en/words.tsv`.
    static func shipped(_ relative: String) -> String { root + "/" + relative }

    /// The folder of this test process's temporary folders, removed when the process exits.
    static let scratch: String = {
        let path = NSTemporaryDirectory() + "keylex-tests-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)  // a crashed process's, with the same number
        atexit { try? FileManager.default.removeItem(atPath: TestSupport.scratch) }
        return path
    }()

    /// A fresh temporary folder, removed with the others when the test process exits.
    static func temporaryDirectory() throws -> String {
        let path = scratch + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `text` (or `bytes`) to `name` inside `directory` and returns its path.
    @discardableResult
    static func write(_ bytes: [UInt8], _ name: String, in directory: String) throws -> String {
        let path = directory + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    static func write(_ text: String, _ name: String, in directory: String) throws -> String {
        try write(Array(text.utf8), name, in: directory)
    }

    /// Reads `paths` and returns the table and every diagnostic.
    static func read(_ paths: [String], format: CorpusFormat? = nil, blocklist: String? = nil) -> (WordTable?, [Diagnostic]) {
        let diagnostics = DiagnosticEngine()
        let table = DictionaryBuild(diagnostics: diagnostics)
            .read(.init(corpora: paths, format: format, blocklist: blocklist, origin: paths.first ?? "-"))
        return (table, diagnostics.diagnostics)
    }

    /// The English frequency list the project ships, read once for all tests.
    nonisolated(unsafe) static let englishTable = read([shipped("Benchmarks/wordfreq/en.tsv")]).0!
    /// Its words in number order, as the reader sorted them (not read back from the compiled file).
    static let englishWords = englishTable.words

    /// The English frequency list, compiled once for all tests.
    static let english: (CompiledDictionary, WordDictionary) = {
        let compiled = DictionaryCompiler.compile(englishTable)
        return (compiled, try! WordDictionary(bytes: compiled.bytes))
    }()

    /// Values made once per key for all tests. Each key has a lock of its own: tests that ask
    /// different keys make them at the same time, those that ask the same key wait for one.
    final class Memo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
        private final class Entry: @unchecked Sendable {
            let lock = NSLock()
            var value: Result<Value, Error>?
        }
        private var entries: [Key: Entry] = [:]
        private let lock = NSLock()

        func value(_ key: Key, _ make: () throws -> Value) throws -> Value {
            let entry = lock.withLock {
                if let entry = entries[key] { return entry }
                let entry = Entry()
                entries[key] = entry
                return entry
            }
            return try entry.lock.withLock {
                if entry.value == nil { entry.value = Result(catching: make) }
                return try entry.value!.get()
            }
        }
    }

    /// Word numbers grouped by first scalar, to keep brute force affordable in debug builds.
    private static let groups = Memo<[String], [Unicode.Scalar: [Int]]>()
    static func wordsByFirstScalar(_ words: [String]) -> [Unicode.Scalar: [Int]] {
        try! groups.value(Array(words.prefix(3))) { Dictionary(grouping: words.indices) { words[$0].unicodeScalars.first! } }
    }

    /// The best `k` completions of `prefix` by brute force over every word: class descending,
    /// then number ascending, never-suggested words left out.
    static func bruteForceCompletions(_ compiled: CompiledDictionary, words: [String], _ prefix: String, _ k: Int) -> [Int] {
        let classes = compiled.classes ?? []
        let candidates = prefix.unicodeScalars.first.map { wordsByFirstScalar(words)[$0] ?? [] } ?? Array(words.indices)
        return candidates
            .filter { words[$0].unicodeScalars.starts(with: prefix.unicodeScalars) }
            .filter { classes.isEmpty || classes[$0] > 0 }
            .sorted { (classes.isEmpty ? 0 : -Int(classes[$0]), $0) < (classes.isEmpty ? 0 : -Int(classes[$1]), $1) }
            .prefix(k)
            .map { $0 }
    }
}

extension WordTable {
    /// The words in order (of a finished table).
    var words: [String] { sorted.map(\.word) }

    /// What the finished table knows of `word`, found by a walk through its words.
    subscript(word: String) -> SortedWords.Word? { sorted.first { $0.word == word } }

    /// The table, finished (its diagnostics are not kept).
    var finishedForTests: WordTable {
        var table = self
        _ = table.finish(diagnostics: DiagnosticEngine())
        return table
    }
}
