import Testing
@testable import KeylexRuntime

/// Swiping on the fixture's layout: a stroke along a word's keys spells it, and what is not a
/// stroke is not decoded.
@Suite struct SwipeTests {
    let engine: SuggestionEngine
    let keys: GestureKeys

    init() throws {
        engine = try KeyboardFixture.engine()
        let layout = try #require(try LayoutBundle(contentsOf: KeyboardFixture.path).layout(for: .phone))
        keys = GestureKeys(layout: layout, keyboardWidth: 390, rowHeight: 54)
    }

    @Test(arguments: ["hello", "world", "people", "question", "keyboard", "thanks"])
    func aStrokeAlongAWordsKeysSpellsIt(_ word: String) {
        let decoder = GestureDecoder(engine: engine)
        let points = decoder.idealPath(of: word, keys: keys)
        #expect(decoder.isSwipe(points, keys: keys))
        #expect(decoder.words(for: points, keys: keys, before: "I said ").first?.text == word)
    }

    @Test func aTapIsNoSwipe() {
        let decoder = GestureDecoder(engine: engine)
        let tap = [GesturePoint(x: 20, y: 27, t: 0), GesturePoint(x: 21, y: 28, t: 60)]
        #expect(!decoder.isSwipe(tap, keys: keys))
        #expect(decoder.words(for: [], keys: keys).isEmpty)
    }
}
