#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's own words on top of a read-only dictionary: words learned (suggested like dictionary
/// words) and words ignored (never suggested), as KeyboardKit's `AutocompleteProvider` has them,
/// text replacements (`omw` → `On my way!`), and word pairs the user accepted (predicted first
/// after their first word, ahead of the n-gram model's).
///
/// With a path, every change is saved at once. The file is written whole atomically (beside the old
/// one, flushed, renamed over it, so a crash leaves the old file or the new one, never a mix), its
/// entries followed by a CRC32C of them, so a damaged file is refused rather than half read. Once
/// it has learned pairs (version 4), a change appends one line, with a CRC32C of its own, instead
/// of writing every entry again; after ``maxChangeLines`` of them the file is written whole again.
/// A last change line cut short by a crash is left out when the file is read.
///
/// Safe to use from several threads: changes are serialised by a lock, and readers (a
/// ``SuggestionEngine`` query) take a ``snapshot``, which later changes leave as it was.
public final class UserDictionary: @unchecked Sendable {
    /// The words now. Guarded by `lock`.
    private var words = UserWords()
    private let lock = Lock()
    /// Where the words are saved, if anywhere.
    public let path: String?
    /// How many change lines the file has after its checksum; `nil` when none may be appended (no
    /// file yet, an older version, a last line cut short): the next change writes the file whole.
    /// Guarded by `lock`.
    private var changeLines: Int?
    /// Words sighted and how many times (see ``sight(_:)``). Guarded by `lock`; never saved.
    private var sightings: [String: Int] = [:]

    /// The words as they are now; later changes do not alter it.
    public var snapshot: UserWords { lock.locked { words } }
    /// Learned words and how many times each was learned.
    public var learned: [String: Int] { snapshot.learned }
    /// Words never to suggest.
    public var ignored: Set<String> { snapshot.ignored }
    /// The user's text replacements, as iOS has them: typing the shortcut (`omw`) replaces it with
    /// the phrase (`On my way!`) on space.
    public var textReplacements: [String: String] { snapshot.textReplacements }
    /// The word pairs learned: the words learned after each word, and how many times each.
    public var learnedPairs: [String: [String: Int]] { snapshot.pairs }

    /// The first line of the file: version 4 when it has learned pairs (and may have change lines),
    /// else 2 (which version 2 readers read too); versions 1 (no text replacements) and 3 (pairs,
    /// no change lines) are read as well.
    private static let versions = [
        "keylex user dictionary 1": 1, "keylex user dictionary 2": 2,
        "keylex user dictionary 3": 3, "keylex user dictionary 4": 4,
    ]

    /// An empty dictionary kept in memory only.
    public init() {
        path = nil
    }

    /// The words saved at `path` (none when the file does not exist yet); changes are saved there.
    /// Throws when the file exists but cannot be read or is damaged.
    public init(path: String) throws(KeylexError) {
        self.path = path
        guard let bytes = try Self.read(path) else { return }
        (words, changeLines) = try Self.load(bytes)
    }

    public func hasLearnedWord(_ word: String) -> Bool { snapshot.hasLearnedWord(word) }
    public func hasIgnoredWord(_ word: String) -> Bool { snapshot.ignored.contains(word) }

    /// Learns `word` (again: each time makes it rank higher) and stops ignoring it.
    public func learnWord(_ word: String) throws(KeylexError) {
        guard Self.isStorable(word) else { return }
        try change { words in ["learned\t\(word)\t\(min(words.learned[word, default: 0], Self.maxTimes - 1) + 1)"] }
    }

    public func unlearnWord(_ word: String) throws(KeylexError) {
        try change { words in words.learned[word] == nil ? [] : ["unlearned\t\(word)"] }
    }

    /// Never suggests `word` again (and forgets it if it was learned).
    public func ignoreWord(_ word: String) throws(KeylexError) {
        guard Self.isStorable(word) else { return }
        try change { _ in ["ignored\t\(word)"] }
    }

    public func removeIgnoredWord(_ word: String) throws(KeylexError) {
        try change { words in words.ignored.contains(word) ? ["unignored\t\(word)"] : [] }
    }

    /// Adds (or changes) a text replacement: typing `shortcut` offers `phrase`, applied on space.
    public func addTextReplacement(_ phrase: String, shortcut: String) throws(KeylexError) {
        guard Self.isStorable(shortcut), Self.isStorable(phrase), !shortcut.contains(" ") else { return }
        try change { _ in ["replacement\t\(shortcut)\t\(phrase)"] }
    }

    public func removeTextReplacement(shortcut: String) throws(KeylexError) {
        try change { words in words.textReplacements[shortcut] == nil ? [] : ["unreplaced\t\(shortcut)"] }
    }

    /// The phrase that replaces `typed`: its own replacement, else its lower case's.
    public func textReplacement(for typed: String) -> String? { snapshot.textReplacement(for: typed) }

    /// Learns that the user took `word` after `previous` (a prediction tapped, or the word typed
    /// there): after `previous`, `word` is then predicted before the n-gram model's words, the
    /// pairs learned most often first.
    public func learnPair(_ previous: String, _ word: String) throws(KeylexError) {
        guard Self.isStorable(previous), Self.isStorable(word), !previous.contains(" "), !word.contains(" ") else { return }
        try change { words in
            var next = words.pairs[previous, default: [:]]
            next[word] = min(next[word] ?? 0, Self.maxTimes - 1) + 1
            var entries = ["pair\t\(previous)\t\(word)\t\(next[word]!)"]
            if next.count > Self.maxPairsPerWord, let weakest = UserWords.ranked(next).last(where: { $0 != word }) {
                entries.append("unpaired\t\(previous)\t\(weakest)")
            }
            return entries
        }
    }

    /// Sights `word` and says whether this is its ``sightingsToLearn``th sighting (then forgotten):
    /// a word the user types that the dictionary lacks is learned when it is seen that often (see
    /// ``SuggestionEngine/learnFinishedWord(in:)``). Sightings are kept by this instance in
    /// memory only, at most ``maxSightings`` words, then forgotten all at once.
    public func sight(_ word: String) -> Bool {
        lock.locked {
            let seen = sightings[word, default: 0] + 1
            if seen >= Self.sightingsToLearn {
                sightings[word] = nil
                return true
            }
            if sightings.count >= Self.maxSightings { sightings.removeAll() }
            sightings[word] = seen
            return false
        }
    }

    /// How many sightings of a word ``sight(_:)`` waits for.
    public static let sightingsToLearn = 3
    /// How many words ``sight(_:)`` keeps.
    public static let maxSightings = 1_000

    /// Forgets the pair `previous` `word`.
    public func unlearnPair(_ previous: String, _ word: String) throws(KeylexError) {
        try change { words in words.pairs[previous]?[word] == nil ? [] : ["unpaired\t\(previous)\t\(word)"] }
    }

    /// How many times a word counts as learned at most (more would not rank it higher).
    public static let maxTimes = 1_000

    /// How many words are kept as learned after one word: a new pair past that replaces the least
    /// learned of the others, so that what a query reads after a word stays small.
    public static let maxPairsPerWord = 16

    /// How many change lines the file may have before it is written whole again.
    public static let maxChangeLines = 1_000

    /// Under the lock, applies the change entries that `entries` gives for the words as they are
    /// (as reading a change line applies it: what is saved is what is in memory) and saves them
    /// before the lock is released (so saves are never interleaved and the file ends as the last
    /// change left it): appended to the file when it takes change lines, else in a file written whole.
    private func change(_ entries: (UserWords) -> [String]) throws(KeylexError) {
        try lock.locked { () throws(KeylexError) in
            let lines = entries(words)
            guard !lines.isEmpty else { return }
            for line in lines {
                _ = words.apply(line.split(separator: "\t", omittingEmptySubsequences: false)[...], change: true, keepingOrder: true)
            }
            guard let path else { return }
            if let count = changeLines, count + lines.count <= Self.maxChangeLines, !words.pairs.isEmpty, Self.append(lines, to: path) {
                changeLines = count + lines.count
            } else {
                try Self.save(words, to: path)
                changeLines = words.pairs.isEmpty ? nil : 0
            }
        }
    }

    /// Words with tabs, line breaks or other control characters cannot be stored.
    private static func isStorable(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.count <= DictionaryFormat.maxWordLength
            && !word.unicodeScalars.contains {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .lineSeparator
            }
    }

    // MARK: The file

    /// The file's text: a header, `learned<TAB>word<TAB>times`, `ignored<TAB>word`,
    /// `replacement<TAB>shortcut<TAB>phrase` and `pair<TAB>previous<TAB>word<TAB>times` lines in
    /// sorted order, and `checksum<TAB>` with the CRC32C of everything before it in hex. Change
    /// lines may follow (see ``changeLine(_:)``).
    static func fileContents(_ words: UserWords) -> [UInt8] {
        var text = "keylex user dictionary \(words.pairs.isEmpty ? 2 : 4)\n"
        for (word, times) in words.learned.sorted(by: { $0.key < $1.key }) { text += "learned\t\(word)\t\(times)\n" }
        for word in words.ignored.sorted() { text += "ignored\t\(word)\n" }
        for (shortcut, phrase) in words.textReplacements.sorted(by: { $0.key < $1.key }) { text += "replacement\t\(shortcut)\t\(phrase)\n" }
        for (previous, next) in words.pairs.sorted(by: { $0.key < $1.key }) {
            for (word, times) in next.sorted(by: { $0.key < $1.key }) { text += "pair\t\(previous)\t\(word)\t\(times)\n" }
        }
        var bytes = Array(text.utf8)
        bytes += Array("checksum\t\(String(CRC32C.checksum(bytes), radix: 16))\n".utf8)
        return bytes
    }

    /// The words of a file, and how many change lines it has when more may be appended. Reads the
    /// lines in place, twice (the checksum is checked before any entry is taken), holding no list
    /// of them: memory grows with the words, not with the lines.
    private static func load(_ bytes: [UInt8]) throws(KeylexError) -> (UserWords, changeLines: Int?) {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .malformed("user dictionary is not UTF-8") }
        var lines = Lines(text)
        guard let first = lines.next(), let version = versions[String(first)] else {
            throw .malformed("user dictionary: header or checksum missing")
        }
        var checksumLine: Substring?
        while checksumLine == nil, let line = lines.next() {
            if line.hasPrefix("checksum\t") { checksumLine = line }
        }
        guard let checksumLine else { throw .malformed("user dictionary: header or checksum missing") }
        let checked = text.utf8.distance(from: text.utf8.startIndex, to: checksumLine.startIndex)
        guard UInt32(checksumLine.dropFirst("checksum\t".count), radix: 16) == CRC32C.checksum(Array(bytes[..<checked])) else {
            throw .checksumMismatch(section: "user dictionary")
        }
        var words = UserWords()
        lines = Lines(text)
        _ = lines.next()
        while let line = lines.next(), line.startIndex < checksumLine.startIndex {
            guard words.apply(line.split(separator: "\t", omittingEmptySubsequences: false)[...], change: false, keepingOrder: false) else {
                throw .malformed("user dictionary line '\(line)'")
            }
        }
        var appendable = text.utf8.last == UInt8(ascii: "\n") && version >= 4
        var changes = 0
        var next = lines.next()
        guard version >= 4 || next == nil else { throw .malformed("user dictionary: lines after the checksum") }
        while let change = next {
            next = lines.next()
            changes += 1
            guard let entry = verifiedChange(change), words.apply(entry, change: true, keepingOrder: false) else {
                // A last line cut short (a crash while appending) is left out; any other is damage.
                guard next == nil else { throw .checksumMismatch(section: "user dictionary") }
                appendable = false
                break
            }
        }
        for (previous, next) in words.pairs where next.count > maxPairsPerWord {
            words.pairs[previous] = Dictionary(uniqueKeysWithValues: UserWords.ranked(next).prefix(maxPairsPerWord).map { ($0, next[$0]!) })
            appendable = false  // what is read is not what the file says: the next change writes it whole
        }
        words.sortLearned()
        return (words, appendable ? changes : nil)
    }

    /// The lines of a text, read in place: each without its line break; no empty last line after
    /// a final line break.
    private struct Lines {
        private var rest: Substring
        init(_ text: String) { rest = text[...] }
        mutating func next() -> Substring? {
            guard !rest.isEmpty else { return nil }
            guard let end = rest.utf8.firstIndex(of: UInt8(ascii: "\n")) else {
                defer { rest = rest[rest.endIndex...] }
                return rest
            }
            defer { rest = rest[rest.utf8.index(after: end)...] }
            return rest[..<end]
        }
    }

    /// A change line: `change<TAB>`, the CRC32C of `entry` in hex, a tab and `entry` (a line of the
    /// file's entries, or `unlearned<TAB>word`, `unignored<TAB>word`, `unreplaced<TAB>shortcut`,
    /// `unpaired<TAB>previous<TAB>word`).
    static func changeLine(_ entry: String) -> String {
        "change\t\(String(CRC32C.checksum(Array(entry.utf8)), radix: 16))\t\(entry)\n"
    }

    /// The fields of a change line's entry when its checksum holds.
    private static func verifiedChange(_ line: Substring) -> ArraySlice<Substring>? {
        let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == "change", let checksum = UInt32(fields[1], radix: 16),
            checksum == CRC32C.checksum(Array(fields[2].utf8))
        else { return nil }
        return fields[2].split(separator: "\t", omittingEmptySubsequences: false)[...]
    }

    /// Appends the change lines of `entries` to the file at `path` in one write; `false` when
    /// that failed (the caller then writes the file whole, which also drops a partial line).
    private static func append(_ entries: [String], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let bytes = Array(entries.map(changeLine).joined().utf8)
        return bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) } == bytes.count
    }

    /// The largest user dictionary file read, in bytes: far more than a lifetime of typing learns
    /// (a word and its pairs take tens of bytes). A larger file is refused before it is read, so
    /// that reading one costs memory in proportion to a size a keyboard extension can afford.
    public static let maxFileBytes = 16 << 20

    /// The file's bytes, or `nil` when it does not exist yet.
    private static func read(_ path: String) throws(KeylexError) -> [UInt8]? {
        let storage: FileStorage
        do {
            storage = try FileStorage.map(path: path)
        } catch .io(_, "open", ENOENT) {
            return nil
        }
        guard storage.view.buffer.count <= maxFileBytes else { throw .malformed("user dictionary larger than \(maxFileBytes >> 20) MiB") }
        return withExtendedLifetime(storage) { Array(storage.view.buffer) }  // copied before it is unmapped
    }

    /// Writes the words to the file (see ``UserDictionary``).
    public func save() throws(KeylexError) {
        try lock.locked { () throws(KeylexError) in try Self.save(words, to: path) }
    }

    /// Writes `words` to `path` through a temporary file beside it, flushed, then renamed over it.
    private static func save(_ words: UserWords, to path: String?) throws(KeylexError) {
        guard let path else { return }
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(path: temporary, operation: "open", errno: errno) }
        let bytes = fileContents(words)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                unlink(temporary)
                throw .io(path: temporary, operation: "write", errno: code)
            }
            offset += n
        }
        guard fsync(fd) == 0 else {
            let code = errno
            close(fd)
            unlink(temporary)
            throw .io(path: temporary, operation: "fsync", errno: code)
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .io(path: path, operation: "rename", errno: code)
        }
    }
}

/// The words of a ``UserDictionary`` at one moment.
public struct UserWords: Sendable, Equatable {
    /// Learned words and how many times each was learned.
    public internal(set) var learned: [String: Int] = [:]
    /// The keys of ``learned`` in order with their lengths in scalars, sorted when they change
    /// rather than on every query.
    private(set) var learnedInOrder: [(word: String, length: Int)] = []
    /// Words never to suggest.
    public internal(set) var ignored: Set<String> = []
    /// Text replacements by shortcut.
    public internal(set) var textReplacements: [String: String] = [:]
    /// Learned pairs: for each word, the words learned after it and how many times each.
    public internal(set) var pairs: [String: [String: Int]] = [:]

    public func hasLearnedWord(_ word: String) -> Bool { learned[word] != nil }

    /// Whether the words are the same (the order of the learned words follows from them).
    public static func == (a: UserWords, b: UserWords) -> Bool {
        a.learned == b.learned && a.ignored == b.ignored && a.textReplacements == b.textReplacements && a.pairs == b.pairs
    }

    /// Sorts ``learnedInOrder`` when it is not in step with ``learned`` (after a file's entries are
    /// read in bulk).
    mutating func sortLearned() {
        if learned.count != learnedInOrder.count { learnedInOrder = learned.keys.sorted().map { ($0, $0.unicodeScalars.count) } }
    }

    /// Sets how many times `word` was learned; with `keepingOrder`, keeps ``learnedInOrder`` in step
    /// when it is (one word at a time, in place, rather than sorting them all again).
    private mutating func setLearned(_ word: String, times: Int, keepingOrder: Bool) {
        let inStep = keepingOrder && learnedInOrder.count == learned.count
        if learned.updateValue(times, forKey: word) == nil, inStep {
            learnedInOrder.insert((word, word.unicodeScalars.count), at: learnedIndex(word))
        }
    }

    /// Forgets the learned `word`; with `keepingOrder`, keeps ``learnedInOrder`` in step when it is.
    private mutating func removeLearned(_ word: String, keepingOrder: Bool) {
        let inStep = keepingOrder && learnedInOrder.count == learned.count
        if learned.removeValue(forKey: word) != nil, inStep {
            let index = learnedIndex(word)
            if index < learnedInOrder.count, learnedInOrder[index].word == word { learnedInOrder.remove(at: index) }
        }
    }

    /// Where `word` is or would be in ``learnedInOrder``.
    private func learnedIndex(_ word: String) -> Int {
        lowerBound(in: learnedInOrder.indices) { learnedInOrder[$0].word < word }
    }

    /// Applies one line of a user-words file (its tab-separated fields): an entry, or with
    /// `change` a change line's entry too. `false` when the fields are not a line of that kind.
    /// Without `keepingOrder` (a file's lines, read in bulk) the learned words are sorted once
    /// afterwards (see ``sortLearned()``), as inserting each in its place costs quadratic time
    /// when they come out of order.
    mutating func apply(_ fields: ArraySlice<Substring>, change: Bool, keepingOrder: Bool) -> Bool {
        let kind = fields.first ?? ""
        let values = fields.dropFirst().map(String.init)
        switch (kind, values.count) {
        case ("learned", 2):
            guard let times = Int(values[1]), times > 0 else { return false }
            setLearned(values[0], times: min(times, UserDictionary.maxTimes), keepingOrder: keepingOrder)
            ignored.remove(values[0])
        case ("ignored", 1):
            ignored.insert(values[0])
            removeLearned(values[0], keepingOrder: keepingOrder)
        case ("replacement", 2) where !values[0].isEmpty && !values[1].isEmpty:
            textReplacements[values[0]] = values[1]
        case ("pair", 3) where !values[0].isEmpty && !values[1].isEmpty:
            guard let times = Int(values[2]), times > 0 else { return false }
            pairs[values[0], default: [:]][values[1]] = min(times, UserDictionary.maxTimes)
        case ("unlearned", 1) where change: removeLearned(values[0], keepingOrder: keepingOrder)
        case ("unignored", 1) where change: ignored.remove(values[0])
        case ("unreplaced", 1) where change: textReplacements.removeValue(forKey: values[0])
        case ("unpaired", 2) where change:
            pairs[values[0]]?.removeValue(forKey: values[1])
            if pairs[values[0]]?.isEmpty == true { pairs.removeValue(forKey: values[0]) }
        default:
            return false
        }
        return true
    }

    /// The phrase that replaces `typed`: its own replacement, else its lower case's.
    public func textReplacement(for typed: String) -> String? {
        textReplacements[typed] ?? textReplacements[typed.lowercased()]
    }

    /// The words learned after `previous` (as written, else in lower case), most often learned
    /// first, then in order.
    public func wordsLearned(after previous: Substring) -> [String] {
        Self.ranked(pairs[String(previous)] ?? pairs[previous.lowercased()] ?? [:])
    }

    /// The words of `next`, most often learned first, then in order.
    static func ranked(_ next: [String: Int]) -> [String] {
        next.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    }

    /// The frequency class a learned word ranks with: 200 once learned, 5 more each time after,
    /// up to 255.
    func frequencyClass(of word: String) -> UInt8 {
        guard let times = learned[word] else { return 0 }
        return UInt8(min(255, 195 + 5 * min(times, UserDictionary.maxTimes)))
    }
}
