// Fuzz target `cldr`: imports the input as a CLDR keyboard 3.0 file (its imports read from the
// CLDR fixtures), compiles what was imported and reads the bundle back.
import KeylexCompiler
import KeylexRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCLDRKeyboard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let diagnostics = DiagnosticEngine()
    let importer = CLDRImporter(data: "Tests/KeylexCompilerTests/Fixtures/cldr-keyboards-49", diagnostics: diagnostics)
    guard let (document, _) = importer.importKeyboard(bytes: bytes, path: "fuzz.xml") else { return 0 }
    let (locales, _) = LayoutBuild(diagnostics: diagnostics).resolve([document])
    guard diagnostics.errorCount == 0, !locales.isEmpty else { return 0 }
    if let bundle = try? LayoutBundle(bytes: LayoutBuild.bundle(locales: locales)) { _ = drawEveryLayer(bundle) }
    _ = CLDRExporter(diagnostics: diagnostics).export(locales[0])
    return 0
}
