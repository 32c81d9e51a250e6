// Fuzz target `stroke`: the input is a swipe, read as little-endian Float32 triples (x, y, t) in
// points, decoded over the en-US bundle's phone layout at 390 × 54 points (the bundle that
// scripts/fuzz.sh builds for the `text` target) and over key frames the input's first triples
// make (x, y, width, height of a letter key each), as an app that draws its own keys passes them;
// over the layout, the points are also fed one at a time, the word under the finger asked after each.
import KeylexRuntime

private let decoder: GestureDecoder = {
    do {
        return GestureDecoder(engine: try SuggestionEngine(contentsOf: ".build-fuzz/text-bundles/en-US.klx"))
    } catch {
        fatalError("run through scripts/fuzz.sh stroke, which builds .build-fuzz/text-bundles: \(error)")
    }
}()

private let layoutKeys: GestureKeys = {
    let bundle = try? LayoutBundle(container: decoder.engine.dictionary.container)
    return bundle?.layout(for: .phone).map { GestureKeys(layout: $0, keyboardWidth: 390, rowHeight: 54) } ?? GestureKeys(keys: [])
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStroke(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let floats = (0..<(size / 4)).map { i in
        Double(Float(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(data[4 * i + $1]) << (8 * UInt32($1)) }))
    }
    let points = stride(from: 0, to: floats.count - 2, by: 3).map { GesturePoint(x: floats[$0], y: floats[$0 + 1], t: floats[$0 + 2]) }
    let letters = Array("etaoinshrdlucmfwypvbgkjqxz")
    let frames = stride(from: 0, to: min(floats.count, 4 * letters.count) - 3, by: 4).enumerated().map { k, i in
        GestureKeys.Key(text: String(letters[k]), x: floats[i], y: floats[i + 1], width: floats[i + 2], height: floats[i + 3])
    }
    var sink = 0
    for keys in [layoutKeys, GestureKeys(keys: frames)] {
        for word in decoder.words(for: points, keys: keys, before: "I said ", count: 5) {
            sink &+= word.text.utf8.count &+ decoder.idealPath(of: word.text, keys: keys).count
        }
        sink &+= decoder.isSwipe(points, keys: keys) ? 1 : 0
    }
    var swipe = GestureInProgress(decoder: decoder, keys: layoutKeys, before: "I said ")
    for point in points.prefix(32) {
        swipe.add(point)
        sink &+= swipe.wordUnderFinger()?.text.utf8.count ?? 0
    }
    sink &+= swipe.finish(count: 3).count
    return sink == -1 ? 1 : 0
}
