import Foundation
import KeylexRuntime

/// The words of one dictionary while it is compiled: checked, NFC-normalised, merged and counted.
public struct WordTable {
    /// What is known of one word.
    public struct Entry {
        /// The sum of its counts (0 when no source gave one).
        public var count: UInt64
        /// Blocked, possibly offensive, not a word.
        public var flags: DictionaryFormat.WordFlags
        /// Where it was first seen.
        public let location: SourceLocation
    }

    /// A word compared and hashed by its UTF-8 bytes. Words are NFC already, so the canonical
    /// equivalence `String` computes on every hash and comparison is wasted work here.
    struct Key: Hashable {
        let word: String
        static func == (a: Key, b: Key) -> Bool { a.word.utf8.elementsEqual(b.word.utf8) }
        func hash(into hasher: inout Hasher) {
            var word = word
            word.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    private var table: [Key: Entry] = [:]

    /// The words (NFC) and what is known of them, in no particular order.
    public var entries: [(word: String, entry: Entry)] { table.map { ($0.key.word, $0.value) } }

    /// What is known of `word`, if it is in the table.
    public subscript(word: String) -> Entry? { table[Key(word: word)] }
    /// Whether any source gave counts (then the dictionary gets frequency classes).
    public private(set) var hasCounts = false

    public init() {}

    /// Makes room for `capacity` words in all.
    public mutating func reserveCapacity(_ capacity: Int) {
        table.reserveCapacity(capacity)
    }

    /// The number of distinct words.
    public var count: Int { table.count }

    /// Checks a word as written at `location` (the column of its first scalar) and returns its NFC
    /// form, or reports why it is not a word and returns `nil`.
    public static func checkedWord(_ raw: Substring, at location: SourceLocation, diagnostics: DiagnosticEngine) -> String? {
        var column = location.column
        var mayNeedNormalization = false
        for scalar in raw.unicodeScalars {
            let value = scalar.value
            if value >= 0x20 && value < 0x7F && value != 0x20 {  // printable ASCII: nothing to check
                column += 1
                continue
            }
            func place() -> SourceLocation { SourceLocation(file: location.file, line: location.line, column: column) }
            var hex: String { "U+" + String(value, radix: 16, uppercase: true).leftPadded(to: 4) }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                diagnostics.error(place(), "control character \(hex) in word", code: "control-character")
                return nil
            case .unassigned:
                diagnostics.error(place(), "unassigned character \(hex) in word", code: "unassigned-character")
                return nil
            case .spaceSeparator:
                diagnostics.error(place(), "whitespace inside word '\(raw)'", code: "whitespace-in-word")
                return nil
            default:
                if !isNormalizationStable(value) { mayNeedNormalization = true }
                column += 1
            }
        }
        let word = mayNeedNormalization ? String(raw).precomposedStringWithCanonicalMapping : String(raw)
        let length = mayNeedNormalization ? word.unicodeScalars.count : column - location.column
        if length > DictionaryFormat.maxWordLength {
            diagnostics.error(location, "word is \(length) characters long; the limit is \(DictionaryFormat.maxWordLength)", code: "word-too-long")
            return nil
        }
        return word
    }

    /// Whether a scalar can neither change nor combine under NFC: Latin below the combining
    /// diacritics, and Cyrillic letters (its combining marks U+0483…U+0489 excluded).
    private static func isNormalizationStable(_ value: UInt32) -> Bool {
        value < 0x300 || (0x400...0x482).contains(value) || (0x48A...0x52F).contains(value)
    }

    /// Adds a checked word. A word seen before is merged (counts summed, flags joined) with a warning,
    /// unless `quietly` (raw text repeats words by nature).
    public mutating func add(_ word: String, count: UInt64?, flags: DictionaryFormat.WordFlags = [],
                             at location: SourceLocation, quietly: Bool = false, diagnostics: DiagnosticEngine) {
        if count != nil { hasCounts = true }
        let key = Key(word: word)
        if var entry = table[key] {
            if !quietly {
                diagnostics.warning(location, "duplicate word '\(word)' (first at \(entry.location.description)); counts merged", code: "duplicate-word")
            }
            let (sum, overflow) = entry.count.addingReportingOverflow(count ?? 0)
            entry.count = overflow ? .max : sum
            entry.flags.formUnion(flags)
            table[key] = entry
        } else {
            table[key] = Entry(count: count ?? 0, flags: flags, location: location)
        }
    }

    /// Marks `word` with `flags`, adding it (with no count) when the corpus lacks it.
    public mutating func mark(_ word: String, _ flags: DictionaryFormat.WordFlags, at location: SourceLocation) {
        table[Key(word: word), default: Entry(count: 0, flags: [], location: location)].flags.formUnion(flags)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
