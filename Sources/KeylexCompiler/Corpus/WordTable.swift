import Foundation
import KeylexRuntime

/// The words of one dictionary while it is read: checked, NFC-normalised, merged and counted, in
/// bounded memory. Words are gathered in a hash table of records (``RecordTable``); when the next
/// word would take it past ``memoryLimit`` bytes, it is written, sorted, as a run to a temporary
/// folder and emptied. ``finish(diagnostics:)`` then gives ``sorted``: the words in order, from
/// memory or merged from the runs.
public struct WordTable {
    private var table: RecordTable
    /// The most bytes the table holds (its records, their offsets, its slots) before it is spilled;
    /// 256 MiB unless told.
    public let memoryLimit: Int
    public static let defaultMemoryLimit = 256 << 20
    private let spillFolder: SpillFolder
    private var runs: [WordRunMerge.Run] = []
    /// The distinct scalars of the words spilled in runs.
    private var spilledAlphabet = ScalarSet()
    private var spillFailure: AtomicFile.WriteError?
    /// The names of the files that words were read from, numbered in the runs.
    private var files: [String] = []
    private var fileNumbers: [String: UInt32] = [:]

    /// The words in order, each once, once ``finish(diagnostics:)`` has been called (none before).
    public private(set) var sorted = SortedWords(RecordArena())
    /// Whether ``finish(diagnostics:)`` was called.
    public private(set) var finished = false

    /// The sources' attributes (an AOSP header's locale, description, version, options), in the
    /// order first seen; a key given again keeps its first value.
    public private(set) var attributes: [(key: String, value: String)] = []
    /// The shortcuts each word offers, in source order.
    public private(set) var shortcuts: [String: [Shortcut]] = [:]
    /// Labels of words (AOSP's `flags=abbreviation`, `medical`, …), in source order.
    public private(set) var labels: [String: [String]] = [:]
    /// What the three above hold, looked up in constant time however many a word or a header gives:
    /// the attributes' keys, each word's labels, and where a word's shortcut to a target is in its list.
    private var attributeKeys: Set<String> = []
    private var labelled: Set<WordAnd> = []
    private var shortcutPositions: [WordAnd: Int] = [:]
    /// The rules that give each word its phonetic key, when the locale has them.
    public var phonetics: PhoneticRules?
    /// The n-gram counts the dictionary's model is estimated from (none: no model).
    public var ngrams = NGramCounts()
    /// An ARPA model to take instead of counts.
    public var arpa: ARPAModel?

    /// Whether any source gave counts (then the dictionary gets frequency classes).
    public private(set) var hasCounts = false

    /// A table that holds at most `memoryLimit` bytes of words, spilling sorted runs into a
    /// temporary folder beside `spillBase` (by default in the system's temporary folder).
    public init(memoryLimit: Int = defaultMemoryLimit, spillBase: String? = nil) {
        self.memoryLimit = max(memoryLimit, 1)
        table = RecordTable(memoryLimit: self.memoryLimit)
        spillFolder = SpillFolder(beside: spillBase ?? Self.defaultSpillBase)
    }

    /// Where runs are spilled when no base is given: beside this path in the system's temporary folder.
    static var defaultSpillBase: String { (NSTemporaryDirectory() as NSString).appendingPathComponent("keylex-words") }

    /// The number of distinct words, once finished.
    public var count: Int { sorted.count }

    /// The number of distinct Unicode scalars the words use, once finished.
    public var alphabetSize: Int { sorted.alphabet.count }

    /// Whether the words went through temporary runs on disk.
    public var spilled: Bool { !runs.isEmpty }

    /// Adds a checked word. A word seen before is merged (counts summed, flags joined) with a warning,
    /// unless `quietly` (raw text repeats words by nature).
    public mutating func add(
        _ word: String, count: UInt64?, flags: DictionaryFormat.WordFlags = [],
        at location: SourceLocation, quietly: Bool = false, diagnostics: DiagnosticEngine
    ) {
        precondition(!finished, "no word is added to a finished table")
        if count != nil { hasCounts = true }
        let place = WordRecord.Place(
            file: fileNumber(location.file), line: UInt32(clamping: location.line), column: UInt32(clamping: location.column),
            quiet: quietly)
        var utf8 = word
        func put() -> RecordTable.Outcome {
            utf8.withUTF8 { table.add(UnsafeRawBufferPointer($0), count: count ?? 0, flags: flags, place: place) }
        }
        var outcome = put()
        if case .full = outcome {
            spill()
            outcome = put()
        }
        if case .merged(let earlier) = outcome, !quietly {
            let first = SourceLocation(file: files[Int(earlier.file)], line: Int(earlier.line), column: Int(earlier.column))
            diagnostics.report(location, .duplicateWord(word, earlier: first))
        }
    }

    /// Marks `word` with `flags`, adding it (with no count) when the corpus lacks it.
    public mutating func mark(
        _ word: String, _ flags: DictionaryFormat.WordFlags, at location: SourceLocation, diagnostics: DiagnosticEngine
    ) {
        add(word, count: nil, flags: flags, at: location, quietly: true, diagnostics: diagnostics)
    }

    /// The number of `file` in ``files``, adding it when new (the last file is found without a lookup).
    private mutating func fileNumber(_ file: String) -> UInt32 {
        if let last = files.last, last == file { return UInt32(files.count - 1) }
        if let number = fileNumbers[file] { return number }
        files.append(file)
        fileNumbers[file] = UInt32(files.count - 1)
        return UInt32(files.count - 1)
    }

    /// Writes the table, sorted, as a new run and empties it. A failure is kept for ``finish(diagnostics:)``.
    private mutating func spill() {
        var records = table.arena
        table = RecordTable(memoryLimit: memoryLimit)
        guard spillFailure == nil else { return }
        records.sortAndMerge()
        do {
            let path = try spillFolder.newFile("run")
            try WordRecord.writeRun(to: path) { write in try records.forEachRecord(write) }
            records.addScalars(to: &spilledAlphabet)
            let first = records.withWord(at: 0) { Array($0) }, last = records.withWord(at: records.count - 1) { Array($0) }
            runs.append(WordRunMerge.Run(path: path, count: records.count, first: first, last: last))
        } catch {
            spillFailure = writeError(error)
        }
    }

    /// `error` as a failure to write or read the runs, naming a file.
    private func writeError(_ error: any Error) -> AtomicFile.WriteError {
        error as? AtomicFile.WriteError ?? AtomicFile.WriteError(path: spillFolder.path, reason: "\(error)")
    }

    /// Ends the reading: sorts the words in memory, or spills the last of them and merges the runs
    /// (warning of the words repeated across runs). Returns `false` when a run could not be
    /// written or read, which is reported as an error.
    public mutating func finish(diagnostics: DiagnosticEngine) -> Bool {
        guard !finished else { return true }
        finished = true
        if runs.isEmpty, spillFailure == nil {
            let records = table.arena
            table = RecordTable(memoryLimit: memoryLimit)
            sorted = SortedWords(consume records)
            return true
        }
        if table.count > 0 { spill() }
        if spillFailure == nil {
            do {
                sorted = try WordRunMerge(files: files, diagnostics: diagnostics).merge(
                    runs, alphabet: spilledAlphabet.scalars, into: spillFolder)
            } catch {
                spillFailure = writeError(error)
            }
        }
        guard let spillFailure else { return true }
        diagnostics.report(SourceLocation(file: spillFailure.path), .temporaryFileFailed(spillFailure.reason))
        return false
    }

    /// Adds `words` to the finished table: its words are read again with them, keeping their counts
    /// and flags, and it is finished again (see ``finish(diagnostics:)``, whose result this returns).
    mutating func add(afterFinishing words: [NGramWords.Word], at location: SourceLocation, diagnostics: DiagnosticEngine) -> Bool {
        precondition(finished, "only a finished table is read again")
        let earlier = sorted
        (sorted, finished, runs, spilledAlphabet) = (SortedWords(RecordArena()), false, [], ScalarSet())
        let counted = hasCounts
        for entry in earlier {
            add(entry.word, count: counted ? entry.count : nil, flags: entry.flags, at: location, quietly: true, diagnostics: diagnostics)
        }
        for word in words { add(word.word, count: word.count, at: location, quietly: true, diagnostics: diagnostics) }
        return finish(diagnostics: diagnostics)
    }

    /// Records a source attribute; a key seen before keeps its first value.
    public mutating func setAttribute(_ key: String, _ value: String) {
        if attributeKeys.insert(key).inserted { attributes.append((key, value)) }
    }

    /// Adds a shortcut of `word` (a word of the table), unless it already has one to `target`.
    public mutating func addShortcut(_ shortcut: Shortcut, to word: String) {
        let pair = WordAnd(word: word, other: shortcut.target)
        if let same = shortcutPositions[pair] {
            shortcuts[word]![same].frequency = max(shortcuts[word]![same].frequency, shortcut.frequency)
        } else {
            shortcutPositions[pair] = shortcuts[word, default: []].count
            shortcuts[word, default: []].append(shortcut)
        }
    }

    /// Adds `label` to `word`'s labels.
    public mutating func addLabel(_ label: String, to word: String) {
        if labelled.insert(WordAnd(word: word, other: label)).inserted { labels[word, default: []].append(label) }
    }

    /// A word and a label or a shortcut's target of it.
    private struct WordAnd: Hashable {
        let word: String
        let other: String
    }
}

/// A replacement a word offers: AOSP's `shortcut=` (`im` → `I'm`).
public struct Shortcut: Hashable, Sendable {
    /// The text offered instead of the word.
    public var target: String
    /// 0…14, how strongly to offer it; ``DictionaryFormat/whitelistShortcut`` (15) replaces the
    /// typed word on space.
    public var frequency: UInt8

    public init(target: String, frequency: UInt8) {
        self.target = target
        self.frequency = frequency
    }
}
