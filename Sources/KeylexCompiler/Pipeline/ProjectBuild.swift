import Foundation
import KeylexRuntime

/// `keylex build`: every locale of the corpora and layouts directories becomes `<output>/<locale>.klx`,
/// holding the locale's layouts and its dictionary. A locale with layouts but no corpus of its own
/// takes its nearest parent's (en-GB uses `corpora/en/`).
///
/// All inputs are read and checked first; if any has an error, nothing is written, so earlier
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
        public let layoutCount: Int
        public let byteCount: Int
        /// The corpus folder the dictionary came from (a parent's for locales without their own).
        public let corpus: String?
    }

    /// The corpora directory, or `nil` to build layouts only.
    public let corpora: String?
    /// The layouts directory, or `nil` to build dictionaries only.
    public let layouts: String?
    public let output: String
    let diagnostics: DiagnosticEngine

    public init(corpora: String?, layouts: String? = nil, output: String, diagnostics: DiagnosticEngine) {
        self.corpora = corpora
        self.layouts = layouts
        self.output = output
        self.diagnostics = diagnostics
    }

    /// The locale folders of the corpora directory, sorted, each with its corpus files (by name) and blocklist.
    public func locales() -> [Locale] {
        guard let corpora else { return [] }
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

    /// Everything read and checked, ready to compile.
    public struct Checked {
        /// The word tables by corpus locale, with the folder each came from.
        let tables: [String: (folder: String, table: WordTable)]
        /// The resolved layouts by locale.
        let layouts: [String: ResolvedLocale]

        /// The locales that get a bundle, sorted.
        public var locales: [String] { Set(tables.keys).union(layouts.keys).sorted() }
    }

    /// Reads and checks every input, writing nothing. Returns `nil` when an input had errors
    /// (reported to the diagnostics).
    public func check() -> Checked? {
        let dictionaries = DictionaryBuild(diagnostics: diagnostics)
        var tables: [String: (folder: String, table: WordTable)] = [:]
        for locale in locales() {
            if let table = dictionaries.read(locale.inputs) { tables[locale.tag] = (locale.inputs.origin, table) }
        }
        var layoutLocales: [String: ResolvedLocale] = [:]
        if let layouts {
            let (resolved, validator) = LayoutBuild(diagnostics: diagnostics).read(directory: layouts)
            for locale in resolved {
                layoutLocales[locale.tag] = locale
                if let corpus = Self.corpus(for: locale.tag, among: Set(tables.keys)), let entry = tables[corpus] {
                    validator.checkTypable(entry.table.entries.map(\.word), corpus: entry.folder, locale: locale)
                }
            }
        }
        return diagnostics.hasErrors ? nil : Checked(tables: tables, layouts: layoutLocales)
    }

    /// Reads every input, then, if none had an error, compiles and writes every bundle.
    /// Returns `nil` when the inputs had errors (reported to the diagnostics).
    public func run() throws -> [Product]? {
        guard let checked = check() else { return nil }
        var compiled: [String: CompiledDictionary] = [:]
        var products: [Product] = []
        for tag in checked.locales {
            let corpus = Self.corpus(for: tag, among: Set(checked.tables.keys))
            var dictionary: CompiledDictionary?
            if let corpus, let entry = checked.tables[corpus] {
                dictionary = compiled[corpus] ?? DictionaryCompiler.compile(entry.table)
                compiled[corpus] = dictionary
            }
            let locales = checked.layouts[tag].map { [$0] } ?? []
            let path = (output as NSString).appendingPathComponent("\(tag).klx")
            let bytes = LayoutBuild.bundle(dictionary: dictionary, locales: locales)
            do {
                try AtomicFile.write(bytes, to: path) { written in
                    if let dictionary { try dictionary.verify(path: written) }
                    try LayoutBuild.verify(path: written, locales: locales)
                }
            } catch {
                throw DictionaryBuild.OutputError(description: "\(path): \(error)")
            }
            products.append(Product(locale: tag, path: path, wordCount: dictionary?.words.count ?? 0,
                                    layoutCount: locales.first?.layouts.count ?? 0, byteCount: bytes.count,
                                    corpus: corpus.flatMap { checked.tables[$0]?.folder }))
        }
        return products
    }

    /// The corpus locale for `tag`: itself, or its nearest parent by dropping subtags (en-GB → en).
    static func corpus(for tag: String, among corpora: Set<String>) -> String? {
        var candidate = tag
        while true {
            if corpora.contains(candidate) { return candidate }
            guard let dash = candidate.lastIndex(of: "-") else { return nil }
            candidate = String(candidate[..<dash])
        }
    }
}
