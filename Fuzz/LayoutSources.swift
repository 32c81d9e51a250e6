// Fuzz target `layout`: compiles the input as an XML and as a JSON layout document, through
// validation, resolution and encoding, and reads the encoded bundle back.
import KeylexCompiler
import KeylexRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for path in ["fuzz.xml", "fuzz.json"] {
        let diagnostics = DiagnosticEngine()
        let documents = [LayoutSourceReader(diagnostics: diagnostics).read(bytes, path: path)].compactMap { $0 }
        let (locales, _) = LayoutBuild(diagnostics: diagnostics).resolve(documents)
        guard diagnostics.errorCount == 0, !locales.isEmpty else { continue }
        if let bundle = try? LayoutBundle(bytes: LayoutBuild.bundle(locales: locales)) { _ = drawEveryLayer(bundle) }
    }
    return 0
}
