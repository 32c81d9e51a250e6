import Foundation
@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// The suggestion engine on small dictionaries with the shipped en-US layout, and on the shipped
/// English bundle: current word, casing, accents, apostrophes, flags, key proximity, user words.
@Suite struct SuggestionTests {
    /// A bundle of `words` (with counts) and the shipped layouts of `locale` (en-US by default).
    static func engine(_ words: [(String, UInt64)], blocked: [String] = [], layout: Bool = true, locale: String = "en-US",
                       user: UserDictionary? = nil) throws -> SuggestionEngine {
        let entries = words.map { (word: $0.0, count: $0.1, flags: DictionaryFormat.WordFlags()) }
            + blocked.map { (word: $0, count: UInt64(1), flags: DictionaryFormat.WordFlags.blocked) }
        let dictionary = DictionaryCompiler.compile(entries, hasCounts: true)
        let locales = layout ? ShippedLayoutTests.shipped.locales.filter { $0.tag == locale } : []
        let container = try Container(bytes: LayoutBuild.bundle(dictionary: dictionary, locales: locales))
        var engine = SuggestionEngine(dictionary: try WordDictionary(container: container),
                                      layout: layout ? try LayoutBundle(container: container).layout(for: .phone) : nil,
                                      userDictionary: user)
        // These tests are about finding and ranking words in tiny dictionaries, whose classes say
        // little: autocorrect whenever the best correction leads (the defaults are checked on the
        // shipped dictionaries, in ShippedDictionaryTests).
        engine.autocorrectMargin = -1_000
        engine.shortWordMargin = 0
        engine.autocorrectLead = 4
        return engine
    }

    static let small: [(String, UInt64)] = [
        ("the", 50_000), ("hello", 3_000), ("help", 2_500), ("helmet", 200), ("iPhone", 900), ("Berlin", 800),
        ("café", 700), ("don't", 1_500), ("toe", 60_000), ("tie", 300), ("il", 9_000), ("homme", 600), ("letter", 1_000),
        ("ok", 1),  // the rarest word: classes span 60,000 to 1, as in a real corpus
    ]

    static func texts(_ suggestions: [Suggestion]) -> [String] { suggestions.map(\.text) }

    @Test(arguments: [
        ("Hello wor", "wor"), ("Hello ", nil), ("I don't", "don't"), ("I don’t", "don’t"), ("rock-n-roll", "rock-n-roll"),
        ("(quote", "quote"), ("“Quote", "Quote"), ("abc123", nil), ("see https://x.org/pa", nil), ("mail me@exa", nil),
        ("#hash", nil), ("smile 😀", nil), ("ok😀", nil), ("ends'", "ends'"), ("'", nil), ("well-", nil), ("www.site", nil), ("end.", nil),
        ("Straße", "Straße"), ("nai\u{0308}ve", "nai\u{0308}ve"), ("", nil), ("l'homme", "l'homme"), ("x -y", "y"),
        ("I`ll", "I`ll"), ("`code", "code"), ("don‘t", "don‘t"),
    ] as [(String, String?)])
    func currentWordIsTheLettersBeforeTheCursor(_ text: String, _ expected: String?) {
        #expect(CurrentWord(in: text).map { String($0.text) } == expected)
    }

    @Test func casingFollowsWhatWasTyped() throws {
        let engine = try Self.engine(Self.small)
        // While a word is being typed, its completions fill the bar: the prefix is not echoed.
        #expect(engine.suggestions(for: "so Hel") == [Suggestion(text: "Hello", typed: "Hel"), Suggestion(text: "Help", typed: "Hel"),
                                                   Suggestion(text: "Helmet", typed: "Hel")])
        #expect(Self.texts(engine.suggestions(for: "so HEL")) == ["HELLO", "HELP", "HELMET"])
        #expect(Self.texts(engine.suggestions(for: "so hel")) == ["hello", "help", "helmet"])
        // The dictionary's own capitals win, for completion and correction.
        #expect(Self.texts(engine.suggestions(for: "so ber")).first == "Berlin")
        let iphone = engine.suggestions(for: "so iphone")
        #expect(iphone.first == Suggestion(text: "iPhone", typed: "iphone", isAutocorrect: true))
        #expect(iphone.dropFirst().first == Suggestion(text: "iphone", typed: "iphone", isUnknown: true))
        #expect(engine.suggestions(for: "so Hel")[0].remainder == "lo")
    }

    @Test func accentsAreFoundAndCorrectedCheaply() throws {
        let engine = try Self.engine(Self.small)
        // "caf" + space is "café" (a letter left out): a completion one edit away replaces it.
        #expect(engine.suggestions(for: "so caf").first == Suggestion(text: "café", typed: "caf", isAutocorrect: true))
        let cafe = engine.suggestions(for: "so cafe")
        #expect(cafe.first == Suggestion(text: "café", typed: "cafe", isAutocorrect: true))
        #expect(engine.suggestions(for: "so CAFE").first?.text == "CAFÉ")
    }

    /// A letter typed with a mark is not completed as the plain letter: German has keys of their
    /// own for `ü` and `ä`, and `Wir haben ü` offered `uns, unsere, und` (de-DE's bundle: now
    /// `über, überhaupt, überall`). A plain letter still completes to a marked one: an accent is
    /// often left out, seldom typed for nothing.
    @Test func aLetterTypedWithAMarkIsNotCompletedWithout() throws {
        let engine = try Self.engine([("und", 90_000), ("uns", 40_000), ("über", 20_000), ("ändern", 3_000), ("also", 50_000)],
                                     locale: "de-DE")
        #expect(Self.texts(engine.suggestions(for: "wir ü")) == ["über"])
        #expect(Self.texts(engine.suggestions(for: "wir ä")) == ["ändern"])
        #expect(Self.texts(engine.suggestions(for: "wir u")) == ["und", "uns", "über"])
    }

    @Test func apostrophesAndElision() throws {
        let engine = try Self.engine(Self.small)
        // A smart apostrophe matches the corpus's plain one, and suggestions keep the typed one.
        #expect(engine.suggestions(for: "I don’t").first == Suggestion(text: "don’t", typed: "don’t"))
        #expect(engine.suggestions(for: "I dont").first == Suggestion(text: "don't", typed: "dont", isAutocorrect: true))
        // What phones type for an apostrophe (the apostrophe key's long press: ` ‘) joins a word too.
        for typed in ["don`t", "don‘t", "don´t"] {
            #expect(engine.suggestions(for: "I " + typed).first?.text == "don't", "\(typed)")
        }
        // No word starts with "qu'": the word being typed is the one after the apostrophe.
        #expect(engine.suggestions(for: "so qu'il").first == Suggestion(text: "il", typed: "il"))
        #expect(engine.suggestions(for: "so l'homm").map(\.text).contains("homme"))
        #expect(engine.suggestions(for: "so l`homm").map(\.text).contains("homme"))
    }

    @Test func knownWordsComeFirstAndAreNeverCorrected() throws {
        let engine = try Self.engine(Self.small, blocked: ["damn"])
        let toe = engine.suggestions(for: "so toe")
        #expect(toe.first == Suggestion(text: "toe", typed: "toe"))
        #expect(!toe.contains { $0.isAutocorrect || $0.isUnknown })
        // A blocked word typed in full is known (not flagged) but never suggested.
        let damn = engine.suggestions(for: "so damn")
        #expect(!damn.contains { $0.isUnknown || $0.text == "damn" })
        #expect(!engine.suggestions(for: "so dam").contains { $0.text == "damn" })
        // An unknown word is listed as typed, flagged.
        let unknown = engine.suggestions(for: "so xqzw")
        #expect(unknown == [Suggestion(text: "xqzw", typed: "xqzw", isUnknown: true)])
        #expect(engine.suggestions(for: "the ").isEmpty)
    }

    @Test func neighbouringKeysCostLessThanDistantOnes() throws {
        // "toe" is more frequent than "the", and both are one substitution from "tge"; on QWERTY,
        // g is next to h but far from o, so "the" wins with the layout and "toe" without.
        let withLayout = try Self.engine(Self.small)
        let tge = withLayout.suggestions(for: "so tge", count: 3)
        #expect(tge.first == Suggestion(text: "the", typed: "tge", isAutocorrect: true))
        #expect(Self.texts(tge).firstIndex(of: "the")! < (Self.texts(tge).firstIndex(of: "toe") ?? 3))
        let withoutLayout = try Self.engine(Self.small, layout: false)
        #expect(withoutLayout.suggestions(for: "so tge", count: 3).first { !$0.isUnknown }?.text == "toe")
        // Dropped and doubled letters and swaps are cheap.
        #expect(withLayout.suggestions(for: "so leter").first?.text == "letter")
        #expect(withLayout.suggestions(for: "so helllo").first?.text == "hello")
        #expect(withLayout.suggestions(for: "so hlelo").first?.text == "hello")
    }

    @Test func learnedAndIgnoredWordsSurviveARestartAndACrashDuringSave() throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = folder + "/user.txt"
        let user = try UserDictionary(path: path)
        try user.learnWord("keylex")
        try user.learnWord("keylex")
        try user.ignoreWord("helmet")
        var engine = try Self.engine(Self.small, user: user)
        #expect(engine.suggestions(for: "so keyl").map(\.text).contains("keylex"))
        #expect(engine.suggestions(for: "so keylex").first == Suggestion(text: "keylex", typed: "keylex"))
        #expect(engine.suggestions(for: "so keylx").first == Suggestion(text: "keylex", typed: "keylx", isAutocorrect: true))
        #expect(!engine.suggestions(for: "so helm", count: 5).contains { $0.text == "helmet" })

        // A restart reads the same words back.
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        let restarted = try UserDictionary(path: path)
        #expect(restarted.learned == ["keylex": 2] && restarted.ignored == ["helmet"])
        engine = try Self.engine(Self.small, user: restarted)
        #expect(engine.suggestions(for: "so keyl").map(\.text).contains("keylex"))

        // A crash in the middle of a save leaves a partial temporary file beside the real one:
        // the real one still reads back whole, and the next save replaces both.
        try Data(saved.prefix(saved.count / 2)).write(to: URL(fileURLWithPath: path + ".tmp-\(getpid())"))
        #expect(try UserDictionary(path: path).learned == ["keylex": 2])
        try restarted.unlearnWord("keylex")
        try restarted.removeIgnoredWord("helmet")
        #expect(try UserDictionary(path: path).learned.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp-\(getpid())"))

        // A damaged file is refused, not half read.
        var damaged = try Data(contentsOf: URL(fileURLWithPath: path))
        try user.learnWord("zyx")
        damaged = try Data(contentsOf: URL(fileURLWithPath: path))
        damaged[damaged.count / 2] ^= 0x20
        try damaged.write(to: URL(fileURLWithPath: path))
        #expect(throws: KeylexError.checksumMismatch(section: "user dictionary")) { try UserDictionary(path: path) }
        try Data(damaged.prefix(20)).write(to: URL(fileURLWithPath: path))
        #expect(throws: KeylexError.self) { try UserDictionary(path: path) }
    }

    /// Once the file has pairs, a change appends one checksummed line instead of writing every
    /// entry again; the file reads back as the words are, is written whole again past
    /// `maxChangeLines`, leaves out a last line cut short (and is written whole at the next change),
    /// and is refused when an earlier change line is damaged.
    @Test func changesAreAppendedAndReadBackUntilTheFileIsWrittenWhole() throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = folder + "/user.txt"
        let user = try UserDictionary(path: path)
        func lines() throws -> [Substring] { try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") }
        var changeLines: [Int] = []
        for i in 0..<(2 * UserDictionary.maxChangeLines) {
            switch i % 5 {
            case 0: try user.learnPair("w\(i % 7)", "w\(i % 11)")
            case 1: try user.learnWord("keylex\(i % 13)")
            case 2: try user.ignoreWord("keylex\((i + 3) % 13)")
            case 3: try user.addTextReplacement("phrase \(i)", shortcut: "s\(i % 9)")
            default: try user.unlearnPair("w\(i % 7)", "w\((i + 1) % 11)")
            }
            if i % 97 == 0 {
                let read = try UserDictionary(path: path)
                #expect(read.snapshot == user.snapshot, "after \(i) changes")
                // The learned words' order is kept in step one change at a time, and sorted once
                // after the file's lines (its change lines too) are read in bulk.
                #expect(user.snapshot.learnedInOrder.map(\.word) == user.learned.keys.sorted())
                #expect(read.snapshot.learnedInOrder.map(\.word) == user.learned.keys.sorted())
            }
            changeLines.append(try lines().count { $0.hasPrefix("change\t") })
        }
        #expect(try lines().first == "keylex user dictionary 4")
        #expect(changeLines.max() == UserDictionary.maxChangeLines)
        #expect(zip(changeLines, changeLines.dropFirst()).contains { $0 > $1 })  // written whole again
        #expect(try UserDictionary(path: path).snapshot == user.snapshot)

        // A last change cut short is left out; the next change writes the file whole.
        try user.learnPair("thank", "you")
        try user.learnPair("thank", "goodness")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try Data(bytes.dropLast(3)).write(to: URL(fileURLWithPath: path))
        let cut = try UserDictionary(path: path)
        #expect(cut.learnedPairs["thank"] == ["you": 1])
        try cut.learnPair("thank", "heavens")
        #expect(try !lines().contains { $0.hasPrefix("change\t") })
        #expect(try UserDictionary(path: path).learnedPairs["thank"] == ["you": 1, "heavens": 1])

        // A damaged change line before others is damage, not a cut: the file is refused.
        try cut.learnPair("thank", "God")
        try cut.learnPair("thank", "God")
        bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let firstChange = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("change\t".utf8)) })
        bytes[firstChange + 12] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(throws: KeylexError.checksumMismatch(section: "user dictionary")) { try UserDictionary(path: path) }
        // Change lines belong to version 4 files only.
        let old = NGramModelTests.withChecksum("keylex user dictionary 3\n") + UserDictionary.changeLine("learned\tkeylex\t1")
        #expect(throws: KeylexError.self) { try UserDictionary(path: TestSupport.write(old, "old.txt", in: folder)) }
    }

    /// A learned word is offered for the typos the engine corrects elsewhere, its first letters
    /// included (the cheap tests before the edit search keep them), and not for unrelated words.
    @Test func learnedWordsAreCorrectedFromAnyOfTheirFirstLetters() throws {
        let user = UserDictionary()
        try user.learnWord("keylex")
        try user.learnWord("zqxwvy")
        let engine = try Self.engine(Self.small, user: user)
        for typo in ["jeylex", "eylex", "ekylex", "keylx", "Keyl", "kéyl"] {
            #expect(engine.suggestions(for: "so " + typo, count: 5).map(\.text).contains { $0.lowercased() == "keylex" }, "\(typo)")
        }
        for other in ["hello", "ab", "toe"] {
            #expect(!engine.suggestions(for: "so " + other, count: 5).map(\.text).contains("keylex"), "\(other)")
        }
    }

    /// One thread learns and ignores words while others ask for suggestions: every query sees the
    /// user's words as they were at some moment (run under `swift test --sanitize=thread` to check
    /// for data races: see the README).
    @Test func learningWhileSuggestingOnOtherThreadsIsSafe() throws {
        let user = UserDictionary()
        let engine = try Self.engine(Self.small, user: user)
        let words = (0..<200).map { "keylex\($0)" }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for (i, word) in words.enumerated() {
                    try? user.learnWord(word)
                    if i % 3 == 0 { try? user.ignoreWord(word) }
                    try? user.addTextReplacement("On my way \(i)", shortcut: "omw")
                }
            } else {
                for _ in 0..<300 {
                    let texts = engine.suggestions(for: "so keyle", count: 5).map(\.text)
                    #expect(texts.allSatisfy { $0 == "keyle" || $0.hasPrefix("keylex") || !$0.hasPrefix("keyl") })
                    _ = engine.suggestions(for: "so omw")
                }
            }
        }
        #expect(user.learned.count == words.count - (words.count + 2) / 3)
        #expect(user.textReplacement(for: "omw") == "On my way 199")
        #expect(engine.suggestions(for: "so omw").first?.text == "On my way 199")
    }

    /// Key distances are computed when needed: a layer of 40,000 keys (a table of every pair would
    /// take 6.4 GB) costs memory in proportion to its keys.
    @Test func aLayerWithManyKeysCostsMemoryInProportion() throws {
        let folder = try TestSupport.temporaryDirectory()
        let rows = (0..<200).map { r in
            let chars = String(String.UnicodeScalarView((0..<200).compactMap { Unicode.Scalar(0x20000 + r * 200 + $0) }))
            return "      <row><chars value=\"\(chars)\"/></row>"
        }
        let letters = "      <row><chars value=\"qwertyuiop\"/></row>\n      <row><chars value=\"asdfghjkl\"/></row>"
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <keyboard locale="en">
              <layout formFactor="phone">
                <layer id="lowercased">
            \(letters)
            \(rows.joined(separator: "\n"))
                </layer>
              </layout>
            </keyboard>
            """
        _ = try TestSupport.write(xml, "en.xml", in: folder)
        let engine = DiagnosticEngine()
        let locales = LayoutBuild(diagnostics: engine).read(directory: folder).locales
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(dictionary: nil, locales: locales))
        let layout = try #require(bundle.layout(for: .phone))
        #expect(layout.layer(.lowercased)?.rowCount == 202)
        let suggestions = SuggestionEngine(dictionary: TestSupport.english.1, layout: layout).suggestions(for: "so tge")
        #expect(suggestions.contains { $0.text == "the" })
    }

    /// A query reads only the end of the text before the cursor (SuggestionEngine.maxContextBytes):
    /// after megabytes of text it gives what it gives after their last words, and a token longer than
    /// what is read is not a word. Before, every keystroke walked the whole last token and the
    /// whitespace before it: 10 million letters took 5.7 s a call.
    @Test func aQueryReadsOnlyTheEndOfTheText() throws {
        let user = UserDictionary()
        try user.learnPair("toe", "tie")  // a prediction after "toe "
        let engine = try Self.engine(Self.small, user: user)
        #expect(Self.texts(engine.suggestions(for: "toe ")) == ["tie"])
        for (filler, tail) in [("the toe tie ", "I said hello. The hel"), ("café ", "café hel"), ("あいう\u{3000}", "あいう\u{3000}hel"),
                               ("\n", "\nhel"), ("toe ", "toe ")] {
            for repeats in [300, 1_000_000] {
                let long = String(repeating: filler, count: repeats) + tail
                #expect(engine.suggestions(for: long, count: 5) == engine.suggestions(for: tail, count: 5), "\(filler) \(repeats)")
            }
        }
        #expect(!engine.suggestions(for: "..helo").isEmpty)
        #expect(engine.suggestions(for: String(repeating: ".", count: 2_000) + "helo").isEmpty)
        #expect(engine.suggestions(for: String(repeating: "a", count: 10_000_000)).isEmpty)
    }

    @Test func hugeParametersAreClampedNotTrapped() throws {
        var engine = try Self.engine(Self.small)
        for edits in [-1, 4, 9, Int.max] {
            engine.costs.maxEdits = edits
            #expect(engine.suggestions(for: "so helo", count: .max).count <= SuggestionEngine.maxSuggestions, "\(edits)")
        }
        let (_, dictionary) = TestSupport.english
        let all = dictionary.prefixRange("th").count
        #expect(dictionary.completions(of: "th", count: .max).count == min(all, WordDictionary.maxCompletions))
        #expect(dictionary.completions(of: "", count: .max).count == WordDictionary.maxCompletions)
    }

    @Test func aHugeLearnedCountLoadsWithoutOverflow() throws {
        // A user file whose count field is the largest integer, with a valid checksum.
        var text = "keylex user dictionary 1\nlearned\tkeylex\t\(Int.max)\n"
        text += "checksum\t\(String(CRC32C.checksum(Array(text.utf8)), radix: 16))\n"
        let path = try TestSupport.write(text, "user.txt", in: TestSupport.temporaryDirectory())
        let user = try UserDictionary(path: path)
        #expect(user.learned["keylex"] == UserDictionary.maxTimes)
        try user.learnWord("keylex")
        #expect(user.learned["keylex"] == UserDictionary.maxTimes)
        let engine = try Self.engine(Self.small, user: user)
        #expect(engine.suggestions(for: "so keyl").contains { $0.text == "keylex" })
    }

    /// A user file is read in place, line by line: a file larger than the documented maximum is
    /// refused before it is read, and one just under it, all empty lines after a valid header and
    /// checksum (each line a change that is no change), is refused at its second line, not after
    /// holding a list of millions of lines.
    @Test func aUserFileIsBoundedInSizeAndReadLineByLine() throws {
        let folder = try TestSupport.temporaryDirectory()
        let big = folder + "/big.txt"
        #expect(FileManager.default.createFile(atPath: big, contents: Data(repeating: 10, count: UserDictionary.maxFileBytes + 1)))
        #expect { try UserDictionary(path: big) } throws: { "\($0)".contains("larger than 16 MiB") }
        var text = "keylex user dictionary 4\nlearned\tkeylex\t3\n"
        text += "checksum\t\(String(CRC32C.checksum(Array(text.utf8)), radix: 16))\n"
        let header = Data(text.utf8)
        let lines = folder + "/lines.txt"
        #expect(FileManager.default.createFile(atPath: lines, contents: header + Data(repeating: 10, count: UserDictionary.maxFileBytes - header.count)))
        #expect(throws: KeylexError.checksumMismatch(section: "user dictionary")) { try UserDictionary(path: lines) }
        // The same file with its change lines cut to one partial last line reads.
        #expect(FileManager.default.createFile(atPath: lines, contents: header + Data("change\t0".utf8)))
        #expect(try UserDictionary(path: lines).learned["keylex"] == 3)
    }

    static let phone: [(String, UInt64)] = [
        ("against", 8_000), ("the", 90_000), ("responsibility", 900), ("for", 60_000), ("going", 5_000), ("gone", 3_000),
        ("in", 70_000), ("is", 80_000), ("bat", 40), ("net", 50), ("know", 9_000), ("knew", 4_000), ("ok", 1),
    ]

    @Test func twoWordsTypedAsOneAreSplitWhereTheSpaceWasMissed() throws {
        let engine = try Self.engine(Self.phone)
        // The space bar hit as a letter above it (b, n, v, c on QWERTY): replaced on space.
        #expect(engine.suggestions(for: "so againstbthe").first == Suggestion(text: "against the", typed: "againstbthe", isAutocorrect: true))
        #expect(engine.suggestions(for: "againstnthe").first?.text == "Against the")  // a sentence starts
        // The space missed: offered, not applied (a compound such as "afterschool" may be a word too),
        // also when the typed word is longer than any of the dictionary's.
        let missed = engine.suggestions(for: "so responsibilityfor")
        #expect(missed == [Suggestion(text: "responsibilityfor", typed: "responsibilityfor", isUnknown: true),
                           Suggestion(text: "responsibility for", typed: "responsibilityfor")])
        // k is not above the space bar: no space was meant there.
        #expect(!engine.suggestions(for: "so againstkthe").contains { $0.text == "against the" })
        // Without a layout, no letter is known to be next to the space bar.
        let noLayout = try Self.engine(Self.phone, layout: false)
        #expect(!noLayout.suggestions(for: "so againstbthe").contains { $0.text == "against the" })
        #expect(noLayout.suggestions(for: "so againstthe").contains { $0.text == "against the" && !$0.isAutocorrect })
        // A known word is never split.
        #expect(!engine.suggestions(for: "so against").contains { $0.isAutocorrect })
    }

    @Test func oneWordTypedAsTwoIsJoinedWhereASpaceWasTypedInside() throws {
        let words: [(String, UInt64)] = [("starting", 2_000), ("start", 3_000), ("so", 50_000), ("I'm", 7_000), ("I", 60_000),
                                         ("well", 9_000), ("we'll", 800), ("we", 40_000), ("with", 50_000), ("out", 20_000),
                                         ("without", 3_000), ("then", 9_000), ("the", 90_000), ("go", 9_000)]
        let engine = try Self.engine(words)
        // The space bar hit for n, over it: both words replaced on space, the last one kept next.
        #expect(engine.suggestions(for: "so starti g").prefix(2)
            == [Suggestion(text: "starting", typed: "starti g", isAutocorrect: true), Suggestion(text: "g", typed: "g", isUnknown: true)])
        // A space for an apostrophe: the contraction wins over the word without it.
        #expect(engine.suggestions(for: "so I m").first == Suggestion(text: "I'm", typed: "I m", isAutocorrect: true))
        #expect(engine.suggestions(for: "so we ll").first == Suggestion(text: "we'll", typed: "we ll", isAutocorrect: true))
        #expect(engine.suggestions(for: "so I' m").first?.text == "I'm")
        // A contraction the dictionary has only with a capital; an apostrophe typed after the space
        // (with a smart keyboard, an opening quote): the space and the apostrophe are replaced too.
        #expect(engine.suggestions(for: "so i m").first == Suggestion(text: "I'm", typed: "i m", isAutocorrect: true))
        #expect(engine.suggestions(for: "so I 'm").first == Suggestion(text: "I'm", typed: "I 'm", isAutocorrect: true))
        #expect(engine.suggestions(for: "so I \u{2018}m").first == Suggestion(text: "I'm", typed: "I \u{2018}m", isAutocorrect: true))
        #expect(engine.suggestions(for: "so we \u{2019}ll").first == Suggestion(text: "we'll", typed: "we \u{2019}ll", isAutocorrect: true))
        // A comma for the apostrophe beside it on a symbols layer; between two words that make no
        // word with an apostrophe, a comma whose space was missed.
        #expect(engine.suggestions(for: "so we,ll").first == Suggestion(text: "we'll", typed: "we,ll", isAutocorrect: true))
        #expect(engine.suggestions(for: "so i,m").first == Suggestion(text: "I'm", typed: "i,m", isAutocorrect: true))
        #expect(engine.suggestions(for: "so,start").first == Suggestion(text: "So, start", typed: "so,start", isAutocorrect: true))
        // A quotation opened after a word is left alone when the two make no word.
        #expect(!engine.suggestions(for: "so I 'start").contains { $0.isAutocorrect })
        // Two words that are words stay: the join is at most offered.
        #expect(!engine.suggestions(for: "so with out").contains { $0.isAutocorrect })
        // A capital letter alone is an initial.
        #expect(!engine.suggestions(for: "so the N").contains { $0.text == "then" || $0.text == "Then" })
        // Without a layout, no letter is known to lie over the space bar.
        let noLayout = try Self.engine(words, layout: false)
        #expect(!noLayout.suggestions(for: "so starti g").contains { $0.text == "starting" })
    }

    @Test func aOneLetterWordBeingTypedIsNotEchoed() throws {
        let engine = try Self.engine([("в", 90_000), ("все", 5_000), ("время", 2_000), ("во", 4_000), ("вот", 3_000)], layout: false)
        // "в" is a word, and the start of others: the slots go to those (a space keeps "в").
        #expect(engine.suggestions(for: "так в").map(\.text) == ["все", "во", "вот"])
        // Two letters typed are echoed when they are a word.
        #expect(engine.suggestions(for: "так во").first == Suggestion(text: "во", typed: "во"))
    }

    @Test func aCompletionOneLetterAwayReplacesTheTypedWordOnSpace() throws {
        let engine = try Self.engine(Self.phone)
        #expect(engine.suggestions(for: "so goin").first == Suggestion(text: "going", typed: "goin", isAutocorrect: true))
    }

    @Test func anAcronymInCapitalsIsNotCorrected() throws {
        var engine = try Self.engine(Self.phone)
        engine.autocorrectLead = 4
        #expect(engine.suggestions(for: "so iz").first == Suggestion(text: "is", typed: "iz", isAutocorrect: true))
        #expect(!engine.suggestions(for: "so IZ").contains { $0.isAutocorrect })
    }

    @Test func thePrefixIsShownOnlyWhenItAddsSomething() throws {
        let engine = try Self.engine(Self.phone)
        // Mid-word, completions fill the bar.
        let agai = Self.texts(engine.suggestions(for: "so agai"))
        #expect(agai.first == "against" && !agai.contains("agai"), "\(agai)")
        // A word nothing starts with is shown (the user may keep or learn it), and so is a word about
        // to be replaced.
        #expect(engine.suggestions(for: "so xqzw").first == Suggestion(text: "xqzw", typed: "xqzw", isUnknown: true))
        #expect(engine.suggestions(for: "so goin").dropFirst().first == Suggestion(text: "goin", typed: "goin", isUnknown: true))
    }

    @Test func theShippedEnglishBundleCorrectsCommonTypos() throws {
        let locales = ShippedLayoutTests.shipped.locales.filter { $0.tag == "en-US" }
        let container = try Container(bytes: LayoutBuild.bundle(dictionary: TestSupport.english.0, locales: locales))
        let engine = SuggestionEngine(dictionary: try WordDictionary(container: container),
                                      layout: try LayoutBundle(container: container).layout(for: .phone))
        // (Common misspellings such as "becuase" are words of the web corpus, so they are known.)
        for (typo, word) in [("wrold", "world"), ("peopel", "people"), ("abotu", "about"), ("acheive", "achieve")] {
            // With the default margin, a correction is offered first; whether it is applied on
            // space depends on the margin (docs/SUGGESTIONS.md), but it is never another word.
            let suggestions = engine.suggestions(for: "I said " + typo)
            #expect(suggestions.first { !$0.isUnknown }?.text == word, "\(typo): \(suggestions)")
            #expect(suggestions.allSatisfy { !$0.isAutocorrect || $0.text == word })
        }
        // A tiny budget still answers, from what it found.
        var hurried = engine
        hurried.budget = 10
        #expect(!hurried.suggestions(for: "so wrold").isEmpty)
    }
}

