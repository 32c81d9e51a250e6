import Foundation

/// `keylex build`: every locale folder under the corpora directory becomes `<output>/<locale>.klx`.
///
/// All locales are read and checked first; if any has an error, nothing is written, so earlier
/// outputs stay as they were.
public struct ProjectBuild {
    /// One locale's dictionary sources.
    public struct Locale: Sendable {
        public let tag: String
        public let inputs: DictionaryBuild.Inputs
    }

    /// What was written for one locale.
    public struct Product: Sendable {
        public let locale: String
        public let path: String
        public let wordCount: Int
        public let byteCount: Int
    }

    public let corpora: String
    public let output: String
    let diagnostics: DiagnosticEngine

    public init(corpora: String, output: String, diagnostics: DiagnosticEngine) {
        self.corpora = corpora
        self.output = output
        self.diagnostics = diagnostics
    }

    /// The locale folders of the corpora directory, sorted, each with its corpus files (by name) and blocklist.
    public func locales() -> [Locale] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: corpora) else {
            diagnostics.error(SourceLocation(file: corpora), "cannot read the corpora directory", code: "unreadable-file")
            return []
        }
        var locales: [Locale] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let folder = (corpora as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            guard LanguageTag.isWellFormed(name) else {
                diagnostics.error(SourceLocation(file: folder), "'\(name)' is not a well-formed BCP 47 language tag", code: "invalid-locale")
                continue
            }
            let files = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            let corpusFiles = files.filter { $0 != "blocklist.txt" && CorpusFormat(path: $0) != nil }
                .map { (folder as NSString).appendingPathComponent($0) }
            let blocklist = files.contains("blocklist.txt") ? (folder as NSString).appendingPathComponent("blocklist.txt") : nil
            locales.append(Locale(tag: name, inputs: .init(corpora: corpusFiles, blocklist: blocklist, origin: folder)))
        }
        return locales
    }

    /// Reads every locale, then, if no input had an error, compiles and writes them all.
    /// Returns `nil` when the inputs had errors (reported to the diagnostics).
    public func run() throws -> [Product]? {
        let build = DictionaryBuild(diagnostics: diagnostics)
        let tables = locales().map { ($0, build.read($0.inputs)) }
        guard !diagnostics.hasErrors else { return nil }
        var products: [Product] = []
        for (locale, table) in tables {
            guard let table else { continue }
            let path = (output as NSString).appendingPathComponent("\(locale.tag).klx")
            let compiled = try build.write(table, to: path)
            products.append(Product(locale: locale.tag, path: path, wordCount: compiled.words.count, byteCount: compiled.bytes.count))
        }
        return products
    }
}
