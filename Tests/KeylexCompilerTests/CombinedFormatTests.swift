import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// AOSP's combined word lists, compiled whole: header attributes, shortcuts, flags and labels,
/// multi-word entries, gzip, and every malformed line a coded diagnostic at its place.
@Suite struct CombinedFormatTests {
    static let sample = """
    dictionary=main:de,locale=de,description=Deutsch,date=1414726263,version=54,REQUIRES_GERMAN_UMLAUT_PROCESSING=1
     word=der,f=216,flags=,originalFreq=216
     word=Straße,f=137,flags=,originalFreq=137
     word=ill,f=112,flags=,originalFreq=128
      shortcut=I'll,f=whitelist
     word=nave,f=108,flags=,originalFreq=108,whitelist=have
     word=have,f=200
     word=coeur,f=90
      shortcut=cœur,f=14
      shortcut=coeur!,f=3
     word=alot,f=0,not_a_word=true
      shortcut=a lot,f=whitelist
     word=parce que,f=120,flags=hand-added
     word=CPU,f=100,flags=abbreviation:technical
     word=merde,f=50,flags=offensive
     word=Pinterest ,f=80

    """

    /// `text` compressed by Debian's `gzip`.
    static func gzipped(_ text: String) throws -> [UInt8] {
        let plain = try TestSupport.write(text, "list.combined", in: try TestSupport.temporaryDirectory())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-9", plain]
        try process.run()
        process.waitUntilExit()
        return [UInt8](FileManager.default.contents(atPath: plain + ".gz")!)
    }

    static func compile(_ text: String, gzip: Bool = false) throws -> (WordDictionary, [Diagnostic]) {
        let folder = try TestSupport.temporaryDirectory()
        let bytes = gzip ? try gzipped(text) : Array(text.utf8)
        let path = try TestSupport.write(bytes, gzip ? "list.combined.gz" : "list.combined", in: folder)
        let (table, diagnostics) = TestSupport.read([path])
        let compiled = DictionaryCompiler.compile(try #require(table))
        return (try WordDictionary(bytes: compiled.bytes), diagnostics)
    }

    @Test(arguments: [false, true])
    func everyPartOfTheFormatReachesTheBundle(gzip: Bool) throws {
        let (dictionary, diagnostics) = try Self.compile(Self.sample, gzip: gzip)
        #expect(diagnostics.map(\.code) == ["trimmed-whitespace"])
        #expect(dictionary.attribute("locale") == "de")
        #expect(dictionary.attribute("REQUIRES_GERMAN_UMLAUT_PROCESSING") == "1")
        #expect(dictionary.attributes.map(\.key) == ["dictionary", "locale", "description", "date", "version", "REQUIRES_GERMAN_UMLAUT_PROCESSING"])
        let ill = try #require(dictionary.number(of: "ill"))
        #expect(dictionary.shortcuts(at: ill).map(\.target) == ["I'll"])
        #expect(dictionary.shortcuts(at: ill).map(\.frequency) == [DictionaryFormat.whitelistShortcut])
        #expect(dictionary.shortcuts(at: dictionary.number(of: "nave")!).map(\.target) == ["have"])
        #expect(dictionary.shortcuts(at: dictionary.number(of: "coeur")!).map(\.frequency) == [14, 3])
        let alot = try #require(dictionary.number(of: "alot"))
        #expect(dictionary.flags(at: alot).contains(.notAWord))
        #expect(dictionary.frequencyClass(at: alot) == DictionaryFormat.neverSuggestedClass)
        #expect(dictionary.contains("parce que"))
        #expect(dictionary.contains("Pinterest"))
        #expect(dictionary.labels(at: dictionary.number(of: "CPU")!) == ["abbreviation", "technical"])
        #expect(dictionary.frequencyClass(of: "merde") == DictionaryFormat.neverSuggestedClass)
        #expect(dictionary.shortcutCount == 5)
    }

    @Test(arguments: [
        (" word=x,f=300", "1:11", "invalid-count"),
        (" word=x,f=2\n  shortcut=y,f=15", "2:16", "invalid-count"),
        (" word=x,f=2\n  shortcut=,f=1", "2:12", "empty-shortcut"),
        ("  shortcut=y,f=1", "1:3", "orphan-shortcut"),
        (" word=x,f=2\n  shortcut=y", "2:3", "invalid-shortcut"),
        ("  bigram=y,f=1", "1:3", "orphan-shortcut"),
        (" word=x,f=2\n  bigram=y", "2:3", "invalid-bigram"),
        (" word=x,f=2\n  bigram=y,f=256", "2:14", "invalid-count"),
        (" word=x,f=2\n  bigram=a b,f=1", "2:11", "whitespace-in-word"),
        (" f=2", "1:1", "invalid-line"),
        (" word=x", "1:2", "invalid-count"),
        ("word=x,f=1", "1:1", "invalid-line"),
        (" word=a  b,f=1", "1:8", "whitespace-in-word"),
    ] as [(String, String, String)])
    func malformedLinesAreCodedErrorsAtTheirPlace(_ body: String, _ place: String, _ code: String) throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = try TestSupport.write("dictionary=main:x,locale=x\n" + body + "\n", "bad.combined", in: folder)
        let (table, diagnostics) = TestSupport.read([path])
        #expect(table == nil)
        let error = try #require(diagnostics.first { $0.severity == .error })
        let (line, column) = (Int(place.split(separator: ":")[0])! + 1, Int(place.split(separator: ":")[1])!)
        #expect(error.code == code)
        #expect(error.location.line == line && error.location.column == column, "\(error)")
    }

    /// Words of up to `DictionaryFormat.maxWordLength` scalars and shortcuts of up to
    /// `maxShortcutLength` are read; one more is a `word-too-long` error at its place.
    @Test func wordAndShortcutLengthsAtTheLimitAndOnePast() throws {
        let word = String(repeating: "w", count: DictionaryFormat.maxWordLength)
        let target = String(repeating: "t", count: DictionaryFormat.maxShortcutLength)
        let folder = try TestSupport.temporaryDirectory()
        let fits = try TestSupport.write("dictionary=main:x,locale=x\n word=\(word),f=1\n  shortcut=\(target),f=3\n", "fits.combined", in: folder)
        let (atLimit, clean) = TestSupport.read([fits])
        #expect(clean.isEmpty && atLimit?[word] != nil, "\(clean)")
        let tooLong = "dictionary=main:x,locale=x\n word=\(word)w,f=1\n word=ok,f=1\n  shortcut=\(target)t,f=3\n"
        let (past, errors) = TestSupport.read([try TestSupport.write(tooLong, "past.combined", in: folder)])
        #expect(past == nil)
        #expect(errors.map { "\($0.location.line):\($0.location.column) \($0.code)" } == ["2:7 word-too-long", "4:12 word-too-long"])
    }

    /// Shortcuts, labels and header attributes are kept once each in linear time (each was looked for
    /// among those kept before): a word with 20,000 shortcuts and 20,000 labels, each given twice,
    /// under a header of 20,000 attributes, each given twice.
    @Test func twentyThousandShortcutsLabelsAndAttributesAreEachKeptOnce() throws {
        let count = 20_000
        let names = (0..<count).map { "x\($0)" }
        let header = "dictionary=main:x,locale=x," + (names + names).map { "\($0)=1" }.joined(separator: ",")
        let labels = (names + names).joined(separator: ":")
        let shortcuts = names.map { "  shortcut=\($0),f=3\n" }.joined() + names.map { "  shortcut=\($0),f=9\n" }.joined()
        let (table, diagnostics) = TestSupport.read([try TestSupport.write("\(header)\n word=x,f=1,flags=\(labels)\n\(shortcuts)", "many.combined",
                                                                            in: try TestSupport.temporaryDirectory())])
        let words = try #require(table)
        #expect(diagnostics.count == 2 * count && diagnostics.allSatisfy { $0.code == "unknown-list-attribute" })
        #expect(words.attributes.map(\.key) == ["dictionary", "locale"] + names)
        #expect(words.labels["x"] == names)
        #expect(words.shortcuts["x"]?.map(\.target) == names && words.shortcuts["x"]?.allSatisfy { $0.frequency == 9 } == true)
    }

    @Test func unknownAttributesAreWarnings() throws {
        let (_, diagnostics) = try Self.compile("dictionary=main:x,locale=x,colour=blue\n word=x,f=1,mood=happy\n")
        #expect(diagnostics.map(\.code) == ["unknown-list-attribute", "unknown-list-attribute"])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func damagedGzipIsAnError() throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = try TestSupport.write([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3], "x.combined.gz", in: folder)
        let (table, diagnostics) = TestSupport.read([path])
        #expect(table == nil)
        #expect(diagnostics.map(\.code) == ["invalid-compression"])
    }

    /// Gzip is read as a stream: concatenated members continue the file, and data that stops in the
    /// middle of a member is an error.
    @Test func gzipMembersContinueAndATruncatedOneIsAnError() throws {
        let folder = try TestSupport.temporaryDirectory()
        let first = try Self.gzipped("dictionary=main:x,locale=x\n word=alpha,f=10\n"), second = try Self.gzipped(" word=beta,f=20\n")
        let (table, diagnostics) = TestSupport.read([try TestSupport.write(first + second, "two.combined.gz", in: folder)])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(table?["alpha"] != nil && table?["beta"] != nil)
        let (cut, errors) = TestSupport.read([try TestSupport.write(Array(first.dropLast(12)), "cut.combined.gz", in: folder)])
        #expect(cut == nil)
        #expect(errors.map(\.code) == ["invalid-compression"] && errors[0].message.contains("ends early"), "\(errors)")
    }

    /// A gzip file of line ends is bounded by its lines, not only its bytes: 70 million empty lines
    /// (70 MB, 68 KB compressed) count as 1.1 GB and are refused; 60 million are read.
    @Test func gzipLinesCountTowardTheDecompressionBound() throws {
        let folder = try TestSupport.temporaryDirectory()
        func lineEnds(_ count: Int) throws -> (read: Int, failure: String?) {
            let path = folder + "/lines.gz"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "head -c \(count) /dev/zero | tr '\\0' '\\n' | gzip -1 > '\(path)'"]
            try process.run()
            process.waitUntilExit()
            let file = try #require(fopen(path, "rb"))
            defer { fclose(file) }
            var start = [UInt8](repeating: 0, count: 2)
            _ = fread(&start, 1, 2, file)
            let inflater = try GzipInflater(first: start) { fread($0.baseAddress, 1, $0.count, file) }
            var read = 0
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            do {
                while case let count = try buffer.withUnsafeMutableBytes({ try inflater.read(into: $0) }), count > 0 { read += count }
            } catch {
                return (read, (error as? GzipInflater.Failure)?.reason ?? "\(error)")
            }
            return (read, nil)
        }
        let refused = try lineEnds(70_000_000)
        #expect(refused.failure?.contains("expands to more than 1024 MiB, a line counting as at least 16 bytes") == true, "\(refused)")
        #expect(refused.read <= (1 << 30) / 16)
        #expect(try lineEnds(60_000_000) == (60_000_000, nil))
    }

    @Test func multiWordEntriesAreAcceptedByEveryFormat() throws {
        let folder = try TestSupport.temporaryDirectory()
        let txt = try TestSupport.write("één tiende\na priori\n", "words.txt", in: folder)
        let tsv = try TestSupport.write("één tiende\t5\n", "words.tsv", in: folder)
        for path in [txt, tsv] {
            let (table, diagnostics) = TestSupport.read([path])
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            #expect(table?["één tiende"] != nil)
        }
        for bad in [" lead", "trail ", "two  spaces"] {
            let path = try TestSupport.write(bad + "\t1\n", "bad.tsv", in: folder)
            #expect(TestSupport.read([path]).1.map(\.code) == ["whitespace-in-word"], "\(bad)")
        }
    }
}
