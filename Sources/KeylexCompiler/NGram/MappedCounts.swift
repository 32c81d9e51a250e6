/// N-gram counts over word numbers: the text's words found in the dictionary (as written, else in
/// lower case, as a capital at a sentence's start), n-grams with other words left out. A history's
/// total counts every n-gram that follows it, those with unknown words too, so that their
/// probability mass goes to the lower order.
struct MappedCounts {
    var unigrams: [Int: Double] = [:]
    /// Counts by history (a word, or a pair's ``BackoffModel/pairKey(_:_:)``), then by word.
    var bigrams: [Int: [Int: Double]] = [:]
    var trigrams: [Int: [Int: Double]] = [:]
    var bigramTotals: [Int: Double] = [:]
    var trigramTotals: [Int: Double] = [:]

    /// The number of `word` among `numbers` (``NGramCounts/lookUp(_:_:)``), of a dictionary of
    /// `wordCount` words: `wordCount` for `<s>`, the next for `<num>`.
    static func number(of word: Substring, in numbers: [String: Int], wordCount: Int) -> Int? {
        if word == NGramCounts.sentenceStart { return wordCount }
        if word == NGramCounts.numberStart { return wordCount + 1 }
        return NGramCounts.lookUp(word) { numbers[$0] }
    }

    init(_ counts: NGramCounts, numbers: [String: Int], wordCount: Int) {
        for (ngram, count) in counts.counts {
            let words = ngram.split(separator: " ").map { Self.number(of: $0, in: numbers, wordCount: wordCount) }
            let count = Double(count)
            switch words.count {
            case 1: if let w = words[0] { unigrams[w, default: 0] += count }
            case 2: Self.add(count, history: words[0], word: words[1], to: &bigrams, totals: &bigramTotals)
            case 3:
                let history = words[0].flatMap { first in words[1].map { BackoffModel.pairKey(first, $0) } }
                Self.add(count, history: history, word: words[2], to: &trigrams, totals: &trigramTotals)
            default: break
            }
        }
    }

    private static func add(_ count: Double, history: Int?, word: Int?, to table: inout [Int: [Int: Double]], totals: inout [Int: Double]) {
        guard let history else { return }
        totals[history, default: 0] += count
        if let word { table[history, default: [:]][word, default: 0] += count }
    }
}
