#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The words of the text before the cursor that start like the word being typed, with how often
/// each occurs there: a cache model (Kuhn and De Mori, 1990). A word a text has used is likelier
/// to come again than a model of other text says (a name in a dialogue, what a message is about),
/// so a part of its share of the text is added to its probability in context (see
/// ``SuggestionEngine/withRecentUse(_:of:_:)``).
struct RecentWords {
    /// The dictionary's numbers of the words, each with how often it occurs, at most
    /// ``SuggestionEngine/maxRecentWords``.
    private(set) var counts: [(number: Int, count: Int)] = []
    /// How many tokens the text holds: the size of the cache.
    private(set) var total = 0

    /// None: a text with no word.
    init() {}

    /// The words of `text` (as the engine reads it, at most ``SuggestionEngine/maxContextBytes``)
    /// that start with `typed`'s first letter, looked up with `number`.
    init(text: Substring, typed: Substring, number: (Substring) -> Int?) {
        guard let letter = typed.first.map(Self.folded) else { return }
        for token in TextSegmentation.tokens(of: text) {
            total += 1
            // Only a token whose first letter is the typed word's is read further.
            guard let first = token.first(where: CurrentWord.isLetter), Self.folded(first) == letter,
                case .word(let word) = TextSegmentation.classify(token).token, let found = number(word)
            else { continue }
            if let i = counts.firstIndex(where: { $0.number == found }) {
                counts[i].count += 1
            } else if counts.count < SuggestionEngine.maxRecentWords {
                counts.append((found, 1))
            }
        }
    }

    /// The share of the text's tokens that are word `number` (0 when it does not occur).
    func share(of number: Int) -> Float {
        guard total > 0, let entry = counts.first(where: { $0.number == number }) else { return 0 }
        return Float(entry.count) / Float(total)
    }

    static func folded(_ character: Character) -> String { character.lowercased() }
}

/// The recent words of the last text asked about, kept for the next keystrokes: while a word is
/// typed, the text before it and the word's first letter stay the same, and so do its recent
/// words. One entry per engine (its copies share it), behind a lock.
final class RecentWordsCache: @unchecked Sendable {
    private let lock = Lock()
    private var text = ""
    private var letter = ""
    private var words = RecentWords()

    /// The recent words of `text` for a word starting like `typed` (see
    /// ``RecentWords/init(text:typed:number:)``): those of the last call when its text (byte for
    /// byte) and first letter were the same.
    func words(text: Substring, typed: Substring, number: (Substring) -> Int?) -> RecentWords {
        guard let first = typed.first.map(RecentWords.folded) else { return RecentWords() }
        let kept = lock.locked { self.letter == first && self.text.utf8.elementsEqual(text.utf8) ? words : nil }
        if let kept { return kept }
        let made = RecentWords(text: text, typed: typed, number: number)
        lock.locked { (self.text, letter, words) = (String(text), first, made) }
        return made
    }
}

extension SuggestionEngine {
    /// What part of a word's share of the text before the cursor (``RecentWords``) is added to
    /// its probability in context. With 0.01, typing held-out fortunes (each on its own) saved 0.5
    /// more points of keystrokes in English and 0.7 in German, and 0.1 in Russian; typing a stream
    /// of unrelated sentences, 0.5 fewer (their words are no cache of what follows). 0.03 and 0.1
    /// gained 0.1 more on the fortunes and lost 0.3 more on the stream.
    static let recentWordsWeight: Float = 0.01
    /// The most distinct words the cache gives one query.
    static let maxRecentWords = 32

    /// The log-probability (base 10) `probability` of word `number` with a part of its share of
    /// the text before the cursor added: a word the text uses ranks higher, none lower (the
    /// model's probabilities are not scaled down, so that autocorrection, which compares them with
    /// fixed margins, judges the other words as before).
    func withRecentUse(_ probability: Float, of number: Int, _ before: WordsBefore) -> Float {
        let share = before.recent.share(of: number)
        guard share > 0 else { return probability }
        return log10(pow(10, probability) + Self.recentWordsWeight * share)
    }
}
