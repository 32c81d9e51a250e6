// Fuzz target `bundle`: opens the input as a bundle and runs every query an app makes on it
// (dictionary lookups, completions, corrections, suggestions with the runs of letters that lower
// the autocorrect margin, layouts, key frames, callouts, emoji).
import KeylexRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundle(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let container = try? Container(bytes: bytes) else { return 0 }
    _ = try? container.verifyChecksums()
    let layout = (try? LayoutBundle(container: container)).flatMap { bundle in
        _ = drawEveryLayer(bundle)
        return bundle.layout(for: .phone)
    }
    if let emoji = EmojiIndex(container: container) {
        for query in ["h", "piz", "thumbs u", "", "ü"] { _ = emoji.search(query, limit: 300, skinTone: .medium) }
        _ = emoji.emoji(named: "heart", limit: 300, skinTone: .dark)
    }
    if let dictionary = try? WordDictionary(container: container) {
        for word in ["the", "th", "", "ü", "c'est"] {
            _ = dictionary.contains(word)
            _ = dictionary.frequencyClass(of: word)
            _ = dictionary.completions(of: word, count: 5)
        }
        _ = dictionary.word(at: 0)
        _ = dictionary.word(at: Int(dictionary.wordCount) - 1)
        let engine = SuggestionEngine(dictionary: dictionary, layout: layout)
        for text in ["so teh", "Hel", "strasse", "inturpratasion", "a pri", "qu'il", "the bisnes", "", "I want to ", "Thank you. ", "in the mor", "thumbs up", "pizza "] {
            _ = engine.suggestions(for: text, count: 5)
        }
    }
    return 0
}
