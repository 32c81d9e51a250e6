import Foundation
import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// `keylex export cldr` on every shipped locale: each file is valid against CLDR's
/// ldmlKeyboard3.xsd, imports back without an error, and types what the shipped layout types.
@Suite struct CLDRExportTests {
    static let cldr = TestSupport.shipped("Tests/KeylexCompilerTests/Fixtures/cldr-keyboards-49")
    static let schema = cldr + "/dtd/ldmlKeyboard3.xsd"

    /// What the keys of each text layout's layers type, row by row (keys that type nothing left out).
    static func typed(_ layouts: [LayoutModel]) -> [[String]] {
        layouts.filter { $0.field == .text }.flatMap { $0.layers.flatMap { $0.rows.map { $0.keys.filter(\.typesValue).compactMap(\.value) } } }
    }

    @Test func everyShippedLocaleExportsValidAndImportsBack() throws {
        let engine = DiagnosticEngine()
        let files = CLDRExporter(diagnostics: engine).export(layouts: TestSupport.shipped("layouts"), tags: [], schema: Self.schema)
        #expect(files.count == ShippedLayoutTests.shipped.locales.count)
        #expect(!engine.hasErrors, "\(engine.diagnostics.filter { $0.severity == .error })")
        // What CLDR cannot say is reported: backspace, return, globe and dismiss keys, field layouts.
        #expect(engine.diagnostics.allSatisfy { $0.code == "unsupported-construct" } && engine.diagnostics.contains { $0.message.hasPrefix("a backspace key") })
        // The message says which way it goes: into CLDR's format, not into a Keylex layout.
        #expect(engine.diagnostics.allSatisfy { $0.message.contains("cannot be expressed in a CLDR keyboard: ") }, "\(engine.diagnostics.first!)")
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (tag, xml) in files {
            let path = try TestSupport.write(xml, tag + ".xml", in: folder)
            let again = DiagnosticEngine()
            let document = try #require(CLDRImporter(data: Self.cldr, diagnostics: again).importKeyboard(path), "\(tag)")
            let imported = LayoutBuild(diagnostics: again).resolve([document]).locales
            #expect(!again.hasErrors, "\(tag): \(again.diagnostics.filter { $0.severity == .error })")
            let original = try #require(ShippedLayoutTests.shipped.locales.first { $0.tag == tag })
            #expect(Self.typed(imported.first?.layouts ?? []) == Self.typed(original.layouts), "\(tag)")
            #expect(imported.first?.callout(for: "a")?.variants == original.callout(for: "a")?.variants, "\(tag)")
        }
    }

    @Test func theSchemaCheckFindsAnInvalidFile() {
        #expect(XMLSchemaCheck.problems("<keyboard3 locale=\"xx\" conformsTo=\"45\"><keys/></keyboard3>", schema: Self.schema).count == 1)
        #expect(XMLSchemaCheck.problems("<keyboard3 locale=\"xx\" conformsTo=\"45\"><info name=\"x\"/></keyboard3>", schema: Self.schema).isEmpty)
    }
}
