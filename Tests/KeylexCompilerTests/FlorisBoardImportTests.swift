import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// `keylex import florisboard` over FlorisBoard's real extensions (a copy in Fixtures/florisboard):
/// every subtype preset imports, every construct that cannot be expressed is reported, and what is
/// imported compiles, converts losslessly and reads back as FlorisBoard has it.
@Suite struct FlorisBoardImportTests {
    static let folder = TestSupport.shipped("Tests/KeylexCompilerTests/Fixtures/florisboard")

    static let imported: (documents: [LayoutDocument], locales: [ResolvedLocale], diagnostics: [Diagnostic]) = {
        let engine = DiagnosticEngine()
        let documents = FlorisBoardImporter(folder: folder, diagnostics: engine).importPresets()
        let locales = LayoutBuild(diagnostics: engine).resolve(documents).locales
        return (documents, locales, engine.diagnostics)
    }()

    static func document(_ tag: String) throws -> LayoutDocument {
        try #require(imported.documents.first { $0.locale == tag })
    }

    static func bundle(_ tag: String) throws -> LayoutBundle {
        try LayoutBundle(bytes: LayoutBuild.bundle(locales: imported.locales.filter { $0.tag == tag }))
    }

    @Test func everyPresetImportsWithEachLossReported() {
        #expect(Self.imported.documents.count == 72)
        #expect(Self.imported.locales.count == 72)
        #expect(!Self.imported.diagnostics.contains { $0.severity == .error }, "\(Self.imported.diagnostics.filter { $0.severity == .error })")
        let counts = Dictionary(grouping: Self.imported.diagnostics, by: \.code).mapValues(\.count)
        // 52 'uri' popup sets, 49 katakana and 46 half-width keys, 19 texts not in NFC, 11 number
        // rows and one advanced numeric layout, 9 system keys kept as custom actions…; and the shift
        // key of Georgian, whose letters FlorisBoard types unchanged when shifted.
        #expect(counts == ["unsupported-construct": 190, "renamed-locale": 5, "duplicate-character": 3, "shift-changes-nothing": 1], "\(counts)")
        let unsupported = Self.imported.diagnostics.filter { $0.code == "unsupported-construct" }
        #expect(unsupported.allSatisfy { $0.location.line > 0 && $0.location.file.hasPrefix(Self.folder) })
        #expect(Set(Self.imported.documents.map(\.locale)).count == 72)
        #expect(Self.imported.documents.allSatisfy { $0.source?.contains("licence: apache-2.0") == true && $0.source!.contains("layouts/characters/") })
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

    @Test func germanHasFlorisBoardsRowsPopupsAndFieldKeys() throws {
        let bundle = try Self.bundle("de-DE")
        let text = try #require(bundle.layout(for: .phone))
        let rows = text.layer(.lowercased)!.rows.map { $0.map { $0.output?.description ?? "\($0.action)" } }
        #expect(rows[0].joined() == "qwertzuiop")
        #expect(rows[2] == ["shift", "y", "x", "c", "v", "b", "n", "m", "backspace"])
        #expect(rows[3] == ["numeric", ",", "nextLocale", "emoji", "space", ".", "primary"])
        #expect(bundle.locales[0].callout(for: "a")?.first?.description == "ä")
        #expect(bundle.locales[0].callout(for: "€").map { $0.map(\.description) } == ["¢", "₱", "$", "£", "¥"])
        let email = try #require(bundle.layout(for: .phone, field: .email)).layer(.lowercased)!.row(at: 3)
        let url = try #require(bundle.layout(for: .phone, field: .url)).layer(.lowercased)!.row(at: 3)
        #expect(email[1].output == "@" && url[1].output == "/")
        #expect(try Self.document("de-DE").source?.contains("popupMappings/de.json") == true)
    }

    @Test func scriptsDirectionsAndTagsComeThrough() throws {
        let hebrew = try Self.document("iw-IL")
        #expect(hebrew.direction == .rightToLeft)
        let top = try #require(try Self.bundle("iw-IL").layout(for: .phone)?.layer(.lowercased)?.row(at: 0))
        let letters = top.map { $0.output?.description ?? "" }.joined()
        #expect(letters.hasSuffix("קראטוןםפ"), "\(letters)")
        // π's popup (Π ω α β Ω μ) would give Π the variant Ω twice: the importer writes Π's own.
        let greek = try Self.bundle("el").locales[0]
        #expect(greek.callout(for: "Π").map { $0.map(\.description) } == ["Ω", "Α", "Β", "Μ"])
        let renamed = Self.imported.diagnostics.filter { $0.code == "renamed-locale" }.map(\.message)
        #expect(renamed.contains("the locale 'ja-JP-jis' is not a well-formed BCP 47 tag; imported as 'ja-JP-x-jis'"))
        #expect(renamed.contains("the locale 'fa-FA' is the tag of an earlier preset; imported as 'fa-FA-x-persian2'"))
        // Composition exclusions (क़ U+0958) are imported as their NFC equivalents, and said so.
        let hindi = try Self.document("hi-IN")
        let pa = hindi.layouts[0].layers[0].rows.flatMap(\.keys).first { $0.value == "\u{092A}" }
        #expect(pa?.shifted?.unicodeScalars.map(\.value) == [0x92B, 0x93C])
    }

    /// A hand-made extension folder: a shift-state key, a reference that leaves the folder and
    /// one to a missing layout.
    @Test func selectorsAndBadReferences() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let layouts = folder + "/org.florisboard.layouts"
        for type in ["characters", "charactersMod", "symbols", "symbolsMod", "symbols2", "symbols2Mod"] {
            try FileManager.default.createDirectory(atPath: layouts + "/layouts/" + type, withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(atPath: folder + "/org.florisboard.localization", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.folder + "/org.florisboard.currencysets", toPath: folder + "/org.florisboard.currencysets")
        let dvorak = #"[[{"$": "shift_state_selector", "default": {"code": 44, "label": ","}, "shiftedManual": {"code": 59, "label": ";"}}, {"$": "auto_text_key", "code": 112, "label": "p"}], [{"$": "auto_text_key", "code": 121, "label": "y"}]]"#
        _ = try TestSupport.write(dvorak, "dvorak.json", in: layouts + "/layouts/characters")
        for type in ["charactersMod", "symbolsMod", "symbols2Mod"] {
            _ = try TestSupport.write(#"[[{"code": -11, "label": "shift"}, {"code": 0, "type": "placeholder"}, {"code": -7, "label": "delete"}], [{"code": 32, "label": "space"}, {"code": 10, "label": "enter"}]]"#, "default.json", in: layouts + "/layouts/" + type)
        }
        for type in ["symbols", "symbols2"] { _ = try TestSupport.write(#"[[{"code": 49, "label": "1"}]]"#, "western.json", in: layouts + "/layouts/" + type) }
        _ = try TestSupport.write(#"{"layouts": {"characters": [{"id": "dvorak", "direction": "ltr"}]}}"#, "extension.json", in: layouts)
        func run(_ characters: String) throws -> (tags: [String], diagnostics: [String]) {
            let presets = #"{"meta": {"license": "apache-2.0"}, "subtypePresets": [{"languageTag": "en-US", "preferred": {"characters": "\#(characters)"}}]}"#
            _ = try TestSupport.write(presets, "extension.json", in: folder + "/org.florisboard.localization")
            let engine = DiagnosticEngine()
            let documents = FlorisBoardImporter(folder: folder, diagnostics: engine).importPresets()
            _ = LayoutBuild(diagnostics: engine).resolve(documents)
            return (documents.map(\.locale), engine.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code)" })
        }
        #expect(try run("org.florisboard.layouts:dvorak") == (["en-US"], []))
        let document = try #require(FlorisBoardImporter(folder: folder, diagnostics: DiagnosticEngine()).importPresets().first)
        let keys = document.layouts[0].layers[0].rows.flatMap(\.keys)
        #expect(keys.first?.value == "," && keys.first?.shifted == ";" && keys[1].shifted == nil)
        let escaping = try run("org.florisboard.layouts:../../etc"), missing = try run("org.florisboard.layouts:qwerty")
        #expect(escaping.tags.isEmpty && escaping.diagnostics == ["1:109 missing-reference"], "\(escaping)")
        #expect(missing.tags.isEmpty && missing.diagnostics == ["1:109 missing-reference"], "\(missing)")
    }

    /// German's popup of `a` with 20,000 more variants, each written twice: German's callout of `a`
    /// has each once, after FlorisBoard's own, in order (each variant used to be looked for in the
    /// variants so far).
    @Test func aPopupOfTwentyThousandVariantsImports() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.copyItem(atPath: Self.folder, toPath: folder)
        let path = folder + "/org.florisboard.localization/popupMappings/de.json"
        let letters = (0..<20_000).map { String(UnicodeScalar(0x4E00 + $0)!) }
        let added = (letters + letters).map { #"{"$": "auto_text_key", "code": \#($0.unicodeScalars.first!.value), "label": "\#($0)"}"# }
        let mapping = try String(contentsOfFile: path, encoding: .utf8)
        let relevant = #""relevant": ["#
        let start = try #require(mapping.range(of: relevant))
        try (mapping[..<start.upperBound] + added.joined(separator: ", ") + ", " + mapping[start.upperBound...]).write(toFile: path, atomically: true, encoding: .utf8)
        let written = try #require(try Self.document("de-DE").callouts?.callouts.first { $0.character == "a" }?.variants)
        let document = try #require(FlorisBoardImporter(folder: folder, diagnostics: DiagnosticEngine()).importPresets().first { $0.locale == "de-DE" })
        let variants = try #require(document.callouts?.callouts.first { $0.character == "a" }?.variants)
        #expect(variants == [written[0]] + letters + written.dropFirst())
    }
}
