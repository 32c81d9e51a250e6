import Foundation
import KeylexRuntime

/// A back-off bigram and trigram model over a dictionary's word numbers (``NGramFormat``), estimated
/// from counts by absolute discounting and pruned to a size by the likelihood each n-gram adds.
///
/// A word's unigram probability comes from its frequency class, `a + b·class` (log base 10), fitted
/// to the counted words and normalised over the dictionary; an n-gram seen `c` times after a
/// history seen `C` times has the probability `(c − D) / C`, `D` from the counts of counts; each
/// history's back-off weight gives the mass left to the lower order, so that each distribution sums
/// to one.
struct BackoffModel {
    /// One n-gram's last word, its log-probability (base 10) and its count.
    struct Entry {
        var word: Int
        var logProbability: Float
        var count: Double
    }

    let wordCount: Int
    let classes: [UInt8]
    private(set) var intercept: Float = 0
    private(set) var slope: Float = 0
    /// Bigrams by their first word (``wordCount`` for `<s>`, ``wordCount`` + 1 for `<num>`), and
    /// their back-off weights.
    var bigrams: [Int: [Entry]] = [:]
    private(set) var bigramBackoffs: [Int: Float] = [:]
    /// Trigrams by their first two words (``pairKey(_:_:)``), and their back-off weights.
    var trigrams: [Int: [Entry]] = [:]
    private(set) var trigramBackoffs: [Int: Float] = [:]

    /// The largest first word of a bigram: `<num>`'s number, as the format written has it.
    var maxContextWord: Int { NGramFormat.maxContextWord(wordCount: wordCount, minorVersion: ContainerFormat.minorVersion) }

    static func pairKey(_ first: Int, _ second: Int) -> Int { first << 24 | second }
    static func pair(_ key: Int) -> (Int, Int) { (key >> 24, key & 0xFF_FFFF) }

    /// Estimates the model of `counts` for the words `numbers` gives (a word not found as written
    /// is looked up in lower case; n-grams with other words are left out), of frequency classes
    /// `classes`.
    init(counts: NGramCounts, numbers: [String: Int], classes: [UInt8]) {
        wordCount = classes.count
        self.classes = classes
        let mapped = MappedCounts(counts, numbers: numbers, wordCount: wordCount)
        fitClasses(mapped.unigrams)
        bigrams = Self.discounted(mapped.bigrams, totals: mapped.bigramTotals)
        trigrams = Self.discounted(mapped.trigrams, totals: mapped.trigramTotals)
        computeBackoffs()
    }

    /// Takes the model of an ARPA file for the words `numbers` gives, of frequency classes
    /// `classes`: its n-grams' probabilities as they are (those of n-grams that map to the same
    /// words added up), the classes' unigram probabilities fitted to its unigrams, and back-off
    /// weights computed anew for them. Pruning weighs an n-gram by its probability and its
    /// history's unigram probability.
    init(arpa: ARPAModel, numbers: [String: Int], classes: [UInt8]) {
        wordCount = classes.count
        self.classes = classes
        let start = wordCount
        func number(_ word: Substring) -> Int? { MappedCounts.number(of: word, in: numbers, wordCount: start) }
        var levels: [[Int: [Int: Double]]] = [[:], [:], [:]]
        for (order, ngrams) in arpa.ngrams.enumerated() {
            for (words, logProbability) in ngrams {
                let mapped = words.map(number)
                guard let word = mapped.last!, word < start, mapped.allSatisfy({ $0 != nil }) else { continue }
                let history = order == 0 ? 0 : order == 1 ? mapped[0]! : Self.pairKey(mapped[0]!, mapped[1]!)
                levels[order][history, default: [:]][word, default: 0] += pow(10, logProbability)
            }
        }
        fitClasses(levels[0][0] ?? [:])
        bigrams = explicit(levels[1]) { $0 }
        trigrams = explicit(levels[2]) { Self.pair($0).1 }
        computeBackoffs()
    }

    /// Each history's entries with their given probabilities, sorted by word; an entry's weight
    /// for pruning is its probability times that of the history's last word (`last`).
    private func explicit(_ table: [Int: [Int: Double]], last: (Int) -> Int) -> [Int: [Entry]] {
        table.reduce(into: [:]) { result, item in
            let history = last(item.key)
            let weight = history < wordCount ? pow(10, Double(unigram(history))) : 0.05
            result[item.key] = item.value.map { word, p in
                Entry(word: word, logProbability: Float(log10(min(p, 1))), count: 1e9 * p * weight)
            }.sorted { $0.word < $1.word }
        }
    }

    /// The unigram log-probability of word `number`.
    func unigram(_ number: Int) -> Float { intercept + slope * Float(classes[number]) }

    /// Fits `a` and `b` of the unigram probabilities to the counted words' relative frequencies by
    /// least squares, then normalises `a` over the dictionary.
    private mutating func fitClasses(_ unigrams: [Int: Double]) {
        // In number order, so that the sums, and the bundle, are the same on every run.
        let counted = unigrams.sorted { $0.key < $1.key }
        let total = counted.reduce(0) { $0 + $1.value }
        let points = counted.compactMap { number, count in
            number < wordCount && classes[number] > 0 ? (x: Double(classes[number]), y: log10(count / total)) : nil
        }
        let n = Double(points.count)
        let meanX = points.map(\.x).reduce(0, +) / max(n, 1), meanY = points.map(\.y).reduce(0, +) / max(n, 1)
        let sxx = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        let sxy = points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +)
        // Without enough spread, AOSP's scale: a class is about a 255th of eight decades.
        let b = sxx > 0 && sxy > 0 ? sxy / sxx : 8.0 / 255
        let sum = classes.reduce(0.0) { $0 + ($1 > 0 ? pow(10, b * Double($1)) : 0) }
        slope = Float(b)
        intercept = Float(-log10(max(sum, .leastNormalMagnitude)))
    }

    /// Each history's entries, sorted by word, with their discounted probabilities.
    private static func discounted(_ counts: [Int: [Int: Double]], totals: [Int: Double]) -> [Int: [Entry]] {
        let discount = Self.discount(counts.values.flatMap(\.values))
        var result: [Int: [Entry]] = [:]
        for (history, entries) in counts {
            let total = totals[history] ?? entries.values.reduce(0, +)
            result[history] = entries.map { word, count in
                Entry(word: word, logProbability: Float(log10((count - discount) / total)), count: count)
            }.sorted { $0.word < $1.word }
        }
        return result
    }

    /// The discount of absolute discounting: `n1 / (n1 + 2·n2)`, from how many n-grams were seen once
    /// and twice.
    static func discount(_ counts: [Double]) -> Double {
        let once = Double(counts.count { $0 == 1 }), twice = Double(counts.count { $0 == 2 })
        guard once > 0, twice > 0 else { return 0.5 }
        return min(max(once / (once + 2 * twice), 0.1), 0.9)
    }
}

extension BackoffModel {
    /// The log-probability of `word` after `history` (a word) at the bigram level: its bigram's,
    /// else the history's back-off weight plus its unigram probability.
    func bigramLevel(_ word: Int, after history: Int) -> Float {
        if let entries = bigrams[history], let entry = Self.find(word, in: entries) { return entry.logProbability }
        return (bigramBackoffs[history] ?? 0) + unigram(word)
    }

    static func find(_ word: Int, in entries: [Entry]) -> Entry? {
        let low = lowerBound(in: entries.indices) { entries[$0].word < word }
        return low < entries.count && entries[low].word == word ? entries[low] : nil
    }

    /// Sets every history's back-off weight: the probability its entries leave, over what the lower
    /// order gives the words that are not its entries.
    mutating func computeBackoffs() {
        bigramBackoffs = bigrams.mapValues { entries in
            Self.backoff(entries, lower: entries.map { unigram($0.word) })
        }
        var weights: [Int: Float] = [:]
        for (key, entries) in trigrams {
            let (_, second) = Self.pair(key)
            weights[key] = Self.backoff(entries, lower: entries.map { bigramLevel($0.word, after: second) })
        }
        trigramBackoffs = weights
    }

    /// `log10((1 − Σ p(entries)) / (1 − Σ p_lower(entries)))`, kept finite.
    private static func backoff(_ entries: [Entry], lower: [Float]) -> Float {
        let left = 1 - entries.reduce(0.0) { $0 + pow(10, Double($1.logProbability)) }
        let lowerLeft = 1 - lower.reduce(0.0) { $0 + pow(10, Double($1)) }
        return Float(log10(max(left, 1e-6) / max(lowerLeft, 1e-6)))
    }
}
