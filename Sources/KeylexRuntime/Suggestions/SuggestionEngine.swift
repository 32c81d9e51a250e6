/// Suggestions for the text before the cursor, from a compiled bundle: what a keyboard asks on
/// every keystroke, in the shape of KeyboardKit's `AutocompleteProvider`.
///
/// For the word being typed (see ``CurrentWord``) it gathers completions (the best words by
/// frequency that start with it, case and accents ignored) and corrections (words within
/// ``EditCosts/maxEdits`` edits by a weighted Damerau–Levenshtein search on the automaton, where a
/// neighbouring key on the locale's layout costs less than a distant one), ranks them by
/// `frequency class − 48 × (cost + max(0, cost − 1))` (a completion adds 0.25 to its cost;
/// corrections of a word the dictionary knows add 1), and flags the typed word when it is unknown and the best correction
/// when it is safe to apply.
public struct SuggestionEngine: Sendable {
    public let dictionary: WordDictionary
    /// The user's learned and ignored words, if any.
    public let userDictionary: UserDictionary?
    /// What each kind of error costs.
    public var costs = EditCosts()
    /// The most arcs one correction search visits, so that no query runs long.
    public var budget = 40_000
    let geometry: KeyGeometry
    /// The searches over ``dictionary``.
    let search: WordSearch
    /// Lower and upper case in the dictionary's language.
    let letterCase: LetterCase
    /// Whether some entry of the dictionary has several words ("parce que").
    let hasPhrases: Bool
    /// Whether the dictionary's language leaves ё out at will (its
    /// ``DictionaryFormat/Options/optionalYo``, Russian): a word typed with е for its ё is that
    /// word (see ``yoSpellings(of:)``).
    let writesYoOptionally: Bool
    /// The dictionary's words by sound, when it has them.
    let phonetics: SoundAlikeSearch?
    /// The runs of letters the dictionary's words hold, when the bundle has them (and folding
    /// classes, which they are made of).
    let letterSequences: LetterSequences?
    /// The n-gram model of the bundle, when it has one (see ``NGramFormat``).
    let model: NGramModel?
    /// With a model, the dictionary's ``maxSuggestions`` most frequent words and their classes, best
    /// first: the unigram candidates of every prediction, found once.
    let mostFrequent: [(number: Int, frequencyClass: UInt8)]
    /// Whether the bundle has an n-gram model that opened: next words are predicted, and
    /// candidates rank by the words before.
    public var predictsNextWords: Bool { model != nil }
    /// The recent words of the last query's text, for the next keystrokes of the same word.
    let recentWordsCache = RecentWordsCache()
    /// The bundle's emoji and their keywords, when it has them: what an emoji keyboard's search
    /// box asks (``EmojiIndex/search(_:limit:skinTone:)``).
    public let emoji: EmojiIndex?
    /// Whether a word being typed that names an emoji (`pizza`) gets it as its last suggestion,
    /// flagged ``Suggestion/isEmoji``. Turn it off to keep every slot for words.
    public var offersEmoji = true
    /// The skin tone of the emoji offered, for those that have one (`👍🏽`); `nil`: none (`👍`).
    public var skinTone: SkinTone?

    /// An engine on `dictionary`, with key geometry from `layout` when given: distances between the
    /// keys of its lowercased layer, and which letters its keys and callouts type (a letter the
    /// layout cannot type is never taken for a typing error).
    public init(dictionary: WordDictionary, layout: KeyboardLayout? = nil, userDictionary: UserDictionary? = nil) {
        self.dictionary = dictionary
        self.userDictionary = userDictionary
        geometry = layout.map { KeyGeometry(layout: $0, dictionary: dictionary) } ?? .none
        search = WordSearch(dictionary)
        letterCase = LetterCase(dictionary: dictionary)
        hasPhrases = dictionary.code(ofTyped: " ") != nil
        phonetics = PhoneticIndex(container: dictionary.container, wordCount: dictionary.wordCount).map(SoundAlikeSearch.init)
        letterSequences = dictionary.foldClasses == nil ? nil : LetterSequences(container: dictionary.container)
        model = NGramModel(container: dictionary.container, wordCount: dictionary.wordCount)
        emoji = EmojiIndex(container: dictionary.container)
        var mostFrequent: [(number: Int, frequencyClass: UInt8)] = []
        if model != nil {
            dictionary.forEachCompletion(of: "", count: Self.maxSuggestions) { _, number, frequencyClass in
                mostFrequent.append((number, frequencyClass))
            }
        }
        self.mostFrequent = mostFrequent
        costs.spellsUmlauts = Self.spellsUmlauts(dictionary)
        writesYoOptionally = dictionary.options.contains(.optionalYo)
        autocorrectMargin = dictionary.attribute("autocorrect_margin").flatMap(Float.init) ?? Self.defaultAutocorrectMargin
    }

    /// An engine on the bundle at `path`: its dictionary, and its first locale's phone layout for
    /// key geometry when it has layouts.
    public init(contentsOf path: String, userDictionary: UserDictionary? = nil) throws(KeylexError) {
        let container = try Container(contentsOf: path)
        let dictionary = try WordDictionary(container: container)
        let layout = container.features.contains(.layouts) ? try LayoutBundle(container: container).layout(for: .phone) : nil
        self.init(dictionary: dictionary, layout: layout, userDictionary: userDictionary)
    }

    /// The thresholds of autocorrection: the most a correction may cost to be applied without
    /// asking, by the length of the typed word (short words have many close neighbours). Up to three
    /// letters, one slip of a finger: a neighbouring key, a letter left out, two swapped (`thx` is
    /// not `the`: x lies far from e). One letter: only its case or accents (`i` → `I`; after `ha`,
    /// where the model expects `I`, `e` is not `I`, though a vowel for another costs little).
    static func autocorrectLimit(length: Int) -> Float {
        length == 1 ? 0.5 : length <= 3 ? 0.75 : length <= 6 ? 1.5 : 2
    }

    /// How far a correction's score must beat the typed word's for it to replace an unknown word
    /// on space (Android's autocorrection threshold). A correction scores its frequency class
    /// (1–255) less 48 per edit (see ``EditCosts``); an unknown typed word scores 0. The default,
    /// ``defaultAutocorrectMargin``, was chosen on real misspellings and on rare but correct words
    /// (`docs/SUGGESTIONS.md`); raise it to correct less, lower it to correct more. A source attribute
    /// `autocorrect_margin` (see ``WordDictionary/attributes``) sets it for one locale.
    public var autocorrectMargin: Float
    /// What each letter short of seven adds to ``autocorrectMargin`` for a word that short.
    public var shortWordMargin: Float = 25

    /// How far the applied correction must outscore every other candidate, completions included:
    /// one edit's worth (48), so that a correction is applied only when no other word is close.
    public var autocorrectLead: Float = 48
    /// How far past the margin a correction's score in context (its frequency class moved towards
    /// its probability after the words before, as ranking moves it) must be for it to clear the
    /// margin when its spelling alone does not: the words before are weaker evidence than the
    /// letters, but after "I hope you had a good", `fkight` is `flight`.
    public var contextMarginExtra: Float = 40
    /// How much likelier after the words before a word one slip from a known typed word must be
    /// for it to replace that word on space (a real-word error: docs/SUGGESTIONS.md): a base-10
    /// logarithm of the ratio of the n-gram model's probabilities, 2.5 (about 300 times). Infinity
    /// turns real-word correction off.
    public var realWordLead: Float = 2.5
    /// The dearest slip (see ``EditCosts``) a real-word correction may undo: one, and a cheap one.
    public var realWordMaxCost: Float = 0.75
    /// The fewest distinct pairs of words (bigrams) the n-gram model must hold for real-word
    /// correction. A model counted from a treebank's 10,000 to 50,000 words (8,000 to 31,000 pairs)
    /// has met a word's phrases once or twice, and finds one case ending or one common word
    /// hundreds of times likelier than another where it met it once (Armenian `պատասխանը` became
    /// `պատասխանի`; after legal text, Afrikaans `swart en wit` became `swart en wat`); the shipped models of
    /// fortunes, the Web Treebank and the Kabyle texts hold 63,000 to 450,000.
    public var realWordMinBigrams = 50_000
    /// The n-gram model, when it holds ``realWordMinBigrams`` pairs or more: large enough for the
    /// words before to decide between words one slip apart.
    var decidingModel: NGramModel? {
        model.flatMap { $0.bigrams.entryCount >= realWordMinBigrams ? $0 : nil }
    }
    /// The fewest letters of a known word that real-word correction may replace. A word of one
    /// letter is one slip from most others.
    public var realWordMinLength = 2
    /// What a known word of up to ``shortWordLength`` letters needs beyond ``realWordLead`` to be
    /// replaced: 1, ten times more (about 3,000 times likelier). It is one slip from other common
    /// short words in every language (`à` and `a`, `là` and `la`, `så` and `sa`, `if` and `of`),
    /// which the words before tell apart only where they all but rule one out (`I will he` → `be`,
    /// `for those if` → `of`).
    public var shortRealWordExtraLead: Float = 1
    /// The longest typed word that pays ``shortRealWordExtraLead`` when known, that is corrected by
    /// ``shortWordContextLead`` when unknown, and whose context corrections may start with any
    /// letter.
    public static let shortWordLength = 2
    /// The least frequency class of a word that replaces a typed word of up to ``shortWordLength``
    /// letters by the words before: the language's commonest words (English `be`, `of`, `to`,
    /// `is`), not a rarer one they happen to expect (`Te` after "Tao").
    public static let commonWordClass: UInt8 = 180
    /// How much likelier after the words before (a base-10 logarithm: ten times) a correction of
    /// an unknown word of up to ``shortWordLength`` letters, one of the commonest words, must be than
    /// another candidate to lead it, whatever their scores (see ``autocorrectLead``).
    public var shortWordContextLead: Float = 1
    /// The margin when the dictionary does not set one.
    public static let defaultAutocorrectMargin: Float = 90
    /// What the margin drops by for a typed word that strays: its last half, and at least
    /// ``strayLetters`` letters, start no word with the letters before them (`plrnty`: no word
    /// starts with `plr`). A word the dictionary lacks seldom leaves every word it has so early
    /// (`kinematic` leaves them after `kinem`); a typo often does.
    public var strayMarginDrop: Float = 30
    /// The fewest letters past the longest prefix of a dictionary word for ``strayMarginDrop``.
    public static let strayLetters = 2
    /// What the margin drops by, besides, for a typed word that holds a run of four letters that no
    /// word of the dictionary holds (see ``LetterSequences``: `lwssen`'s `lwss`, `oaklamd`'s
    /// `lamd`). A word the dictionary lacks is made of the language's runs of letters (`tonne`,
    /// `crisps`); a slip of a finger often makes one the language has not.
    public var unseenRunMarginDrop: Float = 30

    /// The margin for a typed word of `length` letters: ``autocorrectMargin`` from seven letters on,
    /// ``shortWordMargin`` more per letter below seven (a short word has many neighbours, and rare
    /// short words are easily taken for typos of frequent ones: "ane" is not "and").
    func margin(length: Int) -> Float {
        autocorrectMargin + shortWordMargin * Float(max(0, 7 - length))
    }

    /// ``costs`` with ``EditCosts/maxEdits`` within what the engine searches.
    var searchCosts: EditCosts {
        var costs = self.costs
        costs.maxEdits = min(max(costs.maxEdits, 0), EditCosts.maxSupportedEdits)
        return costs
    }

    /// The most suggestions one call gives: a larger `count` is taken as this.
    public static let maxSuggestions = 32

    /// How much of the text before the cursor one call reads, in UTF-8 bytes: the word being typed
    /// and the words before it that ranking looks at fit many times over, and a keystroke costs
    /// the same after a pasted text of megabytes (see ``suggestions(for:count:)``).
    public static let maxContextBytes = 1_024

    /// How many candidates a query keeps beyond the suggestions asked for: room for those the
    /// ranking passes over (the typed word itself, ignored words, one word found twice). Fewer
    /// candidates kept means fewer words decoded; with 12, the misspellings benchmark's tuning half
    /// gave the same suggestions as with 24, about 10% faster.
    static let spareCandidates = 12

    /// The suggestions for the word before the cursor, at most `count` (and at most
    /// ``maxSuggestions``), best first. After a space or a sentence's end (or in an empty text),
    /// the next words that the bundle's n-gram model predicts (``Suggestion/typed`` is empty);
    /// without a model, nothing.
    ///
    /// - A known word typed in full comes first, as typed, and is never corrected away, unless a
    ///   shortcut of the dictionary or a text replacement of the user's says to replace it
    ///   (`im` → `I'm`): that comes first with ``Suggestion/isAutocorrect``. A known word that a
    ///   far likelier word starts (`al` of `als`) is taken for a prefix being typed and not listed.
    /// - An unknown one is listed as typed with ``Suggestion/isUnknown``; when a correction beats it
    ///   by ``autocorrectMargin`` and beats every other candidate, it comes first with
    ///   ``Suggestion/isAutocorrect``.
    /// - A comma or full stop typed between letters for an apostrophe or a space (`don,t`,
    ///   `to,send`, `all.day`), or a comma missing its space (`plane,sorry`), is read as meant:
    ///   that reading comes first, with ``Suggestion/isAutocorrect`` where it is sure (an
    ///   apostrophe, a full stop for a space: docs/SUGGESTIONS.md).
    /// - A number typed against a word (`40yards`, `26to`) is offered apart (`40 yards`), never
    ///   applied (docs/SUGGESTIONS.md).
    /// - Other shortcuts of the typed word follow it; then completions of a multi-word entry that
    ///   started with the previous word ("a pri" → "a priori"); then completions and corrections.
    /// - With an n-gram model, candidates rank by their probability after the one or two words
    ///   before (`thank y` → `you`), and the words the model predicts there are candidates too.
    /// - In a script written without spaces (Thai, Khmer), the word typed is the end of the run of
    ///   letters as the dictionary splits it (docs/SUGGESTIONS.md): `สวัสดีคร` completes `คร`.
    /// - Suggestions follow the typed casing ("Hel" → "Hello", "HEL" → "HELLO") unless the
    ///   dictionary's word has capitals of its own ("iphone" → "iPhone"); at the start of a sentence
    ///   they start with a capital.
    ///
    /// Only the end of the text is read (``maxContextBytes``, from a whitespace on): what lies
    /// further back counts as not there, and a token longer than that is not a word.
    public func suggestions(for textBeforeCursor: String, count: Int = 3) -> [Suggestion] {
        guard count > 0, let text = TypingContext.readable(textBeforeCursor) else { return [] }
        let count = min(count, Self.maxSuggestions)
        // One snapshot of the user's words per query, whatever other threads change meanwhile.
        let user = userDictionary?.snapshot
        if let slip = punctuationSlipSuggestions(text, user: user, count: count) { return slip }
        guard let token = CurrentWord(in: text) else {
            if let slip = digitForLetterSuggestions(text, count: count) { return slip }
            if let glued = numberAgainstWordSuggestions(text, count: count) { return glued }
            // After a space, the emoji the word before it names (`pizza ` → 🍕, inserted after it).
            let looks = offersEmoji && emoji != nil && text.last.map(TextSegmentation.isSpace) == true
            let named = looks ? TextSegmentation.lastWords(of: text)?.words.map(String.init) ?? [] : []
            return addingEmoji(to: predictions(after: text, count: count, user: user), named: named, typed: "", count: count)
        }
        let current = UnspacedWords.lastWord(of: token, in: dictionary)
        var context = TypingContext(text: text, current: current)
        context.before = wordsBefore(text[..<current.start], user: user)
        if model != nil {
            context.before?.recent = recentWordsCache.words(text: text[..<current.start], typed: current.text) { number(ofContextWord: $0) }
        }
        var result = suggestions(forWord: String(current.text), context: context, user: user, count: count)
        // After an elided article or pronoun (French "qu'il", "l'homm"), the word being typed is
        // what follows the apostrophe, unless the whole token is (close to) a word.
        if !result.foundWord, let rest = elision(current.text) {
            let after = suggestions(forWord: String(rest), context: context, user: user, count: count)
            if after.foundWord { result = after }
        }
        let words = (context.before?.words.last.map { [String($0)] } ?? []) + [String(current.text)]
        return addingEmoji(to: result.suggestions, named: words, typed: String(current.text), count: count)
    }

    /// `suggestions` with, when ``offersEmoji`` and the last of `words` (or the last two, which
    /// come first: `thumbs up`) name an emoji (see ``EmojiIndex/emoji(named:limit:skinTone:)``),
    /// that emoji in the last of `count` places (two at least: the first is the word's), replacing
    /// `typed` (both words when two name it; nothing after a space, `typed` being empty).
    private func addingEmoji(to suggestions: [Suggestion], named words: [String], typed: String, count: Int) -> [Suggestion] {
        guard offersEmoji, count >= 2, let emoji, let last = words.last else { return suggestions }
        let twoWords = words.suffix(2).joined(separator: " ")
        let pair = words.count >= 2 ? emoji.emoji(named: twoWords, skinTone: skinTone).first : nil
        guard let found = pair ?? emoji.emoji(named: last, skinTone: skinTone).first else { return suggestions }
        let replaced = pair != nil && !typed.isEmpty ? twoWords : typed
        return suggestions.prefix(count - 1) + [Suggestion(text: found.text, typed: replaced, isEmoji: true)]
    }

    /// The suggestions for one word, and whether it is known, has a completion or a correction
    /// within one edit, or reads as two words (`Here'sthe` is `Here's the`, not `Here'` and a
    /// correction of `sthe`).
    private func suggestions(
        forWord typed: String, context: TypingContext, user: UserWords?,
        count: Int
    ) -> (suggestions: [Suggestion], foundWord: Bool) {
        let scalars = typed.unicodeScalars
        guard !scalars.isEmpty else { return ([], false) }
        guard scalars.count <= dictionary.maxWordLength else {
            return (longerThanAnyWord(typed, context: context, user: user, count: count), false)
        }
        let costs = searchCosts
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: scalars.count) { codes in
            for (i, scalar) in scalars.enumerated() { codes[i] = dictionary.comparisonCode(ofTyped: scalar) }
            let typedCodes = UnsafeBufferPointer(codes)
            let known = isKnown(typed, after: context.previousWord, user: user)
            return withUnsafeTemporaryAllocation(of: Candidate.self, capacity: count + Self.spareCandidates) { buffer in
                var candidates = CandidateList(buffer)
                search.completeFolded(typedCodes, costs: costs, count: count + 3, budget: budget, into: &candidates) {
                    range, cost, prefixIsWord, candidates in
                    if let before = context.before {
                        addContextCompletions(in: range, cost: cost, prefixIsWord: prefixIsWord, before, into: &candidates)
                    }
                }
                let foundWord = searchCorrections(typedCodes, scalars, known: known, count: count, costs: costs, into: &candidates)
                let learned = addLearnedWords(typedCodes, user: user, into: &candidates)
                if let before = context.before {
                    if known { addContextCorrections(typedCodes, of: typed, before, into: &candidates) }
                    rankInContext(&candidates, before, typedIsKnown: known)
                }
                let r = ranking(
                    typed, known: known, context: context, user: user, learned: learned,
                    typoMarginDrop: known ? 0 : typoMarginDrop(typedCodes),
                    spelledBySound: candidates.all.contains(where: \.isSpellingBySound))
                return (rank(r, candidates, count: count), foundWord || r.runTogether != nil)
            }
        }
    }

    /// The suggestions for a typed word longer than any of the dictionary's: none but the typed word
    /// and, when it is two words typed as one (`responsibilityfor`), those.
    private func longerThanAnyWord(_ typed: String, context: TypingContext, user: UserWords?, count: Int) -> [Suggestion] {
        let ranking = ranking(
            typed, known: isKnown(typed, after: context.previousWord, user: user), context: context, user: user, learned: [])
        return withUnsafeTemporaryAllocation(of: Candidate.self, capacity: 1) { rank(ranking, CandidateList($0), count: count) }
    }

    /// What ranking needs to know of `typed`, with its reading as two words when it is unknown (not
    /// with a letter for the space when a candidate is `typed` spelled by its sound).
    private func ranking(
        _ typed: String, known: Bool, context: TypingContext, user: UserWords?, learned: [String],
        typoMarginDrop: Float = 0, spelledBySound: @autoclosure () -> Bool = false
    ) -> Ranking {
        // `absense` is `absence`, not `a sense` with its b for the space.
        let split = known ? nil : runTogetherWords(typed, context: context, user: user)
        return Ranking(
            typed: typed, known: known, context: context, user: user, learned: learned,
            runTogether: split?.isLetterForSpace == true && spelledBySound() ? nil : split,
            typedAsTwo: wordTypedAsTwo(typed, previous: context.previousWord, apostrophe: context.apostropheBefore, user: user).map {
                joinedInContext($0, context: context, typedIsKnown: known)
            },
            typoMarginDrop: typoMarginDrop)
    }

    /// Adds the corrections of `typed` to `candidates`, widening the search in passes; returns
    /// whether the typed word is known or has a candidate within one edit.
    ///
    /// One error is what people make most, so the first pass allows one edit. A second allows
    /// ``EditCosts/maxEdits`` over the words with the typed first letter (or a neighbouring key's:
    /// see ``KeyGeometry/areNeighbours(_:_:)``), only when fewer than
    /// `count` candidates were found; when there are corrections already, what it adds ranks below
    /// them, so it searches only the words with the first two typed letters. For a
    /// word of ``EditCosts/longWordLength`` letters or more that still has no correction, a last
    /// pass allows ``EditCosts/longWordEdits`` among the words that start with its first three typed
    /// letters. Each pass widens a search that is several times larger, so later passes run only
    /// when needed.
    /// Last, when the dictionary has a phonetic index, words that sound like a typed word of
    /// ``EditCosts/soundAlikeLength`` letters or more are added (`scalars`: the typed letters).
    /// While the typed letters read best as a word being typed (see ``isCompleting(_:)``), the wider
    /// passes do not run and no word is added for its sound (a correction that sounds alike still
    /// ranks higher): the completions are what the user is typing, and words two or three slips away
    /// would only push them aside.
    private func searchCorrections(
        _ typed: UnsafeBufferPointer<UInt32>, _ scalars: String.UnicodeScalarView, known: Bool, count: Int,
        costs: EditCosts, into candidates: inout CandidateList
    ) -> Bool {
        var pass = costs
        pass.maxEdits = min(costs.maxEdits, 1)
        search.correct(typed, costs: pass, geometry: geometry, budget: budget, penalty: known ? 1 : 0, into: &candidates)
        let foundWord = known || candidates.count > 0
        guard !known else { return foundWord }
        let corrections = candidates.all.count { !$0.isCompletion }
        let completing = isCompleting(candidates)
        if costs.maxEdits > pass.maxEdits, !completing, corrections == 0 || candidates.count < count {
            search.correct(
                typed, costs: costs, geometry: geometry, budget: budget,
                penalty: corrections > 0 ? 1 : 0, keeping: corrections > 0 ? 2 : 1, into: &candidates)
        }
        let longWordEdits = min(costs.longWordEdits, EditCosts.maxSupportedEdits)
        if typed.count >= EditCosts.longWordLength, longWordEdits > costs.maxEdits, !completing,
            !candidates.all.contains(where: { !$0.isCompletion })
        {
            pass = costs
            pass.maxEdits = longWordEdits
            pass.maxCost = Float(longWordEdits)
            search.correct(typed, costs: pass, geometry: geometry, budget: budget, penalty: 1, keeping: 3, into: &candidates)
        }
        if typed.count >= costs.soundAlikeLength, let phonetics {
            phonetics.addSoundAlikes(
                of: scalars, codes: typed, search: search, costs: costs, geometry: geometry,
                budget: budget, count: count, addingWords: !completing, into: &candidates)
        }
        return foundWord
    }

    /// Whether the typed letters read best as a word being typed: a completion ranks at least as
    /// high as every correction within one slip (`thoro`, `uncom`; not `thier`, which begins the rare
    /// `Thierry` but is one slip from `their`).
    private func isCompleting(_ candidates: CandidateList) -> Bool {
        var completion = -Float.infinity, correction = -Float.infinity
        for candidate in candidates.all where !candidate.isSoundAlike {
            if candidate.isCompletion {
                completion = max(completion, candidate.score)
            } else {
                correction = max(correction, candidate.score)
            }
        }
        return completion > -.infinity && completion >= correction
    }

    /// What follows the last apostrophe of `word`, when letters follow it.
    func elision(_ word: Substring) -> Substring? {
        guard let apostrophe = word.lastIndex(where: TypingContext.apostrophes.contains) else { return nil }
        let rest = word[word.index(after: apostrophe)...]
        return rest.isEmpty ? nil : rest
    }

    /// Adds the user's learned words that complete or correct `typed`; returns them, indexed by
    /// `-number - 1` of their candidates.
    private func addLearnedWords(_ typed: UnsafeBufferPointer<UInt32>, user: UserWords?, into candidates: inout CandidateList) -> [String] {
        guard let user, !user.learned.isEmpty else { return [] }
        let maxEdits = searchCosts.maxEdits
        var words: [String] = []
        search.withEditCosts(to: typed, costs: searchCosts, geometry: geometry) { editCost in
            for (word, length) in user.learnedInOrder where mayMatch(word, length: length, typed, maxEdits: maxEdits) {
                let (completion, correction) = costs(ofLearned: word, typed, editCost: editCost)
                // Words of the dictionary rank as such: only those it lacks are added here.
                guard completion != nil || correction != nil, !dictionary.contains(word) else { continue }
                let number = -(words.count + 1), frequencyClass = user.frequencyClass(of: word)
                if let completion {
                    candidates.add(Candidate(number: number, frequencyClass: frequencyClass, cost: completion, isCompletion: true))
                }
                if let correction {
                    candidates.add(Candidate(number: number, frequencyClass: frequencyClass, cost: correction, isCompletion: false))
                }
                words.append(word)
            }
        }
        return words
    }

    /// What a learned `word` costs as a completion of `typed` (its case and accents) and as a
    /// correction of it (`editCost`); `nil` when it is not one.
    private func costs(
        ofLearned word: String, _ typed: UnsafeBufferPointer<UInt32>,
        editCost: (UnsafeBufferPointer<UInt32>) -> Float
    ) -> (completion: Float?, correction: Float?) {
        let codes = word.unicodeScalars.map(dictionary.comparisonCode(ofTyped:))
        return codes.withUnsafeBufferPointer { word in
            var completion: Float?
            if word.count > typed.count,
                zip(word, typed).allSatisfy({ dictionary.folds($0, $1) })
            {
                completion = Float(zip(word, typed).count { $0 != $1 }) * costs.caseOrAccent
            }
            let cost = editCost(word)
            return (completion, cost <= costs.maxCost ? cost : nil)
        }
    }

    /// Whether a learned `word` of `length` scalars could complete or correct `typed`, by cheap
    /// tests on its length and first two letters (case and accents aside) before the edit search:
    /// a completion starts with the typed first letter; a correction, within `maxEdits` letters of
    /// the typed length, keeps one of the first two letters in place or one place away (a learned
    /// word whose first two letters are both mistyped is not offered).
    private func mayMatch(_ word: String, length: Int, _ typed: UnsafeBufferPointer<UInt32>, maxEdits: Int) -> Bool {
        let correctable = abs(length - typed.count) <= maxEdits
        guard length > typed.count || correctable else { return false }
        guard let typedFirst = typed.first.map(dictionary.foldClass(ofCode:)) else { return true }
        var scalars = word.unicodeScalars.makeIterator()
        let fold = { (scalar: Unicode.Scalar) in dictionary.foldClass(ofCode: dictionary.comparisonCode(ofTyped: scalar)) }
        guard let first = scalars.next().map(fold) else { return false }
        if first == typedFirst { return true }
        guard correctable else { return false }
        let second = scalars.next().map(fold)
        let typedSecond = typed.count > 1 ? dictionary.foldClass(ofCode: typed[1]) : nil
        return second == typedSecond || first == typedSecond || second == typedFirst
    }

    /// Whether the dictionary (as typed, or in lower case) or the user knows `typed`, alone or as
    /// the end of a multi-word entry that starts with `previous`. Blocked and offensive words count
    /// as known; words marked "not a word" (AOSP's `not_a_word`: `alot`) do not.
    func isKnown(_ typed: String, after previous: Substring?, user: UserWords?) -> Bool {
        if user?.hasLearnedWord(typed) == true { return true }
        let phrase = hasPhrases ? previous.map { spellings(of: "\($0) \(typed)") } : nil
        return (spellings(of: typed) + (phrase ?? [])).contains { spelling in
            dictionary.number(of: spelling).map { !dictionary.flags(at: $0).contains(.notAWord) } ?? false
        }
    }

    /// `typed`, in lower case, and both with the apostrophe the dictionary may use instead of the
    /// typed one (’ from a smart keyboard or ʼ from a Ukrainian one for ' in most corpora, ’ for
    /// '), and with the ё it left as е (see ``yoSpellings(of:)``).
    func spellings(of typed: String) -> [String] {
        var result = [typed]
        let lower = letterCase.lowercased(typed)
        if lower != typed { result.append(lower) }
        for spelling in result where spelling.contains(where: { $0 == "'" || Self.apostrophes.contains($0) }) {
            let plain = Self.plainApostrophes(spelling)
            result.append(plain != spelling ? plain : spelling.replacing("'", with: "\u{2019}"))
        }
        return writesYoOptionally ? result + result.flatMap(yoSpellings) : result
    }

    /// The apostrophes that are the lists' ' written otherwise: ’ (smart punctuation) and ʼ
    /// (Ukrainian's). Those typed for it by mistake (‘, a backtick, ´) are corrected to it instead.
    static let apostrophes: Set<Character> = ["\u{2019}", "\u{02BC}"]

    /// `word` with ' for its ``apostrophes``.
    static func plainApostrophes(_ word: String) -> String {
        String(word.map { apostrophes.contains($0) ? "'" : $0 })
    }

    /// What ranking needs to know of the typed word.
    struct Ranking {
        let typed: String
        let known: Bool
        let context: TypingContext
        /// The user's words, as the query found them.
        let user: UserWords?
        /// The user's learned words among the candidates (numbers `-1`, `-2`, …).
        let learned: [String]
        /// The typed word read as two words, when it is unknown and can be.
        let runTogether: RunTogetherWords?
        /// The previous word and the typed one read as one word, when they make one.
        let typedAsTwo: WordTypedAsTwo?
        /// What the margin drops by for the typed word, unknown, for its signs of being a typo (see
        /// ``typoMarginDrop(_:)``).
        let typoMarginDrop: Float
    }

    /// A candidate with its word, whether the word is a spelling variant of the typed one, and
    /// whether it may replace it on space: a correction within the edits searched (see
    /// ``Candidate/mayReplace``), or a completion one letter longer of a word of two letters or more
    /// (`goin` → `going`: once space is typed, the word is finished, and its last letter was left
    /// out; but a letter alone is an initial or a short form: Russian `б` for `бы`, not a slip).
    struct Found {
        let candidate: Candidate
        let word: String
        let isVariant: Bool
        let mayReplace: Bool

        /// Whether this candidate is `other`'s word in other capitals (`Justice`, `justice`): one
        /// word for deciding which word was meant.
        func isCasing(of other: Found) -> Bool {
            word.count == other.word.count && word.lowercased() == other.word.lowercased()
        }

        init(_ candidate: Candidate, word: String, typed: String, isVariant: Bool) {
            self.candidate = candidate
            self.word = word
            self.isVariant = isVariant
            let letters = typed.unicodeScalars.count
            mayReplace =
                candidate.mayReplace
                || (candidate.isCompletion && !candidate.isSoundAlike && letters > 1 && word.unicodeScalars.count == letters + 1)
        }
    }

    /// Orders the candidates into suggestions: the replacement or autocorrection, the typed word,
    /// its shortcuts, multi-word completions, then the candidates.
    private func rank(_ r: Ranking, _ candidates: CandidateList, count: Int) -> [Suggestion] {
        let typed = r.typed
        let ignored = r.user?.ignored ?? []
        let shortcuts = self.shortcuts(of: typed, user: r.user)
        let found = candidates.all.compactMap { c in
            text(of: c, learned: r.learned).map { Found(c, word: $0, typed: typed, isVariant: isSpellingVariant($0, of: typed)) }
        }
        var result: [Suggestion] = []
        var seen: Set<String> = [typed]
        func add(_ word: String, autocorrect: Bool = false) {
            let text = cased(word, like: typed, capitalised: r.context.isSentenceStart)
            if seen.insert(text).inserted { result.append(Suggestion(text: text, typed: typed, isAutocorrect: autocorrect)) }
        }
        var runTogether = r.runTogether
        var typedAsTwo = r.typedAsTwo
        func addTypedAsTwo(autocorrect: Bool = false) {
            guard let join = typedAsTwo else { return }
            if seen.insert(join.text).inserted { result.append(Suggestion(text: join.text, typed: join.typed, isAutocorrect: autocorrect)) }
            typedAsTwo = nil
        }
        if let replacement = shortcuts.replacement {
            add(replacement, autocorrect: true)
        } else if let join = typedAsTwo, appliesOnSpace(join) {
            addTypedAsTwo(autocorrect: true)
        } else if let split = runTogether, appliesOnSpace(split, found, r) {
            add(split.text, autocorrect: true)
            runTogether = nil
        } else if !r.known, let word = autocorrection(found, r), !ignored.contains(word) {
            add(word, autocorrect: true)
        } else if r.known, let word = realWordCorrection(found, r), !ignored.contains(word) {
            add(word, autocorrect: true)
        }
        // A known word taken for a prefix being typed (`в`, `a`, German `Au` of `Auto`: see
        // completionLeads) is not echoed: a space keeps it, and the slots go to the words it
        // starts. It is when a correction will replace it.
        let isBeingTyped = result.isEmpty && completionLeads(found, typed: typed)
        if r.known && isSuggestible(typed, user: r.user) && !ignored.contains(typed) && !isBeingTyped {
            result.append(Suggestion(text: typed, typed: typed))
        } else if !r.known && (!result.isEmpty || !found.contains(where: \.candidate.isCompletion)) {
            // An unknown word is shown when it is about to be replaced (to keep it) or when no word
            // starts with it (a new word, to keep or learn); a prefix being typed (`ni` of `nice`,
            // `night`) is not, and a space keeps it all the same.
            result.append(Suggestion(text: typed, typed: typed, isUnknown: true))
        }
        if typedAsTwo?.isLikely == true { addTypedAsTwo() }
        for offer in shortcuts.offers { add(offer) }
        for phrase in multiWordCompletions(of: typed, after: r.context.previousWord) {
            if seen.insert(phrase.text).inserted { result.append(Suggestion(text: phrase.text, typed: phrase.typed)) }
        }
        // Spelling variants of the typed word that clear the margin first, then the rest, each best
        // first; the typed word itself is listed already, as typed. After a single letter, its
        // completions come before its corrections (see completionsFirstLength).
        let leads = found.filter { $0.isVariant && $0.candidate.score >= autocorrectMargin }
        let rest = found.filter { !($0.isVariant && $0.candidate.score >= autocorrectMargin) }
        let ordered =
            typed.unicodeScalars.count > Self.completionsFirstLength
            ? rest
            : rest.filter(\.candidate.isCompletion) + rest.filter { !$0.candidate.isCompletion }
        // The typed word's own entry, with the lists' apostrophe for the one typed (`can’t`, Ukrainian
        // `мʼясо`), is the typed word too.
        let own = Self.plainApostrophes(typed)
        for f in leads + ordered
        where result.count < count && f.word != typed && f.word != own && !ignored.contains(f.word) {
            if let split = runTogether, split.rankingScore > f.candidate.contextScore, !f.candidate.isSpellingBySound {
                add(split.text)
                runTogether = nil
            }
            if let join = typedAsTwo, join.rankingScore > f.candidate.contextScore { addTypedAsTwo() }
            add(f.word)
        }
        if let split = runTogether { add(split.text) }
        return Array(result.prefix(count))
    }

    /// Whether the known word being typed is taken for a prefix: for a word of up to
    /// ``completionsFirstLength`` letters, it has a completion; for a longer one, a completion
    /// outranks it in context by ``prefixLead`` (or it is not among the candidates at all).
    private func completionLeads(_ found: [Found], typed: String) -> Bool {
        guard let completion = found.first(where: \.candidate.isCompletion) else { return false }
        guard typed.unicodeScalars.count > Self.completionsFirstLength else { return true }
        let spellings = spellings(of: typed)
        guard let own = found.first(where: { spellings.contains($0.word) }) else { return true }
        return completion.candidate.contextScore - own.candidate.contextScore >= Self.prefixLead
    }

    /// How far a completion must outrank a known typed word of two letters or more, in context,
    /// for the word to be taken for a prefix being typed: one edit's worth (German `al` after
    /// `Das war`, where `als` is far likelier; not `groß` after `ganz`, where `großen` is a
    /// little likelier).
    static let prefixLead: Float = 48

    /// The longest typed word whose completions are listed before its corrections.
    static let completionsFirstLength = 1

    /// Whether the typed word, known, may be suggested (not blocked, offensive or "not a word").
    private func isSuggestible(_ typed: String, user: UserWords?) -> Bool {
        user?.hasLearnedWord(typed) == true
            || spellings(of: typed).contains {
                dictionary.frequencyClass(of: $0).map { $0 != DictionaryFormat.neverSuggestedClass } ?? false
            }
    }

    /// The correction to apply on space to an unknown word, if one is confident enough: its best
    /// spelling variant (see ``isSpellingVariant(_:of:)``) when that scores at least
    /// ``autocorrectMargin``, or, with no variant, a correction that costs at most
    /// ``autocorrectLimit(length:)``, scores at least ``margin(length:)`` (an unknown typed word
    /// scores 0; less the typed word's ``typoMarginDrop(_:)``) by its spelling, or by
    /// ``contextMarginExtra`` more in context, and beats every other candidate, completions included
    /// (a word still being typed is not corrected away from its completion), by ``autocorrectLead``:
    /// all but itself in other capitals and the words found by their sound (whose cost is their
    /// sound's). Scores are taken without the bonus for sounding alike (``Candidate/editScore``): a
    /// rare word sounds like its neighbour too.
    private func autocorrection(_ found: [Found], _ r: Ranking) -> String? {
        // A spelling variant needs only the margin itself, whatever the word's length: it is no typo.
        if let variant = found.first(where: { $0.mayReplace && $0.isVariant }) {
            return variant.candidate.editScore >= autocorrectMargin && !isOutrankedByCompletion(variant, found, r) ? variant.word : nil
        }
        let length = r.typed.unicodeScalars.count, short = length <= Self.shortWordLength
        guard !Self.isAllCapitals(r.typed) else { return nil }
        let replaceable = found.filter(\.mayReplace)
        let byContext = replaceable.first, bySpelling = replaceable.max { $0.candidate.editScore < $1.candidate.editScore }
        return [byContext, bySpelling].compactMap { $0 }.first { best in
            let c = best.candidate
            let evidence = max(c.editScore, c.contextScore - contextMarginExtra)
            let inContext = short ? ContextLead(of: c, self, r) : nil
            return c.cost <= Self.autocorrectLimit(length: length) && evidence >= margin(length: length) - r.typoMarginDrop
                && found.allSatisfy {
                    $0.candidate.number == c.number || $0.isCasing(of: best) || $0.candidate.isSoundAlike || leads(c, $0.candidate)
                        || inContext?.leads($0.candidate) == true
                }
                && c.contextScore - (r.runTogether?.score ?? -.infinity) >= autocorrectLead
        }?.word
    }

    /// A correction of a typed word of up to ``shortWordLength`` letters, which tell little where
    /// the words before tell much, weighed by those words as the ``decidingModel`` finds them: it
    /// leads another candidate (no completion) that it is ``shortWordContextLead`` likelier than
    /// there (`As they used ti` → `to`, not `it`; `One oc` → `of`).
    private struct ContextLead {
        let model: NGramModel, context: NGramModel.Context, likelihood: Float, lead: Float

        /// `nil` unless `best` is one of the language's commonest words (``commonWordClass``) and
        /// `engine` has a deciding model and the words before.
        init?(of best: Candidate, _ engine: SuggestionEngine, _ r: Ranking) {
            guard best.frequencyClass >= SuggestionEngine.commonWordClass, best.number >= 0, let model = engine.decidingModel,
                let context = r.context.before?.model
            else { return nil }
            (self.model, self.context, lead) = (model, context, engine.shortWordContextLead)
            likelihood = model.logProbability(of: best.number, frequencyClass: best.frequencyClass, in: context)
        }

        func leads(_ other: Candidate) -> Bool {
            !other.isCompletion && other.number >= 0
                && likelihood - model.logProbability(of: other.number, frequencyClass: other.frequencyClass, in: context) >= lead
        }
    }

    /// Whether a completion that is no spelling variant ranks above `variant` in context, the typed
    /// word having two letters or more: a prefix being typed is not corrected to a word of its
    /// letters in other capitals or accents (German `ic` of `ich` is not `IC`, `Hä` of `Hände` not `Ha`).
    private func isOutrankedByCompletion(_ variant: Found, _ found: [Found], _ r: Ranking) -> Bool {
        r.typed.unicodeScalars.count > Self.completionsFirstLength
            && found.contains { $0.candidate.isCompletion && !$0.isVariant && $0.candidate.contextScore > variant.candidate.contextScore }
    }

    /// Whether `best` is ``autocorrectLead`` ahead of `other` by its spelling (frequency and edits),
    /// or twice that by the words before (the n-gram model, which knows less of the typed word than
    /// its letters): either says which word was meant.
    private func leads(_ best: Candidate, _ other: Candidate) -> Bool {
        best.editScore - other.editScore >= autocorrectLead || best.contextScore - other.contextScore >= 2 * autocorrectLead
    }

    /// Whether `typed` has two letters or more, all capitals: an acronym (`OS`, `UN`) is not corrected.
    static func isAllCapitals(_ typed: String) -> Bool {
        let letters = typed.unicodeScalars.filter { $0.properties.isAlphabetic }
        return letters.count >= 2 && letters.allSatisfy { $0.properties.isUppercase }
    }

    /// Whether the typed word read as two words (see ``runTogetherWords(_:context:user:)``) is to
    /// replace it on space: it clears the margin of a typed word that long, and beats every
    /// candidate by ``autocorrectLead`` in context. Its first word found alone (`out` for `outof`,
    /// the second word's letters dropped) is beaten by its spelling: the words before favour the
    /// split as much as that word, though the split's score does not count them.
    private func appliesOnSpace(_ split: RunTogetherWords, _ found: [Found], _ r: Ranking) -> Bool {
        let first = split.text.lowercased().prefix { $0 != " " }
        return split.mayReplace && split.score >= margin(length: r.typed.unicodeScalars.count)
            && found.allSatisfy {
                split.score - ($0.word.lowercased() == first ? $0.candidate.editScore : $0.candidate.contextScore) >= autocorrectLead
            }
    }

    private func text(of candidate: Candidate, learned: [String]) -> String? {
        candidate.number >= 0 ? dictionary.word(at: candidate.number) : learned[-candidate.number - 1]
    }

    /// `word` in the casing of `typed`: all capitals when the user typed two or more capitals and
    /// nothing else, a capital first letter when the user typed one or when `capitalised` (a
    /// sentence starts); the dictionary's own casing when the word has capitals of its own. The
    /// apostrophe is the one the user types (’, or Ukrainian ʼ, for the lists' ').
    func cased(_ word: String, like typed: String, capitalised: Bool = false) -> String {
        let mark = typed.contains("'") ? nil : typed.first(where: Self.apostrophes.contains)
        let word = mark.map { word.replacing("'", with: String($0)) } ?? word
        let letters = typed.unicodeScalars.filter { $0.properties.isAlphabetic }
        guard let first = letters.first else { return word }
        if first.properties.isUppercase, letters.count >= 2, letters.allSatisfy({ !$0.properties.isLowercase }) {
            return letterCase.uppercased(word)
        }
        return first.properties.isUppercase || capitalised ? self.capitalised(word) : word
    }
}
