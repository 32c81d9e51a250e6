// KeyboardDemo: a command-line "keyboard" on Keylex bundles compiled at build time by the Keylex
// plugin (from this target's layouts/ and corpora/).
//
//     swift run KeyboardDemo [LOCALE] [TEXT…]
//
// Draws the locale's phone layout (its lowercased layer) and names its theme's colours, then prints the suggestions for each
// text given, or for each line read from standard input: what a keyboard extension would show
// above its keys as the user types.
import Foundation
import KeylexRuntime

let arguments = Array(CommandLine.arguments.dropFirst())
let locale = arguments.first ?? "en-US"

guard let url = Bundle.module.url(forResource: locale, withExtension: "klx") else {
    let available = ((try? FileManager.default.contentsOfDirectory(atPath: Bundle.module.bundlePath)) ?? [])
        .filter { $0.hasSuffix(".klx") }.map { String($0.dropLast(4)) }.sorted()
    FileHandle.standardError.write(Data("no bundle for \(locale); the plugin compiled: \(available.joined(separator: " "))\n".utf8))
    exit(1)
}

do {
    // The layout: each row of the lowercased layer, keys at the widths the runtime computes.
    let layouts = try LayoutBundle(contentsOf: url.path)
    if let layer = layouts.layout(for: .phone, locale: locale)?.layer(.lowercased) {
        print("\(locale) phone layout, \(layer.name) layer:")
        var rows: [[String]] = Array(repeating: [], count: layer.rowCount)
        layer.forEachKeyFrame(keyboardWidth: 320, rowHeight: 54) { frame, key in
            let text = key.displayText?.description ?? "\(key.action)"
            rows[frame.row].append(key.callout == nil ? text : text + "…")
        }
        for row in rows { print("  " + row.map { "[\($0)]" }.joined(separator: " ")) }
        // The theme: what to draw a letter key and the keyboard behind it with, light and dark.
        if let theme = layer.layout.locale.themeName {
            let key = layer.row(at: 0)[0]
            func colors(_ appearance: Appearance) -> String {
                let hex = { (color: StyleColor?) in color.map { "#" + String(format: "%06X", $0.rgba >> 8) } ?? "default" }
                return "\(hex(key.style(appearance)?.background)) on \(hex(layer.layout.locale.keyboardStyle(appearance)?.background))"
            }
            print("  theme \(theme): keys \(colors(.light)), dark \(colors(.dark))")
        }
    }

    // The suggestions, as KeyboardKit's autocomplete toolbar would show them. A locale without a
    // corpus (here, all but English) has layouts only.
    guard try Container(contentsOf: url.path).features.contains(.dictionary) else {
        print("(\(locale) has no dictionary: the demo links only corpora/en)")
        exit(0)
    }
    let engine = try SuggestionEngine(contentsOf: url.path)
    func show(_ text: String) {
        let suggestions = engine.suggestions(for: text, count: 3).map { suggestion -> String in
            let quoted = "\"\(suggestion.text)\""
            return suggestion.isAutocorrect ? "\(quoted) (autocorrect)" : suggestion.isUnknown ? "\(quoted) (unknown)" : quoted
        }
        print("\(text) → \(suggestions.isEmpty ? "nothing" : suggestions.joined(separator: "  "))")
    }
    if arguments.count > 1 {
        arguments.dropFirst().forEach(show)
    } else {
        while let line = readLine() { show(line) }
    }
} catch {
    FileHandle.standardError.write(Data("\(url.path): \(error)\n".utf8))
    exit(1)
}
