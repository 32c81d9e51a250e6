// Fuzz target `aosp`: imports the input as a LatinIME keyboard file (`kbd_fuzz.xml`, beside the
// real LatinIME fixtures it may include, in the folder scripts/fuzz.sh prepares), compiles what was
// imported and reads the bundle back.
import Foundation
import KeylexCompiler
import KeylexRuntime

private let folder = ".build-fuzz/aosp-folder"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLatinIMEKeyboard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: folder + "/res-xml/kbd_fuzz.xml", contents: Data(bytes: data, count: size)) else {
        fatalError("run through scripts/fuzz.sh aosp, which prepares \(folder)")
    }
    let diagnostics = DiagnosticEngine()
    let documents = AOSPImporter(folder: folder, diagnostics: diagnostics).importSubtypes()
    let (locales, _) = LayoutBuild(diagnostics: diagnostics).resolve(documents)
    guard diagnostics.errorCount == 0, !locales.isEmpty else { return 0 }
    if let bundle = try? LayoutBundle(bytes: LayoutBuild.bundle(locales: locales)) { _ = drawEveryLayer(bundle) }
    return 0
}
