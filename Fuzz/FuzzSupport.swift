// What several fuzz targets share (compiled into each of them by scripts/fuzz.sh).
import KeylexRuntime

/// Reads every key of every layer of every layout, with its frame, text, hint, flicks, taps, callout and styles, as
/// an app drawing the bundle does, and the locale's theme, and applies the transforms; returns a sum of what it read, so that
/// nothing is optimised away.
func drawEveryLayer(_ bundle: LayoutBundle) -> Int {
    var sink = 0
    for locale in bundle.locales {
        sink &+= locale.tag.utf8Count &+ locale.calloutCount
        _ = locale.callout(for: "e")
        sink &+= locale.transforms.replacement(typing: "e", after: "^")?.inserting.utf8.count ?? 0
        sink &+= (locale.themeName?.utf8Count ?? 0) &+ (locale.keyboardStyle(.dark)?.text?.utf8Count ?? 0)
        sink &+= (locale.inputCalloutStyle()?.fontSize == nil ? 0 : 1) &+ (locale.actionCalloutStyle(.dark, selected: true)?.image?.utf8Count ?? 0)
        for layout in locale.layouts {
            for layer in layout.layers {
                layer.forEachKeyFrame(keyboardWidth: 320, rowHeight: 50) { frame, key in
                    sink &+= (key.output?.description.count ?? 0) &+ (key.callout?.count ?? 0) &+ (key.targetLayer?.rowCount ?? 0) &+ (key.hint?.utf8Count ?? 0)
                        &+ key.flicks.count &+ (key.output(tap: 3)?.utf8Count ?? 0)
                    for appearance in Appearance.allCases {
                        sink &+= (key.style(appearance, pressed: true)?.text?.utf8Count ?? 0) &+ (key.displayText(appearance)?.utf8Count ?? 0)
                    }
                    if frame.width.isNaN { sink &+= 1 }
                }
            }
        }
    }
    return sink
}
