// Fuzz target `bundle`: opens the input as a bundle and runs every query an app makes on it
// (dictionary lookups, completions, corrections, suggestions, layouts, key frames, callouts).
import KeylexRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundle(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let container = try? Container(bytes: bytes) else { return 0 }
    _ = try? container.verifyChecksums()
    let layout = (try? LayoutBundle(container: container)).map(drawEveryLayer)
    if let dictionary = try? WordDictionary(container: container) {
        for word in ["the", "th", "", "ü", "c'est"] {
            _ = dictionary.contains(word)
            _ = dictionary.frequencyClass(of: word)
            _ = dictionary.completions(of: word, count: 5)
        }
        _ = dictionary.word(at: 0)
        _ = dictionary.word(at: Int(dictionary.wordCount) - 1)
        let engine = SuggestionEngine(dictionary: dictionary, layout: layout ?? nil)
        for text in ["so teh", "Hel", "strasse", "inturpratasion", "a pri", "qu'il"] { _ = engine.suggestions(for: text, count: 5) }
    }
    return 0
}

/// Reads every key of every layer of every layout, with its frame and callout; returns a phone layout.
func drawEveryLayer(_ bundle: LayoutBundle) -> KeyboardLayout? {
    var sink = 0
    for locale in bundle.locales {
        sink &+= locale.tag.utf8Count &+ locale.calloutCount
        _ = locale.callout(for: "e")
        for layout in locale.layouts {
            for layer in layout.layers {
                layer.forEachKeyFrame(keyboardWidth: 320, rowHeight: 50) { frame, key in
                    sink &+= (key.output?.description.count ?? 0) &+ (key.callout?.count ?? 0) &+ (key.targetLayer?.rowCount ?? 0)
                    if frame.width.isNaN { sink &+= 1 }
                }
            }
        }
    }
    return sink == -1 ? nil : bundle.layout(for: .phone)
}
