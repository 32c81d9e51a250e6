import KeylexRuntime

extension BackoffModel {
    /// The bytes the model takes in an `ngrm` section.
    var encodedSize: Int {
        let widths = levelWidths
        return NGramFormat.tablesOffset + NGramFormat.levelSize(contexts: bigrams.count, entries: bigramCount, widths: widths.bigrams)
            + NGramFormat.levelSize(contexts: trigrams.count, entries: trigramCount, widths: widths.trigrams)
    }

    private var bigramCount: Int { bigrams.values.reduce(0) { $0 + $1.count } }
    private var trigramCount: Int { trigrams.values.reduce(0) { $0 + $1.count } }

    /// The widths of the packed tables of the model as it is (pruning only narrows them).
    private var levelWidths: (bigrams: NGramFormat.Widths, trigrams: NGramFormat.Widths) {
        (
            .bigrams(wordCount: wordCount, maxKey: maxContextWord, entries: bigramCount),
            .trigrams(wordCount: wordCount, bigrams: bigramCount, entries: trigramCount)
        )
    }

    /// The bits an entry and a context take at each level, at these widths.
    private static func bits(_ widths: NGramFormat.Widths) -> (entry: Int, context: Int) {
        (widths.entry, widths.key + widths.first + 8)
    }

    /// An n-gram that pruning may remove, and the likelihood it would lose.
    private struct Prunable: Comparable {
        let loss: Double
        let isBigram: Bool
        let history: Int
        let word: Int

        static func < (a: Prunable, b: Prunable) -> Bool {
            (a.loss, a.isBigram ? 1 : 0, a.history, a.word) < (b.loss, b.isBigram ? 1 : 0, b.history, b.word)
        }
    }

    /// Removes n-grams, those whose removal loses the least likelihood first (their count times
    /// how much their log-probability exceeds the back-off's), until the model takes at most
    /// `budget` bytes, then sets the back-off weights again. A bigram that starts a trigram stays
    /// while the trigram does. Returns how many n-grams went.
    @discardableResult
    mutating func prune(toBytes budget: Int) -> Int {
        let size = encodedSize
        guard size > budget else { return 0 }
        // Entries left by history: bigram histories as they are, trigram histories as -1 - key.
        var left = bigrams.mapValues(\.count)
        for (key, entries) in trigrams { left[-1 - key] = entries.count }
        var children = trigrams.mapValues(\.count)
        var removed: [Bool: [Int: Set<Int>]] = [:]  // by level (bigram or not), history, word
        // Sizes in bits at today's widths, which only narrow, less what the eight tables' padding
        // (at most 3 bytes each) may add: the pruned model fits.
        let widths = levelWidths
        let bigramBits = Self.bits(widths.bigrams), trigramBits = Self.bits(widths.trigrams)
        var sizeInBits = 8 * size
        for candidate in prunables().sorted() where sizeInBits > 8 * (budget - 8 * 3) {
            let history = candidate.isBigram ? candidate.history : -1 - candidate.history
            if candidate.isBigram, children[Self.pairKey(candidate.history, candidate.word), default: 0] > 0 { continue }
            removed[candidate.isBigram, default: [:]][candidate.history, default: []].insert(candidate.word)
            let bits = candidate.isBigram ? bigramBits : trigramBits
            sizeInBits -= bits.entry
            left[history, default: 1] -= 1
            if left[history] == 0 { sizeInBits -= bits.context }
            if !candidate.isBigram { children[candidate.history, default: 1] -= 1 }
        }
        bigrams = Self.without(removed[true] ?? [:], bigrams)
        trigrams = Self.without(removed[false] ?? [:], trigrams)
        computeBackoffs()
        return (removed[true]?.values.reduce(0) { $0 + $1.count } ?? 0) + (removed[false]?.values.reduce(0) { $0 + $1.count } ?? 0)
    }

    private func prunables() -> [Prunable] {
        var result: [Prunable] = []
        for (key, entries) in trigrams {
            let (_, second) = Self.pair(key)
            let backoff = trigramBackoffs[key] ?? 0
            for e in entries {
                let lost = e.logProbability - backoff - bigramLevel(e.word, after: second)
                result.append(Prunable(loss: e.count * Double(lost), isBigram: false, history: key, word: e.word))
            }
        }
        for (history, entries) in bigrams {
            let backoff = bigramBackoffs[history] ?? 0
            for e in entries {
                let lost = e.logProbability - backoff - unigram(e.word)
                result.append(Prunable(loss: e.count * Double(lost), isBigram: true, history: history, word: e.word))
            }
        }
        return result
    }

    /// `table` without the words `removed` gives for each history; histories left empty go.
    private static func without(_ removed: [Int: Set<Int>], _ table: [Int: [Entry]]) -> [Int: [Entry]] {
        var result: [Int: [Entry]] = [:]
        for (history, entries) in table {
            let gone = removed[history] ?? []
            let kept = gone.isEmpty ? entries : entries.filter { !gone.contains($0.word) }
            if !kept.isEmpty { result[history] = kept }
        }
        return result
    }
}
