/// Learning from what the user types: the words the dictionary lacks and what follows them (the
/// n-gram model knows nothing of either), kept in the user's dictionary so that they are offered
/// (a name typed often is completed, and what the user writes after it predicted).
extension SuggestionEngine {
    /// Learns from `textBeforeCursor` right after the user finished a word (typed a space or
    /// punctuation after it). A word the dictionary lacks is learned once it has been finished
    /// ``UserDictionary/sightingsToLearn`` times (``UserDictionary/sight(_:)``: a slip seldom
    /// repeats), and once more each time after, so that it ranks higher the more it is used
    /// (``UserDictionary/learnWord(_:)``). The pair a word makes with such a learned word before
    /// it in its sentence is learned too: the n-gram model has no context there. Words the user
    /// ignores are not learned, nor anything without a user dictionary, while the last word is
    /// still being typed, or across a number. Returns whether anything was learned.
    @discardableResult
    public func learnFinishedWord(in textBeforeCursor: String) throws(KeylexError) -> Bool {
        guard let user = userDictionary else { return false }
        var text = Substring(textBeforeCursor)
        while let last = text.last, !CurrentWord.isLetter(last), !last.isNumber { text = text.dropLast(1) }
        guard text.endIndex < textBeforeCursor.endIndex, let (words, _) = TextSegmentation.lastWords(of: text),
              let word = words.last.map(String.init), !user.hasIgnoredWord(word) else { return false }
        let learnsWord = number(ofContextWord: Substring(word)) == nil && (user.hasLearnedWord(word) || user.sight(word))
        if learnsWord { try user.learnWord(word) }
        guard words.count == 2, number(ofContextWord: words[0]) == nil, user.hasLearnedWord(String(words[0])) else { return learnsWord }
        try user.learnPair(String(words[0]), word)
        return true
    }
}
