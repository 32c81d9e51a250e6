import Testing
@testable import KeylexRuntime

/// Phonetic rules as the runtime reads them: from a `phon` table (see ``PhoneticFormat``), each
/// field checked, and applied to words by their first matching rule.
@Suite struct PhoneticRulesTests {
    /// `^kn N`, `c(eiy) S`, `c K`, `mb$ M`, `[aeiou]` (silent), as the compiler's table holds them.
    static let table: [UInt8] = {
        var bytes: [UInt8] = [5, 0]
        func letters(_ text: String) {
            bytes.append(UInt8(text.unicodeScalars.count))
            for scalar in text.unicodeScalars { bytes += (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) } }
        }
        func rule(_ flags: UInt8, _ elements: [String], _ lookahead: String?, _ replacement: String) {
            bytes += [flags, UInt8(elements.count), UInt8(replacement.utf8.count)]
            elements.forEach(letters)
            lookahead.map(letters)
            bytes += replacement.utf8
        }
        rule(PhoneticFormat.RuleFlag.atStart, ["k", "n"], nil, "N")
        rule(PhoneticFormat.RuleFlag.lookahead, ["c"], "eiy", "S")
        rule(0, ["c"], nil, "K")
        rule(PhoneticFormat.RuleFlag.atEnd, ["m", "b"], nil, "M")
        rule(0, ["aeiou"], nil, "")
        return bytes
    }()

    static func read(_ bytes: [UInt8]) -> PhoneticRules? {
        bytes.withUnsafeBytes { PhoneticRules(table: ByteView(base: $0.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, count: $0.count)) }
    }

    @Test func keysFollowTheFirstMatchingRuleOfTheTable() throws {
        let rules = try #require(Self.read(Self.table))
        #expect(rules.rules.count == 5)
        #expect(rules.key(of: "knick") == "NK")    // ^kn at the start; "ck": c before k, k silent
        #expect(rules.key(of: "cinema") == "S")    // c before i; letters no rule has are silent
        #expect(rules.key(of: "Comb") == "KM")     // case ignored; mb at the end
        #expect(rules.key(of: "combs") == "K")     // mb not at the end: b and s silent
        #expect(rules.key(of: "") == "")
    }

    @Test func aDamagedTableIsNotRead() {
        // Every truncation, and counts past the limits.
        for length in 0..<Self.table.count { #expect(Self.read(Array(Self.table[..<length])) == nil, "\(length) bytes") }
        var tooMany = Self.table
        tooMany[0] = 0xFF
        tooMany[1] = 0xFF
        #expect(Self.read(tooMany) == nil)
        var longPattern = Self.table
        longPattern[3] = UInt8(PhoneticRules.maxPatternLength + 1)
        #expect(Self.read(longPattern) == nil)
        var notAScalar = Self.table
        notAScalar.replaceSubrange(6..<10, with: [0x00, 0xD8, 0x00, 0x00])  // U+D800, a surrogate
        #expect(Self.read(notAScalar) == nil)
        var emptySet = Self.table
        emptySet[5] = 0
        #expect(Self.read(emptySet) == nil)
    }
}
