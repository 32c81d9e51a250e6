import Foundation
import KeylexRuntime

/// Turns word counts into the 8-bit log-scale frequency classes a dictionary stores, and builds the
/// maxima tree (`TOPK`) over them.
enum FrequencyClasses {
    /// Class 255 for the largest count, 1 for the smallest positive count (and for 0), logarithmic
    /// between: `1 + round(254 · ln(c / min) / ln(max / min))`. The mapping never decreases, so words
    /// whose counts fall in different classes keep their order. Words with never-suggested flags get 0.
    static func classes(counts: [UInt64], flags: [DictionaryFormat.WordFlags]) -> [UInt8] {
        let positive = counts.filter { $0 > 0 }
        let low = Double(positive.min() ?? 1)
        let high = Double(positive.max() ?? 1)
        let span = log(high / low)
        return zip(counts, flags).map { count, flags in
            if !flags.isDisjoint(with: .neverSuggested) { return DictionaryFormat.neverSuggestedClass }
            if count == 0 { return 1 }
            if span == 0 { return 255 }
            return UInt8(1 + (254 * log(Double(count) / low) / span).rounded())
        }
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
