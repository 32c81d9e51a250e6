/// The known name a misspelt one most likely meant, for the "did you mean" of a diagnostic.
enum NameSuggestion {
    /// The one of `candidates` nearest to `word` ignoring case, when it is within two edits or a
    /// third of its length, whichever is more; else `nil`. Names longer than ``maxSpelledLength``
    /// are not compared: an edit distance costs the product of the lengths.
    static func closest(_ word: String, among candidates: [String]) -> String? {
        guard word.count <= maxSpelledLength else { return nil }
        let lowered = word.lowercased()
        let scored = candidates.filter { $0.count <= maxSpelledLength }.map { ($0, editDistance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, best.0.count / 3) else { return nil }
        return best.0
    }

    static let maxSpelledLength = 64

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
