import Foundation
import KeylexRuntime

/// The range of positive counts that the 8-bit log-scale frequency classes spread over.
struct FrequencyScale {
    private var low: UInt64 = .max
    private var high: UInt64 = 0

    mutating func add(_ count: UInt64) {
        guard count > 0 else { return }
        low = min(low, count)
        high = max(high, count)
    }

    /// Class 255 for the largest count, 1 for the smallest positive count (and for 0), logarithmic
    /// between: `1 + round(254 · ln(c / min) / ln(max / min))`. The mapping never decreases, so words
    /// whose counts fall in different classes keep their order. Words with never-suggested flags get 0.
    func frequencyClass(of count: UInt64, flags: DictionaryFormat.WordFlags) -> UInt8 {
        if !flags.isDisjoint(with: .neverSuggested) { return DictionaryFormat.neverSuggestedClass }
        if count == 0 { return 1 }
        let low = Double(high == 0 ? 1 : low), span = log(Double(max(high, 1)) / low)
        if span == 0 { return 255 }
        return UInt8(1 + (254 * log(Double(count) / low) / span).rounded())
    }
}

/// Turns word counts into the frequency classes a dictionary stores, and builds the maxima tree
/// (`TOPK`) over them.
enum FrequencyClasses {
    /// The second pass of compiling over `words`, when the sources gave counts: each word's class
    /// on `scale`.
    static func classes(of words: SortedWords, scale: FrequencyScale) -> [UInt8] {
        var classes: [UInt8] = []
        classes.reserveCapacity(words.count)
        words.forEachWord { _, count, flags in classes.append(scale.frequencyClass(of: count, flags: flags)) }
        return classes
    }

    /// The levels of the maxima tree above `classes`, bottom up, concatenated.
    static func topKTree(_ classes: [UInt8], fanout: Int = DictionaryFormat.topKFanout) -> [UInt8] {
        var tree: [UInt8] = []
        var level = classes
        while level.count > 1 {
            let upper = stride(from: 0, to: level.count, by: fanout).map { start in
                level[start..<min(start + fanout, level.count)].max()!
            }
            tree += upper
            level = upper
        }
        return tree
    }
}
