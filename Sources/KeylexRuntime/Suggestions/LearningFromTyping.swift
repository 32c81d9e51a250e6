/// Learning from what the user types: the words the dictionary lacks and what follows them (the
/// n-gram model knows nothing of either), kept in the user's dictionary so that they are offered
/// (a name typed often is completed, and what the user writes after it predicted).
extension SuggestionEngine {
    /// Learns from `textBeforeCursor` right after the user finished a word (typed a space or
    /// punctuation after it). A word the dictionary lacks is learned once it has been finished
    /// ``UserDictionary/sightingsToLearn`` times (``UserDictionary/sight(_:)``: a slip seldom
    /// repeats), and once more each time after, so that it ranks higher the more it is used
    /// (``UserDictionary/learnWord(_:)``). The pair a word makes with the word before it in its
    /// sentence is learned too when either is such a learned word: the n-gram model has no context
    /// after one and never predicts one. Words the user ignores are not learned, nor anything
    /// without a user dictionary, while the last word is still being typed, or across a number.
    /// Returns whether anything was learned.
    @discardableResult
    public func learnFinishedWord(in textBeforeCursor: String) throws(KeylexError) -> Bool {
        guard let user = userDictionary else { return false }
        var text = Substring(textBeforeCursor)
        while let last = text.last, !CurrentWord.isLetter(last), !last.isNumber { text = text.dropLast(1) }
        guard text.endIndex < textBeforeCursor.endIndex, let (found, _) = TextSegmentation.lastWords(of: text), let run = found.last
        else { return false }
        // A run of Thai or Khmer letters holds words of its own: its last one is the word finished.
        let pieces = UnspacedWords.lastPieces(of: run, in: dictionary)
        let words = pieces.last!.startIndex == run.startIndex ? found : pieces
        guard let word = words.last.map(String.init), !user.hasIgnoredWord(word) else { return false }
        let learnsWord = number(ofContextWord: Substring(word)) == nil && (user.hasLearnedWord(word) || user.sight(word))
        if learnsWord { try user.learnWord(word) }
        // The model has no context after a word it lacks, and never predicts one.
        let lacked = { (word: Substring) in self.number(ofContextWord: word) == nil && user.hasLearnedWord(String(word)) }
        guard words.count == 2, lacked(words[0]) || lacked(words[1]) else { return learnsWord }
        try user.learnPair(String(words[0]), word)
        return true
    }
}
