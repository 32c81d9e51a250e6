import KeylexRuntime

/// A compiled dictionary: the file's bytes and what it must read back as.
public struct CompiledDictionary: Sendable {
    /// The container file.
    public let bytes: [UInt8]
    /// The sections and features, for bundles that add layouts to the dictionary.
    let container: ContainerWriter
    /// The words in number order (lexicographic by Unicode scalar).
    public let words: [String]
    /// The frequency class of each word, when the sources gave counts.
    public let classes: [UInt8]?
    /// States and arcs of the minimal automaton (the stop state not counted).
    public let stateCount: Int
    public let arcCount: Int

    /// Why a written dictionary does not read back as compiled.
    public struct VerificationError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reopens the file at `path` with the runtime and checks its checksums, its word count and a
    /// sample of words (number ↔ word, membership, class).
    public func verify(path: String, samples: Int = 1024) throws {
        let dictionary = try WordDictionary(contentsOf: path)
        try dictionary.container.verifyChecksums()
        guard dictionary.wordCount == words.count else {
            throw VerificationError(description: "\(path): reads back \(dictionary.wordCount) words, expected \(words.count)")
        }
        if dictionary.container.section(NGramFormat.tag) != nil && !SuggestionEngine(dictionary: dictionary).predictsNextWords {
            throw VerificationError(description: "\(path): the n-gram model does not open")
        }
        guard !words.isEmpty else { return }
        let step = max(1, words.count / samples)
        for number in Set(stride(from: 0, to: words.count, by: step)).union([words.count - 1]).sorted() {
            let word = words[number]
            let expectedClass = classes?[number]
            guard dictionary.word(at: number) == word, dictionary.number(of: word) == number,
                  expectedClass == nil || dictionary.frequencyClass(at: number) == expectedClass
            else {
                throw VerificationError(description: "\(path): word \(number) '\(word)' does not read back as written")
            }
        }
    }
}

/// Compiles words into a dictionary: sorts them, builds the minimal automaton, computes frequency
/// classes and the top-k tree, and encodes everything in one container.
public enum DictionaryCompiler {
    /// Compiles the words of `table`. The table must not be empty. `progress` is told the fraction
    /// of words added to the automaton, now and then.
    public static func compile(_ table: WordTable, ngramBudget: Int = Extras.defaultNGramBudget, progress: ((Double) -> Void)? = nil) -> CompiledDictionary {
        let entries = table.entries.map { (word: $0.word, count: $0.entry.count, flags: $0.entry.flags) }
        var extras = Extras(attributes: table.attributes, shortcuts: table.shortcuts, labels: table.labels, phonetics: table.phonetics)
        extras.ngrams = table.ngrams
        extras.arpa = table.arpa
        extras.ngramBudget = ngramBudget
        return compile(entries, hasCounts: table.hasCounts, extras: extras, progress: progress)
    }

    /// What a dictionary holds besides its words: the optional sections.
    public struct Extras {
        public var attributes: [(key: String, value: String)] = []
        public var shortcuts: [String: [Shortcut]] = [:]
        public var labels: [String: [String]] = [:]
        /// The rules of the phonetic index, if the dictionary gets one.
        public var phonetics: PhoneticRules?
        /// The counts of the n-gram model (none: no model), and the most bytes the model may take.
        public var ngrams = NGramCounts()
        /// An ARPA model to take instead of counts.
        public var arpa: ARPAModel?
        public var ngramBudget = defaultNGramBudget
        /// The model's size budget when none is given: 3 MB.
        public static let defaultNGramBudget = 3_000_000

        public init(attributes: [(key: String, value: String)] = [], shortcuts: [String: [Shortcut]] = [:], labels: [String: [String]] = [:],
                    phonetics: PhoneticRules? = nil) {
            self.attributes = attributes
            self.shortcuts = shortcuts
            self.labels = labels
            self.phonetics = phonetics
        }

        /// Adds the `ngrm` section, when there are n-gram counts or an ARPA model, for the words `words` (in number
        /// order) of frequency classes `classes` (reading reports a dictionary too large for one).
        func writeModel(to writer: inout ContainerWriter, words: [String], classes: [UInt8]) {
            guard !ngrams.isEmpty || arpa != nil, words.count < NGramFormat.maxWords else { return }
            let numbers = Dictionary(words.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            var model = arpa.map { BackoffModel(arpa: $0, numbers: numbers, classes: classes) }
                ?? BackoffModel(counts: ngrams, numbers: numbers, classes: classes)
            model.prune(toBytes: ngramBudget)
            writer.add(NGramFormat.tag, NGramEncoder.section(model))
        }

        /// Adds the `meta`, `shrt` and `labl` sections that have content to `writer`, for the
        /// words numbered by `numbers`.
        func write(to writer: inout ContainerWriter, numbers: [String: Int]) {
            if !attributes.isEmpty {
                writer.add(.metadata, TextTableEncoder.encode(attributes.enumerated().map { ($0.offset, "\($0.element.key)=\($0.element.value)", 0) }))
            }
            let shortcutEntries = shortcuts.flatMap { word, list in list.map { (numbers[word]!, $0.target, $0.frequency) } }
            if !shortcutEntries.isEmpty { writer.add(.shortcuts, TextTableEncoder.encode(shortcutEntries)) }
            let labelEntries = labels.flatMap { word, list in list.map { (numbers[word]!, $0, UInt8(0)) } }
            if !labelEntries.isEmpty { writer.add(.labels, TextTableEncoder.encode(labelEntries)) }
        }
    }

    /// Compiles `entries` (distinct, NFC words in any order). Without counts the dictionary gets no
    /// frequency section.
    public static func compile(_ entries: [(word: String, count: UInt64, flags: DictionaryFormat.WordFlags)],
                               hasCounts: Bool, extras: Extras = Extras(), progress: ((Double) -> Void)? = nil) -> CompiledDictionary {
        precondition(!entries.isEmpty, "an empty corpus is reported before compiling")
        var scalarSet = Set<UInt32>()
        var scalarWords: [[UInt32]] = []
        scalarWords.reserveCapacity(entries.count)
        for entry in entries {
            let scalars = entry.word.unicodeScalars.map(\.value)
            scalarSet.formUnion(scalars)
            scalarWords.append(scalars)
        }
        let alphabet = scalarSet.sorted()
        var codeOf = [UInt32: UInt32](minimumCapacity: alphabet.count)
        for (code, scalar) in alphabet.enumerated() { codeOf[scalar] = UInt32(code) }
        let order = scalarWords.indices.sorted { scalarWords[$0].lexicographicallyPrecedes(scalarWords[$1]) }

        var dawg = DawgBuilder()
        var maxLength = 0
        for (added, index) in order.enumerated() {
            if added & 0xFFFF == 0 { progress?(Double(added) / Double(order.count)) }
            let word = scalarWords[index]
            maxLength = max(maxLength, word.count)
            dawg.add(word.map { codeOf[$0]! })
        }
        let root = dawg.finish()

        let words = order.map { entries[$0].word }
        let flags = order.map { entries[$0].flags }
        var writer = ContainerWriter()
        writer.insert(.dictionary)
        let encoder = DictionaryEncoder(dawg: dawg, root: root, scalars: alphabet.map { Unicode.Scalar($0)! },
                                        wordCount: words.count, maxWordLength: maxLength)
        for (tag, bytes) in encoder.encode() { writer.add(tag, bytes) }
        var classes: [UInt8]?
        if hasCounts {
            let computed = FrequencyClasses.classes(counts: order.map { entries[$0].count }, flags: flags)
            writer.insert(.frequencies)
            writer.add(.frequencies, computed)
            writer.add(.topK, FrequencyClasses.topKTree(computed))
            classes = computed
        }
        writer.insert(.folding)
        writer.add(.folding, FoldClasses.section(alphabet.map { Unicode.Scalar($0)! }))
        let flagged = flags.indices.filter { !flags[$0].isEmpty }
        if !flagged.isEmpty {
            var section: [UInt8] = []
            section.append(littleEndian: UInt32(flagged.count))
            for number in flagged {
                section.append(littleEndian: UInt32(number))
                section.append(littleEndian: flags[number].rawValue)
            }
            writer.insert(.wordFlags)
            writer.add(.wordFlags, section)
        }
        let annotated = Set(extras.shortcuts.keys).union(extras.labels.keys)
        var numbers: [String: Int] = [:]
        for (number, word) in words.enumerated() where annotated.contains(word) { numbers[word] = number }
        extras.write(to: &writer, numbers: numbers)
        if let rules = extras.phonetics, let section = PhoneticIndexEncoder.section(rules: rules, words: words, classes: classes, flags: flags) {
            writer.add(PhoneticFormat.tag, section)
        }
        if let classes { extras.writeModel(to: &writer, words: words, classes: classes) }
        return CompiledDictionary(bytes: writer.bytes(), container: writer, words: words, classes: classes,
                                  stateCount: dawg.stateCount - 1, arcCount: dawg.arcCount)
    }
}
