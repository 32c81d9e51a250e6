import Foundation
import KeylexRuntime

/// Reads a dictionary's corpora, compiles them and writes the result atomically, verified.
public struct DictionaryBuild {
    /// A dictionary's inputs.
    public struct Inputs: Sendable {
        /// Corpus files, read in this order.
        public var corpora: [String]
        /// The format of every corpus, or `nil` to go by each file's extension.
        public var format: CorpusFormat?
        /// Words known but never suggested.
        public var blocklist: String?
        /// Phonetic rules (see ``KeylexRuntime/PhoneticRules``): the dictionary gets a phonetic index.
        public var phonetics: String?
        /// Where diagnostics about the corpus as a whole point (a file or a locale folder).
        public var origin: String

        public init(corpora: [String], format: CorpusFormat? = nil, blocklist: String? = nil, phonetics: String? = nil, origin: String) {
            self.corpora = corpora
            self.format = format
            self.blocklist = blocklist
            self.phonetics = phonetics
            self.origin = origin
        }
    }

    /// Why writing an output failed (not a problem of the inputs).
    public struct OutputError: Error, CustomStringConvertible {
        public let description: String
    }

    let diagnostics: DiagnosticEngine

    public init(diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
    }

    /// Reads and checks `inputs`, reporting every problem; returns the words, or `nil` on errors.
    public func read(_ inputs: Inputs) -> WordTable? {
        let errorsBefore = diagnostics.errorCount
        let reader = CorpusReader(diagnostics: diagnostics)
        var table = WordTable()
        for path in inputs.corpora { reader.read(path, format: inputs.format, into: &table) }
        if let blocklist = inputs.blocklist { reader.readBlocklist(blocklist, into: &table) }
        if let phonetics = inputs.phonetics { reader.readPhonetics(phonetics, into: &table) }
        if table.count == 0 && diagnostics.errorCount == errorsBefore {
            diagnostics.report(SourceLocation(file: inputs.origin), .emptyCorpus)
        }
        let alphabet = table.alphabetSize
        if alphabet > DictionaryFormat.maxAlphabetSize {
            diagnostics.report(SourceLocation(file: inputs.origin), .alphabetTooLarge(alphabet, limit: DictionaryFormat.maxAlphabetSize))
        }
        return diagnostics.errorCount == errorsBefore ? table : nil
    }

    /// Compiles `table` and writes it to `output` through a temporary file that is reopened with the
    /// runtime and checked before it replaces `output`.
    @discardableResult
    public func write(_ table: WordTable, to output: String) throws -> CompiledDictionary {
        let compiled = DictionaryCompiler.compile(table)
        try Self.write(compiled.bytes, to: output) { try compiled.verify(path: $0) }
        return compiled
    }

    /// Writes `bytes` to `path` atomically once `check` accepts the written file. A file that does
    /// not read back as compiled throws its ``CompiledDictionary/VerificationError``; any other
    /// failure, an ``OutputError`` naming the path.
    static func write(_ bytes: [UInt8], to path: String, check: (String) throws -> Void) throws {
        do {
            try AtomicFile.write(bytes, to: path, check: check)
        } catch let error as CompiledDictionary.VerificationError {
            throw error
        } catch let error as AtomicFile.WriteError {
            throw OutputError(description: error.description)
        } catch {
            throw OutputError(description: "\(path): \(error)")
        }
    }
}
