import KeylexRuntime

/// The source syntax of phonetic rules (`corpora/<locale>/phonetic.rules`), parsed into
/// ``KeylexRuntime/PhoneticRules``.
///
/// One rule a line, `PATTERN REPLACEMENT` (the replacement may be empty: the letters are silent).
/// A pattern is a run of elements, each a letter or a bracketed set of letters (`[aeiou]`), then
/// optionally a bracketed look-ahead in parentheses, `(eiy)`, that the next letter must be in but that
/// the rule does not consume; `^` before it ties it to the start of the word, `$` after it to the end.
/// Lines that are empty or start with `#` are comments.
public enum PhoneticRuleSyntax {
    /// Why a rule line is not valid.
    public struct SyntaxError: Error, Equatable, Sendable {
        /// 1-based line and column (in Unicode scalars) of the problem.
        public let line: Int
        public let column: Int
        public let message: String
    }

    /// The rules of `text`, or the first line that is not a valid rule.
    public static func parse(_ text: String) throws(SyntaxError) -> PhoneticRules {
        var rules: [PhoneticRules.Rule] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars.filter { $0 != "\r" })
            guard let first = scalars.first, first != "#" else { continue }
            guard rules.count < PhoneticRules.maxRules else {
                throw SyntaxError(line: index + 1, column: 1, message: "more than \(PhoneticRules.maxRules) rules")
            }
            rules.append(try Self.rule(scalars, line: index + 1))
        }
        return PhoneticRules(rules: rules)
    }

    /// Parses one rule line.
    private static func rule(_ s: [Unicode.Scalar], line: Int) throws(SyntaxError) -> PhoneticRules.Rule {
        var rule = PhoneticRules.Rule(elements: [], replacement: [])
        var i = 0
        func fail(_ message: String) -> SyntaxError { SyntaxError(line: line, column: i + 1, message: message) }
        func letters(until close: Unicode.Scalar) throws(SyntaxError) -> [Unicode.Scalar] {
            let start = i
            while i < s.count, s[i] != close {
                guard s[i].properties.isAlphabetic else { throw fail("'\(s[i].escaped(asASCII: true))' is not a letter") }
                i += 1
            }
            guard i < s.count else { throw fail("'\(close)' expected") }
            guard i > start else { throw fail("an empty set of letters") }
            guard i - start <= PhoneticRules.maxSetSize else { throw fail("a set of more than \(PhoneticRules.maxSetSize) letters") }
            defer { i += 1 }
            return s[start..<i].map(PhoneticRules.letter)
        }
        if s.first == "^" { rule.atStart = true; i = 1 }
        while i < s.count, s[i] != " ", s[i] != "(", s[i] != "$" {
            if s[i] == "[" {
                i += 1
                rule.elements.append(try letters(until: "]"))
            } else {
                guard s[i].properties.isAlphabetic else { throw fail("'\(s[i].escaped(asASCII: true))' is not a letter") }
                rule.elements.append([PhoneticRules.letter(s[i])])
                i += 1
            }
        }
        guard !rule.elements.isEmpty else { throw fail("a rule needs a letter to match") }
        guard rule.elements.count <= PhoneticRules.maxPatternLength else {
            throw fail("a pattern of more than \(PhoneticRules.maxPatternLength) letters")
        }
        if i < s.count, s[i] == "(" {
            i += 1
            rule.lookahead = try letters(until: ")")
        }
        if i < s.count, s[i] == "$" { rule.atEnd = true; i += 1 }
        guard i == s.count || s[i] == " " else { throw fail("a space expected before the replacement") }
        if i < s.count { i += 1 }
        let replacement = s[i...]
        guard replacement.allSatisfy({ $0.isASCII && $0.properties.isUppercase || ("0"..."9").contains($0) }) else {
            throw fail("a replacement is capital ASCII letters or digits")
        }
        rule.replacement = replacement.map { UInt8($0.value) }
        guard rule.replacement.count <= PhoneticRules.maxPatternLength else {
            throw fail("a replacement of more than \(PhoneticRules.maxPatternLength) characters")
        }
        return rule
    }
}
