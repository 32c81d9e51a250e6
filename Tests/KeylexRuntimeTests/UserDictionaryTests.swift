import Glibc
import Testing
@testable import KeylexRuntime

/// The user's words on the fixture's bundle: a learned word is offered and never corrected away,
/// an ignored one is never offered, and both survive a save.
@Suite struct UserDictionaryTests {
    @Test func learnedAndIgnoredWordsChangeTheSuggestions() throws {
        let user = UserDictionary()
        try user.learnWord("Keylex")
        try user.ignoreWord("help")
        let engine = try KeyboardFixture.engine(user: user)
        #expect(KeyboardFixture.texts(engine, "I said Keyl").contains("Keylex"))
        #expect(!engine.suggestions(for: "I said Keylex").contains { $0.isAutocorrect })
        #expect(!KeyboardFixture.texts(engine, "I said hel", count: 5).contains("help"))
    }

    @Test func aSavedDictionaryReadsBack() throws {
        let path = "/tmp/keylex-runtime-tests-\(UInt64.random(in: 0...UInt64.max)).user"
        defer { _ = unlink(path) }
        let user = try UserDictionary(path: path)
        try user.learnWord("Keylex")
        try user.ignoreWord("help")
        try user.addTextReplacement("on my way", shortcut: "omw")
        try user.save()
        let again = try UserDictionary(path: path)
        #expect(again.hasLearnedWord("Keylex") && again.hasIgnoredWord("help"))
        #expect(again.textReplacement(for: "omw") == "on my way")
        let engine = try KeyboardFixture.engine(user: again)
        let first = try #require(engine.suggestions(for: "I am omw").first)
        #expect(first.text == "on my way" && first.isAutocorrect)
    }
}
