import KeylexRuntime

/// A compiled dictionary: the file's bytes and what it must read back as.
public struct CompiledDictionary: Sendable {
    /// The container file.
    public let bytes: [UInt8]
    /// The sections and features, for bundles that add layouts to the dictionary.
    let container: ContainerWriter
    /// The number of words.
    public let wordCount: Int
    /// Some words and their numbers, read back by ``verify(path:)``: every so many and the last.
    let samples: [(number: Int, word: String)]
    /// The frequency class of each word, when the sources gave counts.
    public let classes: [UInt8]?
    /// States and arcs of the minimal automaton (the stop state not counted).
    public let stateCount: Int
    public let arcCount: Int

    /// Why a written dictionary does not read back as compiled.
    public struct VerificationError: Error, CustomStringConvertible {
        public let description: String
    }

    /// How many words ``samples`` holds, about.
    static let sampleCount = 1024

    /// Reopens the file at `path` with the runtime and checks its checksums, its word count and a
    /// sample of words (number ↔ word, membership, class).
    public func verify(path: String) throws {
        let dictionary = try WordDictionary(contentsOf: path)
        try dictionary.container.verifyChecksums()
        guard dictionary.wordCount == wordCount else {
            throw VerificationError(description: "\(path): reads back \(dictionary.wordCount) words, expected \(wordCount)")
        }
        if dictionary.container.section(NGramFormat.tag) != nil && !SuggestionEngine(dictionary: dictionary).predictsNextWords {
            throw VerificationError(description: "\(path): the n-gram model does not open")
        }
        for (number, word) in samples {
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
    /// Compiles the words of `table`, which must be finished and not empty, with the runs of
    /// letters its words hold unless not `letterRuns` (see ``Extras/letterRuns``). `progress` is
    /// told the fraction of words added to the automaton, now and then.
    public static func compile(
        _ table: WordTable, ngramBudget: Int = Extras.defaultNGramBudget, letterRuns: Bool = true, progress: ((Double) -> Void)? = nil
    ) -> CompiledDictionary {
        precondition(table.finished, "a word table is finished before it is compiled")
        var extras = Extras(attributes: table.attributes, shortcuts: table.shortcuts, labels: table.labels, phonetics: table.phonetics)
        extras.ngrams = table.ngrams
        extras.arpa = table.arpa
        extras.ngramBudget = ngramBudget
        extras.letterRuns = letterRuns
        return compile(table.sorted, hasCounts: table.hasCounts, extras: extras, progress: progress)
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
        /// Whether the dictionary gets the runs of letters its words hold (`lseq`, see
        /// ``LetterSequencesEncoder``), which lower the autocorrect margin of a typed word with a
        /// run none holds: a keyboard's dictionary wants them, a bare word set or a nested list of
        /// keys does not. They are held in memory while compiled, 16 bytes or so each.
        public var letterRuns = false
        /// The model's size budget when none is given: 3 MB.
        public static let defaultNGramBudget = 3_000_000

        public init(
            attributes: [(key: String, value: String)] = [], shortcuts: [String: [Shortcut]] = [:], labels: [String: [String]] = [:],
            phonetics: PhoneticRules? = nil
        ) {
            self.attributes = attributes
            self.shortcuts = shortcuts
            self.labels = labels
            self.phonetics = phonetics
        }

        /// What the dictionary asks of the engine, from its source's attributes (see
        /// ``KeylexRuntime/DictionaryFormat/Options/init(attributes:)``).
        var options: DictionaryFormat.Options {
            DictionaryFormat.Options { key in attributes.first { $0.key == key }?.value }
        }

        /// The words whose numbers the optional sections need: those with shortcuts or labels, and
        /// the n-gram model's words as written and in lower case.
        var wordsToNumber: Set<String> {
            var words = Set(shortcuts.keys).union(labels.keys)
            let modelWords =
                arpa.map { $0.ngrams[0].map { String($0.words[0]) } }
                ?? ngrams.counts.keys.flatMap { $0.split(separator: " ").map(String.init) }
            for word in Set(modelWords) { words.formUnion([word, word.lowercased()]) }
            return words
        }

        /// Adds the `ngrm` section, when there are n-gram counts or an ARPA model, for the words
        /// `numbers` numbers of a dictionary of frequency classes `classes` (reading reports a
        /// dictionary too large for one).
        func writeModel(to writer: inout ContainerWriter, numbers: [String: Int], classes: [UInt8]) {
            guard !ngrams.isEmpty || arpa != nil, classes.count < NGramFormat.maxWords else { return }
            var model =
                arpa.map { BackoffModel(arpa: $0, numbers: numbers, classes: classes) }
                ?? BackoffModel(counts: ngrams, numbers: numbers, classes: classes)
            model.prune(toBytes: ngramBudget)
            writer.add(NGramFormat.tag, NGramEncoder.section(model))
        }

        /// Adds the `meta`, `shrt` and `labl` sections that have content to `writer`, for the
        /// words numbered by `numbers`.
        func write(to writer: inout ContainerWriter, numbers: [String: Int]) {
            if !attributes.isEmpty {
                writer.add(
                    .metadata,
                    TextTableEncoder.encode(attributes.enumerated().map { ($0.offset, "\($0.element.key)=\($0.element.value)", 0) }))
            }
            let shortcutEntries = shortcuts.flatMap { word, list in list.map { (numbers[word]!, $0.target, $0.frequency) } }
            if !shortcutEntries.isEmpty { writer.add(.shortcuts, TextTableEncoder.encode(shortcutEntries)) }
            let labelEntries = labels.flatMap { word, list in list.map { (numbers[word]!, $0, UInt8(0)) } }
            if !labelEntries.isEmpty { writer.add(.labels, TextTableEncoder.encode(labelEntries)) }
        }
    }

    /// Compiles `entries` (NFC words in any order; a word given twice is merged; a list in order,
    /// each word once, is read where it is). Without counts the dictionary gets no frequency section.
    public static func compile(
        _ entries: [SortedWords.Entry], hasCounts: Bool, extras: Extras = Extras(), progress: ((Double) -> Void)? = nil
    ) -> CompiledDictionary {
        if let words = SortedWords(inOrder: entries) {
            return compile(words, hasCounts: hasCounts, extras: extras, progress: progress)
        }
        var records = RecordArena()
        records.reserveCapacity(records: entries.count, wordBytes: entries.reduce(0) { $0 + $1.word.utf8.count })
        let place = WordRecord.Place(file: 0, line: 0, column: 0, quiet: true)
        for entry in entries {
            var word = entry.word
            word.withUTF8 { records.append(UnsafeRawBufferPointer($0), count: entry.count, flags: entry.flags, place: place) }
        }
        return compile(SortedWords(consume records), hasCounts: hasCounts, extras: extras, progress: progress)
    }

    /// Compiles `words` in two passes over them: the automaton, the flags and the numbers the
    /// sections need, then (with counts) the frequency classes. What it holds grows with the automaton and the output
    /// (a class byte a word), not with the words' text, unless there are phonetic rules.
    public static func compile(
        _ words: SortedWords, hasCounts: Bool, extras: Extras = Extras(), progress: ((Double) -> Void)? = nil
    ) -> CompiledDictionary {
        precondition(words.count > 0, "an empty corpus is reported before compiling")
        let built = AutomatonPass(words, numbering: extras.wordsToNumber, keepingWords: extras.phonetics != nil, progress: progress)
        var writer = ContainerWriter()
        writer.insert(.dictionary)
        let encoder = DictionaryEncoder(
            dawg: built.dawg, root: built.root, scalars: words.alphabet.map { Unicode.Scalar($0)! },
            wordCount: words.count, maxWordLength: built.maxLength, options: extras.options)
        let (sections, features) = encoder.encode()
        writer.insert(features)
        for (tag, bytes) in sections { writer.add(tag, bytes) }
        let classes = hasCounts ? FrequencyClasses.classes(of: words, scale: built.scale) : nil
        let flagged = built.flagged
        if let classes {
            writer.insert(.frequencies)
            writer.add(.frequencies, classes)
            writer.add(.topK, FrequencyClasses.topKTree(classes))
        }
        writer.insert(.folding)
        writer.add(.folding, FoldClasses.section(words.alphabet.map { Unicode.Scalar($0)! }))
        if extras.letterRuns { writer.add(LetterSequencesFormat.tag, LetterSequencesEncoder.section(words)) }
        if !flagged.isEmpty {
            writer.insert(.wordFlags)
            writer.add(.wordFlags, flagSection(flagged))
        }
        extras.write(to: &writer, numbers: built.numbers)
        if let rules = extras.phonetics,
            let section = PhoneticIndexEncoder.section(
                rules: rules, words: built.words, classes: classes, flags: flags(flagged, count: words.count))
        {
            writer.add(PhoneticFormat.tag, section)
        }
        if let classes { extras.writeModel(to: &writer, numbers: built.numbers, classes: classes) }
        return CompiledDictionary(
            bytes: writer.bytes(), container: writer, wordCount: words.count, samples: built.samples, classes: classes,
            stateCount: built.dawg.stateCount - 1, arcCount: built.dawg.arcCount)
    }

    /// The `flag` section: how many words have flags, then each one's number and flags.
    private static func flagSection(_ flagged: [(number: Int, flags: DictionaryFormat.WordFlags)]) -> [UInt8] {
        var section: [UInt8] = []
        section.append(littleEndian: UInt32(flagged.count))
        for (number, flags) in flagged {
            section.append(littleEndian: UInt32(number))
            section.append(littleEndian: flags.rawValue)
        }
        return section
    }

    /// Every word's flags, from those of the flagged words.
    private static func flags(_ flagged: [(number: Int, flags: DictionaryFormat.WordFlags)], count: Int) -> [DictionaryFormat.WordFlags] {
        var flags = [DictionaryFormat.WordFlags](repeating: [], count: count)
        for (number, value) in flagged { flags[number] = value }
        return flags
    }
}
