import Testing
@testable import KeylexRuntime

/// The keyboard fixture (Fixtures/keyboard, compiled into Fixtures/en-keyboard.klx: see
/// Fixtures/README.md): a made-up English layout, 57 words with counts and an n-gram model of 13
/// sentences, so that the runtime's behaviour is tested without the compiler.
enum KeyboardFixture {
    static let path = Fixtures.path("en-keyboard.klx")

    static func engine(user: UserDictionary? = nil) throws -> SuggestionEngine {
        try SuggestionEngine(contentsOf: path, userDictionary: user)
    }

    /// The texts of `engine`'s suggestions for `text`.
    static func texts(_ engine: SuggestionEngine, _ text: String, count: Int = 3) -> [String] {
        engine.suggestions(for: text, count: count).map(\.text)
    }
}
