#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's own words on top of a read-only dictionary: words learned (suggested like dictionary
/// words) and words ignored (never suggested), as KeyboardKit's `AutocompleteProvider` has them,
/// and text replacements (`omw` → `On my way!`).
///
/// With a path, every change is saved at once, atomically: the file is written beside the old one,
/// flushed, and renamed over it, so a crash leaves the old file or the new one, never a mix. The
/// file ends with a CRC32C of its contents, so a damaged file is refused rather than half read.
/// Not thread-safe: use it from one thread (a keyboard's main thread).
public final class UserDictionary {
    /// Learned words and how many times each was learned.
    public private(set) var learned: [String: Int] = [:]
    /// Words never to suggest.
    public private(set) var ignored: Set<String> = []
    /// The user's text replacements, as iOS has them: typing the shortcut (`omw`) replaces it with
    /// the phrase (`On my way!`) on space.
    public private(set) var textReplacements: [String: String] = [:]
    /// Where the words are saved, if anywhere.
    public let path: String?

    /// The first line of the file; version 1 files (no text replacements) are read too.
    private static let header = "keylex user dictionary 2"
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
        try load(bytes)
    }

    public func hasLearnedWord(_ word: String) -> Bool { learned[word] != nil }
    public func hasIgnoredWord(_ word: String) -> Bool { ignored.contains(word) }

    /// Learns `word` (again: each time makes it rank higher) and stops ignoring it.
    public func learnWord(_ word: String) throws(KeylexError) {
        guard Self.isStorable(word) else { return }
        learned[word, default: 0] = min(learned[word, default: 0], Self.maxTimes - 1) + 1
        ignored.remove(word)
        try save()
    }

    public func unlearnWord(_ word: String) throws(KeylexError) {
        guard learned.removeValue(forKey: word) != nil else { return }
        try save()
    }

    /// Never suggests `word` again (and forgets it if it was learned).
    public func ignoreWord(_ word: String) throws(KeylexError) {
        guard Self.isStorable(word) else { return }
        ignored.insert(word)
        learned.removeValue(forKey: word)
        try save()
    }

    public func removeIgnoredWord(_ word: String) throws(KeylexError) {
        guard ignored.remove(word) != nil else { return }
        try save()
    }

    /// Adds (or changes) a text replacement: typing `shortcut` offers `phrase`, applied on space.
    public func addTextReplacement(_ phrase: String, shortcut: String) throws(KeylexError) {
        guard Self.isStorable(shortcut), Self.isStorable(phrase), !shortcut.contains(" ") else { return }
        textReplacements[shortcut] = phrase
        try save()
    }

    public func removeTextReplacement(shortcut: String) throws(KeylexError) {
        guard textReplacements.removeValue(forKey: shortcut) != nil else { return }
        try save()
    }

    /// The phrase that replaces `typed`: its own replacement, else its lower case's.
    public func textReplacement(for typed: String) -> String? {
        textReplacements[typed] ?? textReplacements[typed.lowercased()]
    }

    /// How many times a word counts as learned at most (more would not rank it higher).
    public static let maxTimes = 1_000

    /// The frequency class a learned word ranks with: 200 once learned, 5 more each time after,
    /// up to 255.
    func frequencyClass(of word: String) -> UInt8 {
        guard let times = learned[word] else { return 0 }
        return UInt8(min(255, 195 + 5 * min(times, Self.maxTimes)))
    }

    /// Words with tabs, line breaks or other control characters cannot be stored.
    private static func isStorable(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.count <= DictionaryFormat.maxWordLength
            && !word.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .lineSeparator }
    }

    // MARK: The file

    /// The file's text: a header, `learned<TAB>word<TAB>times` and `ignored<TAB>word` lines in
    /// sorted order, and `checksum<TAB>` with the CRC32C of everything before it in hex.
    func fileContents() -> [UInt8] {
        var text = Self.header + "\n"
        for word in learned.keys.sorted() { text += "learned\t\(word)\t\(learned[word]!)\n" }
        for word in ignored.sorted() { text += "ignored\t\(word)\n" }
        for shortcut in textReplacements.keys.sorted() { text += "replacement\t\(shortcut)\t\(textReplacements[shortcut]!)\n" }
        var bytes = Array(text.utf8)
        bytes += Array("checksum\t\(String(CRC32C.checksum(bytes), radix: 16))\n".utf8)
        return bytes
    }

    private func load(_ bytes: [UInt8]) throws(KeylexError) {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .malformed("user dictionary is not UTF-8") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.first == Substring(Self.header) || lines.first == Substring(Self.headerVersion1), let last = lines.last, last.hasPrefix("checksum\t") else {
            throw .malformed("user dictionary: header or checksum missing")
        }
        let checked = bytes.count - last.utf8.count - 1
        guard UInt32(last.dropFirst("checksum\t".count), radix: 16) == CRC32C.checksum(Array(bytes[..<checked])) else {
            throw .checksumMismatch(section: "user dictionary")
        }
        for line in lines.dropFirst().dropLast() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 3, fields[0] == "learned", let times = Int(fields[2]), times > 0 {
                learned[String(fields[1])] = min(times, Self.maxTimes)
            } else if fields.count == 2, fields[0] == "ignored" {
                ignored.insert(String(fields[1]))
            } else if fields.count == 3, fields[0] == "replacement", !fields[1].isEmpty, !fields[2].isEmpty {
                textReplacements[String(fields[1])] = String(fields[2])
            } else {
                throw .malformed("user dictionary line '\(line)'")
            }
        }
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

    /// Writes the file through a temporary file beside it, flushed, then renamed over it.
    public func save() throws(KeylexError) {
        guard let path else { return }
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(path: temporary, operation: "open", errno: errno) }
        let bytes = fileContents()
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
