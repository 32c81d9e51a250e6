import Foundation
import KeylexRuntime

/// Reads AOSP's combined word lists (`*.combined`, `*.combined.gz`): the header's attributes,
/// words with their frequencies, flags and labels, and the shortcuts and bigrams under each word.
///
/// ```
/// dictionary=main:en_us,locale=en_US,description=English (US),date=1414726260,version=54
///  word=ill,f=112,flags=,originalFreq=128
///   shortcut=I'll,f=whitelist
///  word=thank,f=160
///   bigram=you,f=150
/// ```
///
/// A bigram's `f` is the pair's frequency on the words' scale: it becomes the n-gram count
/// `thank you` (``CorpusReader/count(fromAOSPFrequency:)``), and what the word's own count has
/// beyond its listed bigrams is counted after it as ``NGramCounts/unknownWord``, so that the model
/// keeps that share for the words not listed.
struct CombinedReader {
    let source: SourceText
    let diagnostics: DiagnosticEngine

    /// Header attributes AOSP's tools write; others are kept with a warning.
    static let headerKeys: Set<String> = [
        "dictionary", "locale", "description", "date", "version", "options",
        "REQUIRES_GERMAN_UMLAUT_PROCESSING", "MULTIPLE_WORDS_DEMOTION_RATE",
        "REQUIRES_FRENCH_LIGATURE_PROCESSING", "USES_FORGETTING_CURVE", "HAS_HISTORICAL_INFO",
    ]
    /// Word attributes AOSP's tools write; others are ignored with a warning.
    static let wordKeys: Set<String> = ["word", "f", "flags", "originalFreq", "possibly_offensive", "not_a_word", "whitelist"]
    /// Labels of `flags=` that keep a word out of suggestions.
    static let labelFlags: [String: DictionaryFormat.WordFlags] = ["offensive": .possiblyOffensive, "nonword": .notAWord]

    /// One `key=value` field of a line and the column where it starts.
    struct Field {
        let key: Substring
        let value: Substring
        let column: Int
    }

    func read(into table: inout WordTable) {
        var lastWord: (word: String, count: UInt64)?
        var bigramCounts: [String: (own: UInt64, listed: UInt64)] = [:]
        source.forEachLine { line in
            let text = line.text
            if text.isEmpty || text.hasPrefix("#") { return }
            if line.number == 1 || text.hasPrefix("dictionary=") {
                readHeader(line, into: &table)
            } else if text.hasPrefix("  shortcut=") || text.hasPrefix("  bigram=") {
                guard let word = lastWord else {
                    report(line, 3, .orphanShortcut(text.hasPrefix("  shortcut=") ? "shortcut" : "bigram"))
                    return
                }
                if text.hasPrefix("  shortcut=") {
                    readShortcut(line, of: word.word, into: &table)
                } else if let count = readBigram(line, after: word.word, into: &table) {
                    bigramCounts[word.word, default: (word.count, 0)].listed &+= count
                }
            } else if text.hasPrefix(" word=") {
                lastWord = readWord(line, into: &table)
            } else {
                report(line, 1, .invalidLine)
                lastWord = nil
            }
        }
        for (word, counts) in bigramCounts where counts.own > counts.listed {
            table.ngrams.add(word + " " + NGramCounts.unknownWord, counts.own - counts.listed)
        }
    }

    /// The `key=value` fields of `text`, which starts at `column`.
    func fields(_ text: Substring, column: Int) -> [Field] {
        var column = column
        return text.split(separator: ",", omittingEmptySubsequences: false).map { field in
            defer { column += field.unicodeScalars.count + 1 }
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return Field(key: parts[0], value: parts.count > 1 ? parts[1] : "", column: column)
        }
    }

    private func readHeader(_ line: SourceText.Line, into table: inout WordTable) {
        guard line.text.hasPrefix("dictionary=") else {
            report(line, 1, .missingHeader)
            return
        }
        for field in fields(line.text, column: 1) {
            guard !field.key.isEmpty, field.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                report(line, field.column, .invalidAttribute(field.key))
                continue
            }
            if !Self.headerKeys.contains(String(field.key)) {
                report(line, field.column, .unknownHeaderAttribute(field.key))
            }
            table.setAttribute(String(field.key), String(field.value))
        }
    }

    /// Reads a word line; returns the word and its count when it was added.
    private func readWord(_ line: SourceText.Line, into table: inout WordTable) -> (String, UInt64)? {
        var word: String?
        var frequency: Int?
        var flags: DictionaryFormat.WordFlags = []
        var labels: [String] = []
        var whitelist: String?
        var valid = true
        for field in fields(line.text.dropFirst(), column: 2) {
            let valueColumn = field.column + field.key.unicodeScalars.count + 1
            switch field.key {
            case "word":
                let trimmed = field.value.trimmingSpaces
                if trimmed.count != field.value.count {
                    report(line, valueColumn, .trimmedWhitespace(String(trimmed)))
                }
                let column = valueColumn + field.value.unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count
                word = WordTable.checkedWord(trimmed, at: location(line, column), diagnostics: diagnostics)
                valid = valid && word != nil
            case "f":
                frequency = frequencyValue(field, line, valueColumn, range: 0...255)
                valid = valid && frequency != nil
            case "flags":
                labels = field.value.split(separator: ":").map(String.init)
                for label in labels { flags.formUnion(Self.labelFlags[label] ?? []) }
            case "possibly_offensive" where field.value == "true": flags.insert(.possiblyOffensive)
            case "not_a_word" where field.value == "true": flags.insert(.notAWord)
            case "whitelist" where !field.value.isEmpty: whitelist = String(field.value)
            default:
                if !Self.wordKeys.contains(String(field.key)) {
                    report(line, field.column, .unknownListAttribute(field.key, of: "word"))
                }
            }
        }
        guard valid else { return nil }
        guard let word else { report(line, 2, .entryWithoutWord); return nil }
        guard let frequency else { report(line, 2, .missingFrequency(word)); return nil }
        let count = CorpusReader.count(fromAOSPFrequency: frequency)
        table.add(word, count: count, flags: flags, at: location(line, 2), diagnostics: diagnostics)
        for label in labels { table.addLabel(label, to: word) }
        if let whitelist { table.addShortcut(Shortcut(target: whitelist, frequency: DictionaryFormat.whitelistShortcut), to: word) }
        return (word, count)
    }

    private func readShortcut(_ line: SourceText.Line, of word: String, into table: inout WordTable) {
        var target: String?
        var frequency: UInt8?
        for field in fields(line.text.dropFirst(2), column: 3) {
            let valueColumn = field.column + field.key.unicodeScalars.count + 1
            switch field.key {
            case "shortcut":
                guard !field.value.isEmpty else { report(line, valueColumn, .emptyShortcut); return }
                target = WordTable.checkedShortcut(field.value, at: location(line, valueColumn), diagnostics: diagnostics)
                if target == nil { return }
            case "f" where field.value == "whitelist":
                frequency = DictionaryFormat.whitelistShortcut
            case "f":
                guard let f = frequencyValue(field, line, valueColumn, range: 0...14, or: "whitelist") else { return }
                frequency = UInt8(f)
            default:
                report(line, field.column, .unknownListAttribute(field.key, of: "shortcut"))
            }
        }
        guard let target, let frequency else {
            report(line, 3, .invalidShortcut)
            return
        }
        table.addShortcut(Shortcut(target: target, frequency: frequency), to: word)
    }

    /// Reads a bigram line under `word` into the table's n-gram counts; returns the pair's count.
    private func readBigram(_ line: SourceText.Line, after word: String, into table: inout WordTable) -> UInt64? {
        var next: String?
        var frequency: Int?
        for field in fields(line.text.dropFirst(2), column: 3) {
            let valueColumn = field.column + field.key.unicodeScalars.count + 1
            switch field.key {
            case "bigram":
                next = WordTable.checkedWord(field.value, at: location(line, valueColumn), diagnostics: diagnostics)
                guard let word = next else { return nil }
                if let space = word.unicodeScalars.firstIndex(of: " ") {
                    report(line, valueColumn + word.unicodeScalars[..<space].count, .spaceInBigram(word))
                    return nil
                }
            case "f":
                frequency = frequencyValue(field, line, valueColumn, range: 0...255)
                if frequency == nil { return nil }
            default:
                report(line, field.column, .unknownListAttribute(field.key, of: "bigram"))
            }
        }
        guard let next, let frequency else {
            report(line, 3, .invalidBigram)
            return nil
        }
        let count = CorpusReader.count(fromAOSPFrequency: frequency)
        table.ngrams.add(word + " " + next, count)
        return count
    }

    private func frequencyValue(
        _ field: Field, _ line: SourceText.Line, _ column: Int, range: ClosedRange<Int>, or alternative: String? = nil
    ) -> Int? {
        if let f = Int(field.value), range.contains(f) { return f }
        report(line, column, .invalidFrequency(field.value, range, or: alternative))
        return nil
    }

    private func location(_ line: SourceText.Line, _ column: Int) -> SourceLocation {
        SourceLocation(file: source.path, line: line.number, column: column)
    }

    private func report(_ line: SourceText.Line, _ column: Int, _ message: DiagnosticMessage) {
        diagnostics.report(location(line, column), message)
    }
}
