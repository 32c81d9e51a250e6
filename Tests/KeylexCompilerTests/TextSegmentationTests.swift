@testable import KeylexRuntime
import Testing

/// The text before the cursor as the engine reads it at every keystroke: its tokens at whitespace
/// and the recent words among them.
@Suite struct TextSegmentationTests {
    /// The whitespace test's 25 code points are exactly Unicode's White_Space property, as the
    /// standard library's tables give it, over every scalar.
    @Test func whitespaceIsUnicodesWhiteSpaceProperty() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if TextSegmentation.isSpace(scalar) != scalar.properties.isWhitespace { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.map { String($0, radix: 16) })")
    }

    /// A token of digits and the signs inside numbers is a number, whatever punctuation surrounds
    /// it; one with letters is no number (`2nd`, `abc123`) and breaks the context.
    @Test(arguments: [
        ("5", true), ("(1713-1784)", true), ("$5", true), ("50%", true), ("3.5", true), ("10:30", true), ("1,000", true),
        ("5.", true), ("2nd", false), ("abc123", false), ("example.com", false), ("5+5", false), ("5am", false),
    ])
    func numbersAreTheirOwnTokens(_ token: String, _ isNumber: Bool) {
        let (kind, endsSentence) = TextSegmentation.classify(Substring(token))
        #expect((kind == .number) == isNumber && (kind == .other) == !isNumber, "\(kind)")
        #expect(endsSentence == (token == "5."))
    }

    /// The words before the cursor and what they follow: a sentence's start, a number, or a token
    /// that breaks the context.
    @Test func theLastWordsSayWhatTheyFollow() throws {
        func last(_ text: String) -> ([Substring], TextSegmentation.Boundary?)? {
            TextSegmentation.lastWords(of: Substring(text)).map { ($0.words, $0.after) }
        }
        #expect(try #require(last("")) == ([], .sentence))
        #expect(try #require(last("It rained. The ")) == (["The"], .sentence))
        #expect(try #require(last("It took 20 ")) == ([], .number))
        #expect(try #require(last("It took 20 long ")) == (["long"], .number))
        #expect(try #require(last("It took (1713-1784) ")) == ([], .number))
        #expect(try #require(last("It cost 5. Then ")) == (["Then"], .sentence), "a number that ends a sentence ends it")
        #expect(try #require(last("it took twenty long ")) == (["twenty", "long"], nil))
        #expect(last("see https://x.org/a ") == nil)
        #expect(try #require(last("see https://x.org/a now ")) == (["now"], nil))
    }

    /// The recent words' tokens are the text split at whitespace of every kind (tabs, line ends,
    /// no-break and ideographic spaces), and only the words that start with the typed word's first
    /// letter, in either case, are counted.
    @Test func recentWordsCountTheWordsThatStartLikeTheTypedOne() {
        let text: Substring = " The cat\tand\u{00A0}the dog.\nThe end,\u{3000}then «the» τέλος  "
        #expect(TextSegmentation.tokens(of: text) == text.split(whereSeparator: \.isWhitespace))
        let numbers: [Substring: Int] = ["the": 1, "The": 1, "then": 2, "cat": 3, "end": 4]
        let recent = RecentWords(text: text, typed: "th") { numbers[$0] }
        #expect(recent.total == 10)
        #expect(recent.share(of: 1) == 4 / 10 && recent.share(of: 2) == 1 / 10)
        #expect(recent.share(of: 3) == 0 && recent.share(of: 4) == 0)
    }

    /// The recent words are made again only when the text before the word or the word's first
    /// letter changes, not at each letter typed on.
    @Test func recentWordsAreKeptWhileAWordIsTyped() {
        let cache = RecentWordsCache()
        var made: [String] = []
        func ask(_ text: Substring, _ typed: Substring) -> Int {
            cache.words(text: text, typed: typed) { word in
                // Called for each word looked up while the recent words are made: noted once a making.
                if made.last != "\(text)|\(typed)" { made.append("\(text)|\(typed)") }
                return word == "the" ? 1 : nil
            }.total
        }
        #expect(ask("the cat and the", "t") == 4 && ask("the cat and the", "th") == 4 && ask("the cat and the", "The") == 4)
        #expect(made == ["the cat and the|t"])
        #expect(ask("the cat and the", "a") == 4 && ask("the cat and thé", "a") == 4 && ask("the cat and thé ", "a") == 4)
        #expect(made == ["the cat and the|t", "the cat and the|a", "the cat and thé|a", "the cat and thé |a"])
    }
}
