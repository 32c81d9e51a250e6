import Testing
@testable import KeylexRuntime

/// Every bundle the runtime is given is untrusted: a file with any one byte changed is refused
/// with an error or read, and whatever it reads, queries (lookups, suggestions, the layout, a
/// swipe) answer without a trap.
@Suite struct DamagedBundleTests {
    static func bytes(_ path: String) throws -> [UInt8] {
        let storage = try FileStorage.map(path: path)
        return withExtendedLifetime(storage) { Array(storage.view.buffer) }
    }

    /// Opens `bytes` and asks it what a keyboard asks; counts the files that opened.
    static func exercise(_ bytes: [UInt8]) -> Bool {
        guard let dictionary = try? WordDictionary(bytes: bytes) else { return false }
        let engine = SuggestionEngine(dictionary: dictionary)
        for text in ["the quikc", "schoen", "hel", "über ", ""] { _ = engine.suggestions(for: text) }
        for number in [-1, 0, 1, dictionary.wordCount - 1, dictionary.wordCount, Int.max] {
            _ = dictionary.word(at: number)
            _ = dictionary.frequencyClass(at: number)
            _ = dictionary.flags(at: number)
        }
        _ = dictionary.completions(of: "h", count: 5)
        _ = dictionary.number(of: "quick")
        exerciseLayout(dictionary)
        return true
    }

    /// Asks the bundle's phone layout, when it opens, for its keys, a correction by key distance
    /// and a swipe.
    static func exerciseLayout(_ dictionary: WordDictionary) {
        guard let bundle = try? LayoutBundle(container: dictionary.container), let layout = bundle.layout(for: .phone) else { return }
        _ = layout.locale.callout(for: "e")
        let keys = GestureKeys(layout: layout, keyboardWidth: 390, rowHeight: 54)
        let engine = SuggestionEngine(dictionary: dictionary, layout: layout)
        _ = engine.suggestions(for: "I know witg")
        let decoder = GestureDecoder(engine: engine)
        _ = decoder.words(for: decoder.idealPath(of: "hi", keys: keys), keys: keys, count: 1)
    }

    @Test(arguments: [Fixtures.german, Fixtures.english, KeyboardFixture.path])
    func everyOneByteChangeIsRefusedOrReadSafely(path: String) throws {
        let original = try Self.bytes(path)
        #expect(Self.exercise(original))
        for i in original.indices {
            for value: UInt8 in [original[i] ^ 0x01, original[i] ^ 0x80, 0xFF] where value != original[i] {
                var damaged = original
                damaged[i] = value
                let opened = Self.exercise(damaged)
                // The header and section table are checked on opening (their checksum).
                if i < ContainerFormat.headerSize { #expect(!opened, "byte \(i) = \(value)") }
            }
        }
    }

    @Test(arguments: [Fixtures.german, Fixtures.english, KeyboardFixture.path])
    func everyTruncationIsRefused(path: String) throws {
        let original = try Self.bytes(path)
        for length in 0..<original.count {
            #expect(!Self.exercise(Array(original[..<length])))
        }
    }
}
