import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Every layout validation rule has a fixture folder that breaks it; the diagnostic must name the
/// right file, line, column and code, and be the only problem reported.
@Suite struct LayoutValidationTests {
    static let fixtures = TestSupport.shipped("Tests/KeylexCompilerTests/Fixtures/layouts")

    struct Expected: CustomStringConvertible, Sendable {
        let folder: String
        let file: String
        let line: Int
        let column: Int
        let code: String
        var severity: Severity = .error
        /// Words the message must contain (a suggestion, a count…).
        var mentions: [String] = []
        var description: String { folder }
    }

    static let cases: [Expected] = [
        .init(folder: "malformed-xml", file: "en.xml", line: 4, column: 12, code: "malformed-xml"),
        .init(folder: "malformed-json", file: "en.json", line: 4, column: 1, code: "malformed-json"),
        .init(folder: "invalid-encoding", file: "en.json", line: 3, column: 15, code: "invalid-encoding"),
        .init(folder: "schema-violation", file: "en.xml", line: 2, column: 1, code: "schema-violation", mentions: ["locale"]),
        .init(folder: "schema-violation-json", file: "en.json", line: 9, column: 19, code: "schema-violation", mentions: ["array"]),
        .init(folder: "unknown-element", file: "en.xml", line: 6, column: 7, code: "unknown-element", mentions: ["kye"]),
        .init(folder: "unknown-attribute", file: "en.xml", line: 5, column: 32, code: "unknown-attribute", mentions: ["colour"]),
        .init(folder: "unknown-property", file: "en.json", line: 6, column: 7, code: "unknown-property", mentions: ["did you mean 'layers'"]),
        .init(folder: "unknown-action", file: "en.xml", line: 5, column: 45, code: "unknown-action", mentions: ["did you mean 'shift'"]),
        .init(folder: "unknown-action-json", file: "en.json", line: 13, column: 27, code: "unknown-action", mentions: ["did you mean 'backspace'"]),
        .init(folder: "unknown-layer", file: "en.xml", line: 5, column: 16, code: "unknown-layer", mentions: ["did you mean 'numeric'"]),
        .init(folder: "unknown-return-type", file: "en.json", line: 14, column: 26, code: "unknown-return-type", mentions: ["did you mean 'search'"]),
        .init(folder: "missing-layer", file: "en.json", line: 14, column: 26, code: "missing-layer", mentions: ["numeric"]),
        .init(folder: "missing-lowercased", file: "en.xml", line: 3, column: 3, code: "missing-layer", mentions: ["lowercased"]),
        .init(folder: "field-without-text-layout", file: "en.xml", line: 6, column: 3, code: "missing-layer", mentions: ["tablet", "url"]),
        .init(folder: "unknown-field", file: "en.xml", line: 6, column: 37, code: "unknown-field", mentions: ["emial", "email"]),
        .init(folder: "missing-parent", file: "en-GB.xml", line: 2, column: 35, code: "missing-parent", mentions: ["en-US"]),
        .init(folder: "inheritance-cycle", file: "a.xml", line: 2, column: 32, code: "inheritance-cycle", mentions: ["en → fr → en"]),
        .init(folder: "invalid-style", file: "en.xml", line: 4, column: 62, code: "invalid-style", mentions: ["'semiBold'", "did you mean 'semibold'"]),
        .init(folder: "missing-theme", file: "en.json", line: 3, column: 12, code: "missing-theme", mentions: ["'plian'", "did you mean 'plain'"]),
        .init(folder: "duplicate-style", file: "en.xml", line: 6, column: 5, code: "duplicate-style", severity: .warning, mentions: ["'background'", "en.xml:4:5"]),
        .init(folder: "theme-cycle", file: "en.xml", line: 3, column: 30, code: "inheritance-cycle", mentions: ["theme inheritance cycle: dark → light → dark"]),
        .init(folder: "style-value-without-action", file: "en.json", line: 5, column: 65, code: "schema-violation", mentions: ["'value' needs an 'action'"]),
        .init(folder: "missing-callout-locale", file: "en.json", line: 17, column: 16, code: "missing-callout-locale", mentions: ["'de'"]),
        .init(folder: "duplicate-layer", file: "en.xml", line: 5, column: 5, code: "duplicate-id", mentions: ["4:5"]),
        .init(folder: "duplicate-locale", file: "b.json", line: 2, column: 13, code: "duplicate-id", mentions: ["a.xml:2:19"]),
        .init(folder: "duplicate-callout", file: "en.json", line: 3, column: 37, code: "duplicate-id", mentions: ["3:27"]),
        .init(folder: "duplicate-character", file: "en.xml", line: 5, column: 22, code: "duplicate-character", severity: .warning, mentions: ["5:20"]),
        .init(folder: "callout-default-not-variant", file: "en.xml", line: 4, column: 46, code: "callout-default-not-variant"),
        .init(folder: "duplicate-variant", file: "en.json", line: 18, column: 12, code: "duplicate-variant"),
        .init(folder: "empty-callout", file: "en.json", line: 18, column: 12, code: "empty-callout"),
        .init(folder: "unused-callout", file: "en.json", line: 18, column: 7, code: "unused-callout", severity: .warning),
        .init(folder: "width-out-of-range", file: "en.xml", line: 5, column: 59, code: "width-out-of-range"),
        .init(folder: "huge-width", file: "en.xml", line: 5, column: 59, code: "width-out-of-range", mentions: ["1e+20pt"]),
        .init(folder: "invalid-width", file: "en.json", line: 14, column: 26, code: "invalid-width"),
        .init(folder: "row-overflow", file: "en.xml", line: 5, column: 7, code: "row-overflow", mentions: ["384 of the 320"]),
        .init(folder: "no-room", file: "en.xml", line: 5, column: 70, code: "no-room", mentions: ["no room on a phone keyboard 320 points wide"]),
        .init(folder: "multiple-available", file: "en.json", line: 18, column: 26, code: "multiple-available"),
        .init(folder: "not-nfc", file: "en.xml", line: 5, column: 21, code: "not-nfc"),
        .init(folder: "control-character", file: "en.json", line: 14, column: 26, code: "control-character", mentions: ["U+0007"]),
        .init(folder: "unassigned-character", file: "en.xml", line: 5, column: 21, code: "unassigned-character", mentions: ["U+0378"]),
        .init(folder: "private-use-character", file: "en.json", line: 10, column: 17, code: "private-use-character", severity: .warning),
        .init(folder: "multiple-graphemes", file: "en.xml", line: 5, column: 44, code: "multiple-graphemes"),
        .init(folder: "invalid-locale", file: "en.json", line: 2, column: 13, code: "invalid-locale"),
        .init(folder: "missing-row", file: "en-GB.xml", line: 5, column: 19, code: "missing-row"),
        .init(folder: "mixed-row-patch", file: "en-GB.json", line: 8, column: 9, code: "mixed-row-patch"),
        .init(folder: "unresolved-replacement", file: "en-GB.xml", line: 4, column: 5, code: "unresolved-replacement"),
        .init(folder: "unexpected-value", file: "en.json", line: 14, column: 26, code: "unexpected-value"),
        .init(folder: "missing-value", file: "en.xml", line: 5, column: 32, code: "missing-value"),
        // Stages are gated: the patch with index 0 is not resolved (it used to trap), nor is en-AU,
        // which extends it, and neither gets another message.
        .init(folder: "row-index-zero", file: "en-GB.xml", line: 5, column: 19, code: "schema-violation", mentions: ["'0'"]),
    ]

    static func diagnostics(_ folder: String) -> [Diagnostic] {
        let engine = DiagnosticEngine()
        _ = LayoutBuild(diagnostics: engine).read(directory: fixtures + "/" + folder)
        return engine.diagnostics
    }

    @Test(arguments: cases)
    func fixtureReportsItsRule(_ expected: Expected) throws {
        let found = Self.diagnostics(expected.folder)
        let match = try #require(found.first { $0.code == expected.code }, "\(found)")
        #expect(match.location.file == Self.fixtures + "/" + expected.folder + "/" + expected.file)
        #expect(match.location.line == expected.line)
        #expect(match.location.column == expected.column)
        #expect(match.severity == expected.severity)
        for word in expected.mentions { #expect(match.message.contains(word), "\(match.message)") }
        // The fixture breaks its rule and nothing else (a broken XML file may get two messages from libxml2).
        #expect(found.allSatisfy { $0.code == expected.code || expected.code == "unknown-property" }, "\(found)")
    }

    @Test func everyFixtureFolderIsChecked() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).filter { !$0.hasSuffix(".md") }
        #expect(Set(folders) == Set(Self.cases.map(\.folder)))
    }

    @Test func suggestionsNeedACloseWord() {
        let close = NameSuggestion.closest("shfit", among: ["shift", "space"])
        #expect(close == "shift")
        let message = DiagnosticMessage.unknownAction("shfit", closest: close)
        #expect(message.text == "unknown action 'shfit' (did you mean 'shift'?)")
        #expect(message.fix == FixIt(original: "shfit", replacement: "shift"))
        #expect(NameSuggestion.closest("zzzzzz", among: ["shift", "space"]) == nil)
        #expect(DiagnosticMessage.unknownAction("zzzzzz", closest: nil).fix == nil)
        #expect(NameSuggestion.editDistance("", "abc") == 3)
        #expect(NameSuggestion.editDistance("kitten", "sitting") == 3)
    }

    @Test func untypableWordsOfTheCorpusAreCounted() throws {
        let folder = try TestSupport.temporaryDirectory()
        // `Cäba` has an accent no key types, but is typed without it (the engine matches letters folded).
        try TestSupport.write("cab\t10\nabba\t5\nzoo\t4\nfox\t3\nCäba\t2\n", "corpora/en/words.tsv", in: folder)
        try TestSupport.write(String(contentsOfFile: Self.fixtures + "/duplicate-locale/b.json", encoding: .utf8).replacingOccurrences(of: "\"en\"", with: "\"en-US\""),
                              "layouts/en-US.json", in: folder)
        let engine = DiagnosticEngine()
        var build = ProjectBuild(corpora: folder + "/corpora", layouts: folder + "/layouts", output: folder + "/build", diagnostics: engine)
        var listed: [String] = []
        build.onUntypable = { locale, corpus, word in listed.append("\(locale) \((corpus as NSString).lastPathComponent) \(word)") }
        let checked = build.check()
        #expect(checked?.locales == ["en", "en-US"])
        let warning = try #require(engine.diagnostics.first { $0.code == "untypable-words" })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("2 of 5 words"))
        #expect(warning.message.contains("'zoo'") && warning.message.contains("'fox'"))
        #expect(warning.location.file.hasSuffix("layouts/en-US.json"))
        #expect(listed == ["en-US en fox", "en-US en zoo"], "every one, for `keylex validate --list-untypable`")
    }

    /// The shipped lists whose locales' layouts could not type some of their words hold them no
    /// more (scripts/clean-aosp.py and scripts/make-corpora.py leave out what keylex lists), and
    /// bn-BD's layout types the Bengali vowels ঈ ঊ ঐ ঔ; Malayalam's and Tamil's lists hold words
    /// whose letters only a key's own callout types (`റ` and `ർ` on ml-IN's `ര`, `ஸ` on ta-IN's `ச`).
    @Test func theShippedLayoutsTypeEveryWordOfTheirCorpora() throws {
        let folder = try TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/corpora", withIntermediateDirectories: true)
        for corpus in ["bn", "he", "ur", "ro", "ml", "ta"] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/corpora/" + corpus, withDestinationPath: TestSupport.shipped("corpora/" + corpus))
        }
        let engine = DiagnosticEngine()
        var build = ProjectBuild(corpora: folder + "/corpora", layouts: TestSupport.shipped("layouts"), output: folder + "/build", diagnostics: engine)
        var untypable: [String] = []
        build.onUntypable = { locale, _, word in untypable.append(locale + " " + word) }
        #expect(build.check() != nil)
        #expect(untypable.isEmpty && engine.diagnostics.isEmpty, "\(untypable) \(engine.diagnostics.prefix(3))")
    }

    /// A key's own long-press variants (ml-IN's `ര` offers `്ര ർ റ`) type their letters, as the
    /// callouts of characters do (`ന` offers `ൻ`); a letter that no key or callout types does not.
    @Test func aKeysOwnCalloutTypesItsVariants() throws {
        let folder = try TestSupport.temporaryDirectory()
        try TestSupport.write("എന്റെ\nകാർ\nഅവൻ\nഌ\n", "corpora/ml/words.txt", in: folder)
        let engine = DiagnosticEngine()
        var build = ProjectBuild(corpora: folder + "/corpora", layouts: TestSupport.shipped("layouts"), output: folder + "/build", diagnostics: engine)
        var untypable: [String] = []
        build.onUntypable = { locale, _, word in untypable.append(locale + " " + word) }
        #expect(build.check() != nil)
        #expect(untypable == ["ml-IN ഌ"])
    }

    /// A word is typed key by key: an Indic letter and its vowel sign are one character but two
    /// keys, and a key may type several letters; a letter no key types makes the word untypable.
    @Test func wordsAreTypedAsSequencesOfKeys() {
        let devanagari: Set<String> = ["न", "म", "ा", "क्ष", "स"]
        #expect(LayoutValidator.isTypable("नाम", typed: devanagari, longest: 3))
        #expect(LayoutValidator.isTypable("क्षमा", typed: devanagari, longest: 3))
        #expect(!LayoutValidator.isTypable("नमः", typed: devanagari, longest: 3))
        #expect(!LayoutValidator.isTypable("क्स", typed: devanagari, longest: 3))
        #expect(LayoutValidator.isTypable("a priori", typed: ["a", "p", "r", "i", "o"], longest: 1))
        #expect(!LayoutValidator.isTypable("café", typed: ["c", "a", "f", "e"], longest: 1))
    }

    /// Stages are gated: a document with an error of its own is not resolved, and a locale that
    /// extends it is left out without a message of its own; the other locales are resolved.
    @Test func aDocumentWithErrorsIsNeitherResolvedNorExtended() throws {
        let sources = [
            ("xx.xml", #"<keyboard locale="xx"><layout formFactor="phone"><layer id="lowercased"><row chars="ab"/><row><key action="shfit"/></row></layer></layout></keyboard>"#),
            ("xx-YY.xml", #"<keyboard locale="xx-YY" extends="xx"><layout formFactor="phone"><layer id="lowercased"><row chars="cd"/></layer></layout></keyboard>"#),
            ("zz.xml", #"<keyboard locale="zz"><layout formFactor="phone"><layer id="lowercased"><row chars="ef"/></layer></layout></keyboard>"#),
        ]
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let documents = try sources.map { try #require(reader.read(Array($0.1.utf8), path: $0.0)) }
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve(documents)
        #expect(locales.map(\.tag) == ["zz"])
        #expect(engine.diagnostics.map(\.code) == ["unknown-action"], "\(engine.diagnostics)")
    }

    /// A key's hover title in the preview lists at most `LayoutPreview.maxTitleVariants` of its
    /// callout's variants: keys share callouts, and the preview must not grow with keys × variants.
    @Test func thePreviewListsACalloutsFirstVariantsPerKey() throws {
        let source = #"<keyboard locale="xx"><callouts><callout key="a" variants="一 丁 丂 七 丄 丅 丆 万 丈 三 上 下 丌 不 与 丏 丐 丑 丒 专 且 丕 世 丗 丘 丙 业 丛 东 丝 丞 丟 丠 両 丢 丣 两 严 並 丧"/></callouts><layout formFactor="phone"><layer id="lowercased"><row chars="aaaa"/></layer></layout></keyboard>"#
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "xx.xml"))
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve([document])
        #expect(!engine.hasErrors, "\(engine.diagnostics)")
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales))
        let files = Dictionary(LayoutPreview(bundle: bundle, diagnostics: [:], title: "xx", only: nil).files(), uniquingKeysWith: { a, _ in a })
        let svg = try #require(files["xx-phone-lowercased.svg"])
        #expect(svg.components(separatedBy: "… (8 more)").count == 5, "one title per key")
        #expect(!svg.contains("\u{4E27}") && svg.contains("\u{4E1F}"), "the first 32 variants only")
    }

    /// Upper-case keys and callouts follow the casing of the tag's language, whatever extensions
    /// it has (`tr-t-k0-test`: i → İ), and keep their accents (Greek ά → Ά, not Α); derived callouts
    /// are checked like written ones.
    @Test func derivedUpperCaseFollowsTheLanguageAndKeepsAccents() throws {
        let sources = [
            ("tr.xml", #"<keyboard locale="tr-t-k0-test"><callouts><callout key="i" variants="ı î"/></callouts><layout formFactor="phone"><layer id="lowercased"><row chars="iı"/></layer></layout></keyboard>"#),
            ("el.xml", #"<keyboard locale="el-GR"><callouts><callout key="α" variants="ά"/><callout key="ι" variants="ί ϊ ΐ"/></callouts><layout formFactor="phone"><layer id="lowercased"><row chars="αι"/></layer></layout></keyboard>"#),
        ]
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let documents = try sources.map { try #require(reader.read(Array($0.1.utf8), path: $0.0)) }
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve(documents)
        #expect(!engine.hasErrors, "\(engine.diagnostics)")
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales))
        let turkish = try #require(bundle.layout(for: .phone, locale: "tr-t-k0-test")?.layer(.uppercased))
        #expect(turkish.row(at: 0).map { $0.output?.description } == ["İ", "I"])
        let tr = try #require(bundle.locales.first { $0.tag == "tr-t-k0-test" })
        #expect(tr.callout(for: "İ").map { $0.map(\.description) } == ["I", "Î"])
        let el = try #require(bundle.locales.first { $0.tag == "el-GR" })
        #expect(el.callout(for: "Α").map { $0.map(\.description) } == ["Ά"])
        #expect(el.callout(for: "Ι").map { $0.map(\.description) } == ["Ί", "Ϊ", "Ϊ́"])
    }

    /// Tags are compiled in canonical case, each one written otherwise a warning with its fix; two
    /// files for one locale, however spelt, are a duplicate.
    @Test func tagsAreCanonicalisedAndOneLocaleHasOneFile() throws {
        #expect(LanguageTag.canonical("FR-fr") == "fr-FR" && LanguageTag.canonical("SR-latn-rs") == "sr-Latn-RS")
        #expect(LanguageTag.canonical("tr-T-K0-Android") == "tr-t-k0-android" && LanguageTag.canonical("x-Klingon") == "x-klingon")
        #expect(LanguageTag.canonical("es-419") == "es-419" && LanguageTag.canonical("not a tag") == "not a tag")
        func read(_ sources: [(String, String)]) throws -> ([ResolvedLocale], [Diagnostic]) {
            let engine = DiagnosticEngine()
            let reader = LayoutSourceReader(diagnostics: engine)
            let documents = try sources.map { try #require(reader.read(Array($0.1.utf8), path: $0.0)) }
            return (LayoutBuild(diagnostics: engine).resolve(documents).locales, engine.diagnostics)
        }
        let body = #"<layout formFactor="phone"><layer id="lowercased"><row chars="ab"/></layer></layout></keyboard>"#
        let (one, warnings) = try read([("a.xml", #"<keyboard locale="FR-fr">"# + body)])
        #expect(one.map(\.tag) == ["fr-FR"])
        #expect(warnings.map(\.code) == ["non-canonical-locale"] && warnings[0].severity == .warning)
        #expect(warnings[0].fix == FixIt(original: "FR-fr", replacement: "fr-FR"))
        let (_, duplicate) = try read([("a.xml", #"<keyboard locale="fr-FR">"# + body), ("b.xml", #"<keyboard locale="fr-fr">"# + body)])
        #expect(duplicate.map(\.code) == ["non-canonical-locale", "duplicate-id"], "\(duplicate)")
    }

    /// A combining mark written after a space is a key or variant of its own: split by scalars, the
    /// space and the mark (one grapheme together) no longer vanish as whitespace.
    @Test func aCombiningMarkAfterASpaceIsKept() throws {
        let source = "<keyboard locale=\"he\"><callouts><callout key=\"ב\" variants=\"\u{5B8} \u{5B3}\"/></callouts><layout formFactor=\"phone\"><layer id=\"lowercased\"><row chars=\"ב \u{5BC}ג\"/></layer></layout></keyboard>"
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "he.xml"))
        #expect(document.callouts?.callouts.first?.variants == ["\u{5B8}", "\u{5B3}"])
        #expect(document.layouts[0].layers[0].rows[0].keys.compactMap(\.value) == ["ב", "\u{5BC}", "ג"])
    }

    /// Hint labels and shifted outputs as real layouts have them: AOSP's Hebrew top row shows a
    /// digit hint on each letter (`rowkeys_hebrew1.xml`, `keyHintLabel`), FlorisBoard's German
    /// Dvorak shifts `,` to `;`, `.` to `:` and `?` to `ß` (`dvorak_de.json`, `shiftedManual`).
    @Test func hintLabelsAndShiftedOutputsCompileReadBackAndConvert() throws {
        let xml = """
        <keyboard locale="de-t-k0-dvorak">
          <layout formFactor="phone">
            <layer id="lowercased">
              <row><key value="ק" hint="3"/><key value="ר" hint="4"/><key value="," shifted=";"/><key value="." shifted=":"/><chars value="pyf"/><key value="?" shifted="ß" hint="ß"/></row>
              <row><key action="text" value=".de" shifted=".DE"/><key action="shift"/></row>
            </layer>
          </layout>
        </keyboard>
        """
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let document = try #require(reader.read(Array(xml.utf8), path: "dvorak.xml"))
        let json = JSONLayoutWriter.write(document)
        #expect(json.contains("\"shifted\": \";\"") && json.contains("\"hint\": \"3\""))
        #expect(reader.read(Array(json.utf8), path: "dvorak.json") == document)
        #expect(reader.read(Array(XMLLayoutWriter.write(document).utf8), path: "again.xml") == document)
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve([document])
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics)")
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales))
        #expect(LayoutReadback.firstDifference(locales, bundle) == nil)
        let layout = try #require(bundle.layout(for: .phone))
        let lower = layout.layer(.lowercased)!.row(at: 0)
        #expect(lower.map { $0.hint?.description } == ["3", "4", nil, nil, nil, nil, nil, "ß"])
        for upper in [layout.layer(.uppercased)!, layout.layer(.capsLocked)!] {
            #expect(upper.row(at: 0).map { $0.output?.description } == ["ק", "ר", ";", ":", "P", "Y", "F", "ß"])
            #expect(upper.row(at: 0).map { $0.hint?.description } == ["3", "4", nil, nil, nil, nil, nil, "ß"])
            #expect(upper.row(at: 1)[0].output == ".DE")
        }
        let svg = LayoutPreview(bundle: bundle, title: "Dvorak").svg(layout.layer(.lowercased)!)
        #expect(svg.contains("<text class=\"hint\"") && svg.contains(">3</text>") && svg.contains("(hint “3”)"))
    }

    @Test func fieldLayoutsChangeTheFinalTextLayoutAndFallBackToIt() throws {
        let parent = """
        <keyboard locale="xx">
          <layout formFactor="phone">
            <layer id="lowercased"><row chars="abc"/><row><key action="space"/><key action="primary"/></row></layer>
          </layout>
          <layout formFactor="phone" field="email">
            <layer id="lowercased"><row index="2"><key action="space"/><chars value="@."/><key action="primary"/></row></layer>
          </layout>
        </keyboard>
        """
        let child = """
        <keyboard locale="yy" extends="xx">
          <layout formFactor="phone"><layer id="lowercased"><row index="1" chars="xyz"/></layer></layout>
        </keyboard>
        """
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let documents = try [(parent, "xx.xml"), (child, "yy.xml")].map { try #require(reader.read(Array($0.0.utf8), path: $0.1)) }
        #expect(reader.read(Array(JSONLayoutWriter.write(documents[0]).utf8), path: "xx.json") == documents[0])
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve(documents)
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics)")
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales))
        #expect(LayoutReadback.firstDifference(locales, bundle) == nil)
        let outputs = { (layout: KeyboardLayout?) in
            layout?.layer(.lowercased)?.rows.map { $0.map { $0.output?.description ?? "\($0.action)" } } ?? []
        }
        let email = try #require(bundle.layout(for: .phone, locale: "yy", field: .email))
        #expect(email.field == .email)
        #expect(outputs(email) == [["x", "y", "z"], ["space", "@", ".", "primary"]])
        #expect(email.layer(.uppercased)?.row(at: 0).map { $0.output?.description } == ["X", "Y", "Z"])
        let url = try #require(bundle.layout(for: .phone, locale: "yy", field: .url))
        #expect(url.field == .text && outputs(url) == [["x", "y", "z"], ["space", "primary"]])
        #expect(bundle.layout(for: .tablet, locale: "yy", field: .email) == nil)
    }

    @Test func transformsCompileInheritAndApplyToTheTextBeforeTheCursor() throws {
        let parent = """
        <keyboard locale="fr-t-k0-dead">
          <transforms>
            <transform from="^e" to="ê"/><transform from="^a" to="â"/><transform from="^^" to="^"/>
          </transforms>
          <layout formFactor="phone"><layer id="lowercased"><row><chars value="^aeo"/><key action="text" value="^e"/></row></layer></layout>
        </keyboard>
        """
        let child = """
        <keyboard locale="fr-CA-t-k0-dead" extends="fr-t-k0-dead">
          <transforms><transform from="^o" to="ô"/><transform from="^a" to="ä"/></transforms>
        </keyboard>
        """
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let documents = try [(parent, "dead.xml"), (child, "child.xml")].map { try #require(reader.read(Array($0.0.utf8), path: $0.1)) }
        #expect(documents[0].transforms.map(\.to) == ["ê", "â", "^"])
        let json = JSONLayoutWriter.write(documents[0])
        #expect(json.contains("\"transforms\": [\n    { \"from\": \"^e\", \"to\": \"ê\" }"))
        #expect(reader.read(Array(json.utf8), path: "dead.json") == documents[0])
        #expect(reader.read(Array(XMLLayoutWriter.write(documents[1]).utf8), path: "again.xml") == documents[1])
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve(documents)
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics)")
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales))
        #expect(LayoutReadback.firstDifference(locales, bundle) == nil)
        let canadian = try #require(bundle.locale("fr-CA-t-k0-dead")).transforms
        #expect(canadian.map { "\($0.from)→\($0.to)" } == ["^o→ô", "^a→ä", "^e→ê", "^^→^"])
        #expect(canadian.replacement(typing: "e", after: "la f^") == TextReplacement(deleting: "^", inserting: "ê"))
        #expect(canadian.replacement(typing: "a", after: "^") == TextReplacement(deleting: "^", inserting: "ä"))
        #expect(canadian.replacement(typing: "^e", after: "") == TextReplacement(deleting: "", inserting: "ê"))
        #expect(canadian.replacement(typing: "x^e", after: "") == TextReplacement(deleting: "", inserting: "xê"))
        #expect(canadian.replacement(typing: "e", after: "") == nil && canadian.replacement(typing: "u", after: "^") == nil)
        #expect(try #require(bundle.locale("fr-t-k0-dead")).transforms.replacement(typing: "a", after: "^") == TextReplacement(deleting: "^", inserting: "â"))
        let html = LayoutPreview(bundle: bundle, title: "Dead keys").html()
        #expect(html.contains("<kbd>^o</kbd> → <kbd>ô</kbd>"))
    }

    @Test func flicksAndMultiTapCompileReadBackAndConvert() throws {
        let xml = """
        <keyboard locale="xx">
          <layout formFactor="phone">
            <layer id="lowercased"><row><key value="か" flicks="w:き n:く e:け s:こ"/><key value="a" flicks="e:ā" multiTap="b c"/><key action="shift"/></row></layer>
          </layout>
        </keyboard>
        """
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let document = try #require(reader.read(Array(xml.utf8), path: "xx.xml"))
        let json = JSONLayoutWriter.write(document)
        #expect(json.contains("{ \"value\": \"か\", \"flicks\": \"w:き n:く e:け s:こ\" }") && json.contains("\"multiTap\": \"b c\""))
        #expect(reader.read(Array(json.utf8), path: "xx.json") == document)
        #expect(reader.read(Array(XMLLayoutWriter.write(document).utf8), path: "again.xml") == document)
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve([document])
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics)")
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales))
        #expect(LayoutReadback.firstDifference(locales, bundle) == nil)
        let layout = try #require(bundle.layout(for: .phone))
        let ka = layout.layer(.lowercased)!.row(at: 0)[0]
        #expect(ka.flick(.north) == "く" && ka.flick(.west) == "き" && ka.flick(.northEast) == nil)
        #expect(ka.flicks.map(\.direction) == [.north, .east, .south, .west])
        let a = layout.layer(.lowercased)!.row(at: 0)[1]
        #expect((1...4).map { a.output(tap: $0)?.description } == ["a", "b", "c", "a"])
        let upper = layout.layer(.uppercased)!.row(at: 0)[1]
        #expect(upper.flick(.east) == "Ā" && upper.multiTapOutputs.map(\.description) == ["B", "C"])
        #expect(layout.layer(.lowercased)!.row(at: 0)[2].flicks.isEmpty)
    }

    /// A key's own callout: on a text key (`.com`), and on a character key instead of its
    /// character's; checked like written callouts.
    @Test func keysHaveCalloutsOfTheirOwn() throws {
        let xml = """
        <keyboard locale="xx">
          <callouts><callout key="e" variants="é è"/><callout key="o" variants="ó ò"/></callouts>
          <layout formFactor="phone">
            <layer id="lowercased"><row><key value="e"/><key value="." callout="… ,"/><key action="text" value=".com" callout=".net .org"/></row><row><key value="o" callout="ō"/></row></layer>
          </layout>
        </keyboard>
        """
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let document = try #require(reader.read(Array(xml.utf8), path: "xx.xml"))
        #expect(reader.read(Array(JSONLayoutWriter.write(document).utf8), path: "xx.json") == document)
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve([document])
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics)")
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales))
        #expect(LayoutReadback.firstDifference(locales, bundle) == nil)
        let rows = bundle.layout(for: .phone)!.layer(.lowercased)!.rows
        let variants = { (key: LayoutKey) in key.callout?.map(\.description) ?? [] }
        #expect(rows[0].map(variants) == [["é", "è"], ["…", ","], [".net", ".org"]])
        #expect(variants(rows[1][0]) == ["ō"] && bundle.locales[0].callout(for: "o")?.count == 2)
        #expect(variants(bundle.layout(for: .phone)!.layer(.uppercased)!.row(at: 1)[0]) == ["Ō"])
        let bad = xml.replacingOccurrences(of: "callout=\"ō\"", with: "callout=\"ō ō\"")
            .replacingOccurrences(of: "<key value=\".\" callout=\"… ,\"/>", with: "<key action=\"backspace\" callout=\"x\"/>")
        let again = DiagnosticEngine()
        _ = LayoutBuild(diagnostics: again).resolve([try #require(reader.read(Array(bad.utf8), path: "bad.xml"))])
        #expect(Set(again.diagnostics.map(\.code)) == ["unexpected-value", "duplicate-variant"], "\(again.diagnostics)")
    }

    /// An abstract document is inherited, never compiled: what its children share is written once.
    @Test func abstractDocumentsAreSharedNotCompiled() throws {
        let shared = """
        { "locale": "und-x-frame", "abstract": true, "layouts": [{ "formFactor": "phone", "layers": [
          { "id": "lowercased", "rows": ["abc", [{ "action": "shift" }, "def", { "action": "backspace" }], [{ "action": "space" }]] } ] }] }
        """
        let child = """
        <keyboard locale="xx" extends="und-x-frame"><layout formFactor="phone"><layer id="lowercased"><row index="1" chars="xyz"/></layer></layout></keyboard>
        """
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let documents = [try #require(reader.read(Array(shared.utf8), path: "frame.json")), try #require(reader.read(Array(child.utf8), path: "xx.xml"))]
        #expect(documents[0].isAbstract && XMLLayoutWriter.write(documents[0]).contains("abstract=\"true\""))
        #expect(reader.read(Array(XMLLayoutWriter.write(documents[0]).utf8), path: "frame.xml") == documents[0])
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve(documents)
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics)")
        #expect(locales.map(\.tag) == ["xx"])
        #expect(locales[0].layouts[0].layers[0].rows.map { $0.keys.compactMap { $0.value ?? "\($0.action)" }.joined(separator: " ") }
                == ["x y z", "shift d e f backspace", "space"])
        let wrong = DiagnosticEngine()
        _ = LayoutSourceReader(diagnostics: wrong).read(Array(shared.replacingOccurrences(of: "true", with: "\"yes\"").utf8), path: "frame.json")
        #expect(wrong.diagnostics.map(\.code) == ["schema-violation"])
    }

    /// A long press can offer actions: the layers on a layer-switch key.
    @Test func keysOfferActionsOnALongPress() throws {
        let xml = """
        <keyboard locale="xx">
          <layout formFactor="phone">
            <layer id="lowercased"><row chars="ab"/><row><key action="keyboardType" value="numeric" calloutActions="keyboardType:numeric keyboardType:symbolic nextLocale"/></row></layer>
            <layer id="numeric"><row chars="12"/></layer><layer id="symbolic"><row chars="#"/></layer>
          </layout>
        </keyboard>
        """
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let document = try #require(reader.read(Array(xml.utf8), path: "xx.xml"))
        #expect(reader.read(Array(JSONLayoutWriter.write(document).utf8), path: "xx.json") == document)
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve([document])
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics)")
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales))
        #expect(LayoutReadback.firstDifference(locales, bundle) == nil)
        let key = bundle.layout(for: .phone)!.layer(.lowercased)!.row(at: 1)[0]
        #expect(key.calloutActions.map { "\($0.action) \($0.value?.description ?? "-")" } == ["keyboardType numeric", "keyboardType symbolic", "nextLocale -"])
        #expect(bundle.layout(for: .phone)!.layer(.uppercased)!.row(at: 1)[0].calloutActions.count == 3)
        let bad = xml.replacingOccurrences(of: "keyboardType:symbolic nextLocale", with: "keyboardType:symbl character:x nextLocale:y shfit")
        let again = DiagnosticEngine()
        let broken = LayoutSourceReader(diagnostics: again).read(Array(bad.utf8), path: "bad.xml")
        _ = LayoutBuild(diagnostics: again).resolve([broken].compactMap { $0 })
        #expect(again.diagnostics.map(\.code) == ["unknown-action"], "\(again.diagnostics)")
        let fixed = bad.replacingOccurrences(of: " shfit", with: "")
        let third = DiagnosticEngine()
        _ = LayoutBuild(diagnostics: third).resolve([try #require(LayoutSourceReader(diagnostics: third).read(Array(fixed.utf8), path: "bad.xml"))])
        #expect(third.diagnostics.map(\.code) == ["unexpected-value", "unexpected-value"], "\(third.diagnostics)")
        let layer = fixed.replacingOccurrences(of: " character:x nextLocale:y", with: "")
        let fourth = DiagnosticEngine()
        _ = LayoutBuild(diagnostics: fourth).resolve([try #require(LayoutSourceReader(diagnostics: fourth).read(Array(layer.utf8), path: "bad.xml"))])
        #expect(fourth.diagnostics.map(\.code) == ["missing-layer"] && fourth.diagnostics[0].message.contains("'symbl'"), "\(fourth.diagnostics)")
    }

    @Test func flicksThatCannotWorkAreReported() throws {
        let source = """
        <keyboard locale="xx">
          <layout formFactor="phone">
            <layer id="lowercased"><row><key value="a" flicks="north:b e"/><key value="c" flicks="e:d e:f"/><key action="backspace" multiTap="x"/></row></layer>
          </layout>
        </keyboard>
        """
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "xx.xml"))
        _ = LayoutBuild(diagnostics: engine).resolve([document])
        #expect(engine.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code)" }
                == ["3:56 unknown-direction", "3:56 schema-violation"], "\(engine.diagnostics)")
        // Once the syntax is right, the checks of the document itself.
        let again = DiagnosticEngine()
        let fixed = source.replacingOccurrences(of: "north:b e", with: "n:b")
        _ = LayoutBuild(diagnostics: again).resolve([try #require(LayoutSourceReader(diagnostics: again).read(Array(fixed.utf8), path: "xx.xml"))])
        #expect(again.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code)" } == ["3:85 duplicate-id", "3:129 unexpected-value"], "\(again.diagnostics)")
    }

    @Test func transformsThatCannotWorkAreReported() throws {
        let source = """
        <keyboard locale="xx">
          <transforms>
            <transform from="e" to="é"/><transform from="^e" to="ê"/><transform from="" to="x"/><transform from="e" to="è"/>
          </transforms>
          <layout formFactor="phone"><layer id="lowercased"><row chars="^e"/></layer></layout>
        </keyboard>
        """
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "xx.xml"))
        _ = LayoutBuild(diagnostics: engine).resolve([document])
        let found = engine.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code)" }
        #expect(found == ["3:79 empty-text", "3:106 duplicate-id"], "\(engine.diagnostics)")
        let fixed = source.replacingOccurrences(of: "<transform from=\"\" to=\"x\"/><transform from=\"e\" to=\"è\"/>", with: "")
        let again = DiagnosticEngine()
        _ = LayoutBuild(diagnostics: again).resolve([try #require(LayoutSourceReader(diagnostics: again).read(Array(fixed.utf8), path: "xx.xml"))])
        #expect(again.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code)" } == ["3:50 unreachable-transform"], "\(again.diagnostics)")
    }

    @Test func shiftedOutputsThatCannotBeUsedAreReported() throws {
        let source = """
        <keyboard locale="xx">
          <layout formFactor="phone">
            <layer id="lowercased"><row><key value="a" shifted="bc"/><key action="backspace" shifted="x"/><key value="q" hint=""/></row></layer>
            <layer id="numeric"><row><key value="1" shifted="!"/></row></layer>
          </layout>
          <layout formFactor="tablet">
            <layer id="lowercased"><row><key value="," shifted=";"/></row></layer>
            <layer id="uppercased"><row><key value=";"/></row></layer>
          </layout>
        </keyboard>
        """
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "xx.xml"))
        _ = LayoutBuild(diagnostics: engine).resolve([document])
        let found = engine.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code)" }
        #expect(found == ["3:57 multiple-graphemes", "3:95 unexpected-value", "3:120 empty-text"], "\(engine.diagnostics)")
        let fixed = source.replacingOccurrences(of: "shifted=\"bc\"", with: "").replacingOccurrences(of: " shifted=\"x\"", with: "")
            .replacingOccurrences(of: " hint=\"\"", with: "")
        let again = DiagnosticEngine()
        let corrected = try #require(LayoutSourceReader(diagnostics: again).read(Array(fixed.utf8), path: "xx.xml"))
        _ = LayoutBuild(diagnostics: again).resolve([corrected])
        #expect(again.diagnostics.map(\.code) == ["unused-shifted", "unused-shifted"], "\(again.diagnostics)")
        #expect(again.diagnostics.map(\.location.line) == [4, 7])
    }

    /// A shift key on a layout whose letters have no case switches to the same keys again: it is
    /// reported where it is written, and not where shifting changes a key.
    @Test func shiftKeysThatChangeNothingAreReported() throws {
        func codes(_ row: String) throws -> [String] {
            let source = """
            <keyboard locale="xx">
              <layout formFactor="phone">
                <layer id="lowercased"><row>\(row)</row></layer>
              </layout>
            </keyboard>
            """
            let engine = DiagnosticEngine()
            let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "xx.xml"))
            _ = LayoutBuild(diagnostics: engine).resolve([document])
            return engine.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code)" }
        }
        let found = try codes(#"<key action="shift"/><key value="א"/><key value="ב"/><key action="capsLock"/>"#)
        #expect(found == ["3:33 shift-changes-nothing", "3:86 shift-changes-nothing"], "\(found)")
        #expect(try codes(#"<key action="shift"/><key value="א"/><key value="b"/>"#).isEmpty)
        #expect(try codes(#"<key action="none"/><key value="א"/><key value="ב"/>"#).isEmpty)
    }

    @Test func customLayersAndEveryActionCompileAndReadBack() throws {
        let source = """
        <keyboard locale="tr" name="Türkçe" direction="ltr">
          <callouts><callout key="i" variants="ı î" default="î"/></callouts>
          <layout formFactor="tablet">
            <layer id="lowercased">
              <row chars="iqw"><!-- a comment --></row>
              <row><chars value="as"/><key action="keyboardType" value="emojiPad" label="😀"/><key action="custom" value="translate" label="Tr" width="60pt"/></row>
              <row><key action="none" width="10%"/><key action="capsLock"/><key action="tab"/><key action="moveCursorBackward"/><key action="moveCursorForward"/><key action="nextLocale"/><key action="emoji"/><key action="text" value=".com" width="input*1.5"/><key action="primary" value="go"/></row>
            </layer>
            <layer id="emojiPad" custom="true"><row chars="😀👍🏽🇹🇷"/></layer>
          </layout>
        </keyboard>
        """
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "tr.xml"))
        let (locales, _) = LayoutBuild(diagnostics: engine).resolve([document])
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics)")
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: [locales[0]]))
        #expect(LayoutReadback.firstDifference(locales, bundle) == nil)
        let layout = try #require(bundle.layout(for: .tablet, locale: "tr"))
        #expect(bundle.layout(for: .phone) == nil)
        // Turkish case mapping: i → İ, and the derived callout follows it.
        #expect(layout.layer(.uppercased)!.row(at: 0).first!.output == "İ")
        #expect(bundle.locales[0].callout(for: "İ").map { $0.map(\.description) } == ["I", "Î"])
        #expect(bundle.locales[0].callout(for: "İ")?.defaultIndex == 1)
        let custom = try #require(layout.layer(named: "emojiPad"))
        #expect(custom.isCustom && custom.row(at: 0).count == 3)
        let keys = layout.layer(.lowercased)!.row(at: 1)
        #expect(keys[2].targetLayer?.name == "emojiPad" && keys[2].displayText == "😀")
        #expect(keys[3].action == .custom && keys[3].output == "translate" && keys[3].width == .points(60))
        let last = layout.layer(.lowercased)!.row(at: 2)
        #expect(last.map(\.action) == [.none, .capsLock, .tab, .moveCursorBackward, .moveCursorForward, .nextLocale, .emoji, .text, .primary])
        #expect(last[0].width == .percentage(Double(Float(0.1))) && last[8].returnType == .go)
    }

    @Test func attributeSuggestionsKnowExactlyTheSchemasAttributes() throws {
        let table = XMLSource.attributesByElement
        let declared = LayoutSchemas.xsd.components(separatedBy: "<xs:attribute name=").count - 1
        #expect(table.values.reduce(0) { $0 + $1.count } == declared)
        for (element, attributes) in table {
            for attribute in attributes {
                #expect(LayoutSchemas.xsd.contains("<xs:attribute name=\"\(attribute)\""), "\(element).\(attribute)")
            }
        }
        let engine = DiagnosticEngine()
        let source = "<keyboard locale=\"en\"><layout formFactor=\"phone\"><layer id=\"lowercased\"><row><key action=\"space\" widht=\"available\"/></row></layer></layout></keyboard>"
        _ = LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "en.xml")
        #expect(engine.diagnostics.map(\.code) == ["unknown-attribute"])
        #expect(engine.diagnostics.first?.message.hasSuffix("(did you mean 'width'?)") == true)
        #expect(engine.diagnostics.first?.location.column == 105)
    }

    @Test func onlyUTF8XMLWithoutDocumentTypesIsRead() {
        for (source, code) in [
            ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<keyboard locale=\"en\"/>", "invalid-encoding"),
            ("<!DOCTYPE keyboard [<!ENTITY a \"aaaa\">]>\n<keyboard locale=\"en\" name=\"&a;\"/>", "malformed-xml"),
            ("<layouts locale=\"en\"/>", "schema-violation"),
        ] {
            let engine = DiagnosticEngine()
            #expect(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "en.xml") == nil)
            #expect(engine.diagnostics.map(\.code).contains(code), "\(engine.diagnostics)")
        }
        // A declared encoding is read before parsing, after a byte order mark (column 1), in either quotes;
        // an instruction that is not a declaration declares nothing, whatever its pseudo-attributes.
        for (source, name, column) in [
            ("\u{FEFF}<?xml version=\"1.0\" encoding = 'ucs-4'?><keyboard locale=\"en\"/>", "ucs-4", 34),
            ("<?xml version='1.0' encoding=\"UTF-8\"?><keyboard locale=\"en\"/>", "UTF-8", nil),
            ("<?xml-stylesheet href=\"k.xsl\" encoding=\"ISO-8859-1\"?><keyboard locale=\"en\"/>", nil, nil),
            ("<?xml version=\"1.0\" standalone=\"yes\"?><!--encoding='ucs-4'?>--><keyboard locale=\"en\"/>", nil, nil),
        ] as [(String, String?, Int?)] {
            #expect(XMLSource.declaredEncoding(Array(source.utf8))?.name == name)
            let engine = DiagnosticEngine()
            _ = LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "en.xml")
            #expect(engine.diagnostics.filter { $0.code == "invalid-encoding" }.map(\.location.column) == [column].compactMap { $0 })
        }
    }

    /// A layout of `layers` layers (the first lowercased), each switching to the last, and layouts
    /// for `fields` that take its layers as they are.
    static func layers(_ count: Int, fields: [String] = []) throws -> [Diagnostic] {
        let folder = try TestSupport.temporaryDirectory()
        let ids = ["lowercased"] + (1..<count).map { "l\($0)" }
        let layers = ids.map { id in
            "<layer id=\"\(id)\"\(id == "lowercased" ? "" : " custom=\"true\"")><row><chars value=\"abc\"/><key action=\"keyboardType\" value=\"\(ids.last!)\" label=\"x\"/></row></layer>"
        }
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<keyboard locale=\"en\">\n  <layout formFactor=\"phone\">\n"
            + layers.joined(separator: "\n") + "\n  </layout>\n"
            + fields.map { "  <layout formFactor=\"phone\" field=\"\($0)\"/>\n" }.joined() + "</keyboard>\n"
        _ = try TestSupport.write(xml, "en.xml", in: folder)
        let engine = DiagnosticEngine()
        let (locales, _) = LayoutBuild(diagnostics: engine).read(directory: folder)
        if engine.errorCount == 0 { _ = LayoutBuild.bundle(locales: locales) }
        return engine.diagnostics.filter { $0.severity == .error }
    }

    /// A layer switch names its layer in one byte: 255 layers encode, 256 are a diagnostic (the
    /// encoder used to trap). The upper-case and caps-lock layers derived from the lower-case one count.
    @Test func layerCountAtAndPastTheLimit() throws {
        let atLimit = try Self.layers(LayoutFormat.maxLayers - 2)
        #expect(atLimit.isEmpty, "\(atLimit.prefix(3))")
        let past = try Self.layers(LayoutFormat.maxLayers - 1)
        #expect(past.map(\.code) == ["limit-exceeded"], "\(past)")
        #expect(past.first?.message.contains("256") == true && past.first?.location.line == 3)
        // A field's layout has the layers of the text layout it changes, and its message names it.
        let fields = try Self.layers(LayoutFormat.maxLayers - 1, fields: ["email"])
        #expect(fields.map(\.message) == ["phone", "phone email"].map {
            "the \($0) layout of 'en' has 256 layers (counting the upper-case layers derived from the lower-case ones), more than the 255 a bundle can hold"
        })
    }

    /// Positions cost linear time: a 300 KB layout on one line (60,000 keys, each a diagnostic)
    /// took minutes when each column was counted from the line's start; each column is still exact.
    @Test func positionsOnAVeryLongLineAreExact() throws {
        let keys = Array(repeating: "\"é\"", count: 60_000).joined(separator: ",")
        let json = "{\"locale\":\"en\",\"layouts\":[{\"formFactor\":\"phone\",\"layers\":[{\"id\":\"lowercased\",\"rows\":[{\"keys\":[\(keys)]}]}]}]}"
        let folder = try TestSupport.temporaryDirectory()
        _ = try TestSupport.write(json, "en.json", in: folder)
        let engine = DiagnosticEngine()
        _ = LayoutBuild(diagnostics: engine).read(directory: folder)
        let prefix = "{\"locale\":\"en\",\"layouts\":[{\"formFactor\":\"phone\",\"layers\":[{\"id\":\"lowercased\",\"rows\":[{\"keys\":["
        // Key i is 4 scalars after key i - 1 (quote, é, quote, comma); its diagnostic points at its é.
        let columns = Set(engine.diagnostics.filter { $0.code == "duplicate-character" }.map(\.location.column))
        #expect(columns.count == 59_999)
        #expect(columns.max() == prefix.unicodeScalars.count + 2 + 4 * 59_999)
        #expect(columns.min() == prefix.unicodeScalars.count + 2 + 4)
        #expect(engine.diagnostics.allSatisfy { $0.location.line == 1 })
    }

    /// A key's own callout is checked for repeats in linear time (each variant was looked for among
    /// those before it): 20,000 variants with one repeat give one error, naming it.
    @Test func aKeyWithTwentyThousandCalloutVariantsIsCheckedOnce() throws {
        let variants = (0..<20_000).map { String(UnicodeScalar(0x4E00 + $0)!) }
        let callout = (variants + [variants[12_345]]).joined(separator: " ")
        let json = #"{"locale":"en","layouts":[{"formFactor":"phone","layers":[{"id":"lowercased","rows":[{"keys":["a",{"action":"text","value":".com","callout":"\#(callout)"}]}]}]}]}"#
        let folder = try TestSupport.temporaryDirectory()
        _ = try TestSupport.write(json, "en.json", in: folder)
        let engine = DiagnosticEngine()
        let (locales, _) = LayoutBuild(diagnostics: engine).read(directory: folder)
        #expect(locales.isEmpty && engine.diagnostics.map(\.code) == ["duplicate-variant"], "\(engine.diagnostics.prefix(3))")
        #expect(engine.diagnostics.first?.message.contains("'\(variants[12_345])'") == true)
    }

    /// A "did you mean" compares with every layer, so a run makes at most 50 such searches (a
    /// layout of 8,000 layers, each with a switch to a missing one, took 349 s); a name longer than
    /// 64 characters gets none.
    @Test func suggestionsStopAtTheSpellingLimit() throws {
        let long = String(repeating: "a", count: NameSuggestion.maxSpelledLength)
        let switches = (Array(repeating: "lowercase", count: 60) + [long + "b"]).map {
            #"{"keys":[{"action":"keyboardType","value":"\#($0)","label":"x"}]}"#
        }
        let custom = #"{"id":"\#(long)a","custom":true,"rows":[{"keys":"a"}]}"#
        let json = #"{"locale":"en","layouts":[{"formFactor":"phone","layers":[{"id":"lowercased","rows":[\#(switches.joined(separator: ","))]},\#(custom)]}]}"#
        let folder = try TestSupport.temporaryDirectory()
        _ = try TestSupport.write(json, "en.json", in: folder)
        let engine = DiagnosticEngine()
        _ = LayoutBuild(diagnostics: engine).read(directory: folder)
        let missing = engine.diagnostics.filter { $0.code == "missing-layer" }
        #expect(missing.count == 61, "\(engine.diagnostics.prefix(3))")
        #expect(missing.prefix(50).allSatisfy { $0.message.hasSuffix("(did you mean 'lowercased'?)") })
        #expect(missing.dropFirst(50).allSatisfy { !$0.message.contains("did you mean") })
        #expect(NameSuggestion.closest(long + "b", among: [long + "a"]) == nil && NameSuggestion.closest("lowercase", among: ["lowercased"]) == "lowercased")
    }

    /// The transforms an earlier one shadows are found in one sort (TransformSuffixes) as a scan of
    /// every earlier transform finds them: 3,000 texts of one to four letters from "ab^é", with
    /// repeats, the empty text and a composed and a decomposed é.
    @Test func shadowedTransformsAreThoseAScanFinds() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let letters = ["a", "b", "^", "é", "e\u{301}"]
        var texts = (0..<3_000).map { _ in (0...next(4)).map { _ in letters[next(letters.count)] }.joined() }
        texts.insert("", at: 2_000)
        let found = TransformSuffixes(texts)
        var shadowed = 0
        for (i, text) in texts.enumerated() {
            let scanned = texts[..<i].firstIndex { $0 != text && text.utf8.reversed().starts(with: $0.utf8.reversed()) }
            let sorted = found.firstProperSuffix(of: text).flatMap { $0 < i ? $0 : nil }
            #expect(sorted == scanned, "\(i): \(text)")
            if scanned != nil { shadowed += 1 }
        }
        #expect(shadowed > 1_000)
    }

    /// Resolution follows a chain of at most 32 locales (`LayoutResolver.maxChain`, the locale
    /// itself included): at the limit the last locale has the first one's layout; one past it,
    /// that locale is `limit-exceeded` at its `extends`, once for every locale that extends it; a
    /// chain of 20,000 gives the same single error, whatever order the tags sort in, and so does
    /// a cycle of 100 (resolution recursed once a locale and overflowed the stack on such chains).
    @Test func chainsOfLocalesAtAndPastTheLimit() throws {
        func documents(_ count: Int, cycle: Bool = false) throws -> [LayoutDocument] {
            let root = try #require(LayoutSourceReader(diagnostics: DiagnosticEngine()).read(Array(#"<keyboard locale="en"><layout formFactor="phone"><layer id="lowercased"><row chars="ab"/></layer></layout></keyboard>"#.utf8), path: "en.xml"))
            let chain = (1..<count).map { i in
                var document = LayoutDocument(locale: "en-x-c\(i)", origin: Origin(SourceLocation(file: "c\(i).xml", line: 1, column: 1)))
                document.extends = i == 1 ? (cycle ? "en-x-c\(count - 1)" : "en") : "en-x-c\(i - 1)"
                document.extendsOrigin = Origin(SourceLocation(file: "c\(i).xml", line: 1, column: 30))
                return document
            }
            return (cycle ? [] : [root]) + chain
        }
        func resolve(_ documents: [LayoutDocument]) -> (locales: [String], diagnostics: [String]) {
            let engine = DiagnosticEngine()
            let locales = LayoutBuild(diagnostics: engine).resolve(documents).locales
            return (locales.map(\.tag), engine.diagnostics.map { "\($0.location.file) \($0.code)" })
        }
        let limit = LayoutResolver.maxChain
        let atLimit = resolve(try documents(limit))
        #expect(atLimit.diagnostics.isEmpty && atLimit.locales.count == limit, "\(atLimit.diagnostics)")
        let past = resolve(try documents(limit + 1))
        #expect(past.diagnostics == ["c\(limit).xml limit-exceeded"] && past.locales.count == limit)
        let long = resolve(try documents(20_000))
        #expect(long.diagnostics == ["c\(limit).xml limit-exceeded"] && long.locales.count == limit)
        let cycle = resolve(try documents(101, cycle: true))
        #expect(cycle.diagnostics.count == 1 && cycle.diagnostics.allSatisfy { $0.hasSuffix("limit-exceeded") } && cycle.locales.isEmpty, "\(cycle.diagnostics)")
    }
}
