/// The text syntax of CLDR keyboard 3.0 attributes: `\u{1F600}` escapes (several code points may
/// share one: `\u{61 301}`) and `${name}` string variables. Transform `from` strings are regular
/// expressions; the literal ones (escapes and escaped punctuation) can be expressed, and those
/// with set references and groups are expanded (CLDRSetTransforms.swift).
struct CLDRText {
    /// The keyboard's `<string>` variables.
    var strings: [String: String] = [:]
    /// The keyboard's `<set>` variables: their items, decoded.
    var sets: [String: [String]] = [:]
    /// The names of its sets that are not expanded: `<uset>`s (Unicode sets) and sets of markers.
    var unexpandedSets: Set<String> = []

    /// Why a text cannot be read.
    enum Failure: Error, Equatable {
        /// A construct Keylex cannot express (a set, a marker, a group…), by name.
        case unsupported(String)
        case malformed(String)
    }

    /// An `output`, `to` or `value`: escapes and string variables replaced.
    func text(_ raw: String) throws(Failure) -> String {
        try decode(raw, regex: false)
    }

    /// A transform's `from`, when it is a literal: its text.
    func literal(_ raw: String) throws(Failure) -> String {
        try decode(raw, regex: true)
    }

    private func decode(_ raw: String, regex: Bool) throws(Failure) -> String {
        var out = String.UnicodeScalarView()
        var scalars = Array(raw.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\\":
                out.append(contentsOf: try escape(&scalars, regex: regex))
            case "$" where scalars.first == "{":
                out.append(contentsOf: try variable(&scalars).unicodeScalars)
            case "$" where scalars.first == "[":
                throw .unsupported("a set reference ($[…])")
            case _ where regex && "[](){}.*+?|^$".unicodeScalars.contains(scalar):
                throw .unsupported("the regular expression operator '\(scalar)'")
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// What follows a backslash: `u{…}`, a marker (`m{…}`), or an escaped character.
    private func escape(_ scalars: inout ArraySlice<Unicode.Scalar>, regex: Bool) throws(Failure) -> [Unicode.Scalar] {
        guard let next = scalars.popFirst() else { throw .malformed("a backslash at the end") }
        switch next {
        case "u" where scalars.first == "{":
            scalars.removeFirst()
            guard let close = scalars.firstIndex(of: "}") else { throw .malformed("\\u{ without }") }
            let digits = String(String.UnicodeScalarView(scalars[..<close]))
            scalars = scalars[(close + 1)...]
            let values = digits.split(separator: " ").map { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
                throw .malformed("'\(digits)' in \\u{…} is not hexadecimal code points")
            }
            return values.map { $0! }
        case "u" where scalars.prefix(4).count == 4 && scalars.prefix(4).allSatisfy({ $0.properties.isASCIIHexDigit }):
            // The older \uXXXX form, which test files still use.
            let value = UInt32(String(String.UnicodeScalarView(scalars.prefix(4))), radix: 16).flatMap(Unicode.Scalar.init)
            scalars = scalars.dropFirst(4)
            guard let value else { throw .malformed("a surrogate in \\u") }
            return [value]
        case "m" where scalars.first == "{", "m" where scalars.first == ".":
            throw .unsupported("a marker (\\m{…})")
        case _ where regex && (next.properties.isAlphabetic || ("0"..."9").contains(next)):
            throw .unsupported("the regular expression escape '\\\(next)'")
        default:
            return [next]
        }
    }

    private func variable(_ scalars: inout ArraySlice<Unicode.Scalar>) throws(Failure) -> String {
        scalars.removeFirst()
        guard let close = scalars.firstIndex(of: "}") else { throw .malformed("${ without }") }
        let name = String(String.UnicodeScalarView(scalars[..<close]))
        scalars = scalars[(close + 1)...]
        guard let value = strings[name] else { throw .malformed("no string variable '\(name)'") }
        return value
    }
}
