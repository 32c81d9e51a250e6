import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Layout bundles as an app meets them: damaged files fail to open or read safely, schemas stay in
/// step with the compiler.
@Suite struct LayoutBundleTests {
    static let sample: [UInt8] = {
        let locale = ShippedLayoutTests.shipped.locales.first { $0.tag == "fr-FR" }!
        return LayoutBuild.bundle(dictionary: nil, locales: [locale])
    }()

    /// Reads everything a keyboard would: every key of every layer, its callout and its frame.
    static func walk(_ bundle: LayoutBundle) -> Int {
        var seen = 0
        for locale in bundle.locales {
            seen += locale.tag.utf8Count + (locale.name?.utf8Count ?? 0)
            for i in 0..<locale.calloutCount { seen += locale.callout(at: i).reduce(0) { $0 + $1.utf8Count } }
            _ = locale.callout(for: "e")
            seen += (locale.themeName?.utf8Count ?? 0) + (locale.keyboardStyle(.dark) == nil ? 0 : 1)
            seen += (locale.actionCalloutStyle(.light, selected: true)?.text?.utf8Count ?? 0) + (locale.inputCalloutStyle() == nil ? 0 : 1)
            for layout in locale.layouts {
                for layer in layout.layers {
                    layer.forEachKeyFrame(keyboardWidth: 320, rowHeight: 50) { frame, key in
                        seen += (key.output?.utf8Count ?? 0) + (key.label?.utf8Count ?? 0) + (key.callout?.count ?? 0)
                        seen += key.hint?.utf8Count ?? 0
                        seen += (key.style(.dark, pressed: true)?.text?.utf8Count ?? 0) + (key.style()?.image?.utf8Count ?? 0)
                        seen += key.targetLayer?.rowCount ?? 0
                        if frame.width.isNaN { seen += 1 }
                    }
                }
            }
        }
        return seen
    }

    /// A position out of range gives an empty value, whatever the number: huge ones trapped on an
    /// overflow, and -1 or the first past the end read the neighbouring record.
    @Test func positionsOutOfRangeGiveEmptyValues() throws {
        let bundle = try LayoutBundle(bytes: Self.sample)
        let locale = bundle.locales[0]
        let layout = try #require(locale.layout(for: .phone))
        let layer = try #require(layout.layer(.lowercased))
        let row = try #require(layer.rows.first { $0.contains { $0.callout != nil } })
        let callout = try #require(row.compactMap(\.callout).first)
        #expect(layout.layerCount > 1 && layer.rowCount > 1 && row.count > 1 && callout.count > 1 && locale.calloutCount > 1)
        let extremes = [Int.min, -1, Int.max, Int.max / 2, 1 << 40]
        for i in extremes + [bundle.locales.count] {
            #expect(bundle.locales[i].tag.utf8Count == 0 && bundle.locales[i].layouts.isEmpty && bundle.locales[i].calloutCount == 0, "\(i)")
        }
        for i in extremes + [layout.layerCount] {
            #expect(layout.layer(at: i).rowCount == 0 && layout.layer(at: i).name.utf8Count == 0, "\(i)")
        }
        for i in extremes + [layer.rowCount] { #expect(layer.row(at: i).isEmpty, "\(i)") }
        for i in extremes + [row.count] {
            let key = row[i]
            #expect(key.action == .none && key.output == nil && key.label == nil && key.callout == nil && key.flicks.isEmpty, "\(i)")
        }
        for i in extremes + [locale.calloutCount] {
            #expect(locale.callout(at: i).isEmpty && locale.callout(at: i).character.utf8Count == 0, "\(i)")
        }
        for i in extremes + [callout.count] { #expect(callout[i].utf8Count == 0, "\(i)") }
        for i in extremes + [locale.transforms.count] {
            #expect(locale.transforms[i].from.utf8Count == 0 && locale.transforms[i].to.utf8Count == 0, "\(i)")
        }
    }

    @Test func damagedLayoutSectionsAreRejectedOrReadSafely() throws {
        let container = try Container(bytes: Self.sample)
        let sections = container.sections.filter { $0.tag == .layouts || $0.tag == .strings }
        var generator = SystemRandomNumberGenerator()
        var rejected = 0
        for _ in 0..<3000 {
            var bytes = Self.sample
            let section = sections.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let offset = section.offset + Int.random(in: 0..<min(section.length, 64 + section.length / 8), using: &generator)
                bytes[offset] = UInt8.random(in: 0...255, using: &generator)
            }
            guard let bundle = try? LayoutBundle(bytes: bytes) else { rejected += 1; continue }
            _ = Self.walk(bundle)
        }
        #expect(rejected > 100)
    }

    /// The optional `hint` section, damaged in each way a reader checks, reads as absent: the
    /// bundle opens, its keys read, and no key has a hint.
    @Test func aDamagedHintSectionReadsAsAbsent() throws {
        let source = "<keyboard locale=\"he\"><layout formFactor=\"phone\"><layer id=\"lowercased\"><row><key value=\"ק\" hint=\"3\"/><key value=\"ר\" hint=\"4\"/><key value=\"א\" hint=\"5\"/></row></layer></layout></keyboard>"
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "he.xml"))
        let bytes = LayoutBuild.bundle(locales: LayoutBuild(diagnostics: engine).resolve([document]).locales)
        let hints = try #require(try Container(bytes: bytes).sections.first { $0.tag == .keyHints })
        func hintsRead(_ bytes: [UInt8]) throws -> [String?] {
            let bundle = try LayoutBundle(bytes: bytes)
            #expect(Self.walk(bundle) > 0)
            return bundle.layout(for: .phone)!.layer(.lowercased)!.row(at: 0).map { $0.hint?.description }
        }
        #expect(try hintsRead(bytes) == ["3", "4", "5"])
        #expect(hints.length == 3 * LayoutFormat.HintField.recordSize)
        func damaged(_ change: (inout [UInt8], Int) -> Void) throws -> [String?] {
            var copy = bytes
            change(&copy, hints.offset)
            return try hintsRead(copy)
        }
        let none: [String?] = [nil, nil, nil]
        #expect(try damaged { bytes, at in bytes[at + 8] = 0 } == none)            // keys out of order (0, 0, 2)
        #expect(try damaged { bytes, at in bytes[at + 16] = 200 } == none)         // a key past the table
        #expect(try damaged { bytes, at in bytes[at + 4 + 3] = 0x7F } == none)     // a string past the pool
    }

    @Test func aDamagedTransformSectionReadsAsAbsent() throws {
        let source = "<keyboard locale=\"fr\"><transforms><transform from=\"^e\" to=\"ê\"/><transform from=\"^a\" to=\"â\"/></transforms><layout formFactor=\"phone\"><layer id=\"lowercased\"><row chars=\"^ae\"/></layer></layout></keyboard>"
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "fr.xml"))
        let bytes = LayoutBuild.bundle(locales: LayoutBuild(diagnostics: engine).resolve([document]).locales)
        let section = try #require(try Container(bytes: bytes).sections.first { $0.tag == .transforms })
        #expect(section.length == 2 * LayoutFormat.TransformField.recordSize)
        func applied(_ change: (inout [UInt8], Int) -> Void) throws -> TextReplacement? {
            var copy = bytes
            change(&copy, section.offset)
            let bundle = try LayoutBundle(bytes: copy)
            #expect(Self.walk(bundle) > 0)
            return bundle.locales[0].transforms.replacement(typing: "e", after: "^")
        }
        #expect(try applied { _, _ in } == TextReplacement(deleting: "^", inserting: "ê"))
        #expect(try applied { bytes, at in bytes[at + 12] = 1 } == nil)      // a locale that does not exist
        #expect(try applied { bytes, at in bytes[at + 4 + 3] = 0x7F } == nil) // a string past the pool
        #expect(try LayoutBundle(bytes: bytes).locales[0].transforms.map(\.from.description) == ["^e", "^a"])
    }

    /// A locale holds at most `LayoutFormat.maxCount` transforms, its parents' included: at the
    /// limit it builds and reads back whole; one past it is one `limit-exceeded` at the locale. A
    /// reader takes a section with more for one locale as absent (a keystroke tries them all).
    @Test func transformsAtAndPastTheLimit() throws {
        let inherited = 30_000
        func build(written: Int) throws -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
            func letters(_ i: Int) -> String { String(UnicodeScalar(0x4E00 + i % 20_000)!) + String(UnicodeScalar(0x4E00 + i / 20_000)!) }
            let engine = DiagnosticEngine()
            let documents = try [("fr", "", 0..<inherited), ("fr-CA", #" extends="fr""#, inherited..<(inherited + written))].map { tag, extends, range in
                let source = #"<keyboard locale="\#(tag)"\#(extends)><transforms>\#(range.map { #"<transform from="\#(letters($0))" to="x"/>"# }.joined())</transforms>"#
                    + "\n" + #"<layout formFactor="phone"><layer id="lowercased"><row chars="abc"/></layer></layout></keyboard>"#
                return try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "\(tag).xml"))
            }
            let resolved = LayoutBuild(diagnostics: engine).resolve(documents)
            return (engine.hasErrors ? [] : LayoutBuild.bundle(locales: resolved.locales), engine.diagnostics)
        }
        let (bytes, atLimit) = try build(written: LayoutFormat.maxCount - inherited)
        #expect(atLimit.isEmpty, "\(atLimit.prefix(3))")
        func counts(_ bytes: [UInt8]) throws -> [Int] { try LayoutBundle(bytes: bytes).locales.map(\.transforms.count) }
        #expect(try counts(bytes) == [inherited, LayoutFormat.maxCount])
        let past = try build(written: LayoutFormat.maxCount - inherited + 1).diagnostics
        #expect(past.map { "\($0.location.file):\($0.location.line) \($0.code)" } == ["fr-CA.xml:1 limit-exceeded"], "\(past.prefix(3))")
        // fr's records made fr-CA's: 95,535 for one locale.
        var patched = bytes
        let section = try #require(try Container(bytes: bytes).sections.first { $0.tag == .transforms })
        for record in 0..<inherited { patched[section.offset + record * LayoutFormat.TransformField.recordSize + LayoutFormat.TransformField.locale] = 1 }
        #expect(try counts(patched) == [0, 0])
    }

    @Test func aDamagedGestureSectionReadsAsAbsent() throws {
        let source = "<keyboard locale=\"ja\"><layout formFactor=\"phone\"><layer id=\"lowercased\"><row><key value=\"か\" flicks=\"w:き e:け\"/><key value=\"a\" multiTap=\"b\"/></row></layer></layout></keyboard>"
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "ja.xml"))
        let bytes = LayoutBuild.bundle(locales: LayoutBuild(diagnostics: engine).resolve([document]).locales)
        let section = try #require(try Container(bytes: bytes).sections.first { $0.tag == .gestures })
        // Three records for the lower-case row, three for the derived upper-case one (caps lock shares them).
        #expect(section.length == 6 * LayoutFormat.GestureField.recordSize)
        func read(_ change: (inout [UInt8], Int) -> Void) throws -> [String?] {
            var copy = bytes
            change(&copy, section.offset)
            let bundle = try LayoutBundle(bytes: copy)
            #expect(Self.walk(bundle) > 0)
            let row = bundle.layout(for: .phone)!.layer(.lowercased)!.row(at: 0)
            return [row[0].flick(.east)?.description, row[1].output(tap: 2)?.description]
        }
        #expect(try read { _, _ in } == ["け", "b"])
        #expect(try read { bytes, at in bytes[at + 4] = 9 } == [nil, "a"])          // a kind that does not exist
        #expect(try read { bytes, at in bytes[at + 12 + 4] = 2 } == [nil, "a"])     // flicks out of order
        #expect(try read { bytes, at in bytes[at + 24] = 200 } == [nil, "a"])       // a key past the table
    }

    /// A field kind this runtime does not know (from a newer format) is never chosen: the text
    /// layout stands in for it.
    /// Identical rows share their keys, but only while the rows name no more keys than the section
    /// has bytes (what the reader checks against forged sharing): 40 identical rows of 52 keys read
    /// back (they gave "row 87: the rows name more keys than the section holds bytes").
    @Test func sharedRowsStayWithinWhatTheReaderAccepts() throws {
        let row = "<row chars=\"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\"/>"
        let source = "<keyboard locale=\"xx\"><layout formFactor=\"tablet\"><layer id=\"lowercased\">"
            + String(repeating: row, count: 40) + "</layer></layout></keyboard>"
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "xx.xml"))
        let bytes = LayoutBuild.bundle(locales: LayoutBuild(diagnostics: engine).resolve([document]).locales)
        let layer = try #require(try LayoutBundle(bytes: bytes).layout(for: .tablet)?.layer(.lowercased))
        #expect(layer.rows.count == 40 && layer.row(at: 39).count == 52)
    }

    @Test func aLayoutForAnUnknownKindOfFieldIsNeverChosen() throws {
        let source = """
        <keyboard locale="en"><layout formFactor="phone"><layer id="lowercased"><row chars="ab"/></layer></layout>
        <layout formFactor="phone" field="email"><layer id="lowercased"><row index="1" chars="a@"/></layer></layout></keyboard>
        """
        let engine = DiagnosticEngine()
        let document = try #require(LayoutSourceReader(diagnostics: engine).read(Array(source.utf8), path: "en.xml"))
        var bytes = LayoutBuild.bundle(locales: LayoutBuild(diagnostics: engine).resolve([document]).locales)
        func secondKey(_ bytes: [UInt8]) throws -> String? {
            try LayoutBundle(bytes: bytes).layout(for: .phone, field: .email)?.layer(.lowercased)?.row(at: 0)[1].output?.description
        }
        #expect(try secondKey(bytes) == "@")
        let layouts = try #require(try Container(bytes: bytes).sections.first { $0.tag == .layouts })
        let locales = Int(bytes[layouts.offset]) | Int(bytes[layouts.offset + 1]) << 8
        let email = layouts.offset + LayoutFormat.headerSize + locales * LayoutFormat.Table.locales.recordSize + LayoutFormat.Table.layouts.recordSize
        #expect(bytes[email + LayoutFormat.LayoutField.field] == FieldKind.email.rawValue)
        bytes[email + LayoutFormat.LayoutField.field] = 200
        #expect(try secondKey(bytes) == "b")
        #expect(try LayoutBundle(bytes: bytes).locales[0].layouts.map(\.field) == [.text, nil])
    }

    @Test func keyWidthsThatAreNotFiniteOrOutOfRangeAreRejected() throws {
        let container = try Container(bytes: Self.sample)
        let layouts = try #require(container.sections.first { $0.tag == .layouts })
        var counts = [Int]()
        for table in LayoutFormat.Table.allCases {
            counts.append(Int(Self.sample[layouts.offset + table.rawValue * 4]) | Int(Self.sample[layouts.offset + table.rawValue * 4 + 1]) << 8)
        }
        let keys = layouts.offset + LayoutFormat.headerSize
            + LayoutFormat.Table.allCases.prefix(LayoutFormat.Table.keys.rawValue).reduce(0) { $0 + counts[$1.rawValue] * $1.recordSize }
        for value in [Float.nan, .infinity, -.infinity, 9.3e18, 0, -5] {
            var bytes = Self.sample
            bytes[keys + LayoutFormat.KeyField.widthKind] = KeyWidthKind.points.rawValue
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.replaceSubrange((keys + LayoutFormat.KeyField.width)..<(keys + LayoutFormat.KeyField.width + 4), with: $0) }
            #expect(throws: KeylexError.malformed("key 0"), "\(value)") { try LayoutBundle(bytes: bytes) }
        }
        // The source syntax: an infinite number is not a width; a huge finite one prints, never traps.
        #expect(KeyWidth(sourceText: String(repeating: "9", count: 400) + "pt") == nil)
        #expect(KeyWidth(sourceText: "99999999999999999999pt")?.sourceText == "1e+20pt")
        #expect(!KeyWidth.allows(.points, 1e20) && KeyWidth.allows(.points, 40))
    }

    /// Ranges into a table that overlap (two layers sharing rows) are refused when the bundle is
    /// opened: otherwise a small file could describe billions of keys, and reading it would not
    /// be bounded by its size.
    @Test func overlappingRangesAreRejected() throws {
        let container = try Container(bytes: Self.sample)
        let layouts = try #require(container.sections.first { $0.tag == .layouts })
        func count(_ table: LayoutFormat.Table) -> Int {
            Int(Self.sample[layouts.offset + table.rawValue * 4]) | Int(Self.sample[layouts.offset + table.rawValue * 4 + 1]) << 8
        }
        let layers = layouts.offset + LayoutFormat.headerSize
            + LayoutFormat.Table.allCases.prefix(LayoutFormat.Table.layers.rawValue).reduce(0) { $0 + count($1) * $1.recordSize }
        let second = layers + LayoutFormat.Table.layers.recordSize
        var bytes = Self.sample
        // The second layer's rows start where the first layer's do.
        for i in 0..<4 { bytes[second + LayoutFormat.LayerField.firstRow + i] = bytes[layers + LayoutFormat.LayerField.firstRow + i] }
        #expect(throws: KeylexError.malformed("layer 1 overlaps an earlier record's rows")) { try LayoutBundle(bytes: bytes) }
        // Rows may share keys, but not so many that reading them all would outgrow the file.
        bytes = Self.sample
        let rows = layers + count(.layers) * LayoutFormat.Table.layers.recordSize, keyCount = UInt16(min(count(.keys), 65_535))
        for row in 0..<count(.rows) {
            let record = rows + row * LayoutFormat.Table.rows.recordSize
            for i in 0..<4 { bytes[record + LayoutFormat.RowField.firstKey + i] = 0 }
            bytes[record + LayoutFormat.RowField.keyCount] = UInt8(keyCount & 0xFF)
            bytes[record + LayoutFormat.RowField.keyCount + 1] = UInt8(keyCount >> 8)
        }
        #expect { try LayoutBundle(bytes: bytes) } throws: { "\($0)".contains("the rows name more keys than the section holds bytes") }
        #expect(Self.walk(try LayoutBundle(bytes: Self.sample)) > 1000)
    }

    @Test func truncatedAndForeignFilesAreErrors() throws {
        for length in stride(from: 0, to: Self.sample.count, by: 97) {
            #expect(throws: KeylexError.self) { try LayoutBundle(bytes: Self.sample.prefix(length)) }
        }
        // A dictionary without layouts is not a layout bundle.
        #expect(throws: KeylexError.missingSection("LAYT")) { try LayoutBundle(bytes: TestSupport.english.0.bytes) }
        #expect(Self.walk(try LayoutBundle(bytes: Self.sample)) > 1000)
    }

    @Test func shippedSchemasAreWhatTheCompilerGenerates() throws {
        let folder = TestSupport.shipped("layouts/schema")
        #expect(try String(contentsOfFile: folder + "/" + LayoutSchemas.xsdFileName, encoding: .utf8) == LayoutSchemas.xsd,
                "run `keylex schema` after changing the schemas")
        #expect(try String(contentsOfFile: folder + "/" + LayoutSchemas.jsonSchemaFileName, encoding: .utf8) == LayoutSchemas.jsonSchema)
        #expect(try JSONSerialization.jsonObject(with: Data(LayoutSchemas.jsonSchema.utf8)) is [String: Any])
    }

    /// A key's text outlives the bundle it came from: it keeps the mapped file alive.
    @Test func keyTextOutlivesItsBundle() throws {
        let path = try TestSupport.write(Self.sample, "fr.klx", in: TestSupport.temporaryDirectory())
        func firstOutputs() throws -> [KeyText] {
            let bundle = try LayoutBundle(contentsOf: path)
            let layer = try #require(bundle.layout(for: .phone)?.layer(.lowercased))
            return layer.row(at: 0).compactMap(\.output)
        }
        let texts = try firstOutputs()
        try FileManager.default.removeItem(atPath: path)
        // Each bundle above is gone; reading its texts must still find the file's bytes.
        #expect(texts.map(\.description) == ["a", "z", "e", "r", "t", "y", "u", "i", "o", "p"])
        #expect(texts[0].withUTF8 { Array($0) } == [0x61])
    }
}
