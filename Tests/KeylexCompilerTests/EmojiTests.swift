import Foundation
@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Emoji: CLDR's annotations compiled into a bundle's `emji` section, the emoji a word names, an
/// emoji keyboard's search, skin tones, the suggestion bar, and damaged sections.
@Suite struct EmojiTests {
    static let sample = """
    # a comment
    😀\tgrinning face\tface|grin|grinning face
    👍\tthumbs up\t+1|hand|thumb|thumbs up|up
    👍🏻\tthumbs up: light skin tone\t+1|hand|light skin tone|thumb|thumbs up|up
    👍🏾\tthumbs up: medium-dark skin tone\t+1|hand|medium-dark skin tone|thumb|thumbs up|up
    🧑🏻‍🤝‍🧑🏿\tpeople holding hands: light skin tone, dark skin tone\tcouple|hand|hold
    ❤️\tred heart\theart
    💟\theart decoration\theart
    🫵\tindex pointing at the viewer\tpoint|you
    🍕\tpizza\tcheese|pizza|slice
    ⬆️\tup arrow\tarrow|north|up
    not an emoji line
    🅰️\tA button (blood type)\tA|A button (blood type)|blood type\tSymbols/alphanum
    """

    /// The index of `text` (an annotations file), and the diagnostics reading it gave.
    static func index(_ text: String) throws -> (EmojiIndex, [Diagnostic]) {
        let path = try TestSupport.write(text, "en.tsv", in: TestSupport.temporaryDirectory())
        let engine = DiagnosticEngine()
        let annotations = try #require(EmojiAnnotations.read(path, diagnostics: engine))
        let section = try #require(EmojiIndexEncoder.section(annotations))
        var writer = ContainerWriter()
        writer.add(EmojiFormat.tag, section)
        return (try #require(EmojiIndex(container: Container(bytes: writer.bytes()))), engine.diagnostics)
    }

    @Test func aWordNamesTheEmojiWhoseNameItIsOrHoldsBestFirst() throws {
        let (index, diagnostics) = try Self.index(Self.sample)
        #expect(index.count == 8)  // toned variants and the couple in two tones are no emoji of their own
        #expect(index.emoji(named: "Pizza").map(\.text) == ["🍕"])
        #expect(index.emoji(named: "heart", limit: 5).map(\.text) == ["❤️", "💟"])  // the shorter name first
        #expect(index.emoji(named: "thumbs up").first == Emoji(text: "👍", name: "thumbs up"))
        #expect(index.emoji(named: "up", limit: 5).map(\.text) == ["⬆️", "👍"])
        #expect(index.emoji(named: "you").isEmpty)  // a keyword no word of 🫵's name: search only
        #expect(index.emoji(named: "a").isEmpty && index.search("a").first?.text == "🅰️")  // a symbol: search only
        #expect(index.emoji(named: "pizz").isEmpty && index.emoji(named: "").isEmpty && index.emoji(named: "pizza", limit: 0).isEmpty)
        let warning = try #require(diagnostics.first)
        #expect(diagnostics.count == 1 && warning.code == "invalid-emoji-line" && warning.severity == .warning)
        #expect(warning.location.line == 12 && warning.location.file.hasSuffix("en.tsv"))
    }

    @Test func searchFindsKeywordsByPrefixWholeKeywordsFirst() throws {
        let (index, _) = try Self.index(Self.sample)
        #expect(index.search("piz").map(\.text) == ["🍕"])
        #expect(index.search("YOU").map(\.text) == ["🫵"])
        #expect(index.search("thumbs u").map(\.text) == ["👍"])
        // `up` is a whole keyword of ⬆️ and 👍, `upx` of none; `h` starts hand, heart, hold.
        #expect(index.search("up", limit: 2).map(\.text) == ["⬆️", "👍"])
        #expect(index.search("upx").isEmpty && index.search("").isEmpty)
        #expect(Set(index.search("h", limit: 10).map(\.text)) == ["👍", "❤️", "💟"])
    }

    @Test func skinTonesReplaceAnEmojiThatHasThem() throws {
        let (index, _) = try Self.index(Self.sample)
        #expect(index.search("thumb", skinTone: .light).map(\.text) == ["👍🏻"])
        #expect(index.emoji(named: "thumbs up", skinTone: .mediumDark).map(\.text) == ["👍🏾"])
        #expect(index.emoji(named: "thumbs up", skinTone: .dark).map(\.text) == ["👍"])  // no such variant: the plain one
        #expect(index.emoji(named: "pizza", skinTone: .dark).map(\.text) == ["🍕"])
        #expect(index.search("hold").isEmpty)  // two tones at once: left out
    }

    /// A bundle's emoji section cut anywhere, or with any byte changed, opens as absent or answers
    /// without trapping.
    @Test func aDamagedSectionIsAbsentOrHarmless() throws {
        let path = try TestSupport.write(Self.sample, "en.tsv", in: TestSupport.temporaryDirectory())
        let annotations = try #require(EmojiAnnotations.read(path, diagnostics: DiagnosticEngine()))
        let section = try #require(EmojiIndexEncoder.section(annotations))
        for cut in stride(from: 0, to: section.count, by: 7) {
            var writer = ContainerWriter()
            writer.add(EmojiFormat.tag, Array(section.prefix(cut)))
            _ = EmojiIndex(container: try Container(bytes: writer.bytes()))?.search("h")
        }
        for position in stride(from: 0, to: section.count, by: 3) {
            var damaged = section
            damaged[position] ^= 0xA5
            var writer = ContainerWriter()
            writer.add(EmojiFormat.tag, damaged)
            if let index = EmojiIndex(container: try Container(bytes: writer.bytes())) {
                _ = index.search("h", limit: 300)
                _ = index.emoji(named: "heart", limit: 300, skinTone: .dark)
            }
        }
    }

    /// The shipped annotations: a word names its emoji in English, German, French and Spanish, and
    /// the suggestion bar offers it last, while the word is typed and after its space.
    @Test func shippedEmojiAreOfferedByTheSuggestionBar() throws {
        // de-CH's keywords are de's in Swiss spelling (scripts/swiss-german.py): `Fussball`, where de has `Fußball`.
        for (language, word, emoji) in [
            ("en", "pizza", "🍕"), ("de", "Pizza", "🍕"), ("de", "Fußball", "⚽"), ("de-CH", "Fussball", "⚽"), ("fr", "chat", "🐈"), ("es", "gato", "🐈"),
        ] {
            let annotations = try #require(EmojiAnnotations.read(TestSupport.shipped("emoji/\(language).tsv.gz"), diagnostics: DiagnosticEngine()))
            #expect(annotations.entries.count > 3_000)
            var writer = ContainerWriter()
            writer.add(EmojiFormat.tag, try #require(EmojiIndexEncoder.section(annotations)))
            let index = try #require(EmojiIndex(container: Container(bytes: writer.bytes())))
            #expect(index.emoji(named: word).first?.text == emoji, "\(language) \(word)")
        }
        let folder = try TestSupport.temporaryDirectory()
        let words = try TestSupport.write("I\t900\nwant\t800\npizza\t500\npizzas\t100\npizzeria\t90\n", "words.tsv", in: folder)
        let annotations = try #require(EmojiAnnotations.read(TestSupport.shipped("emoji/en.tsv.gz"), diagnostics: DiagnosticEngine()))
        let dictionary = DictionaryCompiler.compile(try #require(TestSupport.read([words]).0))
        let bytes = LayoutBuild.bundle(dictionary: dictionary, locales: [], emoji: EmojiIndexEncoder.section(annotations))
        var engine = SuggestionEngine(dictionary: try WordDictionary(bytes: bytes))
        let typing = engine.suggestions(for: "I want pizza", count: 3)
        #expect(typing.map(\.text) == ["pizza", "pizzas", "🍕"])
        #expect(typing.last?.isEmoji == true && typing.last?.typed == "pizza")
        let after = engine.suggestions(for: "I want pizza ", count: 3)
        #expect(after.last?.text == "🍕" && after.last?.isEmoji == true && after.last?.typed == "")
        #expect(engine.suggestions(for: "I want pizza", count: 1).map(\.text) == ["pizza"])
        let pair = engine.suggestions(for: "I want thumbs up", count: 3).last
        #expect(pair?.text == "👍" && pair?.typed == "thumbs up")  // two words name it: both are replaced
        engine.offersEmoji = false
        #expect(!engine.suggestions(for: "I want pizza", count: 3).contains { $0.isEmoji })
    }
}
