// Layout benchmark: how long the compiler takes on the shipped layouts, and how fast an app gets at
// its keys from a compiled bundle, against parsing the same layout's JSON with Foundation at launch
// (what apps do today).
//
//     swift build -c release && .build/release/keylex-layout-bench layouts
import Foundation
import KeylexCompiler
import KeylexRuntime

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// The median time of `body` in nanoseconds, over `rounds` rounds of `repeats` calls each.
func measure(rounds: Int = 15, repeats: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = now()
        for _ in 0..<repeats { body() }
        samples.append(Double(now() - start) / Double(repeats))
    }
    return median(samples)
}

let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "layouts"
nonisolated(unsafe) var sink = 0

// 1. The compiler: read, resolve, check and encode every shipped layout.
let compile = measure(rounds: 7, repeats: 3) {
    let diagnostics = DiagnosticEngine()
    let locales = LayoutBuild(diagnostics: diagnostics).read(directory: directory).locales
    precondition(!diagnostics.hasErrors && locales.count >= 15)
    for locale in locales { sink &+= LayoutBuild.bundle(locales: [locale]).count }
}
let diagnostics = DiagnosticEngine()
let locales = LayoutBuild(diagnostics: diagnostics).read(directory: directory).locales
let keyCount = locales.reduce(0) { $0 + $1.layouts.reduce(0) { $0 + $1.layers.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.keys.count } } } }
print(String(format: "compile all %d locales (%d keys, read + resolve + check + encode): %.1f ms", locales.count, keyCount, compile / 1e6))

// 2. The runtime against Foundation JSON, on en-US.
let locale = locales.first { $0.tag == "en-US" }!
let bytes = LayoutBuild.bundle(locales: [locale])
let path = NSTemporaryDirectory() + "keylex-layout-bench.klx"
try Data(bytes).write(to: URL(fileURLWithPath: path))
let json = Data(JSONLayoutWriter.write(locale.document).utf8)

/// Every key of the phone lowercased layer, as an app draws it.
func drawFromBundle(_ bundle: LayoutBundle) {
    let layer = bundle.layout(for: .phone)!.layer(.lowercased)!
    for r in 0..<layer.rowCount {
        for key in layer.row(at: r) { sink &+= Int(key.action.rawValue) &+ (key.displayText?.utf8Count ?? 0) }
    }
}

let openAndDraw = measure(repeats: 2000) { drawFromBundle(try! LayoutBundle(contentsOf: path)) }
let openContainer = measure(repeats: 2000) { sink &+= try! Container(contentsOf: path).sections.count }
let container = try Container(contentsOf: path)
let checkTables = measure(repeats: 2000) { sink &+= try! LayoutBundle(container: container).locales.count }
let bundle = try LayoutBundle(contentsOf: path)
let drawOnly = measure(repeats: 20000) { drawFromBundle(bundle) }
let parseAndDraw = measure(repeats: 2000) {
    let object = try! JSONSerialization.jsonObject(with: json) as! [String: Any]
    let layouts = object["layouts"] as! [[String: Any]]
    let phone = layouts.first { $0["formFactor"] as? String == "phone" }!
    let layer = (phone["layers"] as! [[String: Any]]).first { $0["id"] as? String == "lowercased" }!
    for row in layer["rows"] as! [Any] {
        if let text = row as? String { sink &+= text.count; continue }
        for item in row as! [Any] {
            if let text = item as? String { sink &+= text.count } else { sink &+= (item as! [String: Any]).count }
        }
    }
}
let callouts = ["a", "e", "o", "A", "$", "q", "’", "z"]
let calloutLookup = measure(repeats: 20000) {
    for character in callouts { sink &+= bundle.locales[0].callout(for: character)?.count ?? 0 }
} / Double(callouts.count)
let frames = measure(repeats: 5000) {
    bundle.layout(for: .phone)!.layer(.lowercased)!.forEachKeyFrame(keyboardWidth: 390, rowHeight: 54) { frame, _ in sink &+= Int(frame.x) }
}
print(String(format: "en-US bundle: %d bytes (layouts only); its JSON source: %d bytes", bytes.count, json.count))
print(String(format: "open bundle + read every key of phone/lowercased: %.1f µs", openAndDraw / 1e3))
print(String(format: "  (mapping the file and checking its header: %.1f µs; checking every table reference: %.1f µs; reading the keys: %.2f µs)",
             openContainer / 1e3, checkTables / 1e3, drawOnly / 1e3))
print(String(format: "Foundation JSONSerialization parse + same walk: %.1f µs (%.1f× the bundle)", parseAndDraw / 1e3, parseAndDraw / openAndDraw))
print(String(format: "callout(for:) lookup: %.0f ns", calloutLookup))
print(String(format: "key frames of phone/lowercased (33 keys): %.2f µs", frames / 1e3))
print("(checksum \(sink & 1))")
