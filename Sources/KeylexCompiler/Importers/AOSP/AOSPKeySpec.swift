/// LatinIME's key-spec syntax, after text references are expanded: a key spec is `label|output`,
/// `label` alone (typed as written), `!icon/name|…` (an icon instead of a label) or `…|!code/name`
/// (an action); a more-keys list is key specs separated by commas, with panel flags such as
/// `!fixedColumnOrder!4` and `%` where the additional more keys go. `\` escapes the next character.
struct AOSPKeySpec: Equatable {
    var label: String?
    var icon: String?
    var output: String?
    var code: String?

    /// The parts of `spec`; a spec with no label, icon, output or code is `nil`. A lone `|` is
    /// the key typing `|`.
    init?(_ spec: String) {
        let parts = spec == "|" ? [spec] : Self.split(spec, at: "|", limit: 2)
        let first = parts[0], second = parts.count > 1 ? parts[1] : nil
        if first.hasPrefix("!icon/") { icon = String(first.dropFirst(6)) } else if !first.isEmpty { label = Self.unescape(first) }
        let target = second ?? (icon == nil ? first : "")
        if target.hasPrefix("!code/") { code = String(target.dropFirst(6)) } else if !target.isEmpty { output = Self.unescape(target) }
        if second == nil, code != nil { label = nil }
        if label == output { label = nil }
        if label == nil, icon == nil, output == nil, code == nil { return nil }
    }

    /// A more-keys list's entries: key specs, `%` markers and `!flag!` panel flags, in order.
    static func list(_ text: String) -> [String] {
        text.isEmpty ? [] : split(text, at: ",", limit: .max).filter { !$0.isEmpty }
    }

    /// Whether a list entry is a panel flag (`!fixedColumnOrder!4`, `!needsDividers!`…).
    static func isFlag(_ entry: String) -> Bool {
        entry.hasPrefix("!") && !entry.hasPrefix("!text/") && !entry.hasPrefix("!icon/") && !entry.hasPrefix("!code/")
            && entry.dropFirst().contains("!")
    }

    /// `list` with `additional` put in place of its `%` markers in order (before the list when it
    /// has none, after it when more are left), as LatinIME inserts additional more keys.
    static func inserting(_ additional: [String], into list: [String]) -> [String] {
        guard list.contains("%") else { return additional + list }
        var rest = additional[...]
        var result = list.flatMap { entry -> [String] in
            guard entry == "%" else { return [entry] }
            return rest.popFirst().map { [$0] } ?? []
        }
        result += rest
        return result
    }

    /// `text` cut at the unescaped `separator`s, at most `limit` pieces, escapes kept. Scalars, not
    /// characters, are compared: a combining mark after a separator does not hide it.
    private static func split(_ text: String, at separator: Unicode.Scalar, limit: Int) -> [String] {
        var pieces: [String] = [], current = String.UnicodeScalarView(), escaped = false
        for scalar in text.unicodeScalars {
            if !escaped, scalar == separator, pieces.count < limit - 1 {
                pieces.append(String(current))
                current = String.UnicodeScalarView()
                continue
            }
            escaped = !escaped && scalar == "\\"
            current.append(scalar)
        }
        return pieces + [String(current)]
    }

    /// `text` with each `\x` made `x` (a final lone `\` is kept).
    static func unescape(_ text: String) -> String {
        var result = String.UnicodeScalarView(), escaped = false
        for scalar in text.unicodeScalars {
            if !escaped, scalar == "\\" { escaped = true; continue }
            result.append(scalar)
            escaped = false
        }
        if escaped { result.append("\\") }
        return String(result)
    }
}
