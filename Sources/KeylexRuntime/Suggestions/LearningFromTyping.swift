/// Learning from what the user types: the words the dictionary lacks and the pairs the n-gram model
/// cannot predict, kept in the user's dictionary so that the next time they are offered (a name
/// typed once is completed the next time, and predicted after the word it followed).
extension SuggestionEngine {
    /// Learns from `textBeforeCursor` right after the user finished a word (typed a space or
    /// punctuation after it): the word, when the dictionary lacks it (once more each time: see
    /// ``UserDictionary/learnWord(_:)``), and the pair it makes with the word before it in its
    /// sentence, when either of the two is a word the dictionary lacks (the model knows nothing of
    /// it). Words the user ignores are not learned, nor anything without a user dictionary or while
    /// the last word is still being typed. Returns whether anything was learned.
    @discardableResult
    public func learnFinishedWord(in textBeforeCursor: String) throws(KeylexError) -> Bool {
        guard let user = userDictionary else { return false }
        var text = Substring(textBeforeCursor)
        while let last = text.last, !CurrentWord.isLetter(last), !last.isNumber { text = text.dropLast(1) }
        guard text.endIndex < textBeforeCursor.endIndex, let (words, _) = TextSegmentation.lastWords(of: text),
              let word = words.last.map(String.init), !user.hasIgnoredWord(word) else { return false }
        let isNew = !knows(word)
        if isNew { try user.learnWord(word) }
        guard words.count == 2, isNew || !knows(String(words[0])) else { return isNew }
        try user.learnPair(String(words[0]), word)
        return true
    }

    /// Whether the dictionary has `word`, as written or in lower case (a capital at a sentence's start).
    private func knows(_ word: String) -> Bool {
        dictionary.frequencyClass(of: word) != nil || dictionary.frequencyClass(of: word.lowercased()) != nil
    }
}
