// Fuzz target `text`: the input is the text before the cursor (UTF-8, invalid bytes replaced), as a
// keyboard passes it on each keystroke, to the suggestion engines of real bundles (en-US, with its
// n-gram model, phonetic rules and emoji; de-DE), which scripts/fuzz.sh builds from the shipped
// layouts, corpora and emoji, to the bilingual engine over both, and to the emoji search box. The
// user's dictionary learns the word being typed and the pair before it, then forgets them, so that
// every input starts from the same words. A suggestion applied through a suggestion bar and taken
// back at once leaves the text as typed (with a space after a word it replaced).
import KeylexRuntime

private let user: UserDictionary = {
    let user = UserDictionary()
    try? user.learnWord("keylex")
    try? user.learnPair("thank", "you")
    try? user.addTextReplacement("on my way", shortcut: "omw")
    return user
}()

private let engines = ["en-US", "de-DE"].map { locale in
    do {
        return try SuggestionEngine(contentsOf: ".build-fuzz/text-bundles/\(locale).klx", userDictionary: user)
    } catch {
        fatalError("run through scripts/fuzz.sh text, which builds .build-fuzz/text-bundles: \(error)")
    }
}

private let bilingual: MultilingualSuggestionEngine = {
    guard let engine = MultilingualSuggestionEngine(engines: engines) else { fatalError("two engines make a bilingual one") }
    return engine
}()

private let emoji: EmojiIndex = {
    guard let index = engines[0].emoji else { fatalError("the en-US bundle has no emoji: scripts/fuzz.sh builds it with emoji/") }
    return index
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTypedText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let learned = learn(from: text)
    var sink = 0
    for suggest in engines.map({ engine in { engine.suggestions(for: $0, count: 5) } }) + [{ bilingual.suggestions(for: $0, count: 5) }] {
        for suggestion in suggest(text) + suggest(text + " ") {
            sink &+= suggestion.text.utf8.count &+ (suggestion.remainder?.utf8.count ?? 0) &+ (suggestion.isAutocorrect ? 1 : 0)
        }
    }
    sink &+= bilingual.language(of: text)
    sink &+= applyAndTakeBack(text)
    for found in emoji.search(text, limit: 20, skinTone: .medium) + emoji.emoji(named: text, limit: 3) { sink &+= found.text.utf8.count }
    forget(learned)
    return sink == -1 ? 1 : 0
}

/// Applies the first suggestion of a bar for `text` and takes it back: the text is then `text`, with
/// a space after the word the suggestion replaced (a next word, which replaced nothing, goes whole).
private func applyAndTakeBack(_ text: String) -> Int {
    var bar = SuggestionBar(engine: engines[0])
    guard let first = bar.suggestions(for: text).first, let after = bar.apply(first, to: text)?.applied(to: text) else { return 0 }
    guard let back = bar.undoAutocorrection(before: after)?.applied(to: after) else { return 1 }
    let expected = first.typed.isEmpty ? text : text + " "
    if back != expected { fatalError("applied and taken back, \(text.debugDescription) became \(back.debugDescription)") }
    return back.utf8.count
}

/// Learns the word being typed and the word before it as a pair, and a text replacement of the word
/// by the text's start; returns them, to be forgotten.
private func learn(from text: String) -> (word: String, previous: String?)? {
    guard let current = CurrentWord(in: text), !user.hasLearnedWord(String(current.text)) else { return nil }
    let word = String(current.text)
    let previous = text[..<current.start].split(separator: " ").last.map(String.init)
    try? user.learnWord(word)
    if let previous { try? user.learnPair(previous, word) }
    if user.textReplacement(for: word) == nil { try? user.addTextReplacement(String(text.prefix(30)), shortcut: word) }
    return (word, previous)
}

private func forget(_ learned: (word: String, previous: String?)?) {
    guard let (word, previous) = learned else { return }
    try? user.unlearnWord(word)
    if let previous { try? user.unlearnPair(previous, word) }
    try? user.removeTextReplacement(shortcut: word)
}
