import Foundation

/// The keyboard texts of one AOSP locale (LatinIME's `donottranslate-more-keys` tables): what
/// `!text/name` stands for in key specs and more-keys lists, the locale's own table over the
/// language's over the default one, as LatinIME's `KeyboardTextsTable` looks them up.
struct AOSPTexts {
    /// Each name's text (Android resource escapes already undone) and where it was written.
    private(set) var entries: [String: (text: String, location: SourceLocation)] = [:]
    /// References are expanded at most this deep (LatinIME's limit), into at most this many bytes.
    static let maxDepth = 10, maxLength = 1 << 16

    /// Adds the `<string name>` entries of a table file, replacing earlier ones of the same name.
    mutating func add(_ file: ImportedXML) {
        for element in file.children(file.root, "string") {
            guard let name = file.attributes(element)["name"]?.value else { continue }
            entries[name] = (Self.resourceText(file.text(element)), file.location(element))
        }
    }

    /// Adds `other`'s entries over these.
    mutating func merge(_ other: AOSPTexts) {
        entries.merge(other.entries) { $1 }
    }

    /// `text` with every `!text/name` replaced by its text, recursively; an unknown name is
    /// reported at `location` and left out.
    func expand(_ text: String, at location: SourceLocation, diagnostics: DiagnosticEngine) -> String {
        var text = text
        for _ in 0...Self.maxDepth {
            guard text.contains("!text/") else { return text }
            text = expandOnce(text, at: location, diagnostics: diagnostics)
            guard text.utf8.count <= Self.maxLength else { break }
        }
        diagnostics.reportOnce(location, .nestedTooDeep("text references (!text/)", most: Self.maxDepth))
        return ""
    }

    private func expandOnce(_ text: String, at location: SourceLocation, diagnostics: DiagnosticEngine) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "!text/") {
            let escaped = rest[..<range.lowerBound].reversed().prefix { $0 == "\\" }.count % 2 == 1
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            guard !escaped else { continue }
            result.removeLast("!text/".count)
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            rest = rest.dropFirst(name.count)
            if let entry = entries[String(name)] {
                result += entry.text
            } else {
                diagnostics.reportOnce(
                    location,
                    .missingReference("keyboard text", String(name), expected: "a <string name=\"\(name)\"> in the more-keys tables"))
            }
        }
        return result + rest
    }

    /// An Android string resource's value: surrounding double quotes removed and the escapes
    /// `\\`, `\'`, `\"`, `\@`, `\?`, `\n`, `\t` and `\uXXXX` undone, as `aapt` does to resource
    /// strings and attribute values; other backslashes are kept for the key-spec syntax.
    static func resourceText(_ raw: String) -> String {
        var scalars = Array(raw.unicodeScalars)
        if scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" { scalars = Array(scalars.dropFirst().dropLast()) }
        var result = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "\\", i + 1 < scalars.count else {
                result.append(scalars[i])
                i += 1
                continue
            }
            let next = scalars[i + 1]
            switch next {
            case "\\", "'", "\"", "@", "?": result.append(next)
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "u" where i + 5 < scalars.count:
                let hex = String(String.UnicodeScalarView(scalars[(i + 2)...(i + 5)]))
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                    result.append(scalar)
                    i += 6
                    continue
                }
                result.append(contentsOf: [scalars[i], next])
            default: result.append(contentsOf: [scalars[i], next])
            }
            i += 2
        }
        return String(result)
    }
}
