import Foundation

/// The words that a dictionary's n-gram sources count and its word lists lack, to be added to it
/// (`keylex dict --ngram-words`): a model trained on a text then knows that text's words, as a
/// model trained on raw text does (presage's), and not only the n-grams of the listed ones.
struct NGramWords {
    /// A word to add: its spelling, and its count on the scale of the word lists' counts (`nil`
    /// when the lists give none).
    struct Word: Equatable {
        let word: String
        let count: UInt64?
    }

    /// One word of the counts in all its cases: how often it was counted, and its likeliest
    /// spelling so far with how often that was counted inside sentences.
    private struct Group {
        var total: UInt64 = 0
        var spelling = ""
        var inside: UInt64 = 0
        /// How often its lower-case spelling was counted.
        var lowerCase: UInt64 = 0

        /// Whether `word`, counted `inside` times inside sentences, is likelier than ``spelling``:
        /// counted more; of equals, in lower case; then first in the order of bytes.
        func prefers(_ word: String, inside: UInt64, key: String) -> Bool {
            let new = (inside, word == key ? 1 : 0), old = (self.inside, spelling == key ? 1 : 0)
            return spelling.isEmpty || new > old || (new == old && word.utf8.lexicographicallyPrecedes(spelling.utf8))
        }
    }

    /// The words of `counts` counted at least `minimumCount` times (all their cases together) that
    /// `table` lacks in every case, in the order of their bytes. Each is spelled as the text spells
    /// it most inside sentences (a capital after `<s>` says nothing: `Warum` is `warum`; a German
    /// noun keeps its capital); and the lower case of every counted word that the table lacks in
    /// lower case, when that alone is counted that often. Each is as frequent as the listed words
    /// that the counts hold about as often (see ``listCount(for:among:)``).
    static func words(of counts: NGramCounts, missingFrom table: WordTable, minimumCount: UInt64) -> [Word] {
        let groups = groups(of: counts)
        let (listed, listedInLowerCase) = listed(groups, in: table)
        let scale = listed.compactMap { key, count in count > 0 ? (text: groups[key]!.total, list: count) : nil }
        var counted: [UInt64: UInt64?] = [:]  // by text count: many words share one
        func word(_ spelling: String, counted textCount: UInt64) -> Word {
            guard table.hasCounts else { return Word(word: spelling, count: nil) }
            if counted[textCount] == nil { counted[textCount] = listCount(for: textCount, among: scale) }
            return Word(word: spelling, count: counted[textCount]!)
        }
        var words: [Word] = []
        for (key, group) in groups where key.contains(where: \.isLetter) {
            let isNew = listed[key] == nil && group.total >= minimumCount
            if isNew { words.append(word(group.spelling, counted: group.total)) }
            // The lower case too, when it alone is counted as often and is not listed so (`frage`
            // beside `Frage`, `tb` beside `TB`): the model looks a word up as written, else in
            // lower case, so only then are its n-grams kept.
            if (!isNew || group.spelling != key) && !listedInLowerCase.contains(key) && group.lowerCase >= minimumCount {
                words.append(word(key, counted: group.lowerCase))
            }
        }
        return words.sorted { $0.word.utf8.lexicographicallyPrecedes($1.word.utf8) }
    }

    /// Of `groups`, those `table` has in some case, with the largest count it gives them, and
    /// those it has in lower case.
    private static func listed(_ groups: [String: Group], in table: WordTable) -> ([String: UInt64], Set<String>) {
        var listed: [String: UInt64] = [:], inLowerCase = Set<String>()
        for entry in table.sorted {
            let key = entry.word.lowercased()
            guard groups[key] != nil else { continue }
            listed[key] = max(listed[key] ?? 0, entry.count)
            if entry.word == key { inLowerCase.insert(key) }
        }
        return (listed, inLowerCase)
    }

    /// The words of `counts` (its unigrams but the markers) by their lower case.
    private static func groups(of counts: NGramCounts) -> [String: Group] {
        let markers: Set<String> = [NGramCounts.sentenceStart, NGramCounts.numberStart, NGramCounts.unknownWord]
        var groups: [String: Group] = [:]
        for (word, count) in counts.unigrams where !markers.contains(word) {
            let inside = count - min(count, counts.counts[NGramCounts.sentenceStart + " " + word] ?? 0)
            let key = word.lowercased()
            var group = groups[key] ?? Group()
            group.total = group.total.addingReportingOverflow(count).overflow ? .max : group.total + count
            if group.prefers(word, inside: inside, key: key) { (group.spelling, group.inside) = (word, inside) }
            if word == key { group.lowerCase = count }
            groups[key] = group
        }
        return groups
    }

    /// The list count of a word the text counts `textCount` times: the median list count of the
    /// listed words (`scale`, as (text count, list count), in any order) that the text counts within a
    /// factor of 1.5 of it, or of the three it counts nearest when fewer are that near; `nil` with
    /// no listed word counted.
    static func listCount(for textCount: UInt64, among scale: [(text: UInt64, list: UInt64)]) -> UInt64? {
        guard !scale.isEmpty else { return nil }
        let low = Double(textCount) / 1.5, high = Double(textCount) * 1.5
        var near = scale.filter { Double($0.text) >= low && Double($0.text) <= high }.map(\.list)
        if near.count < 3 {
            let distance = { (text: UInt64) in abs(log(Double(text) / Double(textCount))) }
            near = scale.sorted { (distance($0.text), $0.list) < (distance($1.text), $1.list) }.prefix(3).map(\.list)
        }
        return near.sorted()[near.count / 2]
    }
}
