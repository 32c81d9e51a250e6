/// Rules that turn a word into its phonetic key, a rough spelling of how it sounds (`business` and
/// `bisnes` both read `BSNS`), as aspell's "soundslike" and Metaphone do: the key of what was typed
/// finds words that sound alike however far apart their letters are.
///
/// A rule matches a run of letters, each from a set (`[aeiou]`), optionally only at the start or
/// the end of the word, and optionally only before a letter of a look-ahead set that it does not
/// consume; it writes its replacement (empty: the letters are silent). The compiler parses the
/// rules' source text (docs/SUGGESTIONS.md) and stores them as a table (``PhoneticFormat``).
///
/// The key of a word: its letters in lower case, a repeated letter read once, other characters
/// (apostrophes, hyphens, digits) left out; at each position the first rule that matches gives its
/// replacement and consumes its letters; a letter no rule matches is silent.
public struct PhoneticRules: Sendable, Equatable {
    /// One rule: the letters it matches (and must see next), where, and what it writes.
    public struct Rule: Sendable, Equatable {
        public var atStart: Bool
        public var atEnd: Bool
        /// The letters each consumed position may be (lower case).
        public var elements: [[Unicode.Scalar]]
        /// The letters the next position must be, when the rule has a look-ahead.
        public var lookahead: [Unicode.Scalar]?
        /// Capital ASCII letters or digits; empty when the letters are silent.
        public var replacement: [UInt8]

        public init(
            atStart: Bool = false, atEnd: Bool = false, elements: [[Unicode.Scalar]], lookahead: [Unicode.Scalar]? = nil,
            replacement: [UInt8]
        ) {
            self.atStart = atStart
            self.atEnd = atEnd
            self.elements = elements
            self.lookahead = lookahead
            self.replacement = replacement
        }
    }

    /// In the order they are tried.
    public let rules: [Rule]

    /// The most rules, and the longest pattern or replacement, a rule set may have.
    public static let maxRules = 1024
    public static let maxPatternLength = 8
    /// The most letters a set of letters may have.
    public static let maxSetSize = 255
    /// The longest key computed: letters past it are not read.
    public static let maxKeyLength = 64

    /// Rules already checked against the limits above (the compiler's parser checks them).
    public init(rules: [Rule]) {
        self.rules = rules
    }

    /// The rules encoded in `table` as ``PhoneticFormat`` lays them out, or `nil` when the table
    /// breaks that layout or the limits.
    init?(table: ByteView) {
        var reader = RuleReader(bytes: table)
        guard let count = reader.u16(), Int(count) <= Self.maxRules else { return nil }
        var rules: [Rule] = []
        for _ in 0..<count {
            guard let rule = reader.rule() else { return nil }
            rules.append(rule)
        }
        self.rules = rules
    }

    /// `scalar` in lower case, when that is one scalar: how a rule's letters and a word's letters
    /// are compared.
    public static func letter(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }

    /// Writes the key of `word` into `key` (at most ``maxKeyLength`` characters, and at most its
    /// capacity); returns its length.
    public func key(of word: some Sequence<Unicode.Scalar>, into key: UnsafeMutableBufferPointer<UInt8>) -> Int {
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: Self.maxKeyLength) { letters in
            var n = 0
            for scalar in word where scalar.properties.isAlphabetic && n < Self.maxKeyLength {
                let letter = Self.letter(scalar)
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

/// Reads the rules of a `phon` section's table (see ``PhoneticFormat``), each field checked.
private struct RuleReader {
    let bytes: ByteView
    var offset = 0

    init(bytes: ByteView) { self.bytes = bytes }

    mutating func u8() -> UInt8? {
        defer { offset += 1 }
        return bytes.u8(offset)
    }

    mutating func u16() -> UInt16? {
        defer { offset += 2 }
        return bytes.u16(offset)
    }

    /// A set of letters: its size (1…``PhoneticRules/maxSetSize``), then each letter as a `UInt32` scalar value.
    mutating func letters() -> [Unicode.Scalar]? {
        guard let count = u8(), count > 0 else { return nil }
        var letters: [Unicode.Scalar] = []
        for _ in 0..<count {
            guard let value = bytes.u32(offset), let scalar = Unicode.Scalar(value) else { return nil }
            offset += 4
            letters.append(scalar)
        }
        return letters
    }

    mutating func rule() -> PhoneticRules.Rule? {
        guard let flags = u8(), let elementCount = u8(), let replacementLength = u8(),
            (1...PhoneticRules.maxPatternLength).contains(Int(elementCount)), Int(replacementLength) <= PhoneticRules.maxPatternLength
        else { return nil }
        var elements: [[Unicode.Scalar]] = []
        for _ in 0..<elementCount {
            guard let element = letters() else { return nil }
            elements.append(element)
        }
        var lookahead: [Unicode.Scalar]?
        if flags & PhoneticFormat.RuleFlag.lookahead != 0 {
            guard let letters = letters() else { return nil }
            lookahead = letters
        }
        var replacement: [UInt8] = []
        for _ in 0..<replacementLength {
            guard let byte = u8() else { return nil }
            replacement.append(byte)
        }
        return PhoneticRules.Rule(
            atStart: flags & PhoneticFormat.RuleFlag.atStart != 0, atEnd: flags & PhoneticFormat.RuleFlag.atEnd != 0,
            elements: elements, lookahead: lookahead, replacement: replacement)
    }
}
