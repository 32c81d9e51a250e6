import KeylexRuntime

/// Counts of word n-grams of one to three words, `<s>` standing for the start of a sentence and
/// `<num>` for a number (the words after a number follow it as a sentence's first words follow
/// `<s>`; ``KeylexRuntime/TextSegmentation/Token/number``): what
/// `keylex count` writes from raw text and what a dictionary's n-gram model is estimated from.
///
/// A count file has one line per n-gram, sorted by the line's UTF-8 bytes: the words separated by
/// single spaces, a tab, the count (`the cat\t12`). Files of the same text split in any way and
/// counted apart add up to the counts of the whole.
public struct NGramCounts: Sendable, NGramSink {
    /// The token for the start of a sentence.
    public static let sentenceStart = "<s>"
    /// The token for a number.
    public static let numberStart = "<num>"
    /// The token for words left unnamed (as in ARPA files): an n-gram ending with it counts in
    /// its history's total only.
    public static let unknownWord = "<unk>"
    /// The longest n-gram counted.
    public static let maxOrder = 3

    /// The counts, by n-gram (its words joined by single spaces).
    public private(set) var counts: [String: UInt64] = [:]

    public init() {}

    /// Looks counted word `word` up among a dictionary's words with `find`: as written, else in
    /// lower case (a capital at a sentence's start). The one rule of the model, of its warning of
    /// words the dictionary lacks, and of `keylex count --vocabulary`.
    static func lookUp<Found>(_ word: Substring, _ find: (String) -> Found?) -> Found? {
        find(String(word)) ?? find(word.lowercased())
    }

    /// The counted words (the 1-grams) with their counts.
    var unigrams: [(word: String, count: UInt64)] { counts.filter { !$0.key.contains(" ") }.map { ($0.key, $0.value) } }

    /// Whether nothing was counted.
    public var isEmpty: Bool { counts.isEmpty }

    /// Adds `count` to `ngram`'s count, saturating.
    mutating func add(_ ngram: String, _ count: UInt64) {
        let (sum, overflow) = counts[ngram, default: 0].addingReportingOverflow(count)
        counts[ngram] = overflow ? .max : sum
    }

    /// Adds the counts of `other`.
    public mutating func add(_ other: NGramCounts) {
        for (ngram, count) in other.counts { add(ngram, count) }
    }

    /// The token of what a run of words follows: `<s>`, `<num>`, or none.
    static func token(_ boundary: TextSegmentation.Boundary?) -> Substring? {
        boundary.map { $0 == .sentence ? Substring(sentenceStart) : Substring(numberStart) }
    }

    /// Counts the n-grams of one run of words that no sentence boundary or other token interrupts,
    /// after `<s>` when it starts a sentence, `<num>` when it follows a number.
    public mutating func addRun(_ words: [Substring], after boundary: TextSegmentation.Boundary?) {
        guard !words.isEmpty else { return }
        let marker = Self.token(boundary)
        let tokens = (marker.map { [$0] } ?? []) + words
        for start in tokens.indices {
            for order in 1...Self.maxOrder where start + order <= tokens.count {
                if order == 1 && marker != nil && start == 0 { continue }
                add(tokens[start..<(start + order)].joined(separator: " "), 1)
            }
        }
    }

    /// Writes the count file to `path` atomically; returns its size.
    @discardableResult
    public func write(to path: String) throws -> Int {
        let bytes = fileBytes()
        try AtomicFile.write(bytes, to: path)
        return bytes.count
    }

    /// The count file's bytes.
    func fileBytes() -> [UInt8] {
        var lines = counts.map { Array("\($0.key)\t\($0.value)\n".utf8) }
        lines.sort { $0.lexicographicallyPrecedes($1) }
        return Array(lines.joined())
    }
}

/// What counts runs of words: the counts in memory, or a counter that spills them to disk.
public protocol NGramSink {
    /// Counts the n-grams of `words`, a run that no sentence end or other token interrupts, after
    /// `<s>` when it starts a sentence, `<num>` when it follows a number.
    mutating func addRun(_ words: [Substring], after boundary: TextSegmentation.Boundary?)
    /// Whether the sink takes no more runs (its output failed): reading may stop.
    var hasStopped: Bool { get }
}

extension NGramSink {
    public var hasStopped: Bool { false }
}
