import Foundation
@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// What users see on the shipped AOSP dictionaries with their layouts: case, shortcuts, words that
/// are not words, apostrophes and hyphens, German umlauts, multi-word entries, text replacements.
@Suite struct ShippedDictionaryTests {
    /// An engine on `corpora/<corpus>/`'s word lists (those the build reads, see
    /// ``ProjectBuild/locales()``) and the shipped layouts of `locale`.
    static func engine(_ corpus: String, _ locale: String, user: UserDictionary? = nil) throws -> SuggestionEngine {
        let container = try bundles.value([corpus, locale]) { try bundle(corpus, locale) }
        return SuggestionEngine(dictionary: try WordDictionary(container: container),
                                layout: try LayoutBundle(container: container).layout(for: .phone), userDictionary: user)
    }

    /// The bundle of `corpus`'s words and `locale`'s layouts.
    static func bundle(_ corpus: String, _ locale: String) throws -> Container {
        let build = ProjectBuild(corpora: TestSupport.shipped("corpora"), output: "", diagnostics: DiagnosticEngine())
        let files = try #require(build.locales().first { $0.tag == corpus }).inputs.corpora
        let (table, _) = TestSupport.read(files)
        let dictionary = DictionaryCompiler.compile(try #require(table))
        let locales = ShippedLayoutTests.shipped.locales.filter { $0.tag == locale }
        return try Container(bytes: LayoutBuild.bundle(dictionary: dictionary, locales: locales))
    }

    /// The bundles engines were made on, each compiled once for every test that asks it (English
    /// takes half a minute in a debug build).
    static let bundles = TestSupport.Memo<[String], Container>()

    /// Built once; read-only afterwards (it has no user dictionary).
    static let english = Result { try engine("en-US", "en-US") }

    /// The first suggestion for `text`, and whether it is applied on space.
    static func first(_ engine: SuggestionEngine, _ text: String) -> (String, Bool)? {
        engine.suggestions(for: text).first.map { ($0.text, $0.isAutocorrect) }
    }

    /// Expects the last word of each of `texts` to be kept as typed: offered first, not applied.
    static func expectKeptAsTyped(_ engine: SuggestionEngine, _ texts: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for text in texts {
            let word = String(text.split(separator: " ").last!)
            #expect(first(engine, text) ?? ("", true) == (word, false), "\(text)", sourceLocation: sourceLocation)
        }
    }

    /// Every word list serves a layout locale (but Luxembourgish, which FlorisBoard has no layout
    /// for, and generic English, which en-CA takes), and the layout locales without one are those
    /// for which neither AOSP, wordfreq nor a Debian spelling dictionary gives a list here (or only
    /// one that cannot be expanded or typed: corpora/README.md).
    @Test func everyLayoutLocaleHasADictionaryWhereOneExists() throws {
        let corpora = Set(try FileManager.default.contentsOfDirectory(atPath: TestSupport.shipped("corpora")).filter { !$0.contains(".") && !$0.hasSuffix("-NOTICE") })
        let tags = ShippedLayoutTests.shipped.locales.map(\.tag)
        let served = Set(tags.compactMap { ProjectBuild.corpus(for: $0, among: corpora) })
        #expect(corpora.subtracting(served) == ["lb"])
        let without = tags.filter { ProjectBuild.corpus(for: $0, among: corpora) == nil }
        #expect(without == ["ast", "hoc", "ig-NG", "ja", "mn-MN", "ne-NP", "rue", "zu"])
        #expect(tags.count - without.count == 80)
    }

    /// The dictionaries made from wordfreq, subtitles' counts and expanded spelling dictionaries, with their
    /// layouts: common words complete, and a slip of a finger finds the word, in their own scripts.
    @Test(arguments: [
        ("ca", "ca", "Bon dia, com est", "està"), ("hi", "hi-IN", "मेरा ना", "नाम"), ("hi", "hi-IN", "यह भ", "भी"), ("fa", "fa", "سلا", "سلام"),
        ("sk", "sk", "ďakujem vel", "veľmi"), ("id", "id", "terima kasi", "kasih"), ("bn", "bn-BD", "আমা", "আমার"),
        ("af", "af", "ek is baie bly om jou te sjen", "sien"), ("th", "th", "สวัสด", "สวัสดี"), ("kk", "kk", "сәле", "Сәлем"),
        ("te", "te-IN", "ధన్యవా", "ధన్యవాదం"), ("lo", "lo-LA", "ສະບາຍ", "ສະບາຍດີ"), ("mr", "mr-IN", "नमस्का", "नमस्कार"),
        // Debian's Cyrillic Uzbek list in the Latin letters the layout types (oʻ, gʻ: U+02BB).
        ("uz", "uz-UZ", "men maktabga bordm", "bordim"), ("uz", "uz-UZ", "kitobni oʻqiy", "oʻqiydi"),
        // Letters that only a key's own callout types: Malayalam റ on the ര key (`എന്റ` was corrected
        // to `എന്ന` when the list lacked `എന്റെ`), Tamil ஸ on the ச key.
        ("ml", "ml-IN", "എന്റ", "എന്റെ"), ("ml", "ml-IN", "പറഞ്ഞ", "പറഞ്ഞു"), ("ta", "ta-IN", "போலீ", "போலீஸ்"),
        // OpenSubtitles' counts that Debian's spelling dictionaries accept (FrequencyWords).
        ("gl", "gl-ES", "moitas graz", "grazas"), ("eu", "eu-ES", "eskerrik as", "asko"), ("et", "et-EE", "aitäh väga hea töo", "töö"),
        // Keyman's Khmer list (sil.km.ggc); Thai's spelling dictionary with the Thai National Corpus's counts.
        ("km", "km-KH", "អរគុ", "អរគុណ"), ("th", "th", "ผมไม่", "ไม่"),
        // Sorani words of corpora and Wikipedia, checked by Sina Ahmadi's spelling dictionary: ڕ from
        // the r key's callout, ه from the h key, a slip of ۆ to its neighbour ئ.
        ("ckb", "ckb", "ئەمڕ", "ئەمڕۆ"), ("ckb", "ckb", "سوپاس بۆ هەمو", "هەموو"), ("ckb", "ckb", "من زئر", "زۆر"),
        // Unicode's Unilex counts: Azerbaijani's verbs in their persons, Kyrgyz; a slip of a neighbouring key.
        ("az", "az", "mən istəyirə", "istəyirəm"), ("az", "az", "bu çox yaxşl", "yaxşı"),
        ("ky", "ky", "мен кыргызста", "Кыргызстан"), ("ky", "ky", "бул жакшв", "жакшы"),
        // Kabyle words counted in CC0 texts, checked by the Imseɣti dictionary: ɛ and ɣ from callouts,
        // a word with its clitic, a slip of r to its neighbour e.
        ("kab", "kab", "azul a yemm", "yemma"), ("kab", "kab", "ur ẓriɣ ar", "ara"), ("kab", "kab", "aql-i deg uxx", "uxxam"),
        ("kab", "kab", "deg tamuet", "tamurt"), ("kab", "kab", "acu teb", "tebɣiḍ"),
    ] as [(String, String, String, String)])
    func newDictionariesCompleteAndCorrectInTheirScripts(corpus: String, locale: String, text: String, word: String) throws {
        let engine = try Self.engine(corpus, locale)
        let offered = engine.suggestions(for: text, count: 3).map(\.text)
        #expect(offered.contains(word), "\(locale) \(text): \(offered)")
    }

    /// Expanded spelling dictionaries with the counts of Unicode's Unilex lists (news crawled from
    /// the web) or of OpenSubtitles (FrequencyWords): the frequent word comes first, not the shortest
    /// (`Мін` offered `Мін`, `Міна`, `Міне` before; Telugu `నే` offered `నే`, `నేత`, `నేన`), and names
    /// the spelling dictionary lacks are words (`Uganda`).
    @Test(arguments: [
        ("be", "be-BY", "Мін", "Мінск"), ("be", "be-BY", "я не ве", "вельмі"), ("kk", "kk", "мен сені жақ", "жақсы"),
        ("hy", "hy", "ես քեզ սի", "սիրում"), ("fo", "fo", "hvussu ha", "hava"), ("ku", "ku", "ez ji te hez dik", "dike"),
        ("sw", "sw", "nchini Ugan", "Uganda"), ("sw", "sw", "seri", "Serikali"),
        ("eo", "eo", "Mi ne sc", "scias"), ("eo", "eo", "Ĉu vi vol", "volas"), ("ml", "ml-IN", "നി", "നിങ്ങള്"),
        ("te", "te-IN", "నే", "నేను"), ("te", "te-IN", "చా", "చాలా"),
    ] as [(String, String, String, String)])
    func countsRankTheWordsOfSpellingDictionaries(corpus: String, locale: String, text: String, word: String) throws {
        let engine = try Self.engine(corpus, locale)
        #expect(engine.suggestions(for: text, count: 3).first?.text == word, "\(locale) \(text)")
    }

    /// Thai and Khmer are written without spaces between words: the word being typed is the end of
    /// the run of letters, as the dictionary splits it, and only it is completed or corrected.
    @Test(arguments: [
        ("th", "th", "สวัสดีคร", "คร", "ครับ"), ("th", "th", "ขอบคุณคร", "คร", "ครับ"), ("th", "th", "ฉันอยากกินข้", "ข้", "ข้าว"),
        ("km", "km-KH", "ខ្ញុំទៅផ", "ផ", "ផ្លូវ"), ("km", "km-KH", "សួស្តីបង", "បង", "បង្ហាញ"),
    ] as [(String, String, String, String, String)])
    func wordsOfScriptsWithoutSpacesAreSplitByTheDictionary(corpus: String, locale: String, text: String, typed: String, word: String) throws {
        let engine = try Self.engine(corpus, locale)
        let offered = engine.suggestions(for: text, count: 5)
        #expect(offered.contains { $0.text == word }, "\(text): \(offered.map(\.text))")
        #expect(offered.allSatisfy { $0.typed == typed }, "\(text): \(offered.map(\.typed))")
    }

    /// A run that ends in letters that start no word: those letters after the last known word are
    /// the word typed, not the whole run (which the first word's correction would cut short); a run
    /// of known words is not learned as a word.
    @Test func aSlipAtTheEndOfAThaiRunIsTheWordTyped() throws {
        let engine = try Self.engine("th", "th")
        // No Thai word starts with the vowel ะ.
        let split = UnspacedWords.lastWord(of: try #require(CurrentWord(in: "สวัสดีครับะะ")), in: engine.dictionary)
        #expect(split.text == "ะะ")
        #expect(UnspacedWords.lastWord(of: try #require(CurrentWord(in: "hello")), in: engine.dictionary).text == "hello")
        #expect(!engine.suggestions(for: "สวัสดีคร").contains { $0.text == "สวัสดี" })
        // A run of known words is no new word to learn, however often it is typed.
        let user = UserDictionary()
        let learning = try Self.engine("th", "th", user: user)
        for _ in 0...UserDictionary.sightingsToLearn { #expect(try !learning.learnFinishedWord(in: "สวัสดีครับ ")) }
        #expect(user.learned.isEmpty)
    }

    /// A list without frequencies corrects by the typing error alone: a word far closer than any
    /// other is applied on space, a typo with several words as close is only offered.
    @Test func withoutFrequenciesOnlyAClearlyClosestWordIsApplied() throws {
        let engine = try Self.engine("uz", "uz-UZ")
        #expect(!engine.dictionary.hasFrequencies)
        #expect(Self.first(engine, "bu juda yaxshj")! == ("yaxshi", true))
        // `bordi` is as close as `bordim`.
        let offered = engine.suggestions(for: "men maktabga bordm", count: 3)
        #expect(offered.contains { $0.text == "bordim" } && !offered.contains { $0.isAutocorrect })
    }

    @Test func caseAsUsersTypeIt() throws {
        let engine = try Self.english.get()
        #expect(Self.first(engine, "so i") ?? ("", false) == ("I", true))
        #expect(Self.first(engine, "in london") ?? ("", false) == ("London", true))
        let hel = engine.suggestions(for: "say Hel", count: 5).map(\.text)
        #expect(hel.contains("Help") && hel.allSatisfy { $0.hasPrefix("He") }, "\(hel)")
        #expect(engine.suggestions(for: "say HEL").allSatisfy { $0.text == $0.text.uppercased() })
        // At the start of the text or of a sentence, suggestions take a capital.
        #expect(Self.first(engine, "teh") ?? ("", false) == ("The", true))
        #expect(Self.first(engine, "It rained. teh") ?? ("", false) == ("The", true))
        #expect(Self.first(engine, "and teh") ?? ("", false) == ("the", true))
    }

    @Test func whitelistShortcutsReplaceAndNotAWordIsCorrected() throws {
        let engine = try Self.english.get()
        #expect(Self.first(engine, "and im") ?? ("", false) == ("I'm", true))
        #expect(Self.first(engine, "you cant") ?? ("", false) == ("can't", true))
        #expect(Self.first(engine, "you can’t") ?? ("", true) == ("can’t", false))
        // "alot" is in the list, marked not_a_word: never suggested, so it is corrected.
        let alot = engine.suggestions(for: "and alot")
        #expect(alot.contains { $0.text == "alot" && $0.isUnknown })
        #expect(!alot.contains { $0.text == "alot" && !$0.isUnknown })
        // A correctly spelt word is never replaced.
        for word in ["house", "separate", "their", "until", "London"] {
            #expect(Self.first(engine, "the " + word) ?? ("", true) == (word, false), "\(word)")
        }
    }

    @Test func userTextReplacementsActLikeWhitelistShortcuts() throws {
        let user = UserDictionary()
        try user.addTextReplacement("On my way!", shortcut: "omw")
        let engine = try Self.engine("en-US", "en-US", user: user)
        #expect(Self.first(engine, "ok omw") ?? ("", false) == ("On my way!", true))
        let path = try TestSupport.temporaryDirectory() + "/user.txt"
        let saved = try UserDictionary(path: path)
        try saved.addTextReplacement("On my way!", shortcut: "omw")
        #expect(try UserDictionary(path: path).textReplacement(for: "omw") == "On my way!")
    }

    @Test func apostrophesHyphensAndMultiWordEntries() throws {
        let french = try Self.engine("fr", "fr-FR")
        #expect(Self.first(french, "mais cest") ?? ("", false) == ("c'est", true))
        #expect(Self.first(french, "mais c’est") ?? ("", true) == ("c’est", false))
        #expect(french.suggestions(for: "mais peutetre").contains { $0.text == "peut-être" })
        #expect(french.suggestions(for: "oui aujourdhui").first?.text == "aujourd'hui")
        let phrase = french.suggestions(for: "oui parce q").first { $0.text == "parce que" }
        #expect(phrase?.typed == "parce q")
        #expect(french.suggestions(for: "oui parce que").first?.isUnknown == false)
        let russian = try Self.engine("ru", "ru-RU")
        #expect(russian.suggestions(for: "это изза").contains { $0.text == "из-за" })
        // Ukrainian's apostrophe ʼ (the layout's long press of ь) is the list's ', kept as typed.
        let ukrainian = try Self.engine("uk", "uk-UA")
        let meat = ukrainian.suggestions(for: "мʼясо")
        #expect(meat.first.map { ($0.text, $0.isAutocorrect, $0.isUnknown) } ?? ("", true, true) == ("мʼясо", false, false), "\(meat)")
        #expect(!meat.contains { $0.text.contains("'") || $0.text.lowercased() == "мʼясо" && $0.text != "мʼясо" }, "\(meat)")
        #expect(ukrainian.suggestions(for: "я хочу мʼя").contains { $0.text == "мʼясо" })
        // The word typed with ’ is not offered again in another case at a sentence's start.
        #expect(!(try Self.english.get()).suggestions(for: "can’t").contains { $0.text == "Can’t" })
    }

    /// Russian spelling leaves ё out at will: a word typed with е for its ё is that word, kept as
    /// typed and not flagged unknown, with the ё spelling offered beside it; it reads as that word
    /// in context, and is not learned as a new one. A letter alone (`б` for `бы`, an initial) is
    /// not completed on space.
    @Test func russianWordsWithoutYoAreTheWords() throws {
        let russian = try Self.engine("ru", "ru-RU")
        #expect(russian.dictionary.options.contains(.optionalYo))
        for text in ["это дается", "это безнадежно", "он идет", "новая елка"] {
            let typed = String(text.split(separator: " ").last!)
            let suggestions = russian.suggestions(for: text)
            #expect(suggestions.first.map { ($0.text, $0.isAutocorrect, $0.isUnknown) } ?? ("", true, true) == (typed, false, false), "\(suggestions)")
            let written = try #require(russian.yoSpellings(of: typed).first)
            #expect(written.unicodeScalars.contains("ё") && suggestions.contains { $0.text == written }, "\(suggestions)")
            #expect(russian.number(ofContextWord: Substring(typed)) != nil, "\(typed)")
        }
        // A word typed with its ё where the list writes е (wordfreq's spelling: `снесет`) is that word.
        let typedYo = russian.suggestions(for: "он снесёт").first
        #expect(typedYo.map { ($0.text, $0.isAutocorrect, $0.isUnknown) } ?? ("", true, true) == ("снесёт", false, false))
        #expect(russian.yoSpellings(of: "снесёт") == ["снесет"])
        // A word that is a word as written is not read as another with ё (`все`, all; `всё`, everything).
        #expect(russian.yoSpellings(of: "все").isEmpty)
        #expect(russian.yoSpellings(of: "елка") == ["ёлка"])
        for text in ["если б", "что ж", "М"] {
            #expect(!russian.suggestions(for: text).contains { $0.isAutocorrect }, "\(text)")
        }
        // Without the option (an English dictionary), е is е.
        #expect(try Self.english.get().yoSpellings(of: "еще").isEmpty)
    }

    /// Swiss Standard German writes ss for ß, and the Swiss keyboard has no ß key: de-CH's words
    /// are respelt so (corpora/de-CH, from corpora/de by scripts/swiss-german.py), and what a Swiss
    /// user types is kept, where de-DE's list gives ß.
    @Test func swissGermanWritesSsForEszett() throws {
        let swiss = try Self.engine("de-CH", "de-CH")
        #expect(!swiss.dictionary.alphabet.contains("ß"))
        for text in ["liebe Grüsse", "er heisst", "die Strasse", "das ist gross"] {
            let typed = String(text.split(separator: " ").last!)
            let first = swiss.suggestions(for: text).first
            #expect(first.map { ($0.text, $0.isAutocorrect, $0.isUnknown) } ?? ("", true, true) == (typed, false, false), "\(text)")
        }
        #expect(swiss.suggestions(for: "die Stra").contains { $0.text == "Strasse" })
        let german = try Self.engine("de", "de-DE")
        #expect(Self.first(german, "er heisst") ?? ("", false) == ("heißt", true))
    }

    @Test func phoneSpaceSlipsAreCorrected() throws {
        let english = try Self.english.get()
        // A letter over the space bar typed for the space, and the space typed for a letter.
        #expect(Self.first(english, "so againstbthe") ?? ("", false) == ("against the", true))
        #expect(Self.first(english, "I have the option of starti g") ?? ("", false) == ("starting", true))
        #expect(Self.first(english, "why this is showi g") ?? ("", false) == ("showing", true))
        #expect(Self.first(english, "Robert I m") ?? ("", false) == ("I'm", true))
        // Real text is left alone: an initial, and two words that are words.
        #expect(!english.suggestions(for: "against the N").contains { $0.isAutocorrect })
        #expect(!english.suggestions(for: "You just can't work with out").contains { $0.isAutocorrect })
        // A word with an apostrophe and the word after it, the space missed, are two words, not an
        // elision and a correction of what follows the apostrophe (typing37k's `Here’sthe` had become `Here’The`).
        let dont = english.suggestions(for: "I don’tknow")
        #expect(dont.contains { $0.text == "don’t know" } && !dont.contains { $0.typed == "tknow" }, "\(dont)")
        let heres = english.suggestions(for: "so here’sthe")
        #expect(heres.contains { $0.text == "here’s the" } && !heres.contains { $0.typed == "sthe" }, "\(heres)")
        // A capitalised word inside a sentence that reads as two words is a name: offered apart,
        // not split on space (typing37k's `Abdul Razak Memon` had become `Me on`).
        let name = english.suggestions(for: "the arrest of Abdul Razak Memon")
        #expect(!name.contains { $0.isAutocorrect } && name.contains { $0.text == "Me on" }, "\(name)")
        // Three letters are not two words of one letter each, the middle one for the space (typing37k's `ava`).
        #expect(!english.suggestions(for: "ava").contains { $0.text == "A a" })
        #expect(!english.suggestions(for: "so ava").contains { $0.text == "a a" })
    }

    @Test func aCommaOrFullStopTypedForAnApostropheIsReadAsOne() throws {
        let english = try Self.english.get()
        // The apostrophe shares or neighbours the comma's key (typing37k's `don,t`, `You,ll`, `I.m`).
        #expect(Self.first(english, "I don,t") ?? ("", false) == ("don't", true))
        #expect(Self.first(english, "You,ll") ?? ("", false) == ("You'll", true))
        #expect(Self.first(english, "yes I.m") ?? ("", false) == ("I'm", true))
        #expect(english.suggestions(for: "I don,t").dropFirst().first == Suggestion(text: "don,t", typed: "don,t", isUnknown: true))
        #expect(Self.first(english, "so i,ll") ?? ("", false) == ("I'll", true))
        // A comma missing its space is mended, a full stop is left (an address, an abbreviation),
        // and one letter before a comma may be an elision.
        #expect(Self.first(english, "my plane,sorry") ?? ("", false) == ("plane, sorry", true))
        for text in ["see example.com", "e.g", "x,y", "a,b,c"] {
            #expect(!english.suggestions(for: text).contains { $0.isAutocorrect }, "\(text)")
        }
        let french = try Self.engine("fr", "fr-FR")
        #expect(!french.suggestions(for: "pour l,homme").contains { $0.text == "l, homme" })
    }

    @Test func aDigitTypedForTheLetterItMarksIsReadAsThatLetter() throws {
        let english = try Self.english.get()
        // The digits 1–0 mark the top row's keys: 3 is e, 5 is t, 0 is p (typing37k's `th3`, `d3spite`).
        #expect(Self.first(english, "I guess th3") ?? ("", false) == ("the", true))
        #expect(Self.first(english, "Louis d3spite") ?? ("", false) == ("despite", true))
        #expect(Self.first(english, "0lease") ?? ("", false) == ("Please", true))
        #expect(english.suggestions(for: "I guess th3").dropFirst().first == Suggestion(text: "th3", typed: "th3", isUnknown: true))
        #expect(Self.first(english, "a backup when heal5hy") ?? ("", false) == ("healthy", true))
        // A token of four characters clears the plain margin, not a short word's (typing37k's
        // `com3`, `j7st`); one of three, the margin of its length (`co2` is no `cow`).
        #expect(Self.first(english, "if they com3") ?? ("", false) == ("come", true))
        #expect(Self.first(english, "You j7st") ?? ("", false) == ("just", true))
        #expect(!english.suggestions(for: "my co2").contains { $0.isAutocorrect })
        // Between letters, it may also be a digit too many: offered, not applied.
        #expect(Self.first(english, "When it is used we tr4y") ?? ("", true) == ("try", false))
        // Names and units with digits read as no word, and numbers, are left alone.
        for text in ["mp3", "h2o", "5pm", "8am", "covid19", "the 2nd", "win7", "iPhone7"] {
            #expect(english.suggestions(for: text).isEmpty, "\(text)")
        }
        // The keys are the layout's: on AZERTY, 1 marks a.
        let french = try Self.engine("fr", "fr-FR")
        #expect(Self.first(french, "je vais 1vec") ?? ("", false) == ("avec", true))
        #expect(Self.first(english, "je vais 1vec") == nil)
    }

    /// typing37k's `40yards`, `26to`, `or9`: the space between a number and a word missed.
    @Test func aNumberTypedAgainstAWordIsOfferedApart() throws {
        let english = try Self.english.get()
        #expect(english.suggestions(for: "he ran 40yards") == [
            Suggestion(text: "40 yards", typed: "40yards"), Suggestion(text: "40yards", typed: "40yards", isUnknown: true),
        ])
        #expect(Self.first(english, "the score was 26to") ?? ("", true) == ("26 to", false))
        #expect(Self.first(english, "either or9") ?? ("", true) == ("or 9", false))
        // Ordinals, units and names keep their number: a rare short word, a word before a number.
        for text in ["the 1st", "at 5pm", "run 10km", "on win7", "at the ball40"] {
            #expect(english.suggestions(for: text).isEmpty, "\(text)")
        }
        // The word as the dictionary spells it: German nouns take their capital.
        let german = try Self.engine("de", "de-DE")
        #expect(Self.first(german, "vor 3jahren") ?? ("", true) == ("3 Jahren", false))
    }

    @Test func aShortWordIsCorrectedOnlyForOneSlipOfAFinger() throws {
        let english = try Self.english.get()
        // A neighbouring key (w for e) or two letters swapped: applied.
        #expect(Self.first(english, "so thw") ?? ("", false) == ("the", true))
        #expect(Self.first(english, "so teh") ?? ("", false) == ("the", true))
        // x lies far from e: "thx" (thanks) is not replaced by "the", only offered it.
        let thx = english.suggestions(for: "ok thx")
        #expect(!thx.contains { $0.isAutocorrect } && thx.contains { $0.text == "the" }, "\(thx)")
    }

    @Test func aWordInOtherCapitalsIsNoRivalOfItself() throws {
        // "Justice" (a name) and "justice" are one word: neither keeps the other from being applied.
        #expect(Self.first(try Self.english.get(), "so justicr") ?? ("", false) == ("justice", true))
    }

    @Test func aTypedWordThatStraysFromEveryWordIsCorrectedMoreReadily() throws {
        let english = try Self.english.get()
        // No word starts with "plr" or "probk": the margin drops, and the correction applies.
        #expect(Self.first(english, "so plrnty") ?? ("", false) == ("plenty", true))
        #expect(Self.first(english, "so probkens") ?? ("", false) == ("problems", true))
        // Without the drop (nor the drop for a run of letters no word holds: `plrn`, `robk`),
        // neither would be.
        var strict = english
        strict.strayMarginDrop = 0
        strict.unseenRunMarginDrop = 0
        #expect(!strict.suggestions(for: "so plrnty").contains { $0.isAutocorrect })
        #expect(!strict.suggestions(for: "so probkens").contains { $0.isAutocorrect })
        // Rare words that start like known ones (history, vision) keep the whole margin.
        #expect(Self.first(english, "the histone") ?? ("", true) == ("histone", false))
        #expect(Self.first(english, "the virion") ?? ("", true) == ("virion", false))
    }

    @Test func germanUmlautSpellingsAreCheap() throws {
        let german = try Self.engine("de", "de-DE")
        #expect(german.costs.spellsUmlauts)
        #expect(german.suggestions(for: "die strasse").first?.text == "Straße")
        #expect(german.suggestions(for: "die grosse").contains { $0.text == "große" })
        #expect(german.suggestions(for: "ein schoener").contains { $0.text == "schöner" })
        for word in ["groß", "Straße", "weiß"] {
            #expect(Self.first(german, "ganz " + word) ?? ("", true) == (word, false), "\(word)")
        }
    }

    /// AOSP's German list lacks most lower-case words that start with ä, ö or ü, and it and the
    /// French and Russian lists most verbs' second persons, the Spanish one the forms of `vos`;
    /// `<locale>/wordfreq.added.tsv` restores them (scripts/wordfreq-words.py). They are kept as
    /// typed, where `ändern` was corrected to `andern` and `akzeptierst` to `akzeptiert`, and they
    /// complete.
    @Test func wordsTheAOSPListsLackedAreKnown() throws {
        let german = try Self.engine("de", "de-DE")
        for word in ["ändern", "überhaupt", "öffentlich", "übernehmen", "äußerst"] {
            #expect(Self.first(german, "Das kann ich " + word) ?? ("", true) == (word, false), "\(word)")
        }
        for word in ["akzeptierst", "verstehst", "arbeitest", "hattest"] {
            #expect(Self.first(german, "Du " + word) ?? ("", true) == (word, false), "\(word)")
        }
        #expect(german.suggestions(for: "Das ist überh").contains { $0.text == "überhaupt" })
        #expect(german.suggestions(for: "Du verstehs").contains { $0.text == "verstehst" })
        // French has the same gap: `tu abandonnes` was corrected to `abandonnés`, `vous accueillez` to
        // `accueille` (fr/wordfreq.added.tsv).
        let french = try Self.engine("fr", "fr-FR")
        for word in ["abandonnes", "exprimes", "découvres"] {
            #expect(Self.first(french, "tu " + word) ?? ("", true) == (word, false), "\(word)")
        }
        for word in ["accueillez", "hésitez", "conseillez"] {
            #expect(Self.first(french, "vous " + word) ?? ("", true) == (word, false), "\(word)")
        }
        // And Russian its first person plural and second persons: `вы отвечаете` was corrected to
        // `отвечает`, `мы помогаем` to `помогает`, `ты используешь` to `использует` (ru/wordfreq.added.tsv).
        // And Spanish the forms of `vos`: `che, buscá` was corrected to `busca` (es/wordfreq.added.tsv).
        let russian = try Self.engine("ru", "ru-RU"), spanish = try Self.engine("es", "es-ES")
        let typed = [(russian, ["вы отвечаете", "мы помогаем", "ты используешь", "ты пытаешься"]), (spanish, ["che, buscá", "vos conocés", "si necesitás"])]
        for (engine, texts) in typed { Self.expectKeptAsTyped(engine, texts) }
        #expect(russian.suggestions(for: "ты пытаеш").first?.text == "пытаешься")
    }

    /// Other forms of the lists' words, which wordfreq counts and hunspell stems to a word of the list
    /// (scripts/wordfreq-words.py): Russian cases, imperatives, first persons (`дождю` was corrected to
    /// `дождь`, `переживаю` to `переживают`), Spanish imperatives with their pronouns (`llévalo` to
    /// `llevarlo`), German and French persons and tenses (`ernähre`, `rejoindrez`), Italian pronouns
    /// joined to the verb (`avvisami`), Portuguese first persons (`testei` to `teste`), Czech and Polish
    /// persons (`patříš` to `patří`, `wróciłaś` to `wróciła`); and Ukrainian's, whose wordfreq list
    /// is longer (corpora/README.md: `снують` was `існують`). A form without
    /// accents whose accented spelling the list has is not added: `wahrend` is still `während`.
    @Test func formsOfTheListsWordsAreKnown() throws {
        let russian = try Self.engine("ru", "ru-RU"), spanish = try Self.engine("es", "es-ES")
        let german = try Self.engine("de", "de-DE"), french = try Self.engine("fr", "fr-FR")
        let italian = try Self.engine("it", "it-IT"), portuguese = try Self.engine("pt-BR", "pt-BR")
        let czech = try Self.engine("cs", "cs"), polish = try Self.engine("pl", "pl-PL"), ukrainian = try Self.engine("uk", "uk-UA")
        let typed = [
            (russian, ["по дождю", "я переживаю", "вы покажите", "она поговорила"]), (spanish, ["no llévalo", "y tómate", "por favor ayúdenme"]),
            (german, ["ich ernähre", "ihr konntet"]), (french, ["vous rejoindrez", "nous réglons"]),
            (italian, ["per favore avvisami", "devo ricordarmelo"]), (portuguese, ["eu arrasei", "ontem testei"]),
            (czech, ["ty patříš", "my platíme"]), (polish, ["ty wróciłaś", "ja gwarantuję"]), (ukrainian, ["вони снують"]),
        ]
        for (engine, texts) in typed { Self.expectKeptAsTyped(engine, texts) }
        // Brazilian spellings of the 1990 agreement, which AOSP's list has in the spelling before it
        // (`vôo`, `européia`): kept as typed.
        Self.expectKeptAsTyped(portuguese, ["o voo", "uma ideia europeia", "cinquenta"])
        #expect(Self.first(german, "Das ist wahrend") ?? ("", false) == ("während", true))
        #expect(Self.first(french, "et voila") ?? ("", false) == ("voilà", true))
    }

    /// The search widens in passes: a second edit for words with the typed first letter when the
    /// first pass found few candidates, a third for long words when nothing was found; what the
    /// third finds is offered, never applied.
    @Test func widerSearchesOfferWordsSeveralSlipsAway() throws {
        var engine = try Self.english.get()
        #expect(engine.suggestions(for: "so arogent", count: 4).contains { $0.text == "arrogant" })
        // With the whole margin (the typed word strays: no word starts with "arog"), nothing is applied.
        engine.strayMarginDrop = 0
        let arogent = engine.suggestions(for: "so arogent", count: 4)
        #expect(arogent.contains { $0.text == "arrogant" } && !arogent.contains(where: \.isAutocorrect), "\(arogent)")
        let interpretation = engine.suggestions(for: "so inturpratasion", count: 4)
        #expect(interpretation.contains { $0.text == "interpretation" } && !interpretation.contains(where: \.isAutocorrect),
                "\(interpretation)")
        var narrow = engine
        narrow.costs.longWordEdits = 2
        #expect(!narrow.suggestions(for: "so inturpratasion", count: 4).contains { $0.text == "interpretation" })
        #expect(engine.suggestions(for: "so houe").first { !$0.isUnknown }?.text == "house")
    }
}

/// Words found by their sound (`phon`): shipped English rules, and a dictionary whose index is
/// damaged or absent.
@Suite struct SoundAlikeTests {
    /// The shipped English rules.
    static let english = Result { try PhoneticRuleSyntax.parse(String(contentsOfFile: TestSupport.shipped("corpora/en/phonetic.rules"), encoding: .utf8)) }

    /// An engine on the shipped en-US word list, with the English phonetic rules when `phonetics`.
    static func engine(phonetics: Bool) throws -> SuggestionEngine {
        let (read, _) = TestSupport.read([TestSupport.shipped("corpora/en-US/en_US.combined.gz")])
        var table = try #require(read)
        if phonetics { table.phonetics = try english.get() }
        let dictionary = DictionaryCompiler.compile(table)
        let locales = ShippedLayoutTests.shipped.locales.filter { $0.tag == "en-US" }
        let container = try Container(bytes: LayoutBuild.bundle(dictionary: dictionary, locales: locales))
        return SuggestionEngine(dictionary: try WordDictionary(container: container), layout: try LayoutBundle(container: container).layout(for: .phone))
    }

    static let withIndex = Result { try engine(phonetics: true) }

    @Test func misspellingsThatSoundLikeAWordFindItAndAreNotApplied() throws {
        let engine = try Self.withIndex.get()
        let plain = try Self.engine(phonetics: false)
        for (typed, word) in [("bisnes", "business"), ("skitsofrinic", "schizophrenic"), ("souvinneer", "souvenir"), ("dinamicly", "dynamically")] {
            let found = engine.suggestions(for: "the " + typed, count: 4)
            #expect(found.contains { $0.text == word } && !found.contains(where: \.isAutocorrect), "\(typed): \(found)")
            #expect(!plain.suggestions(for: "the " + typed, count: 4).contains { $0.text == word }, "\(typed)")
        }
        // One slip is still corrected as before, and a known word is left alone.
        #expect(engine.suggestions(for: "the wrold").first { !$0.isUnknown }?.text == "world")
        #expect(engine.suggestions(for: "the business").first?.text == "business")
    }

    /// A word the typed one spells by its sound, one edit away, is not two words with a letter for
    /// the space between them (typing37k's `in Bennett s absense` had become `a sense`, the b over
    /// the space bar); without the rules, it is.
    @Test func aWordSpelledBySoundIsNotTwoWordsWithALetterForTheSpace() throws {
        let engine = try Self.withIndex.get()
        let plain = try Self.engine(phonetics: false)
        let found = engine.suggestions(for: "in his absense")
        #expect(!found.contains { $0.text == "a sense" } && found.first { !$0.isUnknown }?.text == "absence", "\(found)")
        #expect(plain.suggestions(for: "in his absense").contains { $0.text == "a sense" })
        // A letter for the space where no word sounds like the typed one still splits it.
        #expect(engine.suggestions(for: "so againstbthe").first?.text == "against the")
        // A missed space is still offered, after the word spelled by its sound (codespell's `allmost`).
        let almost = engine.suggestions(for: "the allmost", count: 4).map(\.text)
        #expect(almost.firstIndex(of: "almost") ?? 9 < almost.firstIndex(of: "all most") ?? 0, "\(almost)")
    }

    /// A correction that also sounds like the typed word ranks higher (`EditCosts.sameSound`), but
    /// whether it is applied is judged without that bonus.
    @Test func aCorrectionThatSoundsAlikeRanksHigherButIsNotAppliedForIt() throws {
        var engine = try Self.withIndex.get()
        // The three slots of a bar, the typed word aside (an unknown word that starts others, as
        // `cashe` starts `cashew`, is not echoed).
        func shown(_ typed: String) -> [String] { Array(engine.suggestions(for: "the " + typed, count: 4).filter { !$0.isUnknown }.map(\.text).prefix(3)) }
        #expect(shown("cashe").contains("cache") && shown("installes").contains("installs"), "\(shown("cashe")) \(shown("installes"))")
        #expect(!engine.suggestions(for: "the bassline").contains { $0.isAutocorrect })
        let thier = engine.suggestions(for: "I said thier").first
        #expect(thier?.text == "their" && thier?.isAutocorrect == true)
        engine.costs.sameSound = 0
        #expect(!shown("cashe").contains("cache"), "\(shown("cashe"))")
    }

    /// A word found by its sound is offered, never applied, and holds no correction back: its
    /// cost counts its sound, which says nothing of the key a finger slipped from (`theey` finds
    /// `the` by its sound, close enough in rank to have held `they` back; typing37k's phone typos).
    @Test func aWordFoundByItsSoundHoldsNoCorrectionBack() throws {
        let engine = try Self.withIndex.get()
        for (typed, word) in [("theey", "they"), ("thwy", "they"), ("shouldee", "shoulder")] {
            let first = engine.suggestions(for: "I think " + typed).first
            #expect(first?.text == word && first?.isAutocorrect == true, "\(typed): \(String(describing: first))")
        }
    }

    /// While the typed letters read best as a word being typed (a completion ranks with the best
    /// correction one slip away), the search goes no farther than one slip and adds no words found
    /// by their sound: words two or three slips away or of a like sound only pushed the completions
    /// aside (`income` first for `uncom`, `there` for `thoro`). Letters one slip from a frequent word
    /// are searched as before: `thier` begins the rare `Thierry`, and `there` sounds like it.
    @Test func lettersThatBeginAWordAreCompletedNotSearchedFarther() throws {
        let engine = try Self.withIndex.get()
        for typed in ["uncom", "thoro", "undistra", "previou", "spagh"] {
            let shown = engine.suggestions(for: "so " + typed).map { $0.text.lowercased() }
            #expect(!shown.isEmpty && shown.allSatisfy { $0.hasPrefix(typed) }, "\(typed): \(shown)")
        }
        #expect(engine.suggestions(for: "I said thier", count: 5).contains { $0.text == "there" })
        #expect(engine.suggestions(for: "the bisnes", count: 4).contains { $0.text == "business" })
        #expect(engine.suggestions(for: "so inturpratasion", count: 4).contains { $0.text == "interpretation" })
    }

    @Test func theShippedEnglishRulesKeyWordsBySound() throws {
        let rules = try Self.english.get()
        #expect(rules.key(of: "business") == rules.key(of: "bisnes"))
        #expect(rules.key(of: "leverage") == rules.key(of: "levaridge"))
        #expect(rules.key(of: "phone") == rules.key(of: "fone"))
    }

    @Test func aKeysWordsAreListedMostFrequentFirst() throws {
        var table = WordTable()
        for (word, count) in [("basin", 200), ("bison", 900), ("bosun", 400), ("busy", 500), ("sea", 1)] {
            table.add(word, count: UInt64(count), at: SourceLocation(file: "-"), diagnostics: DiagnosticEngine())
        }
        let rules = try Self.english.get()
        table.phonetics = rules
        let dictionary = try WordDictionary(bytes: DictionaryCompiler.compile(table.finishedForTests).bytes)
        let index = try #require(PhoneticIndex(container: dictionary.container, wordCount: dictionary.wordCount))
        let key = try #require(index.keys.number(of: rules.key(of: "basin")))
        var listed: [String] = []
        index.forEachWord(ofKey: key) { listed.append(dictionary.word(at: $0) ?? "?"); return true }
        #expect(listed == ["bison", "bosun", "basin"])
    }

    @Test func aDamagedIndexIsSkipped() throws {
        var table = WordTable()
        for (i, word) in ["business", "basin", "bison", "busy", "sea"].enumerated() {
            table.add(word, count: UInt64(100 - i), at: SourceLocation(file: "-"), diagnostics: DiagnosticEngine())
        }
        table.phonetics = try Self.english.get()
        let compiled = DictionaryCompiler.compile(table.finishedForTests)
        let intact = SuggestionEngine(dictionary: try WordDictionary(bytes: compiled.bytes))
        #expect(compiled.container.sections.contains { $0.0 == PhoneticFormat.tag })
        #expect(intact.suggestions(for: "bisnes", count: 5).contains { $0.text == "Business" })
        let section = try #require(compiled.container.sections.first { $0.0 == PhoneticFormat.tag }?.1)
        // Every truncation of the section, and bytes set to 0xFF one at a time, open without a trap;
        // suggestions still come.
        var damaged: [[UInt8]] = (0..<section.count).map { Array(section.prefix($0)) }
        for i in 0..<section.count { var bytes = section; bytes[i] = 0xFF; damaged.append(bytes) }
        for bytes in damaged {
            var writer = ContainerWriter()
            writer.insert(compiled.container.features)
            for (tag, original) in compiled.container.sections { writer.add(tag, tag == PhoneticFormat.tag ? bytes : original) }
            let engine = SuggestionEngine(dictionary: try WordDictionary(bytes: writer.bytes()))
            #expect(!engine.suggestions(for: "bisnes", count: 5).isEmpty)
        }
    }
}
