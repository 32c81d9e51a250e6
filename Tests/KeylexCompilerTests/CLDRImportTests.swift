import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// `keylex import cldr` over CLDR's 13 keyboard 3.0 files (a copy in Fixtures/cldr-keyboards-49):
/// every one imports, what cannot be expressed is reported file by file, and what is imported
/// compiles and converts losslessly.
@Suite struct CLDRImportTests {
    static let folder = TestSupport.shipped("Tests/KeylexCompilerTests/Fixtures/cldr-keyboards-49")

    static let imported: (documents: [String: LayoutDocument], diagnostics: [String: [Diagnostic]]) = {
        var documents: [String: LayoutDocument] = [:], diagnostics: [String: [Diagnostic]] = [:]
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/3.0")) ?? []
        for name in files.sorted() where name.hasSuffix(".xml") {
            let engine = DiagnosticEngine()
            let path = folder + "/3.0/" + name
            let document = CLDRImporter(data: CLDRImporter.defaultData(for: path), diagnostics: engine).importKeyboard(path)
            _ = LayoutBuild(diagnostics: engine).resolve(document.map { [$0] } ?? [])
            documents[name] = document
            diagnostics[name] = engine.diagnostics
        }
        return (documents, diagnostics)
    }()

    static func outcome(_ name: String) -> [String: Int] {
        Dictionary(grouping: imported.diagnostics[name] ?? [], by: \.code).mapValues(\.count)
    }

    /// The outcome of each file, as docs/LAYOUTS.md tabulates it: everything imports without an
    /// error; the warnings are the markers, sets and regular expressions of transforms, hardware
    /// forms, flicks and multi-tap, and duplicate keys in CLDR's own rows.
    @Test func everyKeyboardImportsWithEachLossReported() {
        #expect(Self.imported.documents.count == 13)
        for (name, found) in Self.imported.diagnostics {
            #expect(!found.contains { $0.severity == .error }, "\(name): \(found.filter { $0.severity == .error })")
        }
        let expected: [String: [String: Int]] = [
            "bn.xml": ["unsupported-construct": 37],
            "egy-Egyp-t-k0-qwerty.xml": ["unsupported-construct": 6349],
            "fr-t-k0-test.xml": ["unsupported-construct": 8, "duplicate-character": 1],
            "fr.xml": ["unsupported-construct": 69],
            "ja-Hira-t-k0-flicks.xml": [:],
            "ja-Latn.xml": ["unsupported-construct": 2],
            "mt-t-k0-47key.xml": ["unsupported-construct": 4],
            "mt.xml": ["unsupported-construct": 4],
            "pcm.xml": ["unsupported-construct": 1, "duplicate-character": 14],
            "pgd-Khar-t-k0-qwerty.xml": ["unsupported-construct": 147],
            "pt-t-k0-abnt2.xml": ["unsupported-construct": 13],
            "sa-Deva-t-k0-qwerty.xml": ["unsupported-construct": 30, "duplicate-character": 1],
            "xct-Tibt-t-k0-qwerty.xml": ["unsupported-construct": 117, "duplicate-character": 1, "unreachable-transform": 22],
        ]
        for (name, counts) in expected { #expect(Self.outcome(name) == counts, "\(name)") }
    }

    @Test func importedDocumentsConvertLosslesslyAndCompile() throws {
        let reader = LayoutSourceReader(diagnostics: DiagnosticEngine())
        let documents = Self.imported.documents.values.sorted { $0.locale < $1.locale }
        for document in documents {
            #expect(reader.read(Array(JSONLayoutWriter.write(document).utf8), path: "a.json") == document, "\(document.locale)")
            #expect(reader.read(Array(XMLLayoutWriter.write(document).utf8), path: "a.xml") == document, "\(document.locale)")
        }
        let locales = LayoutBuild(diagnostics: DiagnosticEngine()).resolve(documents).locales
        #expect(locales.count == 13)
        #expect(LayoutReadback.firstDifference(locales, try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales))) == nil)
    }

    /// The touch test keyboard: its touch layers, long-press keys with their default, displays,
    /// layer switches and literal transforms.
    @Test func theFrenchTouchKeyboardComesThrough() throws {
        let document = try #require(Self.imported.documents["fr-t-k0-test.xml"])
        let locales = LayoutBuild(diagnostics: DiagnosticEngine()).resolve([document]).locales
        let locale = try #require(try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales)).locales.first)
        let layout = try #require(locale.layout(for: .phone))
        #expect(layout.layers.map(\.name.description) == ["lowercased", "uppercased", "capsLocked", "numeric", "symbolic"])
        let lower = layout.layer(.lowercased)!
        #expect(lower.row(at: 0).map { $0.output?.description ?? "" }.joined() == "azertyuiop")
        #expect(lower.row(at: 2).first?.action == .shift && lower.row(at: 2)[1].action == KeyActionKind.none)
        #expect(lower.row(at: 3).first?.label == "123" && lower.row(at: 3).first?.targetLayer?.name == "numeric")
        let callout = try #require(locale.callout(for: "a"))
        #expect(callout.map(\.description) == ["à", "â", "á", "ä", "ã", "å", "ā"] && callout.defaultIndex == 1)
        #expect(locale.transforms.replacement(typing: "y", after: "¨") == TextReplacement(deleting: "¨", inserting: "ÿ"))
        let found = Self.imported.diagnostics["fr-t-k0-test.xml"]!.map(\.message)
        #expect(found.filter { $0.hasPrefix("a flick of several directions, or to a key that types nothing") }.count == 3)
        let a = lower.row(at: 0)[0]
        #expect(a.flick(.east) == "ā" && a.flick(.northWest) == "à" && a.flick(.south) == nil)
        #expect(found.contains { $0.hasPrefix("a hardware layout beside touch ones") })
    }

    /// The Japanese flick keyboard: every kana key with its flicks, as CLDR writes them.
    @Test func theJapaneseFlickKeyboardKeepsItsFlicks() throws {
        let document = try #require(Self.imported.documents["ja-Hira-t-k0-flicks.xml"])
        let locales = LayoutBuild(diagnostics: DiagnosticEngine()).resolve([document]).locales
        let layer = try #require(try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales)).layout(for: .phone)?.layer(.lowercased))
        let ka = layer.row(at: 0)[1]
        #expect(ka.output == "か" && ka.flicks.map { "\($0.direction)\($0.output)" } == ["nか", "eく", "sこ", "swけ", "wき"])
        let marks = layer.row(at: 3)[2]
        #expect(marks.flick(.west)?.description.unicodeScalars.first == "\u{3099}" && marks.flick(.east)?.description.unicodeScalars.first == "\u{309A}")
        let svg = LayoutPreview(bundle: try LayoutBundle(bytes: LayoutBuild.bundle(locales: locales)), title: "ja").svg(layer)
        #expect(svg.contains("<text class=\"flick\"") && svg.contains("(flicks n:か e:く s:こ sw:け w:き)"))
    }

    /// A hardware-only keyboard: its first form's layers by modifiers, reported as such.
    @Test func aHardwareKeyboardBecomesAPhoneLayoutAndSaysSo() throws {
        let document = try #require(Self.imported.documents["pcm.xml"])
        #expect(document.layouts.map(\.formFactor) == [.phone])
        #expect(document.layouts[0].layers.map(\.id) == ["lowercased", "uppercased", "capsLocked"])
        #expect(document.transforms.map(\.to) == ["\u{323}"])
        #expect(Self.imported.diagnostics["pcm.xml"]!.contains { $0.message.hasPrefix("a hardware layout ('iso')") })
    }

    /// Keyman's kmc-ldml compiler fixtures (a copy in Fixtures/kmc-ldml-fixtures): where Keylex
    /// and kmc-ldml agree on whether each is valid (an error fails it; kmc-ldml's warnings and
    /// hints count as valid), section by section, as docs/LAYOUTS.md reports it.
    @Test func agreementWithKmcLdmlVerdicts() throws {
        let folder = TestSupport.shipped("Tests/KeylexCompilerTests/Fixtures/kmc-ldml-fixtures")
        let table = try String(contentsOfFile: folder + "/EXPECTED-MESSAGES.tsv", encoding: .utf8)
        var agreed: [String: (Int, Int)] = [:]
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let engine = DiagnosticEngine()
            let document = CLDRImporter(data: Self.folder, diagnostics: engine).importKeyboard(folder + "/" + fields[0])
            _ = LayoutBuild(diagnostics: engine).resolve(document.map { [$0] } ?? [])
            let section = fields[0].split(separator: "/")[1]
            let same = (fields[1] == "error") == (document == nil || engine.hasErrors)
            agreed[String(section), default: (0, 0)].0 += same ? 1 : 0
            agreed[String(section), default: (0, 0)].1 += 1
        }
        let found = agreed.mapValues { "\($0.0)/\($0.1)" }
        #expect(found == ["bksp": "1/1", "disp": "11/11", "finl": "1/1", "keys": "17/22", "layr": "5/16", "loca": "3/3", "meta": "3/5",
                          "ordr": "3/3", "strs": "6/7", "tran": "16/40", "vars": "10/19"], "\(found)")
    }

    /// Transforms over sets become one literal transform per item: CLDR's test keyboard maps
    /// `^` and a vowel to the vowel with a circumflex through two sets of the same order.
    @Test func setTransformsExpand() throws {
        var text = CLDRText()
        text.strings["caret"] = "^"
        text.sets = ["vowel": ["a", "e"], "caretVowel": ["â", "ê"], "upper": ["A", "B"]]
        text.unexpandedSets = ["han"]
        #expect(try text.expanded(from: "${caret}($[vowel])", to: "$[1:caretVowel]").map { "\($0.from)→\($0.to)" } == ["^a→â", "^e→ê"])
        #expect(try text.expanded(from: "($[upper])(x)", to: "$2$1").map { "\($0.from)→\($0.to)" } == ["Ax→xA", "Bx→xB"])
        #expect(try text.setItems("$[vowel] o") == ["a", "e", "o"])
        #expect(throws: CLDRText.Failure.unsupported("the set $[han] (a Unicode set, one of markers, or a set refused where it is defined)")) { try text.expanded(from: "$[han]", to: "") }
        #expect(throws: CLDRText.Failure.malformed("no set variable 'nothere'")) { try text.expanded(from: "$[nothere]", to: "") }
        #expect(throws: CLDRText.Failure.malformed("no group $2 in the transform's from")) { try text.expanded(from: "($[vowel])", to: "$2") }
        let fr = try #require(Self.imported.documents["fr-t-k0-test.xml"])
        #expect(fr.transforms.contains { $0.from == "^e" && $0.to == "ê" })
    }

    /// Transforms over sets stop expanding past what a bundle holds (`LayoutFormat.maxCount`): a
    /// keyboard of six transforms of 10,000 choices, 55 of 100 and literal ones imports whole at
    /// 65,535, and one more literal transform is one `limit-exceeded` there, with no transforms
    /// kept (expanding on would only fill memory for a document the validator refuses).
    @Test func setTransformsStopAtTheLimit() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func imported(literals: Int) throws -> (LayoutDocument?, [Diagnostic]) {
            func letter(_ base: Int, _ i: Int) -> String { String(UnicodeScalar(base + i)!) }
            let set = (0..<100).map { letter(0x4E00, $0) }.joined(separator: " ")
            let transforms = (0..<6).map { #"<transform from="\#(letter(0x3041, $0))($[big])($[big])" to="x"/>"# }
                + (0..<55).map { #"<transform from="\#(letter(0x30A1, $0))($[big])" to="y"/>"# }
                + (0..<literals).map { #"<transform from="\#(letter(0xAC00, $0))" to="z"/>"# }
            let xml = #"<keyboard3 locale="ko"><keys><key id="a" output="a"/></keys><layers formId="touch"><layer id="base"><row keys="a"/></layer></layers>"#
                + #"<variables><set id="big" value="\#(set)"/></variables><transforms type="simple"><transformGroup>"# + "\n" + transforms.joined(separator: "\n")
                + "\n</transformGroup></transforms></keyboard3>"
            let engine = DiagnosticEngine()
            let document = CLDRImporter(data: Self.folder, diagnostics: engine).importKeyboard(try TestSupport.write(xml, "ko.xml", in: folder))
            _ = LayoutBuild(diagnostics: engine).resolve(document.map { [$0] } ?? [])
            return (document, engine.diagnostics.filter { $0.severity == .error })
        }
        let (whole, none) = try imported(literals: 35)
        #expect(none.isEmpty, "\(none.prefix(3))")
        #expect(whole?.transforms.count == LayoutFormat.maxCount)
        let (past, errors) = try imported(literals: 36)
        #expect(errors.map { "\($0.location.line) \($0.code)" } == ["\(2 + 6 + 55 + 35) limit-exceeded"], "\(errors.prefix(3))")
        #expect(past?.transforms.isEmpty == true)
    }

    /// Hostile sets are refused at once, never trapping or filling memory: ten references to a set of
    /// 100 items in one transform (10^20 choices, once an overflow trap), and 40 sets each naming
    /// the one before twice (2^40 items, once a hang).
    @Test func setsTooLargeToExpandAreRefused() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func imported(_ variables: String, _ transforms: String) throws -> [String] {
            let xml = #"<keyboard3 locale="ko"><keys><key id="a" output="a"/></keys><layers formId="touch"><layer id="base"><row keys="a"/></layer></layers>"#
                + "<variables>\(variables)</variables><transforms type=\"simple\"><transformGroup>\(transforms)</transformGroup></transforms></keyboard3>"
            let engine = DiagnosticEngine()
            _ = CLDRImporter(data: Self.folder, diagnostics: engine).importKeyboard(try TestSupport.write(xml, "ko.xml", in: folder))
            return engine.diagnostics.map { "\($0.code): \($0.message)" }
        }
        let big = #"<set id="big" value="\#((0..<100).map { String(UnicodeScalar(0x4E00 + $0)!) }.joined(separator: " "))"/>"#
        let choices = try imported(big, #"<transform from="\#(String(repeating: "($[big])", count: 10))" to="x"/>"#)
        #expect(choices.count == 1 && choices[0].contains("more than 10000 choices of set items"), "\(choices)")
        let doubling = #"<set id="s0" value="a b"/>"# + (1..<40).map { #"<set id="s\#($0)" value="$[s\#($0 - 1)] $[s\#($0 - 1)]"/>"# }.joined()
        let sets = try imported(doubling, #"<transform from="q" to="r"/>"#)
        #expect(sets.first?.contains("a set of more than 10000 items") == true && sets.count == 27, "\(sets.count) \(sets.suffix(2))")
    }

    /// Without CLDR's import folder, each import the keyboard names is one error, and the keys
    /// they would have defined are not reported again one by one (they were 105 errors).
    @Test func aMissingImportFolderIsOneErrorPerImport() throws {
        let engine = DiagnosticEngine()
        _ = CLDRImporter(data: nil, diagnostics: engine).importKeyboard(Self.folder + "/3.0/fr-t-k0-test.xml")
        let errors = engine.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 3 && errors.allSatisfy { $0.message.contains("no CLDR import") }, "\(errors.count) \(errors.prefix(4))")
    }

    @Test func badInputIsReportedWithItsPlace() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try TestSupport.write(#"<keyboard3 locale="xx"><keys><key id="q" output="\u{ZZ}"/></keys><layers formId="touch"><layer id="base"><row keys="q nothere"/></layer></layers></keyboard3>"#, "xx.xml", in: folder)
        let engine = DiagnosticEngine()
        let document = CLDRImporter(data: Self.folder, diagnostics: engine).importKeyboard(path)
        #expect(document != nil)
        #expect(engine.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code)" } == ["1:50 schema-violation", "1:117 missing-reference"], "\(engine.diagnostics)")
        let notKeyboard = try TestSupport.write("<keyboard locale=\"xx\"/>", "not.xml", in: folder)
        let again = DiagnosticEngine()
        #expect(CLDRImporter(data: nil, diagnostics: again).importKeyboard(notKeyboard) == nil)
        #expect(again.diagnostics.map(\.code) == ["schema-violation"])
    }

    /// A keyboard of 16,000 keys, each with long-press keys and a flick, and 16,000 transforms of
    /// which 8,000 are shadowed by an earlier one: each callout, flick and shadowed transform comes
    /// through. Each key used to scan the callouts and the flicks so far, and each transform the
    /// transforms before it: 11 s and 9 s in release at this size, growing with its square.
    @Test func aKeyboardOfSixteenThousandKeysAndTransformsImports() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = 16_000
        func letter(_ i: Int) -> String { String(UnicodeScalar(0x4E00 + i)!) }
        let keys = (0..<count).map { #"<key id="k\#($0)" output="\#(letter($0))" longPressKeyIds="k\#(($0 + 1) % count)" flickId="f\#($0)"/>"# }
        let flicks = (0..<count).map { #"<flick id="f\#($0)"><flickSegment directions="n" keyId="k\#(($0 + 2) % count)"/></flick>"# }
        let rows = stride(from: 0, to: count, by: 10).map { row in #"<row keys="\#((row..<row + 10).map { "k\($0)" }.joined(separator: " "))"/>"# }
        let half = count / 2
        let transforms = (0..<half).map { #"<transform from="x\#(letter($0))" to="a"/>"# } + (0..<half).map { #"<transform from="yx\#(letter($0))" to="b"/>"# }
        let xml = #"<keyboard3 locale="zh"><keys>\#(keys.joined())</keys><flicks>\#(flicks.joined())</flicks><layers formId="touch"><layer id="base">"#
            + rows.joined() + #"</layer></layers><transforms type="simple"><transformGroup>\#(transforms.joined())</transformGroup></transforms></keyboard3>"#
        let path = try TestSupport.write(xml, "zh.xml", in: folder)
        let engine = DiagnosticEngine()
        let document = try #require(CLDRImporter(data: Self.folder, diagnostics: engine).importKeyboard(path))
        _ = LayoutBuild(diagnostics: engine).resolve([document])
        #expect(!engine.hasErrors, "\(engine.diagnostics.prefix(3))")
        let callouts = document.callouts?.callouts ?? []
        #expect(callouts.count == count && callouts.last?.character == letter(count - 1) && callouts.last?.variants == [letter(0)])
        let keysByOutput = Dictionary(document.layouts[0].layers[0].rows.flatMap(\.keys).map { ($0.value ?? "", $0) }) { first, _ in first }
        #expect(keysByOutput.count == count && keysByOutput[letter(count - 1)]?.flicks.map(\.output) == [letter(1)])
        let shadowed = engine.diagnostics.filter { $0.code == "unreachable-transform" }
        #expect(shadowed.count == half)
        #expect(shadowed.last?.message.contains("'yx\(letter(half - 1))'") == true && shadowed.last?.message.contains("'x\(letter(half - 1))'") == true)
    }
}
