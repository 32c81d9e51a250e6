import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// `keylex import keyboardkit` over the five KeyboardKit files (a copy in Fixtures/keyboardkit):
/// every input set imports with its release's callouts, and what is not there is reported.
@Suite struct KeyboardKitImportTests {
    static let folder = TestSupport.shipped("Tests/KeylexCompilerTests/Fixtures/keyboardkit")

    @Test func everyFileImportsOrIsReported() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".json") }.sorted().map { Self.folder + "/" + $0 }
        #expect(files.count == 5)
        let engine = DiagnosticEngine()
        let documents = KeyboardKitImporter(diagnostics: engine).importFiles(files)
        let locales = LayoutBuild(diagnostics: engine).resolve(documents).locales
        #expect(documents.map(\.locale) == ["en-x-2021", "de-x-2021", "it-x-2021", "sv-x-2021", "en"])
        #expect(locales.count == 5 && !engine.hasErrors, "\(engine.diagnostics.filter { $0.severity == .error })")
        // Five input sets without their system keys, the locale list, and the 2023 English callouts,
        // whose input set (KeyboardKit 6) is not among the files.
        #expect(engine.diagnostics.map(\.code) == Array(repeating: "unsupported-construct", count: 7), "\(engine.diagnostics)")
        let english = try #require(locales.first { $0.tag == "en" })
        let bundle = try LayoutBundle(bytes: LayoutBuild.bundle(locales: [english]))
        #expect(bundle.layout(for: .phone)?.layer(.lowercased)?.row(at: 0).map { $0.output?.description ?? "" }.joined() == "qwertyuiop")
        #expect(bundle.layout(for: .tablet)?.layer(.lowercased)?.row(at: 2).map { $0.output?.description ?? "" }.joined() == "zxcvbnm,.")
        #expect(bundle.locales[0].callout(for: "a")?.first == "à" && bundle.locales[0].callout(for: "$")?.first == "€")
        let swedish = try #require(documents.first { $0.locale == "sv-x-2021" })
        let kr = swedish.layouts[0].layers.flatMap { $0.rows.flatMap(\.keys) }.first { $0.value == "kr" }
        #expect(kr?.action == .text && kr?.callout.first == "€")
        let reader = LayoutSourceReader(diagnostics: DiagnosticEngine())
        for document in documents { #expect(reader.read(Array(JSONLayoutWriter.write(document).utf8), path: "a.json") == document) }
    }

    /// Callouts join their keys in linear time (a callout of a text key looked for its keys among
    /// all keys, and each file rebuilt the set of typed characters): 20,000 text keys with a callout
    /// each, and 2,000 more providers of callouts for the same keys, of which the first callout counts.
    @Test func twentyThousandTextKeysTakeTheirCallouts() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = 20_000
        let texts = (0..<count).map { "k\($0)" }, variants = (0..<count).map { String(UnicodeScalar(0x4E00 + $0)!) }
        let row = (["a"] + texts).map { "\"\($0)\"" }.joined(separator: ", ")
        try #"{"sets": {"english": {"alphabetic": [{"phone": [\#(row)], "pad": null}], "numeric": [], "symbolic": []}}}"#
            .write(toFile: folder + "/sets.json", atomically: true, encoding: .utf8)
        let own = zip(texts, variants).map { #""\#($0)": "\#($1)""# }.joined(separator: ", ")
        let later = (0..<2_000).map { #""english_p\#($0)_2021": {"callouts": {"a": "a\#(variants[$0])", "k0": "€", "\#(texts[$0])": "¥"}}"# }
        try (#"{"providers": {"english_2021": {"callouts": {\#(own)}}, "# + later.joined(separator: ", ") + "}}")
            .write(toFile: folder + "/callouts.json", atomically: true, encoding: .utf8)
        let engine = DiagnosticEngine()
        let documents = KeyboardKitImporter(diagnostics: engine).importFiles([folder + "/sets.json", folder + "/callouts.json"])
        let document = try #require(documents.first)
        #expect(documents.count == 1 && !engine.hasErrors, "\(engine.diagnostics.filter { $0.severity == .error }.prefix(3))")
        #expect(document.callouts?.callouts.map(\.character) == ["a"] && document.callouts?.callouts.first?.variants == [variants[0]])
        for layout in document.layouts {
            let keys = layout.layers[0].rows[0].keys
            #expect(keys.count == count + 1 && keys[0].callout.isEmpty)
            #expect(zip(keys.dropFirst(), variants).allSatisfy { $0.callout == [$1] })
        }
    }
}
