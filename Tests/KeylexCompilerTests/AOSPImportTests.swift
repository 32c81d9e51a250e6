import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// `keylex import aosp` over AOSP LatinIME's real keyboard XML and more-keys tables (a copy in
/// Fixtures/aosp-latinime): every subtype imports, every construct and every file that is not
/// imported is reported, and what is imported compiles, converts losslessly and types what
/// LatinIME's keyboards type.
@Suite struct AOSPImportTests {

    /// Tags made unique take the layout's name, then numbers, in linear time (each import of a tag
    /// tried again every number taken before it): 20,000 subtypes of `af`, one of another layout.
    @Test func twentyThousandImportsOfOneTagAreEachUnique() {
        var tags = ImportedTags()
        let engine = DiagnosticEngine()
        let made = (0..<20_000).map { i in
            tags.unique("af", written: "af", layout: i == 10_000 ? "dvorak" : "qwerty", document: "subtype",
                        at: SourceLocation(file: "method.xml"), diagnostics: engine)
        }
        #expect(Array(made.prefix(3)) == ["af", "af-x-qwerty", "af-x-2"])
        #expect(made[9_999] == "af-x-9999" && made[10_000] == "af-x-dvorak" && made[10_001] == "af-x-10000" && made.last == "af-x-19998")
        #expect(Set(made).count == 20_000 && engine.diagnostics.count == 19_999 && engine.diagnostics.allSatisfy { $0.code == "renamed-locale" })
    }
    static let folder = TestSupport.shipped("Tests/KeylexCompilerTests/Fixtures/aosp-latinime")

    static let imported: (documents: [LayoutDocument], locales: [ResolvedLocale], diagnostics: [Diagnostic]) = {
        let engine = DiagnosticEngine()
        let documents = AOSPImporter(folder: folder, diagnostics: engine).importSubtypes()
        let locales = LayoutBuild(diagnostics: engine).resolve(documents).locales
        return (documents, locales, engine.diagnostics)
    }()

    static func bundle(_ tag: String) throws -> LayoutBundle {
        try LayoutBundle(bytes: LayoutBuild.bundle(locales: imported.locales.filter { $0.tag == tag }))
    }

    static func row(_ tag: String, _ layer: StandardLayer, _ index: Int, field: FieldKind = .text) throws -> [String] {
        let layout = try #require(try bundle(tag).layout(for: .phone, field: field))
        return try #require(layout.layer(layer)).row(at: index).map { $0.output?.description ?? "\($0.action)" }
    }

    /// A LatinIME folder of one keyboard, `res-xml/kbd_test.xml` (which the test writes), for each
    /// of `subtypes`, and a more-keys table of one text; its path and its `res-xml` folder.
    static func handMadeFolder(subtypes: [String]) throws -> (folder: String, xml: String) {
        let folder = try TestSupport.temporaryDirectory()
        let xml = folder + "/res-xml"
        try FileManager.default.createDirectory(atPath: xml, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/more-keys", withIntermediateDirectories: true)
        _ = try TestSupport.write(#"<resources><string name="keyspec_q">q</string></resources>"#, "values.donottranslate-more-keys.xml", in: folder + "/more-keys")
        let entries = subtypes.map { #"<subtype android:imeSubtypeLocale="\#($0)" android:imeSubtypeExtraValue="KeyboardLayoutSet=test"/>"# }
        _ = try TestSupport.write(#"<input-method xmlns:android="a">\#(entries.joined())</input-method>"#, "method.xml", in: xml)
        _ = try TestSupport.write(#"<KeyboardLayoutSet xmlns:latin="l"><Element latin:elementName="alphabet" latin:elementKeyboard="@xml/kbd_test"/></KeyboardLayoutSet>"#, "keyboard_layout_set_test.xml", in: xml)
        return (folder, xml)
    }

    @Test func everySubtypeImportsAndEveryFileIsImportedOrReported() throws {
        // 83 subtypes: the emoji keyboard is reported, 82 import (si_LK and ta_LK are commented out).
        #expect(Self.imported.documents.count == 79)
        #expect(Self.imported.locales.count == 79)
        #expect(!Self.imported.diagnostics.contains { $0.severity == .error }, "\(Self.imported.diagnostics.filter { $0.severity == .error })")
        let counts = Dictionary(grouping: Self.imported.diagnostics, by: \.code).mapValues(\.count)
        // 66 files no subtype uses (emoji, Dvorak, Colemak, PC QWERTY, Sinhala, phone and number
        // rows, templates, 5 more-keys tables), 99 phone and number keyboards, 90 more keys' own
        // labels (mirrored brackets, dotted circles), 7 texts not in NFC, the settings key.
        #expect(counts == ["unsupported-construct": 263, "renamed-locale": 7, "duplicate-character": 1], "\(counts)")
        let unused = Self.imported.diagnostics.filter { $0.message.hasPrefix("a file that no imported keyboard uses") }.map(\.location.file)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder + "/res-xml").filter { $0.hasSuffix(".xml") }
        #expect(unused.count == 66 && files.count == 316 && unused.filter { $0.contains("/more-keys/") }.count == 5)
        #expect(Self.imported.diagnostics.allSatisfy { $0.location.line > 0 && $0.location.file.hasPrefix(Self.folder) })
        #expect(Self.imported.documents.allSatisfy { $0.source?.contains("licence: Apache-2.0") == true && $0.source!.contains("keyboard_layout_set_") })
    }

    @Test func importedDocumentsConvertLosslesslyAndReadBack() throws {
        let reader = LayoutSourceReader(diagnostics: DiagnosticEngine())
        for document in Self.imported.documents {
            #expect(reader.read(Array(JSONLayoutWriter.write(document).utf8), path: "a.json") == document, "\(document.locale)")
            #expect(reader.read(Array(XMLLayoutWriter.write(document).utf8), path: "a.xml") == document, "\(document.locale)")
        }
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: Self.imported.locales))
        #expect(LayoutReadback.firstDifference(Self.imported.locales, bundle) == nil)
    }

    /// German: QWERTZ with LatinIME's digit hints, more keys from `values-de`, and the comma key
    /// that types `@` on e-mail fields and `/` on URL fields.
    @Test func germanHasLatinIMEsRowsMoreKeysAndFieldKeys() throws {
        #expect(try Self.row("de", .lowercased, 0).joined() == "qwertzuiop")
        #expect(try Self.row("de", .lowercased, 2) == ["shift", "y", "x", "c", "v", "b", "n", "m", "backspace"])
        #expect(try Self.row("de", .lowercased, 3) == ["numeric", ",", "nextKeyboard", "space", ".", "primary"])
        #expect(try Self.row("de", .lowercased, 3, field: .email)[1] == "@")
        #expect(try Self.row("de", .lowercased, 3, field: .url)[1] == "/")
        let locale = try Self.bundle("de").locales[0]
        #expect(locale.callout(for: "a").map { $0.map(\.description) } == ["ä", "â", "à", "á", "æ", "ã", "å", "ā"])
        // `ü,%,û…` puts the additional more key (the hint digit) in place of `%`.
        #expect(locale.callout(for: "u").map { $0.map(\.description) }?.prefix(3) == ["ü", "7", "û"])
        let layer = try #require(try Self.bundle("de").layout(for: .phone)?.layer(.lowercased))
        #expect(layer.row(at: 0)[0].hint?.description == "1")
        #expect(layer.row(at: 2)[0].calloutActions.map(\.action) == [.capsLock])
        #expect(try Self.row("de", .numeric, 1).contains("€") && Self.row("en-US", .numeric, 1).contains("$"))
    }

    /// Hebrew reads as LatinIME draws it (and as the shipped `he` does): ק ר א ט ו ן ם פ left to
    /// right; Hindi's shifted alphabet (other letters, not upper case) comes in as shifted outputs.
    @Test func scriptsDirectionsAndShiftedAlphabets() throws {
        let hebrew = try Self.row("he", .lowercased, 0).filter { $0.unicodeScalars.first!.properties.isAlphabetic }
        #expect(hebrew == ["ק", "ר", "א", "ט", "ו", "ן", "ם", "פ"])
        #expect(Self.imported.documents.first { $0.locale == "he" }?.direction == .rightToLeft)
        let hindi = try #require(try Self.bundle("hi").layout(for: .phone))
        #expect(hindi.layer(.lowercased)!.row(at: 0)[0].output?.description == "\u{094C}")
        #expect(hindi.layer(.uppercased)!.row(at: 0)[0].output?.description == "\u{0914}")
        #expect(hindi.layer(.lowercased)!.row(at: 0)[0].label?.description == "\u{25CC}\u{094C}")
        // A key that types text is upper-cased on the shifted keyboard, as LatinIME does: Uzbek's oʻ, gʻ.
        #expect(try Self.row("uz-UZ", .lowercased, 0).contains("o\u{02BB}") && Self.row("uz-UZ", .uppercased, 0).contains("O\u{02BB}"))
        #expect(try Self.row("uz-UZ", .uppercased, 1).contains("G\u{02BB}"))
        let renamed = Self.imported.diagnostics.filter { $0.code == "renamed-locale" }.map(\.message)
        #expect(renamed.contains("the locale 'iw' uses a deprecated ISO 639 code; imported as 'he'"))
        #expect(renamed.contains("the locale 'bg' is the tag of an earlier subtype; imported as 'bg-x-bds'"))
        #expect(renamed.contains("the locale 'sr_ZZ' uses LatinIME's region ZZ for its Latin-script keyboard; imported as 'sr-Latn'"))
    }

    /// LatinIME's two levels of escapes (aapt's, then the key-spec syntax's) and its lists.
    @Test func keySpecsAndTextsReadAsLatinIMEReadsThem() throws {
        #expect(AOSPTexts.resourceText(#""!autoColumnOrder!8,\\,,?""#) == #"!autoColumnOrder!8,\,,?"#)
        #expect(AOSPKeySpec.list(#"!autoColumnOrder!8,\,,?"#) == ["!autoColumnOrder!8", #"\,"#, "?"])
        #expect(AOSPKeySpec(#"\,"#)?.output == ",")
        #expect(AOSPKeySpec("|")?.output == "|")
        let symbols = AOSPKeySpec(AOSPTexts.resourceText(#"= \\\\ <|!code/key_shift"#))
        #expect(symbols?.label == #"= \ <"# && symbols?.code == "key_shift" && symbols?.output == nil)
        // A combining mark after the bar does not hide it.
        #expect(AOSPKeySpec("\u{25CC}\u{094C}|\u{094C}")?.output == "\u{094C}")
        #expect(AOSPKeySpec.inserting(["1"], into: ["ü", "%", "û"]) == ["ü", "1", "û"])
        #expect(AOSPKeySpec.inserting(["1"], into: ["é", "è"]) == ["1", "é", "è"])
        #expect(AOSPImporter.tag("en_US").tag == "en-US" && AOSPImporter.tag("zz").tag == "und" && AOSPImporter.tag("hi_ZZ").tag == "hi-Latn")
    }

    /// Hand-made folders: an include cycle, a reference that leaves the folder, an unknown text
    /// and a folder that is not LatinIME's, each reported with nothing imported that is wrong.
    @Test func badFilesAreReported() throws {
        let (folder, xml) = try Self.handMadeFolder(subtypes: ["en_US"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ rows: String) throws -> [String] {
            _ = try TestSupport.write(#"<Keyboard xmlns:latin="l"><Row>\#(rows)</Row></Keyboard>"#, "kbd_test.xml", in: xml)
            let engine = DiagnosticEngine()
            _ = AOSPImporter(folder: folder, diagnostics: engine).importSubtypes()
            return engine.diagnostics.map { "\($0.code)" }
        }
        #expect(try run(#"<Key latin:keySpec="!text/keyspec_q"/>"#) == [])
        #expect(try run(#"<include latin:keyboardLayout="@xml/kbd_test"/>"#) == ["inheritance-cycle"])
        #expect(try run(#"<include latin:keyboardLayout="@xml/../../etc/passwd"/>"#) == ["missing-reference"])
        #expect(try run(#"<Key latin:keySpec="!text/keyspec_nothere"/>"#) == ["missing-reference"])
        let engine = DiagnosticEngine()
        #expect(AOSPImporter(folder: folder + "/more-keys", diagnostics: engine).importSubtypes().isEmpty)
        #expect(engine.diagnostics.map(\.code) == ["missing-reference"])
    }

    /// A file that includes the next ten times, twelve deep (within the depth limit), would expand
    /// to 10¹² elements (six deep took 28 s): the walk stops at its bound, once reported.
    @Test func includesThatFanOutStopAtTheirBound() throws {
        let (folder, xml) = try Self.handMadeFolder(subtypes: ["en_US"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for level in 0..<12 {
            let body = String(repeating: "<include latin:keyboardLayout=\"@xml/kbd_level\(level + 1)\"/>", count: 10)
            _ = try TestSupport.write("<merge xmlns:latin=\"l\">\(body)</merge>", "kbd_level\(level).xml", in: xml)
        }
        _ = try TestSupport.write("<merge xmlns:latin=\"l\"><Row><Key latin:keySpec=\"q\"/></Row></merge>", "kbd_level12.xml", in: xml)
        _ = try TestSupport.write("<Keyboard xmlns:latin=\"l\"><include latin:keyboardLayout=\"@xml/kbd_level0\"/></Keyboard>", "kbd_test.xml", in: xml)
        let engine = DiagnosticEngine()
        _ = AOSPImporter(folder: folder, diagnostics: engine).importSubtypes()
        let exceeded = engine.diagnostics.filter { $0.code == "limit-exceeded" }
        #expect(exceeded.count == 1, "\(exceeded.map { "\($0.location) \($0.message)" })")
    }

    /// A keyboard file with 20,000 constructs Keylex cannot express, shared by two subtypes: each is
    /// reported once, at its line. Each report used to scan every diagnostic kept so far, so a file
    /// of 4,000 took 50 s in release and this one would have taken about 20 minutes.
    @Test func thousandsOfUnsupportedConstructsAreEachReportedOnce() throws {
        let (folder, xml) = try Self.handMadeFolder(subtypes: ["en_US", "en_GB"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let unsupported = (0..<20_000).map { "<Wide\($0 % 7)/>\n" }.joined()
        _ = try TestSupport.write("<Keyboard xmlns:latin=\"l\">\n\(unsupported)<Row><Key latin:keySpec=\"q\"/></Row></Keyboard>", "kbd_test.xml", in: xml)
        let engine = DiagnosticEngine()
        #expect(AOSPImporter(folder: folder, diagnostics: engine).importSubtypes().count == 2)
        let reported = engine.diagnostics.filter { $0.code == "unsupported-construct" }
        #expect(reported.count == 20_000)
        #expect(Set(reported.map(\.location.line)) == Set(2...20_001))
        #expect(reported.first?.message.hasPrefix("LatinIME's <Wide0>") == true)
    }

    /// A key with 20,000 more keys, each written twice: its callout has each once, in order. Each
    /// more key used to be looked for in the callout so far (4,000 took 47 s in release).
    @Test func aKeyWithTwentyThousandMoreKeysImports() throws {
        let (folder, xml) = try Self.handMadeFolder(subtypes: ["zh_CN"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let letters = (0..<20_000).map { String(UnicodeScalar(0x4E00 + $0)!) }
        let moreKeys = (letters + letters).joined(separator: ",")
        _ = try TestSupport.write(#"<Keyboard xmlns:latin="l"><Row><Key latin:keySpec="q" latin:moreKeys="\#(moreKeys)"/></Row></Keyboard>"#, "kbd_test.xml", in: xml)
        let engine = DiagnosticEngine()
        let documents = AOSPImporter(folder: folder, diagnostics: engine).importSubtypes()
        let variants = documents.first?.callouts?.callouts.first { $0.character == "q" }?.variants
        #expect(variants == letters, "\(variants?.count ?? 0) \(engine.diagnostics.prefix(3))")
    }
}
