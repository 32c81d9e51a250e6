/// Suggestions for a user who types in two or three languages (an app's active languages): one
/// ``SuggestionEngine`` per bundle, all on one user dictionary.
///
/// - The language of the sentence being typed is decided, at each keystroke, from its words so
///   far (``language(of:)``): the one whose dictionary knows them best. Its engine gives the
///   suggestions (corrections, completions, next words); the others fill the slots it leaves for
///   a word being typed that they have words starting with.
/// - A word any of the languages knows is never autocorrected nor flagged unknown: a typed word
///   that only another language knows takes that language's suggestions, so a German word in an
///   English sentence stays as typed.
/// - The user's words are learned once, in the shared user dictionary, and only words none of the
///   languages knows (``learnFinishedWord(in:)``).
///
/// Each bundle stays memory-mapped on its own: a second language costs the pages its queries touch.
public struct MultilingualSuggestionEngine: Sendable {
    /// The engines, one per language, the first the language assumed when nothing says otherwise.
    public let engines: [SuggestionEngine]
    /// The most languages at once.
    public static let maxLanguages = 3
    /// How many words before the cursor decide the language.
    public static let wordsLooked = 8

    /// An engine over `engines` (the first ``maxLanguages``), or `nil` when there is none. They
    /// should share one user dictionary, as ``init(contentsOf:userDictionary:)`` makes them.
    public init?(engines: [SuggestionEngine]) {
        guard !engines.isEmpty else { return nil }
        self.engines = Array(engines.prefix(Self.maxLanguages))
    }

    /// An engine over the bundles at `paths` (see ``SuggestionEngine/init(contentsOf:userDictionary:)``),
    /// all with `userDictionary`.
    public init(contentsOf paths: [String], userDictionary: UserDictionary? = nil) throws(KeylexError) {
        var engines: [SuggestionEngine] = []
        for path in paths.prefix(Self.maxLanguages) {
            engines.append(try SuggestionEngine(contentsOf: path, userDictionary: userDictionary))
        }
        guard !engines.isEmpty else { throw .malformed("no bundle") }
        self.engines = engines
    }

    /// The index in ``engines`` of the language of the sentence being typed: the one whose
    /// dictionary knows the sentence's finished words best (each known word counts 1 and up to 1
    /// more by its frequency class); at a sentence's start, the previous sentence's words decide.
    /// The first language when no word says (ties included).
    public func language(of textBeforeCursor: String) -> Int {
        let words = Self.decidingWords(of: textBeforeCursor)
        guard engines.count > 1, !words.isEmpty else { return 0 }
        var best = 0, bestScore: Float = 0
        for (index, engine) in engines.enumerated() {
            let score = words.reduce(Float(0)) { $0 + engine.evidence(for: $1) }
            if score > bestScore { (best, bestScore) = (index, score) }
        }
        return best
    }

    /// The suggestions for the text before the cursor, at most `count`, best first (see
    /// ``SuggestionEngine/suggestions(for:count:)``), from the sentence's language, filled up by the
    /// others'. A typed word that the sentence's language does not know but another does takes that
    /// one's suggestions, which keep it as typed (a known word is never corrected away).
    public func suggestions(for textBeforeCursor: String, count: Int = 3) -> [Suggestion] {
        guard count > 0 else { return [] }
        var language = language(of: textBeforeCursor)
        let current = CurrentWord(in: textBeforeCursor).map { String($0.text) }
        let knowing =
            current.map { word in
                engines.indices.filter { engines[$0].isKnown(word, after: nil, user: engines[$0].userDictionary?.snapshot) }
            } ?? []
        if !knowing.isEmpty && !knowing.contains(language) { language = knowing[0] }
        var result = engines[language].suggestions(for: textBeforeCursor, count: count)
        // Another language's words fill the slots of a word being typed that it has words starting
        // with (its search costs a query; a word no language starts is left to the sentence's);
        // next words after a space come from the sentence's language alone (another's "the" after
        // German text is noise).
        for (index, engine) in engines.enumerated()
        where index != language && result.count < count
            && current.map({ engine.startsWords($0) }) == true
        {
            for suggestion in engine.suggestions(for: textBeforeCursor, count: count)
            where !suggestion.isAutocorrect && !suggestion.isUnknown && !result.contains(where: { $0.text == suggestion.text }) {
                result.append(suggestion)
            }
        }
        return Array(result.prefix(count))
    }

    /// Learns from what the user typed, as ``SuggestionEngine/learnFinishedWord(in:)`` does, once:
    /// a finished word that one of the languages knows is no new word.
    @discardableResult
    public func learnFinishedWord(in textBeforeCursor: String) throws(KeylexError) -> Bool {
        guard let finished = TextSegmentation.lastWords(of: Substring(textBeforeCursor))?.words.last.map(String.init) else { return false }
        if engines.dropFirst().contains(where: { $0.isKnown(finished, after: nil, user: nil) }) { return false }
        return try engines[0].learnFinishedWord(in: textBeforeCursor)
    }

    /// The finished words that decide the language: those of the sentence being typed (the word
    /// under the cursor left out), or, at a sentence's start, of the sentence before; at most
    /// ``wordsLooked``, letters only, trimmed of punctuation, from the last
    /// ``SuggestionEngine/maxContextBytes`` of the text.
    static func decidingWords(of text: String) -> [Substring] {
        // The end of the text only, as the engines read it: a keystroke costs the same after a
        // pasted megabyte.
        var tokens = TextSegmentation.tokens(of: TypingContext.readable(text) ?? "")
        if let last = text.last, !TextSegmentation.isSpace(last), !tokens.isEmpty { tokens.removeLast() }  // being typed
        var words: [Substring] = []
        for token in tokens.reversed() {
            let endsSentence = token.reversed().first { !"\"'”“’‘»«)]}".contains($0) }.map { ".!?…".contains($0) } ?? false
            if endsSentence && !words.isEmpty { break }
            let word = token.drop { !CurrentWord.isLetter($0) }.reversed().drop { !CurrentWord.isLetter($0) }.reversed()
            if !word.isEmpty { words.append(Substring(String(word))) }
            if words.count == wordsLooked { break }
        }
        return words
    }
}

extension SuggestionEngine {
    /// Whether some word of the dictionary starts with `prefix`, as typed or in lower case.
    func startsWords(_ prefix: String) -> Bool {
        !dictionary.prefixRange(prefix).isEmpty || !dictionary.prefixRange(prefix.lowercased()).isEmpty
    }

    /// How much `word` says the text is in this engine's language: 0 when its dictionary does not
    /// know it, else 1 and up to 1 more by its frequency class.
    func evidence(for word: Substring) -> Float {
        let best = spellings(of: String(word)).compactMap { dictionary.frequencyClass(of: $0) }.max()
        return best.map { 1 + Float($0) / 255 } ?? 0
    }
}
