import Foundation
@testable import KeylexCompiler
@testable import KeylexRuntime
import Testing

/// Phonetic keys from rule text: matching order, anchors, look-ahead, silent letters, repeated
/// letters, and syntax errors with their line and column; the rules read back from their table as
/// parsed.
@Suite struct PhoneticRuleSyntaxTests {
    static let rules = """
        # a comment
        ^kn N
        ch X
        c(eiy) S
        c K
        [aeiou]
        ^[aeiou] A
        mb$ M
        s S
        m M
        n N
        b B
        t T
        k K
        """

    @Test func keysFollowTheFirstMatchingRule() throws {
        let rules = try PhoneticRuleSyntax.parse(Self.rules)
        #expect(rules.key(of: "knit") == "NT")      // ^kn at the start; vowels silent
        #expect(rules.key(of: "cent") == "SNT")     // c before e
        #expect(rules.key(of: "cat") == "KT")
        #expect(rules.key(of: "chin") == "XN")      // ch before c
        #expect(rules.key(of: "accent") == "SNT")   // "cc" read once: c before e
        #expect(rules.key(of: "tomb") == "TM")      // mb at the end
        #expect(rules.key(of: "tombs") == "TMBS")
        #expect(rules.key(of: "Kant's") == "KNTS")  // case and apostrophes ignored
        // "[aeiou]" (silent) comes before "^[aeiou] A", so a first vowel is silent too.
        #expect(rules.key(of: "ant") == "NT")
        #expect(rules.key(of: "") == "")
    }

    @Test func syntaxErrorsSayWhere() {
        func error(_ text: String) -> PhoneticRuleSyntax.SyntaxError? {
            do { _ = try PhoneticRuleSyntax.parse(text); return nil } catch { return error }
        }
        #expect(error("c K\nc(ei S")?.line == 2)
        #expect(error("c K\nc(ei")?.message == "')' expected")
        #expect(error("ab cd") .map { ($0.line, $0.column) } ?? (0, 0) == (1, 4))   // replacements are capitals
        #expect(error("a1 X").map { ($0.line, $0.column) } ?? (0, 0) == (1, 2))
        #expect(error("^ X")?.message == "a rule needs a letter to match")
        #expect(error("[] X")?.message == "an empty set of letters")
        // Each limit at the limit and one past it.
        #expect(error("abcdefgh X") == nil)
        #expect(error("abcdefghi X")?.message == "a pattern of more than 8 letters")
        #expect(error("a ABCDEFGH") == nil)
        #expect(error("a ABCDEFGHI")?.message == "a replacement of more than 8 characters")
        #expect(error(String(repeating: "a A\n", count: PhoneticRules.maxRules)) == nil)
        #expect(error(String(repeating: "a A\n", count: PhoneticRules.maxRules + 1)) != nil)
        #expect(error("a\n\n# only a comment\nb B\n") == nil)
        #expect(error("[" + String(repeating: "a", count: PhoneticRules.maxSetSize) + "] A") == nil)
        #expect(error("[" + String(repeating: "a", count: PhoneticRules.maxSetSize + 1) + "] A")?.message == "a set of more than 255 letters")
    }

    /// The shipped English rules and the test's, through the `phon` section's table and back.
    @Test func rulesReadBackFromTheirTableAsParsed() throws {
        let english = try String(contentsOfFile: TestSupport.shipped("corpora/en/phonetic.rules"), encoding: .utf8)
        for text in [Self.rules, english] {
            let rules = try PhoneticRuleSyntax.parse(text)
            let table = PhoneticIndexEncoder.rulesTable(rules)
            let read = try table.withUnsafeBytes { bytes in
                try #require(PhoneticRules(table: ByteView(base: bytes.baseAddress!, count: bytes.count)))
            }
            #expect(read == rules)
        }
    }
}
