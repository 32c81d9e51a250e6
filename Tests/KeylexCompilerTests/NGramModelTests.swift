import Foundation
@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Next-word prediction and ranking in context, on the shipped English word list and the n-gram
/// counts of Debian's fortunes (`corpora/en/fortunes.counts.gz`).
@Suite struct NGramModelTests {
    static let countsFile = TestSupport.shipped("corpora/en/fortunes.counts.gz")

    /// The English dictionary with the model of the shipped counts (within `budget` bytes), and the
    /// diagnostics of reading them. The counts are `corpora/en/`'s, which en-US's folder takes as its
    /// parent's (``DictionaryBuild/Inputs/ngramsAreShared``).
    static func english(budget: Int = DictionaryCompiler.Extras.defaultNGramBudget) throws -> (CompiledDictionary, [Diagnostic]) {
        let engine = DiagnosticEngine()
        var inputs = DictionaryBuild.Inputs(corpora: [TestSupport.shipped("corpora/en-US/en_US.combined.gz")], origin: "en-US",
                                            ngrams: [countsFile])
        inputs.ngramsAreShared = true
        let table = try #require(DictionaryBuild(diagnostics: engine).read(inputs))
        return (DictionaryCompiler.compile(table, ngramBudget: budget), engine.diagnostics)
    }

    /// Built once; read-only afterwards.
    static let built = Result { try english() }
    static let engine = Result { () throws -> SuggestionEngine in
        SuggestionEngine(dictionary: try WordDictionary(container: Container(bytes: try built.get().0.bytes)))
    }

    static func texts(_ engine: SuggestionEngine, _ text: String, count: Int = 3) -> [String] {
        engine.suggestions(for: text, count: count).map(\.text)
    }

    @Test func textIsCountedBySentenceAndWord() throws {
        let directory = try TestSupport.temporaryDirectory()
        // A fortune of Debian's `fortunes` (BSD), with a number and an address added.
        let text = "Thank you. Thank you very much!\n\"Well,\" said the\ncat, \"2 dogs and a cat x.org at home.\"\n%\nthe end\n"
        let path = try TestSupport.write(text, "text.txt", in: directory)
        let engine = DiagnosticEngine()
        var counts = NGramCounts()
        NGramSources(diagnostics: engine).countText(path, into: &counts)
        #expect(engine.diagnostics.isEmpty)
        #expect(counts.counts["<s> Thank"] == 2 && counts.counts["Thank you"] == 2 && counts.counts["<s> Thank you"] == 2)
        #expect(counts.counts["you Thank"] == nil, "a sentence's end breaks n-grams")
        #expect(counts.counts["you very much"] == 1 && counts.counts["<s> Well said"] == 1)
        #expect(counts.counts["said the cat"] == 1, "a line break inside a sentence does not")
        #expect(counts.counts["cat dogs"] == nil && counts.counts["dogs and a"] == 1 && counts.counts["<s> dogs"] == nil)
        #expect(counts.counts["<num> dogs"] == 1 && counts.counts["<num> dogs and"] == 1, "the words after a number follow <num>")
        #expect(counts.counts["cat at"] == nil && counts.counts["at home"] == 1 && counts.counts["<s> at"] == nil, "an address breaks the context")
        #expect(counts.counts["<num>"] == nil)
        #expect(counts.counts["<s> the end"] == 1, "a % line ends the text before it")
        #expect(counts.counts["<s>"] == nil)
        // The count file reads back as written, sorted by bytes.
        let file = directory + "/text.counts"
        try counts.write(to: file)
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.map { Array($0.utf8) } == lines.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
        var read = NGramCounts()
        NGramSources(diagnostics: engine).readCounts(file, into: &read)
        #expect(read.counts == counts.counts && engine.diagnostics.isEmpty)
    }

    @Test func countingSaysHowMuchOfTheFileIsRead() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = try TestSupport.write(String(repeating: "Thank you very much.\n", count: 20_000), "long.txt", in: directory)
        var read: [Double] = []
        var counts = NGramCounts()
        NGramSources(diagnostics: DiagnosticEngine()).countText(path, into: &counts) { read.append($0) }
        // Every 4,096 lines: four times, rising, the last most of the way (the file is read in chunks).
        #expect(read.count == 4 && read == read.sorted() && read[0] > 0 && read[3] > 0.5 && read[3] <= 1, "\(read)")
        #expect(counts.counts["Thank you very"] == 20_000)
    }

    @Test func countingSpillsSortedRunsAndMergesThemToTheSameFile() throws {
        let directory = try TestSupport.temporaryDirectory()
        let text = TestSupport.shipped("corpora/FORTUNES-NOTICE")  // real prose: Debian's copyright notes and the BSD licence
        let sources = NGramSources(diagnostics: DiagnosticEngine())
        var whole = NGramCounts()
        sources.countText(text, into: &whole)
        try whole.write(to: directory + "/whole.counts")
        var spilling = SpillingCounter(output: directory + "/spilled.counts", limit: 100)
        sources.countText(text, into: &spilling)
        #expect(spilling.merged > 5)
        let (ngrams, _) = try spilling.write(to: directory + "/spilled.counts")
        #expect(ngrams == whole.counts.count)
        #expect(FileManager.default.contents(atPath: directory + "/spilled.counts") == FileManager.default.contents(atPath: directory + "/whole.counts"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["spilled.counts", "whole.counts"], "no run is left")
    }

    /// A spill that fails (a full disk; here a folder that is not there) stops the counting: what
    /// follows is not held in memory, and writing reports the failure.
    @Test func aFailedSpillStopsTheCounting() throws {
        let directory = try TestSupport.temporaryDirectory()
        let text = TestSupport.shipped("corpora/FORTUNES-NOTICE")
        var spilling = SpillingCounter(output: directory + "/missing/out.counts", limit: 100)
        NGramSources(diagnostics: DiagnosticEngine()).countText(text, into: &spilling)
        #expect(spilling.hasStopped && spilling.counts.isEmpty && spilling.merged == 0)
        #expect(throws: (any Error).self) { try spilling.write(to: directory + "/missing/out.counts") }
    }

    @Test func malformedCountLinesAreReportedWithTheirLines() throws {
        let directory = try TestSupport.temporaryDirectory()
        let path = try TestSupport.write("the cat\t3\nthe cat sat on\t1\nthe\tmany\nthe  cat\t2\nfine\t0\nok\t1\n", "bad.counts", in: directory)
        let engine = DiagnosticEngine()
        var counts = NGramCounts()
        NGramSources(diagnostics: engine).readCounts(path, into: &counts)
        #expect(engine.diagnostics.map(\.code) == Array(repeating: "invalid-count-line", count: 4))
        #expect(engine.diagnostics.map(\.location.line) == [2, 3, 4, 5])
        #expect(counts.counts == ["the cat": 3, "ok": 1])
    }

    /// The shipped English counts were made over the words of their folder's list, `corpora/en/`'s
    /// (`keylex count --vocabulary`): they read with it without a warning. en-US's list lacks some
    /// of them (`colour`), and reading them with it as the folder's own would warn.
    @Test func theShippedCountsHoldNoWordTheDictionaryLacks() throws {
        let web = TestSupport.shipped("corpora/en/ewt.counts.gz")
        let engine = DiagnosticEngine()
        _ = DictionaryBuild(diagnostics: engine).read(
            .init(corpora: [TestSupport.shipped("corpora/en/en.combined.gz")], origin: "en", ngrams: [Self.countsFile, web]))
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics.prefix(3))")
        #expect(try Self.built.get().1.isEmpty)
        #expect(Self.read(ngrams: [Self.countsFile]).1.map(\.code) == ["unknown-model-words"])
    }

    /// Counting over a dictionary's words (`keylex count --vocabulary`) counts the words it lacks
    /// as `<unk>`, in text and in count files alike: the counts shrink, the dictionary's model is
    /// byte for byte the one of the whole counts, and reading them warns of no word it lacks, where
    /// the whole counts are warned of.
    @Test func countsOverTheDictionarysWordsMakeTheSameModelWithoutAWarning() throws {
        let directory = try TestSupport.temporaryDirectory()
        let text = TestSupport.shipped("corpora/FORTUNES-NOTICE")  // real prose
        var whole = NGramCounts()
        NGramSources(diagnostics: DiagnosticEngine()).countText(text, into: &whole)
        try whole.write(to: directory + "/whole.counts")
        // The dictionary: the text's words but every third.
        let words = whole.counts.filter { !$0.key.contains(" ") }.sorted { $0.key < $1.key }.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
        let list = try TestSupport.write(words.map { "\($0.key)\t\($0.value)\n" }.joined(), "words.tsv", in: directory)
        var sources = NGramSources(diagnostics: DiagnosticEngine())
        sources.vocabulary = Set(words.map(\.key))
        var counted = SpillingCounter(output: directory + "/counted.counts", limit: 1 << 20)
        sources.countText(text, into: &counted)
        _ = try counted.write(to: directory + "/counted.counts")
        var recounted = SpillingCounter(output: directory + "/recounted.counts", limit: 100)
        sources.recount(directory + "/whole.counts", into: &recounted)
        _ = try recounted.write(to: directory + "/recounted.counts")
        let bytes = { (name: String) in FileManager.default.contents(atPath: directory + "/" + name) ?? Data() }
        #expect(bytes("recounted.counts") == bytes("counted.counts"))
        #expect(bytes("counted.counts").count < bytes("whole.counts").count * 9 / 10)

        func compiled(_ counts: String) throws -> ([UInt8], [String]) {
            let engine = DiagnosticEngine()
            let table = try #require(DictionaryBuild(diagnostics: engine).read(.init(corpora: [list], origin: list, ngrams: [directory + "/" + counts])))
            return (DictionaryCompiler.compile(table).bytes, engine.diagnostics.map(\.code))
        }
        let (wholeModel, wholeCodes) = try compiled("whole.counts")
        let (countedModel, countedCodes) = try compiled("counted.counts")
        #expect(wholeCodes == ["unknown-model-words"] && countedCodes.isEmpty, "\(wholeCodes) \(countedCodes)")
        #expect(countedModel == wholeModel)
        // Each source's unknown words are reported on it.
        let engine = DiagnosticEngine()
        _ = DictionaryBuild(diagnostics: engine).read(.init(corpora: [list], origin: list, ngrams: ["counted.counts", "whole.counts"].map { directory + "/" + $0 }))
        #expect(engine.diagnostics.map(\.location.file) == [directory + "/whole.counts"])
    }

    @Test func nextWordsFollowTheWordsBefore() throws {
        let engine = try Self.engine.get()
        #expect(Self.texts(engine, "thank ").first == "you")
        #expect(Self.texts(engine, "I want to ").contains("be"))
        #expect(Self.texts(engine, "to be or not to ").contains("be"))
        #expect(Self.texts(engine, "in the ") != Self.texts(engine, "I want to "))
        // At a text's or a sentence's start, capitalised.
        let starts = Self.texts(engine, "")
        #expect(starts.contains("The") && starts.allSatisfy { $0.first!.isUppercase }, "\(starts)")
        #expect(Self.texts(engine, "It rained. ") == starts && Self.texts(engine, "It rained.") == starts)
        // After something that is neither a word nor a number, the likeliest words; right after a
        // word, no next word.
        #expect(Self.texts(engine, "see https://x.org/a ").count == 3)
        #expect(engine.suggestions(for: "thank you", count: 3).allSatisfy { $0.typed == "you" })
        // Without a model, nothing is predicted.
        let plain = SuggestionEngine(dictionary: TestSupport.english.1)
        #expect(plain.suggestions(for: "thank ").isEmpty)
    }

    /// A context's likeliest words for a prefix are found wherever they fall in the alphabet: the
    /// entries of a context are read in word order, and when only the first 64 were, the English
    /// sentence starts with `m` stopped before `My` (`Hello. M` offered `Many`, `May`, `Mark`),
    /// those with `s` before `So`, and the words after "the" with `m` before `most`.
    @Test func theLikeliestWordsOfAContextAreFoundWhereverTheyFall() throws {
        let engine = try Self.engine.get()
        #expect(Self.texts(engine, "Hello. M").first == "My", "\(Self.texts(engine, "Hello. M"))")
        #expect(Self.texts(engine, "Then. S").first == "So", "\(Self.texts(engine, "Then. S"))")
        #expect(Self.texts(engine, "I want the m").first == "most", "\(Self.texts(engine, "I want the m"))")
    }

    /// A number is context of its own (`<num>`, as a sentence's start is `<s>`): the words after it
    /// are those that follow numbers in the counted text, in lower case. Before, the context stopped
    /// at a number, and the likeliest words of all were offered: `m` after "It took 20 " offered
    /// `me`, `more`, `must`; Spanish fortunes end with an author's dates and trade, `(1713-1784) Escritor`.
    @Test func theWordsAfterANumberFollowNumbers() throws {
        let english = try Self.engine.get()
        let quantities = Self.texts(english, "It took 20 m")
        #expect(quantities.contains("minutes") && quantities.contains("miles"), "\(quantities)")
        #expect(Self.texts(english, "It took 20 ").allSatisfy { $0.first!.isLowercase })
        let spanish = try Self.shippedEngine(words: ["es/es.combined.gz", "es/wordfreq.added.tsv"], counts: "fortunes")
        #expect(Self.texts(spanish, "Denis Diderot (1713-1784) ").first == "escritor", "\(Self.texts(spanish, "Diderot (1713-1784) "))")
        #expect(Self.texts(spanish, "Denis Diderot (1713-1784) Escritor ").contains("francés"), "the trigrams of <num> too")
        #expect(Self.texts(spanish, "Denis Diderot ").first != "escritor")
    }

    /// Next words rank by the model interpolated: a word the last two words were seen before once
    /// ranks above one they were never seen before, as likely after the last word alone (`end`
    /// and `world` after "the"). Ranked by back-off alone, `world` would win: its bigram times the
    /// pair's back-off weight is more than the one-off trigram's discounted probability.
    @Test func nextWordsInterpolateTheOrders() throws {
        let counts = [
            "cat\t11", "dog\t10", "end\t41", "the\t90", "the cat\t5", "the dog\t5", "the end\t40", "the world\t40", "to\t11",
            "to the\t11", "to the cat\t6", "to the dog\t4", "to the end\t1", "world\t40",
        ]
        let file = try TestSupport.write(counts.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }.joined(separator: "\n") + "\n",
                                         "interpolated.counts", in: try TestSupport.temporaryDirectory())
        let (table, diagnostics) = Self.read(ngrams: [file])
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.prefix(2))")
        let engine = SuggestionEngine(dictionary: try WordDictionary(container: Container(bytes: DictionaryCompiler.compile(try #require(table)).bytes)))
        #expect(Self.texts(engine, "to the ") == ["cat", "dog", "end"])
        #expect(Set(Self.texts(engine, "the ", count: 2)) == ["end", "world"])
    }

    @Test func completionsRankByTheWordsBefore() throws {
        let engine = try Self.engine.get()
        let plain = SuggestionEngine(dictionary: TestSupport.english.1)
        #expect(Self.texts(engine, "thank yo").contains("you"))
        // The same prefix completes differently after different words: "in the morning", "want more".
        let inThe = Self.texts(engine, "in the mor", count: 5), iWant = Self.texts(engine, "I want mor", count: 5)
        #expect(inThe.firstIndex(of: "morning")! < inThe.firstIndex(of: "more")!, "\(inThe)")
        #expect(iWant.firstIndex(of: "more")! < iWant.firstIndex(of: "morning")!, "\(iWant)")
        #expect(Self.texts(plain, "in the mor", count: 5) == Self.texts(plain, "I want mor", count: 5))
    }

    @Test func aMissedSpaceTheModelKnowsRanksAmongTheCorrections() throws {
        let engine = try Self.engine.get()
        let plain = SuggestionEngine(dictionary: TestSupport.english.1)
        // The model has "light year": the split comes before "lighter", a correction two edits
        // away; it is offered, not applied (neither word is among the commonest, and a compound
        // reads so too). Without the model the pair is unknown, and it comes after them.
        let missed = engine.suggestions(for: "He lightyear")
        #expect(missed.prefix(2).map(\.text) == ["lightyear", "light year"] && !missed.contains { $0.isAutocorrect }, "\(missed)")
        #expect(Self.texts(plain, "He lightyear").firstIndex(of: "light year") == nil)
    }

    @Test func theWordsBeforeCanMakeACorrectionConfidentEnough() throws {
        let engine = try Self.engine.get()
        var spellingOnly = engine
        spellingOnly.contextMarginExtra = .infinity
        spellingOnly.unseenRunMarginDrop = 0  // each typed word holds a run no word holds (`knoe`)
        // Where the words before make the correction likely, it is applied; by its spelling alone
        // (its margin whole), or after "the", which says little, it is only offered.
        for (text, expected) in [("I don't jeed", "need"), ("I don't knoe", "know"), ("thank yoi", "you")] {
            #expect(engine.suggestions(for: text).first == Suggestion(text: expected, typed: String(text.split(separator: " ").last!), isAutocorrect: true))
            #expect(!spellingOnly.suggestions(for: text).contains { $0.isAutocorrect }, "\(text)")
        }
        for text in ["the jeed", "the knoe"] {
            let offered = engine.suggestions(for: text)
            #expect(!offered.contains { $0.isAutocorrect } && offered.count == 3, "\(offered)")
        }
    }

    @Test func aFullStopOrCommaTypedForASpaceIsReadAsOneWhereTheModelHasThePair() throws {
        let engine = try Self.engine.get()
        // The comma and full stop keys flank the space bar (typing37k's `to,send`, `all.day`).
        #expect(engine.suggestions(for: "He was there all.day").first == Suggestion(text: "all day", typed: "all.day", isAutocorrect: true))
        #expect(engine.suggestions(for: "I want to,send").first == Suggestion(text: "to send", typed: "to,send", isAutocorrect: true))
        // A pair the model has, but whose second word starts a sentence as readily: a comma (typing37k's `No,just`).
        #expect(engine.suggestions(for: "I like this,but").first == Suggestion(text: "this, but", typed: "this,but", isAutocorrect: true))
        // Not a pair the model has: a comma missing its space is mended, a full stop in an address left.
        #expect(engine.suggestions(for: "my plane,sorry").first == Suggestion(text: "plane, sorry", typed: "plane,sorry", isAutocorrect: true))
        #expect(!engine.suggestions(for: "see example.com").contains { $0.isAutocorrect })
    }

    @Test func aSpaceMissedBesideACommonWordIsMendedOnSpace() throws {
        let engine = try Self.engine.get()
        // The model has the pair and one word is among the commonest: replaced on space.
        for (text, expected) in [("I think thefirst", "the first"), ("so wasgoing", "was going"), ("the responsibilityfor", "responsibility for")] {
            #expect(engine.suggestions(for: text).first == Suggestion(text: expected, typed: String(text.split(separator: " ").last!), isAutocorrect: true))
        }
        // The first word alone, which the words before favour (`we are out`), is no rival.
        #expect(engine.suggestions(for: "we are outof").first == Suggestion(text: "out of", typed: "outof", isAutocorrect: true))
        // Two less common words may be a compound the dictionary lacks: only offered.
        let compound = engine.suggestions(for: "the beachfront")
        #expect(!compound.contains { $0.isAutocorrect } && compound.contains { $0.text == "beach front" }, "\(compound)")
        var strict = engine
        strict.autocorrectMargin = 400
        #expect(!strict.suggestions(for: "so wasgoing").contains { $0.isAutocorrect })
    }

    @Test func aSplitTheModelLacksRanksTwoEditsDown() throws {
        let engine = try Self.engine.get()
        // Not a pair the model has: offered among the candidates, never applied (typing37k's
        // `viruschecking`, `distractionof`), where before it came after all of them.
        for (text, expected) in [("the viruschecking", "virus checking"), ("I don't have the distractionof", "distraction of")] {
            let offered = engine.suggestions(for: text)
            #expect(offered.contains { $0.text == expected } && !offered.contains { $0.isAutocorrect }, "\(offered)")
        }
        // Two edits down, it does not outrank a likely correction.
        #expect(engine.suggestions(for: "it is inpossible").first == Suggestion(text: "impossible", typed: "inpossible", isAutocorrect: true))
    }

    @Test func aLetterAloneIsCorrectedOnlyInItsCase() throws {
        let engine = try Self.engine.get()
        // The model expects "I" after "ha"; a vowel for another costs little, but one letter is
        // too little to tell a slip from another word.
        #expect(!engine.suggestions(for: "so ha e").contains { $0.isAutocorrect })
        #expect(engine.suggestions(for: "so ha i").first == Suggestion(text: "I", typed: "i", isAutocorrect: true))
    }

    @Test func aKnownWordThatTheContextDoesNotFitIsOfferedOneThatDoes() throws {
        let engine = try Self.engine.get()
        let plain = SuggestionEngine(dictionary: TestSupport.english.1)
        // Real-word errors: the word the context expects is offered beside the typed word; where
        // it is not hundreds of times likelier ("a piece" against "a peace"), the typed word is kept
        // (see aKnownWordTheWordsBeforeRuleOutIsReplacedByASlipAway for those that are: "more then").
        for (text, expected) in [("a peace", "piece"), ("more then", "than")] {
            let offered = engine.suggestions(for: text, count: 3)
            let typed = String(text.split(separator: " ").last!)
            #expect(offered.contains { $0.text == typed && !$0.isAutocorrect } && offered.contains { $0.text == expected }, "\(text): \(offered)")
            // Without a model it comes later, or not at all.
            let withModel = try #require(Self.texts(engine, text).firstIndex(of: expected))
            #expect(withModel < Self.texts(plain, text, count: 5).firstIndex(of: expected) ?? 5, "\(text) without a model")
        }
        // Where the typed word fits ("world peace"), nothing is put forward in its place.
        #expect(!Self.texts(engine, "world peace", count: 5).contains("piece"))
        #expect(!engine.suggestions(for: "a peace").contains { $0.isAutocorrect })
    }

    @Test func aShortKnownWordTheContextDoesNotFitIsOfferedOneSlipAway() throws {
        let engine = try Self.engine.get()
        // `he` after "I will" (typing37k): `be` is offered though its first letter differs, and
        // only words one slip away are (not `do`, two slips away). Without a layout, a letter for
        // another is no cheap slip: the typed word is not replaced (with one, see
        // aKnownWordOfTwoLettersTheWordsBeforeRuleOutIsReplaced).
        let offered = engine.suggestions(for: "I will he", count: 4)
        #expect(offered.contains { $0.text == "be" } && !offered.contains { $0.text == "do" || $0.isAutocorrect }, "\(offered)")
        // A word that fits is offered nothing in its place.
        #expect(!Self.texts(engine, "I will be", count: 4).contains("he"))
    }

    @Test func aKnownWordTheWordsBeforeRuleOutIsReplacedByASlipAway() throws {
        let engine = try Self.engine.get()
        // One cheap slip away (a vowel, a neighbouring key) and hundreds of times likelier after
        // the words before: applied on space, the typed word kept beside it.
        for (text, expected) in [("see you next weak", "week"), ("it makes me fell", "feel"), ("more then", "than")] {
            let typed = String(text.split(separator: " ").last!)
            let offered = engine.suggestions(for: text, count: 3)
            #expect(offered.prefix(2) == [Suggestion(text: expected, typed: typed, isAutocorrect: true), Suggestion(text: typed, typed: typed)], "\(offered)")
        }
        // Where the typed word fits, it stays; without real-word correction, nothing is applied.
        for text in ["we went for a long walk", "I fell", "the more", "more than"] {
            #expect(!engine.suggestions(for: text).contains { $0.isAutocorrect }, "\(text)")
        }
        var off = engine
        off.realWordLead = .infinity
        #expect(!off.suggestions(for: "it makes me fell").contains { $0.isAutocorrect })
        // A word the user has learned is the user's: never replaced.
        let user = UserDictionary()
        try user.learnWord("fell")
        let learned = SuggestionEngine(dictionary: engine.dictionary, userDictionary: user)
        #expect(!learned.suggestions(for: "it makes me fell").contains { $0.isAutocorrect })
    }

    /// An unknown word of two letters goes to the commonest word the words before make ten times
    /// likelier than its other readings, whatever their scores (typing37k's `As they used ti`: `to`,
    /// not `it`, one slip away too); with a lead asked of a thousand times, or without them, it stays.
    @Test func anUnknownWordOfTwoLettersIsCorrectedByTheWordsBefore() throws {
        var engine = try Self.withLayout.get()
        let slips = [("used ti", "ti", "to"), ("all oc", "oc", "of")]
        for (text, typed, expected) in slips {
            #expect(engine.suggestions(for: text).first == Suggestion(text: expected, typed: typed, isAutocorrect: true), "\(engine.suggestions(for: text))")
        }
        #expect(!engine.suggestions(for: "ti").contains { $0.isAutocorrect })
        engine.shortWordContextLead = 3
        for (text, _, _) in slips {
            #expect(!engine.suggestions(for: text).contains { $0.isAutocorrect }, "\(text)")
        }
    }

    /// The English words and model with the shipped en-US layout, whose geometry prices slips.
    static let withLayout = Result { () throws -> SuggestionEngine in
        let locales = ShippedLayoutTests.shipped.locales.filter { $0.tag == "en-US" }
        let container = try Container(bytes: LayoutBuild.bundle(dictionary: try built.get().0, locales: locales))
        return SuggestionEngine(dictionary: try WordDictionary(container: container), layout: try LayoutBundle(container: container).layout(for: .phone))
    }

    /// typing37k's slip of two letters that the words before all but rule out is replaced on space,
    /// with a lead ``SuggestionEngine/shortRealWordExtraLead`` greater than a longer word's (`à`
    /// and `a`, `så` and `sa`, `if` and `of` are one slip apart and all common); where the typed
    /// word fits, it stays; a word shorter than ``SuggestionEngine/realWordMinLength`` never goes.
    @Test func aKnownWordOfTwoLettersTheWordsBeforeRuleOutIsReplaced() throws {
        var engine = try Self.withLayout.get()
        let text = "for those if"
        #expect(engine.suggestions(for: text).first == Suggestion(text: "of", typed: "if", isAutocorrect: true), "\(engine.suggestions(for: text))")
        for fits in ["I think he", "as if", "one of", "I will be"] {
            #expect(!engine.suggestions(for: fits).contains { $0.isAutocorrect }, "\(fits): \(engine.suggestions(for: fits))")
        }
        // Held-out fortunes: a rarer word the words before expect (`Te` after "Tao"), and a word
        // capitalised where the words before show no sentence's start, stay.
        for kept in ["the nature of Tao to", "Package Quality: If"] {
            #expect(!engine.suggestions(for: kept).contains { $0.isAutocorrect }, "\(kept): \(engine.suggestions(for: kept))")
        }
        engine.shortRealWordExtraLead = 3
        #expect(!engine.suggestions(for: text).contains { $0.isAutocorrect })
        engine.shortRealWordExtraLead = 0
        engine.realWordMinLength = 3
        #expect(!engine.suggestions(for: text).contains { $0.isAutocorrect })
    }

    /// A model counted from a treebank's thirty thousand words corrects no real word: it has met a
    /// word's phrases once or twice (after Afrikaans legal text, `swart en wit`, black and white,
    /// became `swart en wat`).
    @Test func aSmallModelCorrectsNoRealWord() throws {
        var engine = try Self.shippedEngine(words: ["af/words.tsv.gz"], counts: "afribooms")
        let text = "ons as Suid-Afrikaners, swart en wit"
        #expect(!engine.suggestions(for: text).contains { $0.isAutocorrect }, "\(engine.suggestions(for: text))")
        engine.realWordMinBigrams = 0
        #expect(engine.suggestions(for: text).contains { $0.isAutocorrect })
    }

    /// A word is not replaced by itself with another vowel at its end: the ending agrees with a
    /// word after it (Romanian `cu ani în urmă`, "years ago", is right; the ro model finds `urma`
    /// far likelier after `în`). The other ending is offered, not applied.
    @Test(arguments: [("ro/ro.combined.gz", "rrt", "Cu ani în urmă", "urma"), ("sk/words.tsv.gz", "snk", "Začiatkom roka", "roku")])
    func anotherEndingOfATypedWordIsOfferedNotApplied(_ words: String, _ counts: String, _ text: String, _ other: String) throws {
        let engine = try Self.shippedEngine(words: [words], counts: counts)
        let offered = engine.suggestions(for: text)
        #expect(!offered.contains { $0.isAutocorrect } && offered.contains { $0.text == other }, "\(offered)")
    }

    @Test func learnedPairsComeBeforeTheModelsAndSurviveARestart() throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = folder + "/user.txt"
        let user = try UserDictionary(path: path)
        let dictionary = try WordDictionary(container: Container(bytes: try Self.built.get().0.bytes))
        let engine = SuggestionEngine(dictionary: dictionary, userDictionary: user)
        let modelFirst = try #require(Self.texts(engine, "thank ").first)
        #expect(modelFirst == "you")
        // No pairs: the file keeps the version 2 header that older readers read.
        try user.learnWord("keylex")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("keylex user dictionary 2\n"))

        try user.learnPair("thank", "goodness")
        try user.learnPair("thank", "heavens")
        try user.learnPair("thank", "heavens")
        #expect(Self.texts(engine, "thank ") == ["heavens", "goodness", "you"])
        #expect(Self.texts(engine, "Thank ").prefix(2) == ["heavens", "goodness"])
        // Among completions, the learned word beats the model's: "thank g" offers "goodness" first
        // (the prefix being typed is not echoed).
        let completions = Self.texts(engine, "thank g")
        #expect(completions.first == "goodness", "\(completions)")
        // Another word before: the pairs are not offered.
        #expect(!Self.texts(engine, "many ").contains("heavens"))
        // An ignored word is never offered, even as a learned pair.
        try user.ignoreWord("goodness")
        let withoutIgnored = Self.texts(engine, "thank ")
        #expect(withoutIgnored.prefix(2) == ["heavens", "you"] && !withoutIgnored.contains("goodness"), "\(withoutIgnored)")
        try user.removeIgnoredWord("goodness")

        // Saved as it changed: a restart reads the pairs back, under the version 4 header.
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("keylex user dictionary 4\n"))
        let restarted = try UserDictionary(path: path)
        #expect(restarted.learnedPairs == ["thank": ["goodness": 1, "heavens": 2]])
        #expect(Self.texts(SuggestionEngine(dictionary: dictionary, userDictionary: restarted), "thank ").prefix(2) == ["heavens", "goodness"])
        try restarted.unlearnPair("thank", "heavens")
        try restarted.unlearnPair("thank", "goodness")
        #expect(try UserDictionary(path: path).learnedPairs.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("keylex user dictionary 2\n"))
        // A damaged pair line is an error naming the line, not a trap.
        let bad = try TestSupport.write(Self.withChecksum("keylex user dictionary 3\npair\tthank\tyou\tmany\n"), "bad.txt", in: folder)
        #expect(throws: KeylexError.self) { try UserDictionary(path: bad) }
    }

    /// What the user types teaches the keyboard (`learnFinishedWord(in:)`, `keylex suggest
    /// --learn`): a name the dictionary lacks, once typed three times, is completed, and what
    /// follows it predicted; known words and what follows them (the model's business) are not
    /// stored, nor a word still being typed, an ignored word, or anything past a number.
    @Test func whatTheUserTypesIsLearned() throws {
        let user = UserDictionary()
        let dictionary = try WordDictionary(container: Container(bytes: try Self.built.get().0.bytes))
        let engine = SuggestionEngine(dictionary: dictionary, userDictionary: user)
        for text in ["thank you ", "thank you. ", "thank Zorbl", "thank 2 ", "thank Zorblax 2 "] {
            #expect(try !engine.learnFinishedWord(in: text), "\(text)")
        }
        // The first sightings are only sightings (a slip seldom repeats); then the word is learned.
        #expect(UserDictionary.sightingsToLearn == 3)
        for _ in 1..<UserDictionary.sightingsToLearn { #expect(try !engine.learnFinishedWord(in: "I thank Zorblax. ")) }
        #expect(user.learned.isEmpty && user.learnedPairs.isEmpty)
        #expect(!Self.texts(engine, "we met Zorb").contains("Zorblax"))
        // Learned at its third sighting, with the pair it ends: the model never predicts a word it lacks.
        #expect(try engine.learnFinishedWord(in: "I thank Zorblax, "))
        #expect(user.learned == ["Zorblax": 1] && user.learnedPairs == ["thank": ["Zorblax": 1]])
        #expect(Self.texts(engine, "we met Zorb").first == "Zorblax")
        #expect(Self.texts(engine, "I thank ").first == "Zorblax")
        // Typed again, it ranks higher; what follows it is learned (the model knows nothing of
        // what follows a word it lacks) and then predicted after it.
        #expect(try engine.learnFinishedWord(in: "ask Zorblax "))
        #expect(try engine.learnFinishedWord(in: "Zorblax arrived "))
        #expect(user.learned["Zorblax"] == 2 && user.learnedPairs["Zorblax"] == ["arrived": 1] && user.learnedPairs["ask"] == ["Zorblax": 1])
        #expect(Self.texts(engine, "Zorblax ").first == "arrived")

        try user.ignoreWord("Qwerk")
        for _ in 0...UserDictionary.sightingsToLearn { #expect(try !engine.learnFinishedWord(in: "thank Qwerk ")) }
        #expect(!user.hasLearnedWord("Qwerk"))
        // Without a user dictionary, nothing is learned, and nothing fails.
        #expect(try !SuggestionEngine(dictionary: dictionary).learnFinishedWord(in: "thank Zorblax "))
    }

    @Test func aWordTheTextUsesRanksHigher() throws {
        let engine = try Self.engine.get()
        // A word used earlier in the text is completed sooner than the model alone would.
        #expect(Self.texts(engine, "We saw a zeppelin over the town. The z").first == "zeppelin")
        #expect(!Self.texts(engine, "We saw a big ship over the town. The z").contains("zeppelin"))
        #expect(Self.texts(engine, "I went to Zurich last year. Now I live in Z").first == "Zurich")
        // Only completions and corrections: the word after a space is the model's.
        #expect(Self.texts(engine, "We saw a zeppelin over the town. The ") == Self.texts(engine, "We saw a big ship over the town. The "))
    }

    /// One word keeps at most `maxPairsPerWord` words learned after it, so that what a query reads
    /// stays small however long the keyboard is used: a new pair replaces the least learned, and a
    /// file with more (written by hand, or before the limit) loads the most learned.
    @Test func aWordKeepsItsMostLearnedPairs() throws {
        let folder = try TestSupport.temporaryDirectory()
        let limit = UserDictionary.maxPairsPerWord
        let user = try UserDictionary(path: folder + "/user.txt")
        for i in 0..<limit { for _ in 0...(i % 3) { try user.learnPair("the", "w\(i)") } }
        try user.learnPair("the", "newest")
        let kept = try #require(user.learnedPairs["the"])
        #expect(kept.count == limit && kept["newest"] == 1)
        #expect(kept.values.filter { $0 == 1 }.count == (0..<limit).filter { $0 % 3 == 0 }.count)  // one of the once-learned went
        #expect(try UserDictionary(path: folder + "/user.txt").learnedPairs["the"] == kept)

        var text = "keylex user dictionary 3\n"
        for i in 0...limit { text += "pair\tthe\tw\(i)\t\(i + 1)\n" }
        let loaded = try UserDictionary(path: TestSupport.write(Self.withChecksum(text), "long.txt", in: folder))
        #expect(loaded.learnedPairs["the"] == Dictionary(uniqueKeysWithValues: (1...limit).map { ("w\($0)", $0 + 1) }))
    }

    /// `text` followed by its checksum line, as a user-words file ends.
    static func withChecksum(_ text: String) -> String {
        text + "checksum\t" + String(CRC32C.checksum(Array(text.utf8)), radix: 16) + "\n"
    }

    /// AOSP's combined format has bigram lines under a word (none of AOSP's shipped lists has
    /// any): the head of the real English list, with bigrams added, predicts them after their word,
    /// in the order of their `f`, and keeps a share for the words not listed.
    @Test func bigramLinesOfACombinedListMakeAModel() throws {
        let lines = try Self.headOfEnglish(20_000)  // "thank" has f=100, "good" 170
        let bigrams = ["thank": ["you,f=95", "God,f=80", "goodness,f=70"], "good": ["morning,f=160", "luck,f=150"]]
        var text = ""
        for line in lines {
            text += line + "\n"
            guard let word = line.split(separator: ",").first?.split(separator: "=").last else { continue }
            for bigram in bigrams[String(word)] ?? [] { text += "  bigram=\(bigram)\n" }
        }
        let folder = try TestSupport.temporaryDirectory()
        let (table, diagnostics) = TestSupport.read([try TestSupport.write(text, "en.combined", in: folder)])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let compiled = DictionaryCompiler.compile(try #require(table))
        let engine = SuggestionEngine(dictionary: try WordDictionary(container: Container(bytes: compiled.bytes)))
        #expect(engine.predictsNextWords)
        #expect(Self.texts(engine, "thank ") == ["you", "God", "goodness"])
        #expect(Self.texts(engine, "good ", count: 2) == ["morning", "luck"])
        // A word with no bigrams backs off to the likeliest words; a partial word still completes
        // to words not listed after its word.
        #expect(Self.texts(engine, "the ").count == 3)
        #expect(Self.texts(engine, "thank ma", count: 5).contains("many"))
    }

    /// The first `count` word lines of the shipped English list (header included).
    static func headOfEnglish(_ count: Int) throws -> [String] {
        let diagnostics = DiagnosticEngine()
        let source = try #require(SourceText(path: TestSupport.shipped("corpora/en-US/en_US.combined.gz"), diagnostics: diagnostics))
        var lines: [String] = []
        source.forEachLine { line in
            if lines.count <= count, !line.text.hasPrefix("  ") { lines.append(String(line.text)) }
        }
        return lines
    }

    /// The shipped English model is also counted from everyday web text (the English Web Treebank's
    /// reviews, emails, answers and blogs: `corpora/en/ewt.counts.gz`), where fortunes alone
    /// offer `sins` after "Thank you for your".
    @Test func theShippedEnglishModelKnowsEverydayText() throws {
        let web = TestSupport.shipped("corpora/en/ewt.counts.gz")
        let (table, _) = Self.read(ngrams: [Self.countsFile, web])
        let engine = SuggestionEngine(dictionary: try WordDictionary(container: Container(bytes: DictionaryCompiler.compile(try #require(table)).bytes)))
        #expect(Self.texts(engine, "Thank you for your ").first == "help", "\(Self.texts(engine, "Thank you for your "))")
        #expect(Self.texts(engine, "Let me know if you have any ").first == "questions")
        #expect(Self.texts(engine, "Please let me ").first == "know")
        #expect(Self.texts(try Self.engine.get(), "Thank you for your ").first != "help")
    }

    /// Two words that make one where a space was typed too many rank their join as the words before
    /// the first rank it, as the candidates rank by the words before the typed one: typing37k's
    /// `with out` after "You just can't work" came after `our` and `outside`.
    @Test func aWordTypedAsTwoRanksByTheWordsBeforeIt() throws {
        let web = TestSupport.shipped("corpora/en/ewt.counts.gz")
        let (table, _) = Self.read(ngrams: [Self.countsFile, web])
        let engine = SuggestionEngine(dictionary: try WordDictionary(container: Container(bytes: DictionaryCompiler.compile(try #require(table)).bytes)))
        let texts = Self.texts(engine, "You just can't work with out", count: 4)
        #expect(texts.firstIndex(of: "without") ?? 9 < texts.firstIndex(of: "outside") ?? 9, "\(texts)")
    }

    /// Italian and Spanish ship models of Debian's fortunes in their languages too, 24 more locales
    /// models of Universal Dependencies treebanks (corpora/treebanks.tsv), and Kabyle one of its texts.
    @Test(arguments: [
        ("it/it.combined.gz", "fortunes", "in questo ", "modo"), ("it/it.combined.gz", "fortunes", "non lo ", "so"),
        ("es/es.combined.gz", "fortunes", "sin ", "embargo"), ("es/es.combined.gz", "fortunes", "muchas ", "veces"),
        ("de/de.combined.gz", "gsd", "Es ist ", "sehr"), ("fr/fr.combined.gz", "gsd", "Il y a ", "un"),
        // After a number too (`<num>`): "rose by 5 percent", "it was 5 years".
        ("de/de.combined.gz", "gsd", "Der Preis stieg um 5 ", "Prozent"), ("ru/ru.combined.gz", "taiga", "Это было 5 ", "лет"),
        ("pt-PT/pt_PT.combined.gz", "bosque", "Muito obrigado ", "pela"), ("pt-BR/pt_BR.combined.gz", "gsd", "Não sei ", "que"),
        ("nl/nl.combined.gz", "alpino", "Het is ", "een"), ("nb/nb.combined.gz", "ndt", "Det er ", "ikke"),
        ("sv/sv.combined.gz", "talbanken", "Det är ", "inte"), ("da/da.combined.gz", "ddt", "Jeg har ", "været"),
        ("fi/fi.combined.gz", "tdt", "Hän on ", "ollut"), ("ro/ro.combined.gz", "rrt", "Este un ", "fel"),
        ("ru/ru.combined.gz", "taiga", "Это было ", "давно"), ("cs/cs.combined.gz", "cac", "Je to ", "však"),
        ("sl/sl.combined.gz", "ssj", "Hvala za ", "to"), ("hr/hr.combined.gz", "set", "Ja sam ", "se"),
        ("sk/words.tsv.gz", "snk", "To je ", "veľmi"), ("he/iw.combined.gz", "iahltwiki", "זה היה ", "בן"),
        ("id/words.tsv.gz", "gsd", "Apa yang ", "akan"), ("fa/words.tsv.gz", "seraji", "من به ", "این"),
        ("tr/tr.combined.gz", "boun", "Çok teşekkür ", "ederim"), ("is/words.tsv.gz", "modern", "Það er ", "ekki"),
        ("lt/lt.combined.gz", "alksnis", "Tai yra ", "labai"), ("vi/words.tsv.gz", "vtb", "Tôi không ", "thể"),
        ("el/el.combined.gz", "gud", "Δεν ξέρω ", "τι"), ("sr/sr.combined.gz", "set", "рекао ", "је"),
        // Belarusian's and Armenian's, over spelling dictionaries with Unilex's counts: "the President
        // of Belarus", "the Republic of Armenia".
        ("be/words.tsv.gz", "hse", "Прэзідэнт ", "Беларусі"), ("hy/words.tsv.gz", "armtdp", "Հայաստանի ", "Հանրապետության"),
        // Afrikaans' and Nynorsk's, whose word lists are counted in the same text: "I am sure", "I have not".
        ("af/words.tsv.gz", "afribooms", "Ek is ", "seker"), ("nn/words.tsv.gz", "nynorsk", "Eg har ", "ikkje"),
        // Kyrgyz's, over Unilex's list: "the Kyrgyz language".
        ("ky/words.tsv.gz", "ktmu", "Кыргыз ", "тили"),
        // Kabyle's, counted in the CC0 texts its words come from: "I do not know", "one day".
        ("kab/words.tsv.gz", "texts", "ur ẓriɣ ", "ara"), ("kab/words.tsv.gz", "texts", "yiwen n ", "wass"),
    ])
    func otherLanguagesPredictTheirOwnNextWords(_ words: String, _ counts: String, _ text: String, _ expected: String) throws {
        let suggestions = try Self.shippedEngine(words: [words], counts: counts)
        #expect(Self.texts(suggestions, text).contains(expected), "\(Self.texts(suggestions, text))")
    }

    /// Common words AOSP's lists lack, added from the treebanks' text (`corpora/<locale>/*.added.tsv`,
    /// scripts/treebank-words.py), are kept as typed: without them Greek `η` (the article) is
    /// replaced by `ή`, Romanian `într-un` by `dintr-un`. Turkish `üç` (three) was replaced by `uç`
    /// too, until a word in other accents stopped replacing a prefix whose completion outranks it
    /// (`üçüncü`): it is kept either way now.
    @Test(arguments: [
        ("el/el.combined.gz", "el/gud.added.tsv", "Πού είναι η", true), ("tr/tr.combined.gz", "tr/boun.added.tsv", "Bu üç", false),
        ("ro/ro.combined.gz", "ro/rrt.added.tsv", "Am fost într-un", true),
    ])
    func commonWordsTheListsLackAreKept(_ list: String, _ added: String, _ text: String, _ replacedWithout: Bool) throws {
        let without = try Self.shippedEngine(words: [list])
        #expect((without.suggestions(for: text).first?.isAutocorrect == true) == replacedWithout, "\(without.suggestions(for: text))")
        let with = try Self.shippedEngine(words: [list, added])
        #expect(!with.suggestions(for: text).contains { $0.isAutocorrect }, "\(with.suggestions(for: text))")
    }

    /// An added word's count is on the scale keylex reads AOSP's `f` on (a count that doubles every
    /// 8 steps), so it ranks with the list's words as frequent: Greek `η`, one word in seventy of the
    /// treebank's text, was class 18 (below nearly every word) while the file gave `f` itself;
    /// German `überhaupt` (corpora/de/wordfreq.added.tsv) ranks beside `eigentlich`.
    @Test func addedWordsRankWithTheListsWordsAsFrequent() throws {
        let greek = try Self.shippedEngine(words: ["el/el.combined.gz", "el/gud.added.tsv"]).dictionary
        #expect(try #require(greek.frequencyClass(of: "η")) >= 200)
        let german = try Self.shippedEngine(words: ["de/de.combined.gz", "de/wordfreq.added.tsv"]).dictionary
        let added = try #require(german.frequencyClass(of: "überhaupt")), listed = try #require(german.frequencyClass(of: "eigentlich"))
        #expect(abs(Int(added) - Int(listed)) <= 4, "überhaupt \(added), eigentlich \(listed)")
    }

    /// A known word that a far likelier word starts is a prefix being typed: German `al` and `Au`
    /// (words of the list) are not echoed, their completions fill the bar; `ic` is not replaced by
    /// `IC`, as `ich` outranks it. A whole word likely where it stands is echoed still (`groß`).
    @Test func aPrefixBeingTypedIsNeitherEchoedNorRecased() throws {
        let german = try Self.shippedEngine(words: ["de/de.combined.gz"], counts: "gsd")
        for (text, prefix, completion) in [("Das war al", "al", "als"), ("Er ist mit dem Au", "Au", "Auf")] {
            let offered = Self.texts(german, text)
            #expect(!offered.contains(prefix) && offered.contains(completion), "\(text): \(offered)")
        }
        let ic = german.suggestions(for: "Das habe ic")
        #expect(!ic.contains { $0.isAutocorrect } && ic.first?.text == "ich", "\(ic)")
        #expect(Self.texts(german, "ganz groß").first == "groß")
    }

    /// Turkish cases `i` as `İ` and `ı` as `I`: a sentence's first word typed with `İ` is the known
    /// word (Unicode's default casing lowers `İki` to `i̇ki`, and it was "corrected" to `Iki`), and
    /// a word capitalised at a sentence's start gets `İ`.
    @Test func turkishCapitalsAreItsOwn() throws {
        let engine = try Self.shippedEngine(words: ["tr/tr.combined.gz"])
        let typed = engine.suggestions(for: "Bu iş bitti. İki")
        #expect(!typed.contains { $0.isAutocorrect } && typed.first?.text == "İki", "\(typed)")
        #expect(Self.texts(engine, "Bu iş bitti. ik", count: 5).contains("İki"), "\(Self.texts(engine, "Bu iş bitti. ik", count: 5))")
        let english = try Self.shippedEngine(words: ["en-US/en_US.combined.gz"])
        #expect(Self.texts(english, "It rained. i", count: 5).contains("In"))
    }

    /// With `--ngram-words 2`, the words a training text counts twice or more that the word list
    /// lacks join the dictionary, and their n-grams the model: a name or a dish of the text, spelled
    /// as the text spells it inside sentences (`Quarkspeise`; `schnurz`, capitalised only where a
    /// sentence starts), and the lower case of a listed word that the list has only with a capital
    /// (the verb `frage` beside the noun `Frage`). A word counted once stays out. Without the option
    /// none is added and the build warns of them.
    @Test func wordsOfTheTrainingTextJoinTheDictionary() throws {
        let folder = try TestSupport.temporaryDirectory()
        let text = try TestSupport.write(
            "Ich mag Quarkspeise. Die Quarkspeise ist gut. Schnurz war das. Das ist mir schnurz. Alles schnurz. "
                + "Ich frage dich. Ich frage nicht. Die Frage ist gut. Rosmarinnadeln dazu.\n", "text.txt", in: folder)
        func dictionary(ngramWords: UInt64?) throws -> (SuggestionEngine, [String]) {
            var inputs = DictionaryBuild.Inputs(corpora: [TestSupport.shipped("corpora/de/de.combined.gz")], origin: "de", ngrams: [text])
            inputs.ngramWords = ngramWords
            let diagnostics = DiagnosticEngine()
            let table = try #require(DictionaryBuild(diagnostics: diagnostics).read(inputs))
            let engine = SuggestionEngine(dictionary: try WordDictionary(container: Container(bytes: DictionaryCompiler.compile(table).bytes)))
            return (engine, diagnostics.diagnostics.map(\.code))
        }
        let (engine, codes) = try dictionary(ngramWords: 2)
        let words = engine.dictionary
        for word in ["Quarkspeise", "schnurz", "frage", "Frage"] { #expect(words.number(of: word) != nil, "\(word)") }
        for word in ["quarkspeise", "Schnurz", "Rosmarinnadeln"] { #expect(words.number(of: word) == nil, "\(word)") }
        #expect(Self.texts(engine, "Ich mag ").first == "Quarkspeise")
        #expect(Self.texts(engine, "Ich fr").contains("frage"), "\(Self.texts(engine, "Ich fr"))")
        #expect(codes == ["unknown-model-words"])  // Rosmarinnadeln, counted once
        let (without, warned) = try dictionary(ngramWords: nil)
        #expect(without.dictionary.number(of: "Quarkspeise") == nil && warned == ["unknown-model-words"])
    }

    /// An engine on shipped word lists (`corpora/<words>`), with the model of one of their folder's
    /// count files (`<counts>.counts.gz`) when given.
    static func shippedEngine(words: [String], counts: String? = nil) throws -> SuggestionEngine {
        let folder = String(words[0].split(separator: "/")[0])
        let inputs = DictionaryBuild.Inputs(corpora: words.map { TestSupport.shipped("corpora/\($0)") }, origin: folder,
                                            ngrams: counts.map { [TestSupport.shipped("corpora/\(folder)/\($0).counts.gz")] } ?? [])
        let table = try #require(DictionaryBuild(diagnostics: DiagnosticEngine()).read(inputs))
        return SuggestionEngine(dictionary: try WordDictionary(container: Container(bytes: DictionaryCompiler.compile(table).bytes)))
    }

    @Test func theModelKeepsItsBudgetAndIsTheSameEveryTime() throws {
        let (small, _) = try Self.english(budget: 200_000)
        let (again, _) = try Self.english(budget: 200_000)
        #expect(small.bytes == again.bytes)
        let container = try Container(bytes: small.bytes)
        let section = try #require(container.section(NGramFormat.tag))
        #expect(section.count <= 200_000 && section.count > 150_000)
        let engine = SuggestionEngine(dictionary: try WordDictionary(container: container))
        #expect(Self.texts(engine, "thank ").first == "you")
    }

    @Test func aDamagedModelIsIgnored() throws {
        let (compiled, _) = try Self.built.get()
        let container = try Container(bytes: compiled.bytes)
        let section = try #require(container.sections.first { $0.tag == NGramFormat.tag })
        let view = try #require(container.section(NGramFormat.tag))
        let header = try (0..<5).map { Int(try #require(view.u32(4 * $0))) }
        let (words, bigramContexts, bigrams, trigramContexts, trigrams) = (header[0], header[1], header[2], header[3], header[4])
        let bigramWidths = NGramFormat.Widths.bigrams(
            wordCount: words, maxKey: NGramFormat.maxContextWord(wordCount: words, minorVersion: container.minorVersion), entries: bigrams)
        let trigramWidths = NGramFormat.Widths.trigrams(wordCount: words, bigrams: bigrams, entries: trigrams)
        let firsts = NGramFormat.tablesOffset + NGramFormat.packedSize(count: bigramContexts, bits: bigramWidths.key)
        let trigramLevel = NGramFormat.tablesOffset + NGramFormat.levelSize(contexts: bigramContexts, entries: bigrams, widths: bigramWidths)
        let trigramEntries = trigramLevel + NGramFormat.packedSize(count: trigramContexts, bits: trigramWidths.key)
            + NGramFormat.packedSize(count: trigramContexts + 1, bits: trigramWidths.first) + NGramFormat.codesSize(trigramContexts)
        let damages: [(String, (inout [UInt8]) -> Void)] = [
            ("word count", { $0[section.offset + NGramFormat.Field.wordCount] ^= 0xFF }),
            ("bigram count", { $0[section.offset + NGramFormat.Field.bigrams] ^= 0xFF }),
            ("first context's first entry", { Self.store(1, in: &$0, table: section.offset + firsts, index: 0, width: bigramWidths.first) }),
            // Before the second's: a trap found by `scripts/fuzz.sh bundle`.
            ("third context's first entry", { Self.store(0, in: &$0, table: section.offset + firsts, index: 2, width: bigramWidths.first) }),
            ("last trigram's word", { Self.store((1 << trigramWidths.entry) - 1, in: &$0, table: section.offset + trigramEntries,
                                                 index: trigrams - 1, width: trigramWidths.entry) }),
        ]
        for (what, damage) in damages {
            var bytes = compiled.bytes
            damage(&bytes)
            // The checksum is not fixed: a reader that does not verify it still opens the model checked.
            let damaged = try Container(bytes: bytes)
            let dictionary = try WordDictionary(container: damaged)
            #expect(NGramModel(container: damaged, wordCount: dictionary.wordCount) == nil, "\(what)")
            #expect(SuggestionEngine(dictionary: dictionary).suggestions(for: "thank ").isEmpty)
        }
    }

    /// Writes `value` as number `index` of the packed table at `table` of `bytes`.
    static func store(_ value: Int, in bytes: inout [UInt8], table: Int, index: Int, width: Int) {
        for bit in 0..<width {
            let position = index * width + bit, byte = table + position / 8, mask = UInt8(1) << UInt8(position % 8)
            bytes[byte] = value >> bit & 1 == 1 ? bytes[byte] | mask : bytes[byte] & ~mask
        }
    }

    // MARK: ARPA models

    static let arpaFile = TestSupport.shipped("Tests/KeylexCompilerTests/Fixtures/arpa/fortunes-irstlm.arpa")

    /// Reads the English word list with the n-gram sources `ngrams`; the table, or `nil` on errors,
    /// and the diagnostics.
    static func read(ngrams: [String]) -> (WordTable?, [Diagnostic]) {
        let engine = DiagnosticEngine()
        let inputs = DictionaryBuild.Inputs(corpora: [TestSupport.shipped("corpora/en-US/en_US.combined.gz")], origin: "en-US", ngrams: ngrams)
        return (DictionaryBuild(diagnostics: engine).read(inputs), engine.diagnostics)
    }

    /// A word list without counts gives no frequencies, so no model: n-gram sources for it are an
    /// error at the first of them (the dictionary used to be built without its model, silently).
    @Test func nGramsForWordsWithoutCountsAreAnError() throws {
        let folder = try TestSupport.temporaryDirectory()
        let words = try TestSupport.write("thank\nyou\nvery\nmuch\n", "words.txt", in: folder)
        let text = try TestSupport.write("Thank you very much.\n", "text.txt", in: folder)
        func read(_ corpus: String, _ format: CorpusFormat?, ngrams: String) -> (WordTable?, [String]) {
            let engine = DiagnosticEngine()
            let table = DictionaryBuild(diagnostics: engine).read(.init(corpora: [corpus], format: format, origin: corpus, ngrams: [ngrams]))
            return (table, engine.diagnostics.filter { $0.severity == .error }.map { "\($0.location.file) \($0.code)" })
        }
        #expect(read(words, nil, ngrams: text).1 == ["\(text) model-without-counts"])
        #expect(read(words, nil, ngrams: Self.arpaFile).1 == ["\(Self.arpaFile) model-without-counts"])
        let counted = read(text, .text, ngrams: text)
        #expect(counted.0 != nil && counted.1.isEmpty)
    }

    @Test func anARPAModelOfAnotherToolIsTakenAsItIs() throws {
        let (table, diagnostics) = Self.read(ngrams: [Self.arpaFile])
        #expect(diagnostics.map(\.code) == ["unknown-model-words"], "\(diagnostics.map(\.message))")
        let compiled = DictionaryCompiler.compile(try #require(table))
        let dictionary = try WordDictionary(container: Container(bytes: compiled.bytes))
        let model = try #require(NGramModel(container: dictionary.container, wordCount: dictionary.wordCount))
        func probability(_ word: String, after words: [String]) throws -> Float {
            let numbers = try words.map { try #require(dictionary.number(of: $0)) }
            let context = model.context(previous: numbers.count > 1 ? numbers[0] : nil, last: numbers.last)
            let number = try #require(dictionary.number(of: word))
            return model.logProbability(of: number, frequencyClass: dictionary.frequencyClass(at: number), in: context)
        }
        // IRSTLM's "-0.230185 one of the" and "-0.820935 of the", within quantisation.
        let trigram = try probability("the", after: ["one", "of"]), bigram = try probability("the", after: ["of"])
        #expect(abs(trigram - -0.230185) < 0.05 && abs(bigram - -0.820935) < 0.05, "\(trigram), \(bigram)")
        let engine = SuggestionEngine(dictionary: dictionary)
        #expect(Self.texts(engine, "one of ").first == "the")
    }

    @Test func malformedARPAFilesAreReportedWithTheirLines() throws {
        let directory = try TestSupport.temporaryDirectory()
        let real = try String(contentsOfFile: Self.arpaFile, encoding: .utf8)
        func check(_ text: String, _ expected: [(code: String, line: Int?)], _ comment: Comment) throws {
            let path = try TestSupport.write(text, "model.arpa", in: directory)
            let diagnostics = Self.read(ngrams: [path]).1.filter { $0.code != "unknown-model-words" }
            #expect(diagnostics.map(\.code) == expected.map(\.code), comment)
            #expect(diagnostics.map(\.location.line) == expected.map(\.line), comment)
        }
        let lines = real.components(separatedBy: "\n")
        try check(real.replacingOccurrences(of: "ngram  2=      3315", with: "ngram  2=      3316"), [("invalid-arpa", 4)], "a wrong count")
        try check(lines.dropLast(2).joined(separator: "\n"), [("invalid-arpa", 5020)], "no \\end\\")
        try check(real.replacingOccurrences(of: "-3.21228\tA\t", with: "-x.21228\tA\t"), [("invalid-arpa", 10)], "not a number")
        try check(real.replacingOccurrences(of: "-3.21228\tA\t", with: "0.5\tA\t"), [("invalid-arpa", 10)], "a probability above 1")
        try check(real.replacingOccurrences(of: "-3.21228\tA\t", with: "-3.21228\tA B\t"), [("invalid-arpa", 10)], "too many words")
        try check(real.replacingOccurrences(of: "\\end\\", with: "\\4-grams:\n-1.0\ta b c d\n\\end\\"), [("invalid-arpa", 5021)], "an undeclared order")
        let fourGrams = real.replacingOccurrences(of: "ngram  3=       116\n", with: "ngram  3=       116\nngram 4=1\n")
            .replacingOccurrences(of: "\\end\\", with: "\\4-grams:\n-1.0\ta b c d\n\\end\\")
        try check(fourGrams, [("ignored-ngram-order", 5022)], "4-grams are left out, with a warning")
        try check("PK\u{03}\u{04}binary", [("invalid-arpa", 1)], "not an ARPA file")
        // An ARPA model does not mix with counts; nothing is read from either.
        let (table, diagnostics) = Self.read(ngrams: [Self.arpaFile, Self.countsFile])
        #expect(table == nil && diagnostics.map(\.code) == ["invalid-arpa"])
    }
}
