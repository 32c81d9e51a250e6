/// CLDR transforms over `<set>` variables, expanded into literal transforms: a `from` of literal
/// text, set references (`$[vowel]`) and capture groups of either (`($[vowel])`, `(\u{0F71})`),
/// with a `to` that names groups (`$1`) and maps a set group's item to the item at the same place
/// of another set (`$[1:graveVowel]`), becomes one transform per choice of the sets' items.
extension CLDRText {
    /// At most this many literal transforms come from one transform, and a set has at most this
    /// many items (a set may name sets defined before it: each doubling the last would otherwise
    /// reach 2^40 items in 40 lines).
    static let maxExpansions = 10_000

    private enum Part {
        case literal(String)
        case set(String, [String])
    }

    /// The items of a `<set>`'s value: its whitespace-separated texts, a `$[name]` among them
    /// standing for the items of that set.
    func setItems(_ value: String) throws(Failure) -> [String] {
        var result: [String] = []
        for item in value.split(whereSeparator: \.isWhitespace) {
            let isReference = item.hasPrefix("$[") && item.hasSuffix("]")
            result += isReference ? try items(String(item.dropFirst(2).dropLast())) : [try text(String(item))]
            guard result.count <= Self.maxExpansions else { throw .unsupported("a set of more than \(Self.maxExpansions) items") }
        }
        return result
    }

    /// The literal transforms of `from` and `to`.
    func expanded(from: String, to: String) throws(Failure) -> [(from: String, to: String)] {
        let (parts, groups) = try parse(from)
        let sets = parts.indices.compactMap { i -> (Int, Int)? in if case .set(_, let items) = parts[i] { (i, items.count) } else { nil } }
        // Multiplied with a check at each step: twenty references to a set of 100 would overflow.
        var total = 1
        for (_, count) in sets {
            let (product, overflow) = total.multipliedReportingOverflow(by: max(count, 1))
            guard !overflow, product <= Self.maxExpansions else {
                throw .unsupported("more than \(Self.maxExpansions) choices of set items")
            }
            total = product
        }
        guard sets.allSatisfy({ $0.1 > 0 }) else { return [] }
        return try (0..<total).map { combination throws(Failure) in
            var choice: [Int: Int] = [:], rest = combination
            for (part, count) in sets {
                choice[part] = rest % count
                rest /= count
            }
            let texts = parts.indices.map { i in
                switch parts[i] {
                case .literal(let text): return text
                case .set(_, let items): return items[choice[i]!]
                }
            }
            return (texts.joined(), try replacement(to, texts: texts, parts: parts, groups: groups, choice: choice))
        }
    }

    /// The parts of a `from` and the part each capture group holds.
    private func parse(_ raw: String) throws(Failure) -> ([Part], [Int]) {
        var parts: [Part] = [], groups: [Int] = []
        var scalars = Array(raw.unicodeScalars)[...], literal = ""
        func flush() throws(Failure) {
            if !literal.isEmpty { parts.append(.literal(try self.literal(literal))) }
            literal = ""
        }
        while let scalar = scalars.first {
            if scalar == "\\", scalars.count > 1 {
                literal.unicodeScalars.append(contentsOf: scalars.prefix(2))
                scalars = scalars.dropFirst(2)
            } else if scalar == "$", scalars.dropFirst().first == "[" {
                try flush()
                parts.append(try setReference(&scalars))
            } else if scalar == "(" {
                try flush()
                guard let close = scalars.firstIndex(of: ")") else { throw .unsupported("the regular expression operator '('") }
                let inside = String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close]))
                scalars = scalars[(close + 1)...]
                groups.append(parts.count)
                var group = Array(inside.unicodeScalars)[...]
                if inside.hasPrefix("$["), inside.firstIndex(of: "]") == inside.index(before: inside.endIndex) {
                    parts.append(try setReference(&group))
                } else {
                    parts.append(.literal(try self.literal(inside)))
                }
            } else {
                literal.unicodeScalars.append(scalar)
                scalars = scalars.dropFirst()
            }
        }
        try flush()
        return (parts, groups)
    }

    /// `$[name]` at the start of `scalars`, which it consumes.
    private func setReference(_ scalars: inout ArraySlice<Unicode.Scalar>) throws(Failure) -> Part {
        guard let close = scalars.firstIndex(of: "]") else { throw .malformed("$[ without ]") }
        let name = String(String.UnicodeScalarView(scalars.dropFirst(2)[..<close]))
        scalars = scalars[(close + 1)...]
        return .set(name, try items(name))
    }

    private func items(_ name: String) throws(Failure) -> [String] {
        if let items = sets[name] { return items }
        throw unexpandedSets.contains(name)
            ? .unsupported("the set $[\(name)] (a Unicode set, one of markers, or a set refused where it is defined)")
            : .malformed("no set variable '\(name)'")
    }

    /// A `to` with `$n` and `$[n:set]` replaced by what the groups matched.
    private func replacement(_ raw: String, texts: [String], parts: [Part], groups: [Int], choice: [Int: Int]) throws(Failure) -> String {
        var out = "", chunk = ""
        var scalars = Array(raw.unicodeScalars)[...]
        func group(_ digits: String) throws(Failure) -> Int {
            guard let n = Int(digits), n >= 1, n <= groups.count else { throw .malformed("no group $\(digits) in the transform's from") }
            return groups[n - 1]
        }
        while let scalar = scalars.popFirst() {
            guard scalar == "$", let next = scalars.first, next == "[" || ("1"..."9").contains(next) else {
                chunk.unicodeScalars.append(scalar)
                if scalar == "\\", let escaped = scalars.popFirst() { chunk.unicodeScalars.append(escaped) }
                continue
            }
            out += try text(chunk)
            chunk = ""
            if next == "[" {
                guard let close = scalars.firstIndex(of: "]") else { throw .malformed("$[ without ]") }
                let reference = String(String.UnicodeScalarView(scalars.dropFirst()[..<close])).split(separator: ":", maxSplits: 1).map(
                    String.init)
                scalars = scalars[(close + 1)...]
                guard reference.count == 2, let index = choice[try group(reference[0])] else {
                    throw .unsupported("a set in a transform's to ($[…] without a group)")
                }
                let target = try items(reference[1])
                guard index < target.count else { throw .malformed("the set '\(reference[1])' has fewer items than the set it maps") }
                out += target[index]
            } else {
                out += texts[try group(String(scalars.removeFirst()))]
            }
        }
        return out + (try text(chunk))
    }
}
