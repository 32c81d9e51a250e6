import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Every corpus format, every encoding, and a diagnostic with file, line and column for each kind
/// of bad input, all reported in one run.
@Suite struct CorpusReaderTests {
    let folder: String
    init() throws { folder = try TestSupport.temporaryDirectory() }

    func located(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\(($0.location.file as NSString).lastPathComponent):\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.code)" }
    }

    @Test func wordListsFrequencyListsAndCombinedListsAreRead() throws {
        let txt = try TestSupport.write("# a comment\nhello\n  world  \n\ncafé\n", "a.txt", in: folder)
        let (plain, plainDiagnostics) = TestSupport.read([txt])
        #expect(plainDiagnostics.isEmpty)
        #expect(plain!.hasCounts == false)
        #expect(Set(plain!.words) == ["hello", "world", "café"])

        let tsv = try TestSupport.write("the\t100\tmost common\nof\t50\nzebra\n", "b.tsv", in: folder)
        let (counted, _) = TestSupport.read([tsv])
        #expect(counted!.hasCounts)
        #expect(counted!["the"]!.count == 100)
        #expect(counted!["zebra"]!.count == 0)

        let combined = try TestSupport.write("""
        dictionary=main:en_us,locale=en_US,description=English (US),date=1414726260,version=54
         word=the,f=222,flags=,originalFreq=222
         word=darn,f=100,possibly_offensive=true
          shortcut=darned,f=whitelist
         word=I'll,f=150,not_a_word=true
        """, "c.combined", in: folder)
        let (aosp, aospDiagnostics) = TestSupport.read([combined])
        #expect(aospDiagnostics.isEmpty)
        #expect(aosp!["darn"]!.flags == .possiblyOffensive)
        #expect(aosp!["I'll"]!.flags == .notAWord)
        #expect(aosp!["the"]!.count > aosp!["I'll"]!.count)
        #expect(aosp!.count == 3)
    }

    @Test func rawTextIsSplitAtWordBoundariesAndCounted() throws {
        let text = try TestSupport.write("It's a test, a real test: don't panic! 3.14 e-mail\n", "t.txt", in: folder)
        let (table, diagnostics) = TestSupport.read([text], format: .text)
        #expect(diagnostics.isEmpty)
        #expect(table!["a"]!.count == 2)
        #expect(table!["test"]!.count == 2)
        #expect(table!["It's"]!.count == 1)
        #expect(table!["don't"]!.count == 1)
        #expect(table!["3.14"] == nil)
        #expect(table!["e"] != nil && table!["mail"] != nil)
    }

    @Test func encodingsWithAndWithoutByteOrderMarks() throws {
        let words = "grüß\nжук\n"
        let utf8BOM = try TestSupport.write([0xEF, 0xBB, 0xBF] + Array(words.utf8), "bom.txt", in: folder)
        let utf16LE = try TestSupport.write([0xFF, 0xFE] + words.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "le.txt", in: folder)
        let utf16BE = try TestSupport.write([0xFE, 0xFF] + words.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "be.txt", in: folder)
        let crlf = try TestSupport.write("grüß\r\nжук\r\n", "crlf.txt", in: folder)
        for path in [utf8BOM, utf16LE, utf16BE, crlf] {
            let (table, diagnostics) = TestSupport.read([path])
            #expect(diagnostics.isEmpty, "\(path)")
            #expect(Set(table?.words ?? []) == ["grüß", "жук"], "\(path)")
        }
    }

    /// UTF-16 without a byte order mark is one diagnostic that says so (not one "control
    /// character U+0000" per line); a NUL in raw text refuses its line (it used to split a word).
    @Test func utf16WithoutABOMAndNulInTextAreReportedOnce() throws {
        let words = (0..<50).map { "word\($0)\t\($0 + 1)\n" }.joined()
        for bigEndian in [false, true] {
            let bytes = words.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            let path = try TestSupport.write(bytes, "nobom.tsv", in: folder)
            let (_, diagnostics) = TestSupport.read([path])
            #expect(located(diagnostics) == ["nobom.tsv:1:1 error invalid-encoding"], "\(diagnostics)")
            #expect(diagnostics.first?.message.contains("UTF-16 without a byte order mark") == true)
        }
        let text = try TestSupport.write("good words\nsplit\u{0}word here\n", "nul.txt", in: folder)
        let (table, diagnostics) = TestSupport.read([text], format: .text)
        #expect(located(diagnostics) == ["nul.txt:2:6 error control-character"])
        #expect(table?["split"] == nil && table?["word"] == nil)
    }

    /// A line of more than `SourceText.maxLineLength` bytes is an error at the first character past
    /// the limit and is left out; a line at the limit is read.
    @Test func aLineLongerThanTheLimitIsAnErrorAtItsPlace() throws {
        let limit = SourceText.maxLineLength
        let atLimit = "# " + String(repeating: "x", count: limit - 2)  // a comment, read and skipped
        let past = "é" + String(repeating: "y", count: limit)  // the first byte past the limit is character `limit`
        #expect(atLimit.utf8.count == limit)
        let path = try TestSupport.write("good\t3\n\(atLimit)\n\(past)\nwords\t2\n", "long.tsv", in: folder)
        let (table, diagnostics) = TestSupport.read([path])
        #expect(located(diagnostics) == ["long.tsv:3:\(limit) error line-too-long"], "\(diagnostics)")
        #expect(table == nil)
        // Without the long line, the same file reads.
        let fine = try TestSupport.write("good\t3\n\(atLimit)\nwords\t2\n", "fine.tsv", in: folder)
        #expect(TestSupport.read([fine]).0?.count == 2)
    }

    /// A dictionary's words may use up to `DictionaryFormat.maxAlphabetSize` distinct characters;
    /// one more is an error (it used to trap while encoding the folding classes).
    @Test func alphabetSizeAtTheLimitAndOnePast() throws {
        // Letters of CJK and Hangul syllables, each a word of its own.
        let letters = (0x4E00...0x9FFF).lazy.map { $0 } + (0xAC00...0xD7A3) + (0x20000...0x2A6DF)
        let words = letters.prefix(DictionaryFormat.maxAlphabetSize + 1).map { String(Unicode.Scalar($0)!) }
        let atLimit = try TestSupport.write(words.dropLast().joined(separator: "\n") + "\n", "limit.txt", in: folder)
        let past = try TestSupport.write(words.joined(separator: "\n") + "\n", "past.txt", in: folder)
        let build = DictionaryBuild(diagnostics: DiagnosticEngine())
        let table = try #require(build.read(DictionaryBuild.Inputs(corpora: [atLimit], origin: atLimit)))
        #expect(table.alphabetSize == DictionaryFormat.maxAlphabetSize)
        #expect(try WordDictionary(bytes: DictionaryCompiler.compile(table).bytes).contains(words[0]))
        let diagnostics = DiagnosticEngine()
        #expect(DictionaryBuild(diagnostics: diagnostics).read(DictionaryBuild.Inputs(corpora: [past], origin: past)) == nil)
        #expect(diagnostics.diagnostics.map(\.code) == ["alphabet-too-large"])
    }

    /// Bidirectional controls and zero-width spaces hide what a word is: the word is left out, with
    /// a warning at its place (real lists have a few: wordfreq's Arabic list, 55 of 620,701 lines),
    /// an error only with `warningsAsErrors`. A private-use character is a warning and the word
    /// kept; the joiners Persian and emoji need are words' own.
    @Test func invisibleAndPrivateUseCharactersInWords() throws {
        let path = try TestSupport.write("ab\u{202E}cd\t1\nzero\u{200B}width\t1\nlogo\u{E000}\t1\nمی\u{200C}خواهم\t2\n", "hidden.tsv", in: folder)
        let (table, diagnostics) = TestSupport.read([path])
        #expect(located(diagnostics) == ["hidden.tsv:1:3 warning invisible-character", "hidden.tsv:2:5 warning invisible-character",
                                         "hidden.tsv:3:5 warning private-use-character"], "\(diagnostics)")
        #expect(table?.count == 2 && table?["logo\u{E000}"] != nil && table?["zerowidth"] == nil)
        let strict = DiagnosticEngine()
        strict.warningsAsErrors = true
        #expect(DictionaryBuild(diagnostics: strict).read(DictionaryBuild.Inputs(corpora: [path], origin: path)) == nil)
        #expect(strict.errorCount == 3 && strict.warningCount == 0 && strict.diagnostics.allSatisfy { $0.severity == .error })
        // A soft hyphen (AOSP's Romanian list has one) leaves its word out with a warning.
        let clean = try TestSupport.write("logo\u{E000}\t1\nمی\u{200C}خواهم\t2\nîn\u{AD}troloca\t1\n", "clean.tsv", in: folder)
        let (read, warnings) = TestSupport.read([clean])
        #expect(read?["می\u{200C}خواهم"] != nil && read?.count == 2)
        #expect(located(warnings) == ["clean.tsv:1:5 warning private-use-character", "clean.tsv:3:3 warning soft-hyphen"])
    }

    /// On a terminal, the source line is shown with its hostile characters escaped, its tabs kept
    /// (so the caret lines up), and the caret under the escaped text.
    @Test func aTerminalSeesInputControlCharactersEscaped() throws {
        let path = try TestSupport.write("x\t\u{1B}[2Jred\n", "esc.tsv", in: folder)
        let (_, diagnostics) = TestSupport.read([path])
        let diagnostic = try #require(diagnostics.first)
        let text = DiagnosticRenderer(format: .text, terminal: true).render(diagnostic)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "x\t\\u{1B}[2Jred", "\(lines)")
        #expect(lines[2].hasPrefix(" \t") && lines[2].contains("^"))
        #expect(DiagnosticRenderer.escaped("a\tb\u{202E}\u{200B}") == "a\\u{9}b\\u{202E}\\u{200B}")
    }

    /// An empty word is an error with its place in every format (found by `scripts/fuzz.sh corpus`:
    /// `word=,e` in a combined list reached the automaton builder and trapped).
    @Test func anEmptyWordIsAnErrorNotATrap() throws {
        let combined = try TestSupport.write("dictionary=main:fr,locale=fr\n word=,e,f=188\n word=la,f=100\n", "e.combined", in: folder)
        let tsv = try TestSupport.write("la\t3\n\t5\n", "e.tsv", in: folder)
        for (path, place) in [(combined, "e.combined:2:7"), (tsv, "e.tsv:2:1")] {
            let (_, diagnostics) = TestSupport.read([path])
            #expect(located(diagnostics.filter { $0.severity == .error }) == ["\(place) error empty-word"], "\(diagnostics)")
        }
    }

    @Test func wordsAreNormalizedToNFCAndDuplicatesMergedWithAWarning() throws {
        // Beside Latin, scripts whose letters the standard library's quick check cannot pass: Hangul
        // jamo that compose into a syllable, a Bengali vowel sign in two parts, the ohm sign (Ω).
        let text = "cafe\u{301}\t3\ncafé\t4\nother\t1\n\u{1100}\u{1161}\t2\n가\t1\n\u{0995}\u{09C7}\u{09BE}\t1\nকো\t1\n\u{2126}\t1\nΩ\t1\n"
        let path = try TestSupport.write(text, "n.tsv", in: folder)
        let (table, diagnostics) = TestSupport.read([path])
        #expect(table!["café"]!.count == 7 && table!["가"]!.count == 3 && table!["কো"]!.count == 2 && table!["Ω"]!.count == 2)
        #expect(table!.count == 5)
        #expect(located(diagnostics) == ["n.tsv:2:1 warning duplicate-word", "n.tsv:5:1 warning duplicate-word", "n.tsv:7:1 warning duplicate-word", "n.tsv:9:1 warning duplicate-word"])
        #expect(diagnostics[0].description.hasSuffix("duplicate word 'café' (seen before at \(path):1:1); counts merged [duplicate-word]"))
    }

    @Test func aWordRepeatedInAnotherFileNamesTheFirstPlace() throws {
        let first = try TestSupport.write("alpha\t5\nbeta\t3\n", "first.tsv", in: folder)
        let second = try TestSupport.write("gamma\t1\nbeta\t2\nalpha\t1\n", "second.tsv", in: folder)
        let (table, diagnostics) = TestSupport.read([first, second])
        #expect(table!["alpha"]!.count == 6 && table!["beta"]!.count == 5 && table!.count == 3)
        #expect(located(diagnostics) == ["second.tsv:2:1 warning duplicate-word", "second.tsv:3:1 warning duplicate-word"])
        #expect(diagnostics[0].description.contains("duplicate word 'beta' (seen before at \(first):2:1)"))
        #expect(diagnostics[1].description.contains("duplicate word 'alpha' (seen before at \(first):1:1)"))
    }

    @Test func everyProblemIsReportedWithItsPlaceInOneRun() throws {
        var bytes = Array("good\t5\nbad\tfive\nctl\u{7}x\t2\n".utf8)
        bytes += [0x6F, 0x6B, 0xC3, 0x28, 0x09, 0x31, 0x0A]  // "ok" + an invalid UTF-8 pair, line 4 column 3
        bytes += Array((String(repeating: "x", count: 101) + "\t1\n").utf8)
        bytes += Array("two  words\t3\n\t4\nfine\t-3\nunassigned\u{378}\t1\n".utf8)  // a multi-word entry has single spaces
        let path = try TestSupport.write(bytes, "bad.tsv", in: folder)
        let (table, diagnostics) = TestSupport.read([path])
        #expect(table == nil)
        // In the order of the file: it is read line by line.
        #expect(located(diagnostics) == [
            "bad.tsv:2:5 error invalid-count",
            "bad.tsv:3:4 error control-character",
            "bad.tsv:4:3 error invalid-encoding",
            "bad.tsv:5:1 error word-too-long",
            "bad.tsv:6:4 error whitespace-in-word",
            "bad.tsv:7:1 error empty-word",
            "bad.tsv:8:6 error invalid-count",
            "bad.tsv:9:11 error unassigned-character",
        ])
        #expect(diagnostics[2].description == "\(path):4:3: error: invalid UTF-8 sequence [invalid-encoding]")
    }

    @Test func emptyAndUnreadableCorporaAreErrors() throws {
        let empty = try TestSupport.write("# only a comment\n\n", "empty.txt", in: folder)
        #expect(located(TestSupport.read([empty]).1) == ["empty.txt:0:0 error empty-corpus"])
        #expect(located(TestSupport.read([folder + "/missing.txt"]).1) == ["missing.txt:0:0 error unreadable-file"])
        let unknown = try TestSupport.write("x\n", "words.csv", in: folder)
        #expect(located(TestSupport.read([unknown]).1) == ["words.csv:0:0 error unknown-format"])
    }

    @Test func malformedCombinedListsAreReported() throws {
        let path = try TestSupport.write("""
         word=a,f=1
        garbage line
         word=b,f=300
         word=c
        """, "x.combined", in: folder)
        let (_, diagnostics) = TestSupport.read([path])
        #expect(located(diagnostics) == [
            "x.combined:1:1 error missing-header",
            "x.combined:2:1 error invalid-line",
            "x.combined:3:11 error invalid-count",
            "x.combined:4:2 error invalid-count",
        ])
    }

    @Test func blocklistedWordsStayKnownButAreNeverSuggested() throws {
        let words = try TestSupport.write("hello\t10\nhell\t9\nhelp\t8\n", "w.tsv", in: folder)
        let blocklist = try TestSupport.write("hell\nheck\n", "blocklist.txt", in: folder)
        let (table, diagnostics) = TestSupport.read([words], blocklist: blocklist)
        #expect(diagnostics.isEmpty)
        let dictionary = try WordDictionary(bytes: DictionaryCompiler.compile(table!).bytes)
        #expect(dictionary.contains("hell") && dictionary.contains("heck"))
        #expect(dictionary.frequencyClass(of: "hell") == 0)
        #expect(dictionary.flags(at: dictionary.number(of: "heck")!) == .blocked)
        #expect(dictionary.completions(of: "he", count: 10).map(\.word) == ["hello", "help"])
    }

    /// A word list without counts (a spelling dictionary's) completes with its shortest words first,
    /// in lexicographic order among words of one length.
    @Test func plainWordListsCompleteShortestFirst() throws {
        let words = try TestSupport.write("beta\nalpha\nalps\nalpine\nalp\nalpinist\n", "w.txt", in: folder)
        let (table, _) = TestSupport.read([words])
        let dictionary = try WordDictionary(bytes: DictionaryCompiler.compile(table!).bytes)
        #expect(!dictionary.hasFrequencies)
        #expect(dictionary.container.section(.frequencies) == nil)
        #expect(dictionary.completions(of: "alp", count: 4).map(\.word) == ["alp", "alps", "alpha", "alpine"])
        #expect(dictionary.completions(of: "alpin", count: 9).map(\.word) == ["alpine", "alpinist"])
        #expect(dictionary.completions(of: "x").isEmpty)
        #expect(dictionary.frequencyClass(of: "beta") == DictionaryFormat.uniformClass)
    }

    /// The shortest words of a prefix's range are found by walking the range's words once, in order
    /// (`Automaton.forEachLength`): on Debian's Marathi spelling dictionary, expanded (the shipped
    /// `corpora/mr`), the same words as reading each of the range's first 2,048 words by its number.
    @Test func aRealPlainListCompletesWithTheShortestOfItsFirstWords() throws {
        let (table, _) = TestSupport.read([TestSupport.shipped("corpora/mr/words.txt.gz")])
        let dictionary = try WordDictionary(bytes: DictionaryCompiler.compile(try #require(table)).bytes)
        #expect(!dictionary.hasFrequencies)
        var prefixes = Set<String>()
        for number in stride(from: 0, to: dictionary.wordCount, by: 4_999) {
            let word = try #require(dictionary.word(at: number))
            for length in [1, 2, 4] { prefixes.insert(String(word.prefix(length))) }
        }
        for prefix in prefixes.sorted() {
            let scanned = dictionary.prefixRange(prefix).prefix(2_048).map { ($0, dictionary.word(at: $0) ?? "") }
            let shortest = scanned.sorted { ($0.1.unicodeScalars.count, $0.0) < ($1.1.unicodeScalars.count, $1.0) }.prefix(5).map(\.1)
            #expect(dictionary.completions(of: prefix, count: 5).map(\.word) == Array(shortest), "\(prefix)")
        }
        #expect(prefixes.count > 20)
    }
}
