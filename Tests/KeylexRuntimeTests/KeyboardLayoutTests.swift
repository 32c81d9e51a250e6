import Testing
@testable import KeylexRuntime

/// The fixture's layout as an app reads it: layers, rows, keys, their frames and callouts.
@Suite struct KeyboardLayoutTests {
    let layout: KeyboardLayout

    init() throws {
        let bundle = try LayoutBundle(contentsOf: KeyboardFixture.path)
        #expect(bundle.locales.map { $0.tag.description } == ["en"])
        layout = try #require(bundle.layout(for: .phone, locale: "en"))
    }

    @Test func theRowsHoldTheKeysAsWritten() throws {
        let lower = try #require(layout.layer(.lowercased))
        #expect(lower.rowCount == 4)
        #expect(lower.row(at: 0).compactMap { $0.output?.description }.joined() == "qwertyuiop")
        #expect(lower.row(at: 2).map(\.action) == [.shift] + Array(repeating: .character, count: 7) + [.backspace])
        #expect(lower.row(at: 3).map(\.action) == [.space, .primary])
        #expect(lower.row(at: 3)[1].returnType == .return)
    }

    @Test func theUpperCaseLayerIsDerived() throws {
        let upper = try #require(layout.layer(.uppercased))
        #expect(upper.isDerived)
        #expect(upper.row(at: 1).compactMap { $0.output?.description }.joined() == "ASDFGHJKL")
    }

    @Test func calloutsAreFoundByTheirCharacter() throws {
        let callout = try #require(layout.locale.callout(for: "e"))
        #expect(callout.map(\.description) == ["é", "è", "ê"])
        #expect(callout.defaultIndex == 0)
        #expect(layout.locale.callout(for: "q") == nil)
    }

    @Test func keyFramesTileTheKeyboardAndFindTheKeyUnderAFinger() throws {
        let lower = try #require(layout.layer(.lowercased))
        var frames: [KeyFrame] = []
        lower.forEachKeyFrame(keyboardWidth: 400, rowHeight: 50) { frame, _ in frames.append(frame) }
        #expect(frames.count == 10 + 9 + 9 + 2)
        #expect(frames.allSatisfy { $0.x >= 0 && $0.x + $0.width <= 400.001 && $0.height == 50 })
        let (frame, key) = try #require(lower.key(atX: 20, y: 25, keyboardWidth: 400, rowHeight: 50))
        #expect(key.output?.description == "q" && frame.row == 0 && frame.index == 0)
        let space = try #require(lower.key(atX: 100, y: 175, keyboardWidth: 400, rowHeight: 50))
        #expect(space.1.action == .space)
        #expect(lower.key(atX: -5, y: 25, keyboardWidth: 400, rowHeight: 50) == nil)
        #expect(lower.key(atX: 20, y: 400, keyboardWidth: 400, rowHeight: 50) == nil)
    }
}
