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

    /// The words, by their NFC form.
    public private(set) var entries: [String: Entry] = [:]
    /// Whether any source gave counts (then the dictionary gets frequency classes).
    public private(set) var hasCounts = false

    public init() {}

    /// The number of distinct words.
    public var count: Int { entries.count }

    /// Checks a word as written at `location` (the column of its first scalar) and returns its NFC
    /// form, or reports why it is not a word and returns `nil`.
    public static func checkedWord(_ raw: Substring, at location: SourceLocation, diagnostics: DiagnosticEngine) -> String? {
        var column = location.column
        for scalar in raw.unicodeScalars {
            let place = SourceLocation(file: location.file, line: location.line, column: column)
            let hex = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                diagnostics.error(place, "control character \(hex) in word", code: "control-character")
                return nil
            case .unassigned:
                diagnostics.error(place, "unassigned character \(hex) in word", code: "unassigned-character")
                return nil
            case .spaceSeparator:
                diagnostics.error(place, "whitespace inside word '\(raw)'", code: "whitespace-in-word")
                return nil
            default:
                column += 1
            }
        }
        let word = String(raw).precomposedStringWithCanonicalMapping
        let length = word.unicodeScalars.count
        if length > DictionaryFormat.maxWordLength {
            diagnostics.error(location, "word is \(length) characters long; the limit is \(DictionaryFormat.maxWordLength)", code: "word-too-long")
            return nil
        }
        return word
    }

    /// Adds a checked word. A word seen before is merged (counts summed, flags joined) with a warning,
    /// unless `quietly` (raw text repeats words by nature).
    public mutating func add(_ word: String, count: UInt64?, flags: DictionaryFormat.WordFlags = [],
                             at location: SourceLocation, quietly: Bool = false, diagnostics: DiagnosticEngine) {
        if count != nil { hasCounts = true }
        if var entry = entries[word] {
            if !quietly {
                diagnostics.warning(location, "duplicate word '\(word)' (first at \(entry.location.description)); counts merged", code: "duplicate-word")
            }
            let (sum, overflow) = entry.count.addingReportingOverflow(count ?? 0)
            entry.count = overflow ? .max : sum
            entry.flags.formUnion(flags)
            entries[word] = entry
        } else {
            entries[word] = Entry(count: count ?? 0, flags: flags, location: location)
        }
    }

    /// Marks `word` with `flags`, adding it (with no count) when the corpus lacks it.
    public mutating func mark(_ word: String, _ flags: DictionaryFormat.WordFlags, at location: SourceLocation) {
        if entries[word] == nil {
            entries[word] = Entry(count: 0, flags: flags, location: location)
        } else {
            entries[word]!.flags.formUnion(flags)
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
