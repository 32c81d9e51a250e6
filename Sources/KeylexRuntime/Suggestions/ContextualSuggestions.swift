/// The words before the one being typed or predicted, and what they say of it: the n-gram model's
/// context and the words the user learned after the last of them.
struct WordsBefore {
    /// One or two words within their sentence, the last last; none at a sentence's start or
    /// right after a number.
    let words: [Substring]
    /// What comes right before `words`, when it is a sentence's start or a number.
    let after: TextSegmentation.Boundary?
    /// The model's context, when the bundle has a model.
    var model: NGramModel.Context?
    /// The words the user learned after the last word (see ``UserDictionary/learnPair(_:_:)``),
    /// most often learned first, ignored words left out.
    var learned: [String] = []
    /// The words of the text before that start like the word being typed.
    var recent = RecentWords()

    /// Whether the word to predict or being typed starts a sentence.
    var startsSentence: Bool { words.isEmpty && after == .sentence }
}

/// What the n-gram model and the user's learned pairs add to suggestions: the next word after a
/// space or a sentence's end, and ranking by the words before.
extension SuggestionEngine {
    /// What comes before a word that follows `text` (the word excluded), or `nil` when the
    /// context is broken (a URL, `abc123`). Unknown words give the model no context: it backs off
    /// to unigrams.
    func wordsBefore(_ text: Substring, user: UserWords?) -> WordsBefore? {
        guard let (words, after) = TextSegmentation.lastWords(of: text) else { return nil }
        var before = WordsBefore(words: words, after: after, model: modelContext(words, after: after))
        if let user, let last = words.last { before.learned = user.wordsLearned(after: last).filter { !user.ignored.contains($0) } }
        return before
    }

    /// The model's context of `words` (one or two, the last last; none at a sentence's start or
    /// after a number), after `after`.
    private func modelContext(_ words: [Substring], after: TextSegmentation.Boundary?) -> NGramModel.Context? {
        guard let model else { return nil }
        let numbers = words.map(number(ofContextWord:))
        let start = after.map { $0 == .number ? model.numberStart : model.sentenceStart }
        switch numbers.count {
        case 0: return model.context(previous: nil, last: start)
        case 1: return model.context(previous: start, last: numbers[0])
        default: return model.context(previous: numbers[0], last: numbers[1])
        }
    }

    /// The dictionary's number of a word of the context, as written or in lower case (a capital
    /// at a sentence's start), as the model's text was counted. A word that is no word but stands
    /// for one the model knows counts as that one: a contraction typed without its apostrophe
    /// (`dont`, `youre`: `I dont kn` → `know`, as after `don't`), a word the dictionary replaces
    /// on space (a whitelist shortcut of a "not a word" entry), or a Russian word with е for its ё
    /// (`еще` for `ещё`).
    func number(ofContextWord word: Substring) -> Int? {
        let word = String(word)
        let lower = letterCase.lowercased(word)
        if let number = dictionary.number(of: word) ?? dictionary.number(of: lower),
            !dictionary.flags(at: number).contains(.notAWord)
        {
            return number
        }
        if let replacement = shortcuts(of: word, user: nil).replacement, let number = dictionary.number(of: replacement) { return number }
        if let written = yoSpellings(of: lower).first, let number = dictionary.number(of: written) { return number }
        return number(ofContraction: lower) ?? dictionary.number(of: word) ?? dictionary.number(of: lower)
    }

    /// The number of the contraction `word` is without its apostrophe, one or two letters from its
    /// end (`don't`, `you're`), if the dictionary has it.
    private func number(ofContraction word: String) -> Int? {
        for split in [1, 2] where word.count > split {
            let index = word.index(word.endIndex, offsetBy: -split)
            if let number = dictionary.number(of: word[..<index] + "'" + word[index...]) { return number }
        }
        return nil
    }

    /// What a learned pair adds to a candidate's score: more than any class, so that the user's
    /// pairs come before the model's words.
    static let learnedPairBonus: Float = 255

    /// How much of the difference between a candidate's class in context and its own class ranking
    /// takes when the typed word is unknown (see ``rankInContext(_:_:typedIsKnown:)``): its letters are
    /// the stronger evidence, and a model of some text a weaker one for every other. On the
    /// misspellings benchmark, each word typed after "the", the whole difference gave top-1 87.65%,
    /// half of it 90.85%; the keystroke savings on held-out text were the same.
    static let misspellingContextWeight: Float = 0.5

    /// Ranks `candidates` by the model's context: each candidate's frequency class is replaced by
    /// the class its probability there is worth (``NGramModel/frequencyClass(equivalentTo:)``), or,
    /// for the candidates of an unknown typed word, moved ``misspellingContextWeight`` of the way
    /// there. A known typed word's other candidates have no evidence but the context.
    func rankInContext(_ candidates: inout CandidateList, _ before: WordsBefore, typedIsKnown: Bool) {
        rankInContext(&candidates, before, weight: Self.contextWeight(typedIsKnown: typedIsKnown))
    }

    /// How far context moves a candidate: all the way for a known typed word's candidates,
    /// ``misspellingContextWeight`` for an unknown one's.
    static func contextWeight(typedIsKnown: Bool) -> Float { typedIsKnown ? 1 : misspellingContextWeight }

    /// Ranks `candidates` by the model's context, moving each one's class `weight` of the way to
    /// the class of its probability there.
    func rankInContext(_ candidates: inout CandidateList, _ before: WordsBefore, weight: Float) {
        guard let model, let context = before.model else { return }
        candidates.rankInContext { candidate in
            guard candidate.number >= 0 else { return 0 }
            let probability = withRecentUse(
                model.logProbability(of: candidate.number, frequencyClass: candidate.frequencyClass, in: context),
                of: candidate.number, before)
            return model.classShift(probability, from: candidate.frequencyClass, weight: weight)
        }
    }

    /// The dictionary's numbers of the words learned after the last word, with their rank.
    private func learnedNumbers(_ before: WordsBefore) -> [Int: Int] {
        var result: [Int: Int] = [:]
        for (rank, word) in before.learned.enumerated() {
            if let number = dictionary.number(of: word), result[number] == nil { result[number] = rank }
        }
        return result
    }

    /// Adds to `candidates` the words of `range` (the completions of a typed prefix) that follow
    /// the words before, at `cost`: the words learned after the last word, with
    /// ``learnedPairBonus`` less their rank (so that no other candidate displaces them), and the
    /// words the model's context predicts, which may not be among the prefix's most frequent, each
    /// ranked by its probability there from the start (a word the list would otherwise drop for
    /// more frequent ones: `mich` after "kennst du m"). At most ``maxContextCompletions`` from each
    /// level of the model. The range's first word is the typed one, not a completion, only when
    /// `prefixIsWord`.
    func addContextCompletions(
        in range: Range<Int>, cost: Float, prefixIsWord: Bool, _ before: WordsBefore, into candidates: inout CandidateList
    ) {
        func completion(_ number: Int, _ frequencyClass: UInt8) -> Candidate {
            Candidate(number: number, frequencyClass: frequencyClass, cost: cost, isCompletion: number != range.lowerBound || !prefixIsWord)
        }
        let learned = learnedNumbers(before)
        for (number, rank) in learned.sorted(by: { $0.key < $1.key }) where range.contains(number) {
            var candidate = completion(number, dictionary.frequencyClass(at: number))
            candidate.contextBonus = Self.learnedPairBonus - Float(rank)
            candidate.score += candidate.contextBonus
            candidates.add(candidate)
        }
        guard let model, let context = before.model else { return }
        for (number, _) in before.recent.counts where range.contains(number) {
            let frequencyClass = dictionary.frequencyClass(at: number)
            guard frequencyClass != DictionaryFormat.neverSuggestedClass, !dictionary.flags(at: number).contains(.notAWord) else {
                continue
            }
            var candidate = completion(number, frequencyClass)
            let probability = withRecentUse(
                model.logProbability(of: number, frequencyClass: frequencyClass, in: context), of: number, before)
            candidate.addEntryBonus(towards: model.frequencyClass(equivalentTo: probability))
            candidates.add(candidate)
        }
        for (level, index, backoff) in [(model.trigrams, context.pair, Float(0)), (model.bigrams, context.last, context.pairBackoff)] {
            guard let index else { continue }
            let entries = level.entries(ofContext: index)
            let first = level.firstEntry(atLeast: range.lowerBound, in: entries)
            level.forEachEntry(in: first..<min(entries.upperBound, first + Self.maxContextCompletions)) { _, number, code in
                guard number < range.upperBound else { return false }
                let frequencyClass = dictionary.frequencyClass(at: number)
                if frequencyClass != DictionaryFormat.neverSuggestedClass, learned[number] == nil {  // a learned pair's bonus stays
                    var candidate = completion(number, frequencyClass)
                    candidate.addEntryBonus(towards: model.frequencyClass(equivalentTo: backoff + model.probability(code)))
                    candidates.add(candidate)
                }
                return true
            }
        }
    }

    /// The most entries of one context that one prefix reads (they are in alphabetical order, so
    /// the likeliest may come late: `My` after 160 other sentence starts with `m` in the English
    /// fortunes, read when this was 64). Enough for a letter after the commonest contexts.
    static let maxContextCompletions = 1024

    /// How much likelier in context (base 10 logarithm: ten times) a word must be than the known
    /// word typed to be offered in its place.
    static let contextCorrectionLead: Float = 1
    /// The shortest typed word for which words that fit the context better are looked for.
    static let contextCorrectionLength = 2
    /// The dearest context correction of a typed word of up to ``shortContextWordLength`` letters:
    /// one slip (`he` is not offered `do` for being likelier after "I will").
    static let shortWordContextCost: Float = 1
    /// The longest typed word whose context corrections cost at most ``shortWordContextCost``.
    static let shortContextWordLength = 3
    /// The most entries of the context that are spelled out and compared with the typed word.
    static let maxContextCorrections = 64

    /// Adds the real-word corrections of `typed`, a known word: the words within
    /// ``EditCosts/maxCost`` of it (``shortWordContextCost`` for a short word) that start with its
    /// letter and that the model's context makes ``contextCorrectionLead`` likelier ("a peace" →
    /// "piece"). A word of ``shortWordLength`` letters or fewer has few neighbours, and its first
    /// letter is as often the slip as any other: its corrections may start with any letter (`he`
    /// after "I will" is offered `be`). The context, not the spelling,
    /// puts them forward: their edits do not lower their rank (their ``Candidate/contextBonus``
    /// makes up for them), but still count against them for autocorrection, so a known word is
    /// never replaced on their account.
    func addContextCorrections(
        _ typed: UnsafeBufferPointer<UInt32>, of word: String, _ before: WordsBefore,
        into candidates: inout CandidateList
    ) {
        guard let model, let context = before.model, typed.count >= Self.contextCorrectionLength,
            let number = number(ofContextWord: Substring(word))
        else { return }
        let least =
            model.logProbability(of: number, frequencyClass: dictionary.frequencyClass(at: number), in: context)
            + Self.contextCorrectionLead
        let letter =
            typed.count <= Self.shortWordLength
            ? 0..<dictionary.wordCount : dictionary.prefixRange(ofCodes: UnsafeBufferPointer(rebasing: typed[..<1]))
        var spelled = 0
        search.withEditCosts(to: typed, costs: searchCosts, geometry: geometry) { editCost in
            for (level, index, backoff) in [(model.trigrams, context.pair, Float(0)), (model.bigrams, context.last, context.pairBackoff)] {
                guard let index else { continue }
                let entries = level.entries(ofContext: index)
                level.forEachEntry(in: level.firstEntry(atLeast: letter.lowerBound, in: entries)..<entries.upperBound) { _, other, code in
                    guard other < letter.upperBound, spelled < Self.maxContextCorrections else { return false }
                    if other != number, backoff + model.probability(code) >= least {
                        spelled += 1
                        addCorrection(other, of: typed, editCost: editCost, into: &candidates)
                    }
                    return true
                }
            }
        }
    }

    /// Adds word `number` when it is within ``EditCosts/maxCost`` of `typed`, its edits made up for.
    private func addCorrection(
        _ number: Int, of typed: UnsafeBufferPointer<UInt32>, editCost: (UnsafeBufferPointer<UInt32>) -> Float,
        into candidates: inout CandidateList
    ) {
        let frequencyClass = dictionary.frequencyClass(at: number)
        guard frequencyClass != DictionaryFormat.neverSuggestedClass, !dictionary.flags(at: number).contains(.notAWord),
            let word = dictionary.word(at: number)
        else { return }
        let codes = word.unicodeScalars.map(dictionary.comparisonCode(ofTyped:))
        guard codes.count == typed.count else { return }  // a longer word may be the typed one's completion
        let cost = codes.withUnsafeBufferPointer(editCost)
        guard cost <= searchCosts.maxCost, typed.count > Self.shortContextWordLength || cost <= Self.shortWordContextCost else { return }
        var candidate = Candidate(number: number, frequencyClass: frequencyClass, cost: cost, isCompletion: false)
        candidate.contextBonus = Float(frequencyClass) - candidate.score
        candidate.score = Float(frequencyClass)
        candidates.add(candidate)
    }

    /// The next words after `text`, which ends with a space or a sentence's end, or is empty (at
    /// most `count`, capitalised at a sentence's start): the words the user learned after the last
    /// word, then the model's likeliest words in that context (after a number, the words that follow
    /// numbers; after something else that is not a word, such as a URL, the likeliest words of all).
    /// A word is offered once whatever its case (`God` and `god` after "thank": the likelier).
    /// Empty without either.
    func predictions(after text: Substring, count: Int, user: UserWords?) -> [Suggestion] {
        guard text.last.map({ TextSegmentation.isSpace($0) || TextSegmentation.sentenceEnds.contains($0) }) ?? true else { return [] }
        let before = wordsBefore(text, user: user)
        var words = before?.learned ?? []
        if model != nil {
            let ignored = user?.ignored ?? []
            var seen = Set(words.map { $0.lowercased() })
            for word in modelPredictions(before?.model ?? NGramModel.Context(), count: count + words.count + Self.caseVariants)
            where !ignored.contains(word) && seen.insert(word.lowercased()).inserted {
                words.append(word)
            }
        }
        let capitalise = before?.startsSentence == true
        return words.prefix(count).map { Suggestion(text: capitalise ? capitalised($0) : $0, typed: "") }
    }

    /// How many more predictions are asked of the model than shown: room for words it has in two
    /// cases.
    static let caseVariants = 2

    /// The model's `count` likeliest words in `context`, best first, by the model interpolated
    /// (``NGramModel/forEachInterpolated(in:unigram:_:)``).
    private func modelPredictions(_ context: NGramModel.Context, count: Int) -> [String] {
        guard let model, count > 0 else { return [] }
        return withUnsafeTemporaryAllocation(of: Candidate.self, capacity: count) { buffer in
            var best = CandidateList(buffer)
            func consider(_ number: Int, _ probability: Float) {
                let frequencyClass = dictionary.frequencyClass(at: number)
                guard frequencyClass != DictionaryFormat.neverSuggestedClass, !dictionary.flags(at: number).contains(.notAWord) else {
                    return
                }
                var candidate = Candidate(number: number, frequencyClass: frequencyClass, cost: 0, isCompletion: true)
                candidate.score = probability
                best.add(candidate)
            }
            let unlisted = model.forEachInterpolated(in: context, unigram: { model.unigram(dictionary.frequencyClass(at: $0)) }) {
                consider($0, $1)
                return best.entryScore
            }
            func considerUnigram(_ number: Int, _ frequencyClass: UInt8) {
                // A word the context lists was considered above; one it does not has the shares left and its unigram's.
                let probability = unlisted + model.unigram(frequencyClass)
                if probability > best.entryScore, !model.lists(number, in: context) { consider(number, probability) }
            }
            if count <= mostFrequent.count {
                for word in mostFrequent.prefix(count) { considerUnigram(word.number, word.frequencyClass) }
            } else {
                dictionary.forEachCompletion(of: "", count: count) { _, number, frequencyClass in considerUnigram(number, frequencyClass) }
            }
            return best.all.compactMap { dictionary.word(at: $0.number) }
        }
    }

    /// `word` with a capital first letter, unless it has capitals of its own.
    func capitalised(_ word: String) -> String {
        guard !word.unicodeScalars.contains(where: { $0.properties.isUppercase }), let head = word.first else { return word }
        return letterCase.uppercased(String(head)) + word.dropFirst()
    }
}
