import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// The layouts the project ships: they compile cleanly, round-trip between XML and JSON, and read
/// back from a bundle exactly as compiled.
@Suite struct ShippedLayoutTests {
    static let directory = TestSupport.shipped("layouts")

    /// Every shipped locale, resolved once.
    static let shipped: (locales: [ResolvedLocale], diagnostics: [Diagnostic]) = {
        let engine = DiagnosticEngine()
        let locales = LayoutBuild(diagnostics: engine).read(directory: directory).locales
        return (locales, engine.diagnostics)
    }()

    static func bundle(_ tag: String) throws -> LayoutBundle {
        let locale = try #require(shipped.locales.first { $0.tag == tag })
        return try LayoutBundle(bytes: LayoutBuild.bundle(dictionary: nil, locales: [locale]))
    }

    static var sourceFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter(LayoutSourceReader.isLayoutSource).sorted().map { directory + "/" + $0 }
    }

    /// The conversion of external layouts keeps characters as they are (NFC): the ordinals ª and º
    /// of Romance callouts stay (NFKC made them a and o), Hebrew points stay, and only Arabic
    /// presentation forms are taken apart into the letters they show.
    @Test func convertedCharactersKeepTheirIdentity() throws {
        for tag in ["es-ES", "fr-FR", "it-IT", "pt-BR"] {
            let locale = try #require(try Self.bundle(tag).locales.first)
            #expect(locale.callout(for: "a")?.contains { $0.description == "ª" } == true, "\(tag)")
            #expect(locale.callout(for: "o")?.contains { $0.description == "º" } == true, "\(tag)")
        }
        // Hebrew points written after a space are variants of their own (they were lost with the space).
        let hebrew = try #require(try Self.bundle("he").locales.first)
        #expect(hebrew.callout(for: "ק").map { $0.map(\.description) } == ["\u{5B8}", "\u{5B3}"])
        #expect(hebrew.callout(for: "-").map { $0.map(\.description) } == ["\u{5BE}", "\u{5C1}", "_"])
        let arabic = try Self.bundle("ar").layout(for: .phone)?.layer(.lowercased)
        let outputs = (0..<(arabic?.rowCount ?? 0)).flatMap { r in arabic!.row(at: r).compactMap { $0.output?.description } }
        #expect(!outputs.isEmpty && outputs.allSatisfy { $0.unicodeScalars.allSatisfy { !(0xFB50...0xFDFF).contains($0.value) && !(0xFE70...0xFEFF).contains($0.value) } })
    }

    /// Arabic-script tablets type the Arabic comma (Urdu also its full stop) beside the letters.
    @Test func arabicScriptTabletsTypeTheirOwnPunctuation() throws {
        for (tag, wanted) in [("ar", "،."), ("fa", "،."), ("ckb", "،."), ("ur-PK", "،۔")] {
            let layer = try #require(try Self.bundle(tag).layout(for: .tablet)?.layer(.lowercased))
            let outputs = (0..<layer.rowCount).flatMap { r in layer.row(at: r).compactMap { $0.output?.description } }
            #expect(outputs.joined().contains(wanted) && !outputs.contains(","), "\(tag): \(outputs)")
        }
    }

    /// The preview draws a mark typed alone (Hebrew niqqud) on a dotted circle, and every key's label
    /// small enough to fit its key, wide Arabic letters and the `123` label included.
    @Test func previewsDrawMarksOnACircleAndLabelsWithinTheirKeys() throws {
        let hebrew = LayoutPreview(bundle: try Self.bundle("he"), title: "he").html()
        #expect(hebrew.contains("\u{25CC}\u{5B8}") && !hebrew.contains(">\u{5B8}"))
        for tag in ["ar", "he", "en-US", "ru-RU"] {
            let bundle = try Self.bundle(tag)
            let svg = LayoutPreview(bundle: bundle, title: tag).svg(try #require(bundle.layout(for: .phone)?.layer(.lowercased)))
            let keys = svg.components(separatedBy: "<g class=\"key").dropFirst()
            #expect(keys.count > 30)
            for key in keys {
                let width = key.firstMatch(of: /class="face"[^>]* width="([0-9.]+)"/).flatMap { Double($0.1) }
                let size = key.firstMatch(of: /<text x="[^"]*" y="[^"]*" font-size="([0-9.]+)"/).flatMap { Double($0.1) }
                let label = key.firstMatch(of: /font-size="[0-9.]+"[^>]*>([^<]*)<\/text>/).map { String($0.1) }
                guard let width, let size, let label else { Issue.record("\(tag): \(key)"); continue }
                #expect(size * LayoutPreview.labelEms(label) <= width - 6 + 0.1 || size == 8, "\(tag) '\(label)': \(size) on \(width)")
            }
        }
    }

    @Test func shippedLayoutsCompileWithoutWarnings() {
        #expect(Self.shipped.diagnostics.isEmpty, "\(Self.shipped.diagnostics)")
        let tags = Self.shipped.locales.map(\.tag)
        #expect(tags.count >= 15)
        for required in ["en-US", "en-GB", "de-DE", "de-CH", "fr-FR", "fr-CA", "ru-RU", "ar", "he"] { #expect(tags.contains(required)) }
        let files = Self.sourceFiles
        #expect(files.contains { $0.hasSuffix(".xml") } && files.contains { $0.hasSuffix(".json") })
    }

    @Test func everyLocaleHasPhoneAndTabletWithNumericSymbolicAndCallouts() {
        let kinds = ["phone text", "phone email", "phone url", "tablet text", "tablet email", "tablet url"]
        for locale in Self.shipped.locales {
            #expect(locale.layouts.map { "\($0.formFactor) \($0.field)" } == kinds, "\(locale.tag)")
            for layout in locale.layouts where layout.field != .text {
                let keys = layout.layers.first { $0.id == "lowercased" }?.rows.flatMap(\.keys) ?? []
                let wanted = layout.field == .email ? "@" : "/"
                #expect(keys.contains { $0.value == wanted }, "\(locale.tag) \(layout.formFactor) \(layout.field) has no \(wanted)")
                if layout.field == .url { #expect(keys.first { $0.value == ".com" }?.callout == [".org", ".edu", ".net"], "\(locale.tag)") }
                let switches = keys.filter { $0.action == .keyboardType && $0.value == "numeric" }
                #expect(!switches.isEmpty && switches.allSatisfy { $0.calloutActions.map(\.value) == ["numeric", "symbolic"] }, "\(locale.tag)")
            }
            #expect(locale.document.source?.isEmpty == false, "\(locale.tag) names no source")
            #expect(locale.callouts.count >= 10, "\(locale.tag)")
            for layout in locale.layouts {
                let ids = Set(layout.layers.map(\.id))
                #expect(ids.isSuperset(of: StandardLayer.allCases.map(\.rawValue)), "\(locale.tag) \(layout.formFactor): \(ids)")
            }
        }
        #expect(Self.shipped.locales.filter { $0.direction == .rightToLeft }.map(\.tag) == ["ar", "ckb", "fa", "he", "ur-PK"])
        #expect(Self.shipped.locales.count == 88)
    }

    @Test(arguments: sourceFiles)
    func xmlAndJSONRoundTripExactly(_ path: String) throws {
        let engine = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: engine)
        let original = try #require(reader.read(path))
        let isXML = path.hasSuffix(".xml")
        let converted = isXML ? JSONLayoutWriter.write(original) : XMLLayoutWriter.write(original)
        let other = try #require(reader.read(Array(converted.utf8), path: isXML ? "converted.json" : "converted.xml"))
        #expect(other == original)
        let back = isXML ? XMLLayoutWriter.write(other) : JSONLayoutWriter.write(other)
        let again = try #require(reader.read(Array(back.utf8), path: path))
        #expect(again == original)
        // Written twice, the text is the same: conversion reaches a fixpoint.
        #expect((isXML ? XMLLayoutWriter.write(again) : JSONLayoutWriter.write(again)) == back)
        #expect(engine.diagnostics.isEmpty, "\(engine.diagnostics)")
    }

    @Test(arguments: sourceFiles.filter { $0.hasSuffix(".json") })
    func jsonReaderAgreesWithFoundation(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let ours = try #require(JSONReader.parse(bytes, path: path, diagnostics: DiagnosticEngine()))
        let foundation = try JSONSerialization.jsonObject(with: Data(bytes))
        func same(_ node: JSONNode, _ value: Any) -> Bool {
            switch node.value {
            case .null: return value is NSNull
            case .bool(let b): return (value as? Bool) == b
            case .number(let n): return (value as? NSNumber)?.doubleValue == n
            case .string(let s): return (value as? String) == s
            case .array(let items):
                guard let array = value as? [Any], array.count == items.count else { return false }
                return zip(items, array).allSatisfy(same)
            case .object(let members):
                guard let object = value as? [String: Any], object.count == members.count else { return false }
                return members.allSatisfy { member in object[member.key].map { same(member.value, $0) } ?? false }
            }
        }
        #expect(same(ours, foundation))
    }

    @Test func everyKeyOfEveryShippedLayoutReadsBack() throws {
        let bytes = LayoutBuild.bundle(dictionary: nil, locales: Self.shipped.locales)
        let bundle = try LayoutBundle(bytes: bytes)
        try bundle.container.verifyChecksums()
        #expect(LayoutReadback.firstDifference(Self.shipped.locales, bundle) == nil)
        let keys = Self.shipped.locales.reduce(0) { $0 + $1.layouts.reduce(0) { $0 + $1.layers.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.keys.count } } } }
        #expect(keys > 5000)
        // Same inputs, same bytes.
        #expect(LayoutBuild.bundle(dictionary: nil, locales: Self.shipped.locales) == bytes)
    }

    @Test func inheritanceSwapsCurrenciesAndPatchesRows() throws {
        let gb = try Self.bundle("en-GB").layout(for: .phone)!
        let us = try Self.bundle("en-US").layout(for: .phone)!
        func characters(_ layout: KeyboardLayout, _ layer: StandardLayer) -> [String] {
            layout.layer(layer)!.rows.flatMap { $0.compactMap { $0.action == .character ? $0.output?.description : nil } }
        }
        #expect(characters(us, .numeric).contains("$") && !characters(us, .numeric).contains("£"))
        #expect(characters(gb, .numeric).contains("£") && !characters(gb, .numeric).contains("$"))
        #expect(characters(gb, .symbolic).contains("$") && !characters(gb, .symbolic).contains("£"))
        #expect(characters(gb, .lowercased) == characters(us, .lowercased))

        let de = try Self.bundle("de-DE").layout(for: .phone)!
        let ch = try Self.bundle("de-CH").layout(for: .phone)!
        #expect(characters(de, .lowercased).contains("ß") && !characters(ch, .lowercased).contains("ß"))
        #expect(characters(de, .numeric) == characters(ch, .numeric))
        #expect(try Self.bundle("de-CH").locale("de-CH")!.callout(for: "s").map { $0.map(\.description) } == ["ś", "š", "ş", "ŝ", "ṣ", "ș"])
        // fr-CA takes fr-FR's callouts.
        #expect(try Self.bundle("fr-CA").locale("fr-CA")!.callout(for: "e")?.count == Self.bundle("fr-FR").locale("fr-FR")!.callout(for: "e")?.count)
    }

    @Test func upperLayersAndTheirCalloutsAreDerivedByTheLocalesCaseMapping() throws {
        let locale = try Self.bundle("de-DE").locale("de-DE")!
        let layout = locale.layout(for: .phone)!
        let upper = try #require(layout.layer(.uppercased))
        #expect(upper.isDerived && layout.layer(.capsLocked)!.isDerived && !layout.layer(.lowercased)!.isDerived)
        let firstRow = upper.row(at: 0).compactMap { $0.output?.description }
        #expect(firstRow == ["Q", "W", "E", "R", "T", "Z", "U", "I", "O", "P", "Ü"])
        // ß has no one-character uppercase in German (the case mapping would keep it), but
        // FlorisBoard's German layout shifts it to the capital ẞ: a shifted output.
        #expect(upper.row(at: 2).contains { $0.output == "ẞ" } && layout.layer(.lowercased)!.row(at: 2).contains { $0.output == "ß" })
        let a = try #require(locale.callout(for: "A"))
        #expect(a.first == "Ä" && a.defaultIndex == 0)
        let key = try #require(upper.row(at: 1).first { $0.output == "A" })
        #expect(key.callout?.character == "A")
        #expect(locale.callout(for: "q") == nil)
    }

    @Test func keyFramesFollowKeyboardKitsWidths() throws {
        let layout = try Self.bundle("en-US").layout(for: .phone)!
        let layer = layout.layer(.lowercased)!
        let width = 390.0, height = 54.0
        // The top row (10 input keys) has the least room per unit: 39 points each.
        #expect(abs(layer.inputUnitWidth(keyboardWidth: width) - 39) < 0.001)
        var frames: [[KeyFrame]] = Array(repeating: [], count: layer.rowCount)
        layer.forEachKeyFrame(keyboardWidth: width, rowHeight: height) { frame, _ in frames[frame.row].append(frame) }
        #expect(frames.map(\.count) == (0..<layer.rowCount).map { layer.row(at: $0).count })
        for row in frames {
            for (a, b) in zip(row, row.dropFirst()) { #expect(abs(a.x + a.width - b.x) < 0.001) }
            #expect(row.allSatisfy { $0.height == height && $0.y == Double($0.row) * height })
        }
        // Row 2 (9 keys) is centred; row 3's shift and backspace are 1.4 units; the bottom row's
        // space takes what is left, so that row fills the keyboard.
        #expect(abs(frames[1][0].x - 19.5) < 0.001)
        #expect(abs(frames[2][0].width - 39 * 1.4) < 0.001)
        let bottom = frames[3]
        #expect(abs(bottom.last!.x + bottom.last!.width - width) < 0.001 && bottom[0].x == 0)
        #expect(abs(bottom[2].width - (width - 39 * (1.25 + 1.25 + 2))) < 0.001)
        // Hit testing finds the key under a point.
        let (frame, key) = try #require(layer.key(atX: 19.5 + 39 * 4 + 20, y: height + 10, keyboardWidth: width, rowHeight: height))
        #expect(key.output == "g" && frame.index == 4)
        #expect(layer.key(atX: 5, y: height + 10, keyboardWidth: width, rowHeight: height) == nil)

        // Right-to-left layouts are not mirrored: rows are drawn left to right as written.
        let hebrew = try Self.bundle("he").layout(for: .phone)!.layer(.lowercased)!
        var row: [KeyFrame] = []
        hebrew.forEachKeyFrame(keyboardWidth: width, rowHeight: height) { frame, _ in if frame.row == 3 { row.append(frame) } }
        #expect(abs(row[0].x) < 0.001 && abs(row.last!.x + row.last!.width - width) < 0.001)
        for (a, b) in zip(row, row.dropFirst()) { #expect(abs(a.x + a.width - b.x) < 0.001) }
    }

    /// Hebrew and Arabic keyboards read as the real ones do, left to right on screen: Hebrew's top
    /// letters ק ר א ט ו ן ם פ (AOSP's `rowkeys_hebrew1.xml`, FlorisBoard's `hebrew.json`), Arabic's
    /// ض ص ث ق ف غ ع ه خ ح ج (AOSP's `rowkeys_arabic1.xml`), digits 1 to 0, and backspace on the right.
    @Test func rightToLeftKeyboardsReadAsRealOnesOnScreen() throws {
        func screen(_ tag: String, _ layer: StandardLayer, row r: Int) throws -> [String] {
            let layer = try #require(try Self.bundle(tag).layout(for: .phone)?.layer(layer))
            var keys: [(Double, String)] = []
            layer.forEachKeyFrame(keyboardWidth: 320, rowHeight: 54) { frame, key in
                if frame.row == r { keys.append((frame.x, key.output?.description ?? key.action.description)) }
            }
            return keys.sorted { $0.0 < $1.0 }.map(\.1)
        }
        #expect(try screen("he", .lowercased, row: 0).filter { $0.unicodeScalars.first!.properties.isAlphabetic } == ["ק", "ר", "א", "ט", "ו", "ן", "ם", "פ"])
        #expect(try screen("ar", .lowercased, row: 0) == ["ض", "ص", "ث", "ق", "ف", "غ", "ع", "ه", "خ", "ح", "ج"])
        for tag in ["he", "ar", "fa", "ckb", "ur-PK"] {
            #expect(try screen(tag, .numeric, row: 0) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"], "\(tag)")
            #expect(try screen(tag, .lowercased, row: 2).last == "backspace", "\(tag)")
        }
    }

    /// The Japanese kana keyboard: CLDR's flick keys, with iOS's system keys around them.
    @Test func japaneseKanaKeysFlick() throws {
        let layout = try #require(try Self.bundle("ja").layout(for: .phone, locale: "ja"))
        let rows = layout.layer(.lowercased)!.rows
        #expect(rows.map { $0.map { $0.output?.description ?? "\($0.action)" } } == [
            ["あ", "か", "さ", "backspace"], ["た", "な", "は", "space"], ["ま", "や", "ら", "primary"], ["numeric", "nextKeyboard", "わ", "。"]])
        #expect(rows[0][1].flick(.west) == "き" && rows[1][0].flick(.southEast) == "っ" && rows[3][3].flick(.west) == "\u{3099}")
        #expect(try Self.bundle("ja").layout(for: .phone, locale: "ja", field: .email)?.layer(.lowercased)?.row(at: 3).map { $0.output?.description ?? "" }.contains("@") == true)
    }

    /// Tablets have a shift key at each end of the last letter row, as KeyboardKit's iPad layout
    /// and iPadOS have them, in every locale whose letters have case (ru-RU and uk-UA once had one);
    /// where shifting would change nothing (Arabic, Hebrew, Indic scripts, Georgian), a gap stands
    /// in their place (Japanese kana has neither).
    @Test func everyTabletHasTwoShiftKeys() throws {
        let caseless: Set = ["ar", "bn-IN", "ckb", "fa", "he", "ka-GE", "kn-IN", "ml-IN", "mr-IN", "ta-IN", "te-IN", "ur-PK"]
        for locale in Self.shipped.locales where locale.tag != "ja" {
            let layout = try #require(try Self.bundle(locale.tag).layout(for: .tablet, locale: locale.tag))
            let letters = layout.layer(.lowercased)!
            let row = letters.row(at: letters.rowCount - 2)
            let end: KeyActionKind = caseless.contains(locale.tag) ? .none : .shift
            #expect(row.first?.action == end && row.last?.action == end, "\(locale.tag)")
            var narrowest = Double.infinity
            layout.layer(.lowercased)!.forEachKeyFrame(keyboardWidth: 768, rowHeight: 60) { frame, _ in narrowest = min(narrowest, frame.width) }
            #expect(narrowest > 50, "\(locale.tag): a key \(narrowest) points wide")
        }
    }

    @Test func keysCarryTheirActionsReturnTypesAndTargets() throws {
        let layout = try Self.bundle("en-US").layout(for: .tablet)!
        let lower = layout.layer(.lowercased)!
        let bottom = lower.row(at: lower.rowCount - 1)
        #expect(bottom.map(\.action) == [.keyboardType, .nextKeyboard, .space, .keyboardType, .dismissKeyboard])
        #expect(bottom[0].targetLayer?.name == "numeric" && bottom[0].label == ".?123")
        #expect(bottom[2].width == .available)
        let primary = try #require(lower.row(at: 1).first { $0.action == .primary })
        #expect(primary.returnType == .return && primary.output == nil)
        let sv = try Self.bundle("sv-SE").layout(for: .phone)!.layer(.numeric)!
        let kr = try #require(sv.row(at: 1).first { $0.action == .text })
        #expect(kr.output == "kr" && kr.callout == nil)
    }
}
