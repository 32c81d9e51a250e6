/// Rules that turn a word into its phonetic key, a rough spelling of how it sounds (`business` and
/// `bisnes` both read `BSNS`), as aspell's "soundslike" and Metaphone do: the key of what was typed
/// finds words that sound alike however far apart their letters are.
///
/// One rule a line, `PATTERN REPLACEMENT` (the replacement may be empty: the letters are silent).
/// A pattern is a run of elements, each a letter or a bracketed set of letters (`[aeiou]`), then
/// optionally a bracketed look-ahead in parentheses, `(eiy)`, that the next letter must be in but that
/// the rule does not consume; `^` before it ties it to the start of the word, `$` after it to the end.
/// Lines that are empty or start with `#` are comments.
///
/// The key of a word: its letters in lower case, a repeated letter read once, other characters
/// (apostrophes, hyphens, digits) left out; at each position the first rule that matches gives its
/// replacement and consumes its letters; a letter no rule matches is silent.
public struct PhoneticRules: Sendable {
    struct Rule: Sendable {
        var atStart = false
        var atEnd = false
        /// The letters each consumed position may be.
        var elements: [[Unicode.Scalar]] = []
        /// The letters the next position must be, when the rule has a look-ahead.
        var lookahead: [Unicode.Scalar]?
        var replacement: [UInt8] = []
    }

    let rules: [Rule]
    /// The rules' text, as parsed (what the compiler stores).
    public let text: String

    /// The most rules, and the longest pattern, a rule set may have.
    public static let maxRules = 1024
    public static let maxPatternLength = 8
    /// The longest key computed: letters past it are not read.
    public static let maxKeyLength = 64

    /// Why a rule line is not valid.
    public struct SyntaxError: Error, Equatable, Sendable {
        /// 1-based line and column (in Unicode scalars) of the problem.
        public let line: Int
        public let column: Int
        public let message: String
    }

    /// Parses `text`, or throws the first line that is not a valid rule.
    public init(text: String) throws(SyntaxError) {
        var rules: [Rule] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars.filter { $0 != "\r" })
            guard let first = scalars.first, first != "#" else { continue }
            guard rules.count < Self.maxRules else {
                throw SyntaxError(line: index + 1, column: 1, message: "more than \(Self.maxRules) rules")
            }
            rules.append(try Self.rule(scalars, line: index + 1))
        }
        self.rules = rules
        self.text = text
    }

    /// Parses one rule line.
    private static func rule(_ s: [Unicode.Scalar], line: Int) throws(SyntaxError) -> Rule {
        var rule = Rule()
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
            defer { i += 1 }
            return s[start..<i].map(lowercased)
        }
        if s.first == "^" { rule.atStart = true; i = 1 }
        while i < s.count, s[i] != " ", s[i] != "(", s[i] != "$" {
            if s[i] == "[" {
                i += 1
                rule.elements.append(try letters(until: "]"))
            } else {
                guard s[i].properties.isAlphabetic else { throw fail("'\(s[i].escaped(asASCII: true))' is not a letter") }
                rule.elements.append([lowercased(s[i])])
                i += 1
            }
        }
        guard !rule.elements.isEmpty else { throw fail("a rule needs a letter to match") }
        guard rule.elements.count <= maxPatternLength else { throw fail("a pattern of more than \(maxPatternLength) letters") }
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
        guard rule.replacement.count <= maxPatternLength else { throw fail("a replacement of more than \(maxPatternLength) characters") }
        return rule
    }

    /// Writes the key of `word` into `key` (at most ``maxKeyLength`` characters, and at most its
    /// capacity); returns its length.
    public func key(of word: some Sequence<Unicode.Scalar>, into key: UnsafeMutableBufferPointer<UInt8>) -> Int {
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: Self.maxKeyLength) { letters in
            var n = 0
            for scalar in word where scalar.properties.isAlphabetic && n < Self.maxKeyLength {
                let letter = lowercased(scalar)
                if n == 0 || letters[n - 1] != letter {
                    letters[n] = letter
                    n += 1
                }
            }
            return encode(UnsafeBufferPointer(rebasing: letters[..<n]), into: key)
        }
    }

    /// The key of `word` as a string (for tools and tests).
    public func key(of word: String) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxKeyLength) { buffer in
            let length = key(of: word.unicodeScalars, into: buffer)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self)
        }
    }

    private func encode(_ letters: UnsafeBufferPointer<Unicode.Scalar>, into key: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var length = 0, i = 0
        while i < letters.count {
            guard let rule = rules.first(where: { matches($0, letters, at: i) }) else {
                i += 1
                continue
            }
            for byte in rule.replacement where length < key.count && (length == 0 || key[length - 1] != byte) {
                key[length] = byte
                length += 1
            }
            i += rule.elements.count
        }
        return length
    }

    private func matches(_ rule: Rule, _ letters: UnsafeBufferPointer<Unicode.Scalar>, at i: Int) -> Bool {
        let end = i + rule.elements.count
        guard !rule.atStart || i == 0, end <= letters.count, !rule.atEnd || end == letters.count else { return false }
        for (k, element) in rule.elements.enumerated() where !element.contains(letters[i + k]) { return false }
        guard let lookahead = rule.lookahead else { return true }
        return end < letters.count && lookahead.contains(letters[end])
    }
}

/// `scalar` in lower case, when that is one scalar.
private func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    return lower.count == 1 ? lower.first! : scalar
}
