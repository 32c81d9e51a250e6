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
/// With a path, every change is saved at once, atomically: the file is written beside the old one,
/// flushed, and renamed over it, so a crash leaves the old file or the new one, never a mix. The
/// file ends with a CRC32C of its contents, so a damaged file is refused rather than half read.
///
/// Safe to use from several threads: changes are serialised by a lock, and readers (a
/// ``SuggestionEngine`` query) take a ``snapshot``, which later changes leave as it was.
public final class UserDictionary: @unchecked Sendable {
    /// The words now. Guarded by `lock`.
    private var words = UserWords()
    private let lock = Lock()
    /// Where the words are saved, if anywhere.
    public let path: String?

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

    /// The first line of the file: version 3 when it has learned pairs, else 2 (which version 2
    /// readers read too); version 1 files (no text replacements) are read as well.
    private static let header = "keylex user dictionary 3"
    private static let headerVersion2 = "keylex user dictionary 2"
    private static let headerVersion1 = "keylex user dictionary 1"

    /// An empty dictionary kept in memory only.
    public init() {
        path = nil
    }

    /// The words saved at `path` (none when the file does not exist yet); changes are saved there.
    /// Throws when the file exists but cannot be read or is damaged.
    public init(path: String) throws(KeylexError) {
        self.path = path
        guard let bytes = try Self.read(path) else { return }
        words = try Self.load(bytes)
    }

    public func hasLearnedWord(_ word: String) -> Bool { snapshot.hasLearnedWord(word) }
    public func hasIgnoredWord(_ word: String) -> Bool { snapshot.ignored.contains(word) }

    /// Learns `word` (again: each time makes it rank higher) and stops ignoring it.
    public func learnWord(_ word: String) throws(KeylexError) {
        guard Self.isStorable(word) else { return }
        try change { words in
            words.learned[word] = min(words.learned[word, default: 0], Self.maxTimes - 1) + 1
            words.ignored.remove(word)
            return true
        }
    }

    public func unlearnWord(_ word: String) throws(KeylexError) {
        try change { $0.learned.removeValue(forKey: word) != nil }
    }

    /// Never suggests `word` again (and forgets it if it was learned).
    public func ignoreWord(_ word: String) throws(KeylexError) {
        guard Self.isStorable(word) else { return }
        try change { words in
            words.ignored.insert(word)
            words.learned.removeValue(forKey: word)
            return true
        }
    }

    public func removeIgnoredWord(_ word: String) throws(KeylexError) {
        try change { $0.ignored.remove(word) != nil }
    }

    /// Adds (or changes) a text replacement: typing `shortcut` offers `phrase`, applied on space.
    public func addTextReplacement(_ phrase: String, shortcut: String) throws(KeylexError) {
        guard Self.isStorable(shortcut), Self.isStorable(phrase), !shortcut.contains(" ") else { return }
        try change { words in
            words.textReplacements[shortcut] = phrase
            return true
        }
    }

    public func removeTextReplacement(shortcut: String) throws(KeylexError) {
        try change { $0.textReplacements.removeValue(forKey: shortcut) != nil }
    }

    /// The phrase that replaces `typed`: its own replacement, else its lower case's.
    public func textReplacement(for typed: String) -> String? { snapshot.textReplacement(for: typed) }

    /// Learns that the user took `word` after `previous` (a prediction tapped, or the word typed
    /// there): after `previous`, `word` is then predicted before the n-gram model's words, the
    /// pairs learned most often first.
    public func learnPair(_ previous: String, _ word: String) throws(KeylexError) {
        guard Self.isStorable(previous), Self.isStorable(word), !previous.contains(" "), !word.contains(" ") else { return }
        try change { words in
            words.pairs[previous, default: [:]][word] = min(words.pairs[previous]?[word] ?? 0, Self.maxTimes - 1) + 1
            return true
        }
    }

    /// Forgets the pair `previous` `word`.
    public func unlearnPair(_ previous: String, _ word: String) throws(KeylexError) {
        try change { words in
            guard words.pairs[previous]?.removeValue(forKey: word) != nil else { return false }
            if words.pairs[previous]?.isEmpty == true { words.pairs.removeValue(forKey: previous) }
            return true
        }
    }

    /// How many times a word counts as learned at most (more would not rank it higher).
    public static let maxTimes = 1_000

    /// Applies `body` to the words under the lock and, when it says it changed them, saves them
    /// before the lock is released (so saves are never interleaved and the file ends as the last change left it).
    private func change(_ body: (inout UserWords) -> Bool) throws(KeylexError) {
        try lock.locked { () throws(KeylexError) in
            guard body(&words) else { return }
            try Self.save(words, to: path)
        }
    }

    /// Words with tabs, line breaks or other control characters cannot be stored.
    private static func isStorable(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.count <= DictionaryFormat.maxWordLength
            && !word.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .lineSeparator }
    }

    // MARK: The file

    /// The file's text: a header, `learned<TAB>word<TAB>times`, `ignored<TAB>word`,
    /// `replacement<TAB>shortcut<TAB>phrase` and `pair<TAB>previous<TAB>word<TAB>times` lines in
    /// sorted order, and `checksum<TAB>` with the CRC32C of everything before it in hex.
    static func fileContents(_ words: UserWords) -> [UInt8] {
        var text = (words.pairs.isEmpty ? Self.headerVersion2 : Self.header) + "\n"
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

    private static func load(_ bytes: [UInt8]) throws(KeylexError) -> UserWords {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .malformed("user dictionary is not UTF-8") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, [header, headerVersion2, headerVersion1].contains(String(first)),
              let last = lines.last, last.hasPrefix("checksum\t") else {
            throw .malformed("user dictionary: header or checksum missing")
        }
        let checked = bytes.count - last.utf8.count - 1
        guard UInt32(last.dropFirst("checksum\t".count), radix: 16) == CRC32C.checksum(Array(bytes[..<checked])) else {
            throw .checksumMismatch(section: "user dictionary")
        }
        var words = UserWords()
        for line in lines.dropFirst().dropLast() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 3, fields[0] == "learned", let times = Int(fields[2]), times > 0 {
                words.learned[String(fields[1])] = min(times, maxTimes)
            } else if fields.count == 2, fields[0] == "ignored" {
                words.ignored.insert(String(fields[1]))
            } else if fields.count == 3, fields[0] == "replacement", !fields[1].isEmpty, !fields[2].isEmpty {
                words.textReplacements[String(fields[1])] = String(fields[2])
            } else if fields.count == 4, fields[0] == "pair", !fields[1].isEmpty, !fields[2].isEmpty, let times = Int(fields[3]), times > 0 {
                words.pairs[String(fields[1]), default: [:]][String(fields[2])] = min(times, maxTimes)
            } else {
                throw .malformed("user dictionary line '\(line)'")
            }
        }
        return words
    }

    /// The file's bytes, or `nil` when it does not exist yet.
    private static func read(_ path: String) throws(KeylexError) -> [UInt8]? {
        do {
            let storage = try FileStorage.map(path: path)
            return withExtendedLifetime(storage) { Array(storage.view.buffer) }  // copied before it is unmapped
        } catch .io(_, "open", ENOENT) {
            return nil
        }
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
    /// Words never to suggest.
    public internal(set) var ignored: Set<String> = []
    /// Text replacements by shortcut.
    public internal(set) var textReplacements: [String: String] = [:]
    /// Learned pairs: for each word, the words learned after it and how many times each.
    public internal(set) var pairs: [String: [String: Int]] = [:]

    public func hasLearnedWord(_ word: String) -> Bool { learned[word] != nil }

    /// The phrase that replaces `typed`: its own replacement, else its lower case's.
    public func textReplacement(for typed: String) -> String? {
        textReplacements[typed] ?? textReplacements[typed.lowercased()]
    }

    /// The words learned after `previous` (as written, else in lower case), most often learned
    /// first, then in order.
    public func wordsLearned(after previous: Substring) -> [String] {
        let next = pairs[String(previous)] ?? pairs[previous.lowercased()] ?? [:]
        return next.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    }

    /// The frequency class a learned word ranks with: 200 once learned, 5 more each time after,
    /// up to 255.
    func frequencyClass(of word: String) -> UInt8 {
        guard let times = learned[word] else { return 0 }
        return UInt8(min(255, 195 + 5 * min(times, UserDictionary.maxTimes)))
    }
}
