import Foundation
import KeylexRuntime

/// `keylex build`: every locale of the corpora and layouts directories becomes `<output>/<locale>.klx`,
/// holding the locale's layouts and its dictionary. A locale with layouts but no corpus of its own
/// takes its nearest parent's (en-CA uses `corpora/en/`), and a corpus folder without phonetic rules or
/// count files of its own its nearest parent's (en-GB those of `corpora/en/`).
///
/// All inputs needed are read and checked first; if any has an error, nothing is written, so
/// earlier outputs stay as they were. A locale whose inputs, compiler version and bundle have not
/// changed since the last build is left as it is (see ``BuildState``), unless ``force`` is set.
/// Bundles of locales that no input defines any more are removed. One build at a time writes into
/// an output folder (see ``BuildLock``), and it first removes what a killed build left there.
public struct ProjectBuild {
    /// One locale's dictionary sources.
    public struct Locale: Sendable {
        public let tag: String
        public internal(set) var inputs: DictionaryBuild.Inputs
    }

    /// The file of a corpus folder that holds its phonetic rules (see ``KeylexRuntime/PhoneticRules``).
    public static let phoneticsFile = "phonetic.rules"

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

    /// What a build did: the bundles it wrote, and the locales it left as they were.
    public struct Outcome: Sendable {
        public let products: [Product]
        public let upToDate: [String]
    }

    /// The corpora directory, or `nil` to build layouts only.
    public let corpora: String?
    /// The layouts directory, or `nil` to build dictionaries only.
    public let layouts: String?
    public let output: String
    let diagnostics: DiagnosticEngine
    /// The emoji directory: `<tag>.tsv` or `<tag>.tsv.gz` files of emoji annotations (see
    /// ``EmojiAnnotations``); each bundle gets the emoji of its nearest tag there. `nil`: no emoji.
    public var emoji: String?
    /// Rebuild every locale, up to date or not.
    public var force = false
    /// Told when a stage ends: what it did, and the seconds it took.
    public var onStage: ((String, Double) -> Void)?
    /// Told what the build is doing and how far it has gone, from 0 to 1.
    public var onProgress: ((String, Double) -> Void)?
    /// Told each word of a layout locale's corpus folder that its layouts cannot type.
    public var onUntypable: ((_ locale: String, _ corpus: String, _ word: String) -> Void)?

    public init(corpora: String?, layouts: String? = nil, output: String, diagnostics: DiagnosticEngine) {
        self.corpora = corpora
        self.layouts = layouts
        self.output = output
        self.diagnostics = diagnostics
    }

    /// The locale folders of the corpora directory, sorted, each with its corpus files (by name) and blocklist,
    /// and the phonetic rules and n-gram sources it has or takes from its nearest parent.
    public func locales() -> [Locale] {
        guard let corpora else { return [] }
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: corpora) else {
            diagnostics.report(SourceLocation(file: corpora), .unreadableFolder("corpora"))
            return []
        }
        var locales: [Locale] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let folder = (corpora as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            guard LanguageTag.isWellFormed(name) else {
                diagnostics.report(SourceLocation(file: folder), .invalidLocale(name))
                continue
            }
            let files = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted()
                .filter { FileInput.isRegularFile((folder as NSString).appendingPathComponent($0)) }
            let corpusFiles = files.filter { $0 != "blocklist.txt" && CorpusFormat(path: $0) != nil }
                .map { (folder as NSString).appendingPathComponent($0) }
            let blocklist = files.contains("blocklist.txt") ? (folder as NSString).appendingPathComponent("blocklist.txt") : nil
            let phonetics = files.contains(Self.phoneticsFile) ? (folder as NSString).appendingPathComponent(Self.phoneticsFile) : nil
            let ngrams = files.filter { NGramSources.isCountFile($0) || ARPAReader.isARPAFile($0) }.map {
                (folder as NSString).appendingPathComponent($0)
            }
            locales.append(
                Locale(
                    tag: name,
                    inputs: .init(corpora: corpusFiles, blocklist: blocklist, phonetics: phonetics, origin: folder, ngrams: ngrams)))
        }
        Self.inheritFromParents(&locales)
        return locales
    }

    /// Gives each locale without phonetic rules or n-gram sources of its own its nearest parent's
    /// (en-US and en-GB those of en): n-gram sources so taken are marked shared.
    private static func inheritFromParents(_ locales: inout [Locale]) {
        let ruled = Dictionary(locales.compactMap { l in l.inputs.phonetics.map { (l.tag, $0) } }, uniquingKeysWith: { a, _ in a })
        let modelled = Dictionary(
            locales.filter { !$0.inputs.ngrams.isEmpty }.map { ($0.tag, $0.inputs.ngrams) }, uniquingKeysWith: { a, _ in a })
        for i in locales.indices {
            if locales[i].inputs.phonetics == nil {
                locales[i].inputs.phonetics = corpus(for: locales[i].tag, among: Set(ruled.keys)).flatMap { ruled[$0] }
            }
            if locales[i].inputs.ngrams.isEmpty, let parent = corpus(for: locales[i].tag, among: Set(modelled.keys)) {
                locales[i].inputs.ngrams = modelled[parent] ?? []
                locales[i].inputs.ngramsAreShared = true
            }
        }
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
        let corpusLocales = locales()
        let layoutLocales = readLayouts()
        let tables = readCorpora(corpusLocales)
        checkTypable(Array(layoutLocales?.locales.values ?? [:].values), tables: tables, validator: layoutLocales?.validator)
        _ = emojiAnnotations(for: corpusLocales.map(\.tag) + (layoutLocales.map { Array($0.locales.keys) } ?? []), files: emojiFiles())
        return diagnostics.hasErrors ? nil : Checked(tables: tables, layouts: layoutLocales?.locales ?? [:])
    }

    /// The layouts, resolved and checked, with the validator (for the checks that need corpora).
    private func readLayouts() -> (locales: [String: ResolvedLocale], validator: LayoutValidator)? {
        guard let layouts else { return nil }
        let start = Date()
        let (resolved, validator) = LayoutBuild(diagnostics: diagnostics).read(directory: layouts)
        onStage?("read the layouts of \(layouts) (\(resolved.count) locales)", Date().timeIntervalSince(start))
        return (Dictionary(resolved.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first }), validator)
    }

    /// The word tables of `locales`, by tag, with their folders.
    private func readCorpora(_ locales: [Locale]) -> [String: (folder: String, table: WordTable)] {
        let dictionaries = DictionaryBuild(diagnostics: diagnostics)
        var tables: [String: (folder: String, table: WordTable)] = [:]
        for (i, locale) in locales.enumerated() {
            onProgress?("reading \(locale.inputs.origin)", Double(i) / Double(max(1, locales.count)))
            let start = Date()
            if let table = dictionaries.read(locale.inputs) {
                tables[locale.tag] = (locale.inputs.origin, table)
                onStage?("read \(locale.inputs.origin) (\(table.count) words)", Date().timeIntervalSince(start))
            }
        }
        return tables
    }

    /// The emoji annotation files of the ``emoji`` directory, by tag.
    func emojiFiles() -> [String: String] {
        guard let emoji else { return [:] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: emoji) else {
            diagnostics.report(SourceLocation(file: emoji), .unreadableFolder("emoji"))
            return [:]
        }
        var files: [String: String] = [:]
        for name in names.sorted() {
            let stem = name.hasSuffix(".tsv.gz") ? name.dropLast(7) : name.hasSuffix(".tsv") ? name.dropLast(4) : ""
            let path = (emoji as NSString).appendingPathComponent(name)
            if LanguageTag.isWellFormed(String(stem)), FileInput.isRegularFile(path) { files[String(stem)] = path }
        }
        return files
    }

    /// The emoji annotations that the bundles of `tags` take (each its nearest tag's among
    /// `files`), by that tag: each file read once, its problems reported.
    private func emojiAnnotations(for tags: [String], files: [String: String]) -> [String: EmojiAnnotations] {
        var annotations: [String: EmojiAnnotations] = [:]
        for tag in Set(tags.compactMap { Self.corpus(for: $0, among: Set(files.keys)) }).sorted() {
            annotations[tag] = EmojiAnnotations.read(files[tag]!, diagnostics: diagnostics)
        }
        return annotations
    }

    /// Warns about the words of each layout locale's corpus that its layouts cannot type.
    private func checkTypable(
        _ locales: [ResolvedLocale], tables: [String: (folder: String, table: WordTable)], validator: LayoutValidator?
    ) {
        guard let validator else { return }
        for locale in locales.sorted(by: { $0.tag < $1.tag }) {
            if let corpus = Self.corpus(for: locale.tag, among: Set(tables.keys)), let entry = tables[corpus] {
                validator.checkTypable(entry.table.sorted.lazy.map(\.word), corpus: entry.folder, locale: locale) { word in
                    onUntypable?(locale.tag, entry.folder, word)
                }
            }
        }
    }

    /// Reads the inputs of the locales that changed since the last build (all with ``force``), then,
    /// if none had an error, compiles and writes their bundles. Returns `nil` when the inputs had
    /// errors (reported to the diagnostics).
    public func run() throws -> Outcome? {
        // A layouts folder that cannot be read stops the build before any corpus is read.
        if let layouts, LayoutSourceReader.sourceFiles(in: layouts) == nil {
            diagnostics.report(SourceLocation(file: layouts), .unreadableFolder("layouts"))
            return nil
        }
        // The lock comes first, so that a second build is refused at once: a new folder is created
        // to hold it, and removed again if the inputs have errors (nothing is written then).
        let created = !FileManager.default.fileExists(atPath: output)
        try AtomicFile.createFolder(output)
        let lock = try BuildLock(directory: output)
        defer { if created && diagnostics.hasErrors { try? FileManager.default.removeItem(atPath: output) } }
        let previous = BuildState.load(from: output)
        let state = force ? BuildState() : previous
        let corpusLocales = locales()
        let layoutPrint = layouts.map(fingerprint(layouts:))
        // Unchanged layouts need not be read to know their locales.
        var layoutLocales = layoutPrint != nil && layoutPrint == state.layouts ? nil : readLayouts()
        let layoutTags = layoutLocales.map { Set($0.locales.keys) } ?? (layouts == nil ? [] : Set(state.layoutLocales))
        let emojiFiles = emojiFiles()
        let plan = BuildPlan(
            corpusPrints: Dictionary(uniqueKeysWithValues: corpusLocales.map { ($0.tag, fingerprint($0.inputs)) }),
            layoutTags: layoutTags, layoutPrint: layoutPrint,
            emojiPrints: emojiFiles.mapValues { Self.fingerprint(files: [$0]) }, state: state, output: output)

        // Read what the stale locales need, and check it all before writing anything.
        let tables = readCorpora(corpusLocales.filter { plan.neededCorpora.contains($0.tag) })
        if layoutLocales == nil && plan.stale.contains(where: layoutTags.contains) { layoutLocales = readLayouts() }
        checkTypable(plan.stale.compactMap { layoutLocales?.locales[$0] }, tables: tables, validator: layoutLocales?.validator)
        let emoji = emojiAnnotations(for: plan.stale, files: emojiFiles).compactMapValues(EmojiIndexEncoder.section)
        guard !diagnostics.hasErrors else { return nil }

        TemporaryFiles.removeLeftovers(in: output)  // what a killed build left, beside its bundles
        TemporaryFiles.removeLeftovers(of: WordTable.defaultSpillBase)  // and in its words' runs
        var newState = BuildState(
            layouts: layoutPrint, layoutLocales: layoutTags.sorted(),
            locales: state.locales.filter { plan.upToDate.contains($0.key) })
        let products = try writeBundles(plan, tables: tables, layouts: layoutLocales?.locales ?? [:], emoji: emoji, recording: &newState)
        // Bundles of locales that no input defines any more go (with --force too).
        for tag in previous.locales.keys where plan.inputPrints[tag] == nil {
            try? FileManager.default.removeItem(atPath: Self.bundlePath(tag, in: output))
        }
        if newState != state || !products.isEmpty { try save(newState) }
        withExtendedLifetime(lock) {}
        return Outcome(products: products, upToDate: plan.upToDate)
    }

    /// Compiles the dictionary of each stale locale (once per corpus) and writes its bundle, with
    /// its layouts and emoji, recording each in `state`.
    private func writeBundles(
        _ plan: BuildPlan, tables: [String: (folder: String, table: WordTable)], layouts: [String: ResolvedLocale],
        emoji: [String: [UInt8]], recording state: inout BuildState
    ) throws -> [Product] {
        var compiled: [String: CompiledDictionary] = [:]
        var products: [Product] = []
        for (i, tag) in plan.stale.enumerated() {
            let corpus = plan.corpus(for: tag)
            let dictionary = corpus.flatMap { corpus in
                compiled[corpus] ?? tables[corpus].map { compile(corpus, $0.table, progress: (i, plan.stale.count)) }
            }
            if let corpus { compiled[corpus] = dictionary }
            let locales = layouts[tag].map { [$0] } ?? []
            let path = Self.bundlePath(tag, in: output)
            onProgress?("writing \(path)", (Double(i) + 1) / Double(plan.stale.count))
            let start = Date()
            let emojiSection = Self.corpus(for: tag, among: Set(emoji.keys)).flatMap { emoji[$0] }
            let bytes = LayoutBuild.bundle(dictionary: dictionary, locales: locales, emoji: emojiSection)
            try write(bytes, to: path, dictionary: dictionary, locales: locales, hasEmoji: emojiSection != nil)
            onStage?("wrote and verified \(path) (\(bytes.count) bytes)", Date().timeIntervalSince(start))
            state.locales[tag] = BuildState.Entry(inputs: plan.inputPrints[tag]!, output: Fingerprint.of(bytes))
            products.append(
                Product(
                    locale: tag, path: path, wordCount: dictionary?.wordCount ?? 0,
                    layoutCount: locales.first?.layouts.count ?? 0, byteCount: bytes.count,
                    corpus: corpus.flatMap { tables[$0]?.folder }))
        }
        return products
    }

    /// The dictionary of `corpus`, compiled from `table`, as step `progress.step` of `progress.of`.
    private func compile(_ corpus: String, _ table: WordTable, progress: (step: Int, of: Int)) -> CompiledDictionary {
        let start = Date()
        let dictionary = DictionaryCompiler.compile(table) { fraction in
            onProgress?("compiling \(corpus)", (Double(progress.step) + fraction) / Double(progress.of))
        }
        onStage?("compiled \(corpus) (\(table.count) words)", Date().timeIntervalSince(start))
        return dictionary
    }

    /// Records what this build wrote, for the next one.
    private func save(_ state: BuildState) throws {
        do {
            try state.save(to: output)
        } catch {
            throw DictionaryBuild.OutputError(description: "\(output)/\(BuildState.fileName): \(error)")
        }
    }

    /// Where the bundle of `tag` goes in the folder `output`.
    static func bundlePath(_ tag: String, in output: String) -> String { (output as NSString).appendingPathComponent("\(tag).klx") }

    /// Writes a bundle atomically, once it reads back as compiled.
    private func write(_ bytes: [UInt8], to path: String, dictionary: CompiledDictionary?, locales: [ResolvedLocale], hasEmoji: Bool) throws
    {
        try DictionaryBuild.write(bytes, to: path) { written in
            if let dictionary { try dictionary.verify(path: written) }
            try LayoutBuild.verify(path: written, locales: locales)
            if hasEmoji, EmojiIndex(container: try Container(contentsOf: written)) == nil {
                throw CompiledDictionary.VerificationError(description: "\(path): the emoji section does not read back")
            }
        }
    }

    /// The fingerprint of a corpus's files.
    private func fingerprint(_ inputs: DictionaryBuild.Inputs) -> String {
        Self.fingerprint(files: inputs.corpora + [inputs.blocklist, inputs.phonetics].compactMap { $0 } + inputs.ngrams)
    }

    /// The fingerprint of every layout source under `layouts`.
    private func fingerprint(layouts: String) -> String {
        Self.fingerprint(files: LayoutSourceReader.sourceFiles(in: layouts) ?? [])
    }

    /// The fingerprint of `files`' paths and contents; `"?"` when one cannot be read (reading
    /// it reports that), which no recorded build matches.
    private static func fingerprint(files: [String]) -> String {
        var key = Fingerprint()
        for path in files {
            guard key.add(file: path) else { return "?" }
        }
        return key.hex
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
