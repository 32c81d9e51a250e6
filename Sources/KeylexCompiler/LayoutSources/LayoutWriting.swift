import KeylexRuntime

/// What the XML and JSON writers share: how a row is split into compact character runs and keys.
enum RowItem {
    /// Plain one-unit character keys written as one string.
    case characters(String)
    case key(KeyModel)

    /// The items of a row: maximal runs of plain character keys that read back as the same keys,
    /// and the other keys one by one.
    static func items(_ row: RowModel) -> [RowItem] {
        var items: [RowItem] = []
        var run = ""
        var runCount = 0
        func flush() {
            if !run.isEmpty { items.append(.characters(run)) }
            run = ""
            runCount = 0
        }
        for key in row.keys {
            guard key.isPlainCharacter, let value = key.value, value.count == 1, !value.first!.isWhitespace else {
                flush()
                items.append(.key(key))
                continue
            }
            if (run + value).count != runCount + 1 { flush() }
            run += value
            runCount += 1
        }
        flush()
        return items
    }
}

/// Writes a layout document as XML, the inverse of ``XMLLayoutReader`` (same model back).
public enum XMLLayoutWriter {
    public static func write(_ document: LayoutDocument) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<keyboard"
            + attributes([
                ("locale", document.locale), ("name", document.name), ("source", document.source),
                ("extends", document.extends), ("direction", document.direction?.description),
                ("abstract", document.isAbstract ? "true" : nil), ("theme", document.theme),
            ])
        guard document.callouts != nil || !document.transforms.isEmpty || !document.layouts.isEmpty || !document.themes.isEmpty else {
            return out + "/>\n"
        }
        out += ">\n"
        for theme in document.themes {
            out += "  <theme" + attributes([("id", theme.id), ("extends", theme.extends)]) + (theme.rules.isEmpty ? "/>\n" : ">\n")
            guard !theme.rules.isEmpty else { continue }
            for rule in theme.rules {
                out += "    <\(StyleSyntax.element(rule.target))" + attributes(StyleSyntax.fields(rule)) + "/>\n"
            }
            out += "  </theme>\n"
        }
        if let set = document.callouts {
            out += "  <callouts" + attributes([("extends", set.extends)])
            if set.callouts.isEmpty {
                out += "/>\n"
            } else {
                out += ">\n"
                for callout in set.callouts {
                    out +=
                        "    <callout"
                        + attributes([
                            ("key", callout.character), ("variants", callout.variants.joined(separator: " ")),
                            ("default", callout.defaultVariant),
                        ]) + "/>\n"
                }
                out += "  </callouts>\n"
            }
        }
        if !document.transforms.isEmpty {
            out += "  <transforms>\n"
            for transform in document.transforms {
                out += "    <transform" + attributes([("from", transform.from), ("to", transform.to)]) + "/>\n"
            }
            out += "  </transforms>\n"
        }
        for layout in document.layouts {
            out +=
                "  <layout"
                + attributes([
                    ("formFactor", layout.formFactor.description),
                    ("field", layout.field == .text ? nil : layout.field.description),
                ]) + ">\n"
            for layer in layout.layers {
                out += "    <layer" + attributes([("id", layer.id), ("custom", layer.isCustom ? "true" : nil)])
                out += layer.rows.isEmpty ? "/>\n" : ">\n"
                for row in layer.rows {
                    let items = RowItem.items(row)
                    let index = row.index.map(String.init)
                    if items.count == 1, case .characters(let run) = items[0] {
                        out += "      <row" + attributes([("index", index), ("chars", run)]) + "/>\n"
                        continue
                    }
                    out += "      <row" + attributes([("index", index)]) + (items.isEmpty ? "/>\n" : ">\n")
                    guard !items.isEmpty else { continue }
                    for item in items {
                        switch item {
                        case .characters(let run): out += "        <chars" + attributes([("value", run)]) + "/>\n"
                        case .key(let key):
                            let texts = KeyTextField.allCases.map { ($0.rawValue, key[$0]) }
                            out +=
                                "        <key"
                                + attributes(
                                    [("action", key.action == .character ? nil : key.action.description)] + texts
                                        + [("width", key.width?.sourceText)] + gestures(key)) + "/>\n"
                        }
                    }
                    out += "      </row>\n"
                }
                if !layer.rows.isEmpty { out += "    </layer>\n" }
            }
            for replacement in layout.replacements {
                out += "    <replace" + attributes([("key", replacement.key), ("with", replacement.with)]) + "/>\n"
            }
            out += "  </layout>\n"
        }
        return out + "</keyboard>\n"
    }

    /// ` name="value"` for each pair, escaped for XML.
    static func attributes(_ pairs: [(String, String)]) -> String {
        attributes(pairs.map { ($0.0, Optional($0.1)) })
    }

    /// ` name="value"` for each pair with a value, escaped for XML.
    static func attributes(_ pairs: [(String, String?)]) -> String {
        pairs.compactMap { name, value in value.map { " \(name)=\"\(escape($0))\"" } }.joined()
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out += "&#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension XMLLayoutWriter {
    /// A key's flicks, multi-tap outputs and own callout in their source syntax (attributes or
    /// members).
    static func gestures(_ key: KeyModel) -> [(String, String?)] {
        [
            ("flicks", key.flicks.isEmpty ? nil : LayoutVocabulary.flicksText(key.flicks)),
            ("multiTap", key.multiTap.isEmpty ? nil : key.multiTap.joined(separator: " ")),
            ("callout", key.callout.isEmpty ? nil : key.callout.joined(separator: " ")),
            ("calloutActions", key.calloutActions.isEmpty ? nil : LayoutVocabulary.calloutActionsText(key.calloutActions)),
        ]
    }
}

/// Writes a layout document as JSON, the inverse of ``JSONLayoutReader`` (same model back).
public enum JSONLayoutWriter {
    public static func write(_ document: LayoutDocument) -> String {
        var members: [String] = []
        members.append("\"$schema\": \"schema/\(LayoutSchemas.jsonSchemaFileName)\"")
        for (name, value) in [
            ("locale", document.locale), ("name", document.name), ("source", document.source),
            ("extends", document.extends), ("direction", document.direction?.description),
        ] {
            if let value { members.append("\(quote(name)): \(quote(value))") }
        }
        if document.isAbstract { members.append("\"abstract\": true") }
        if let theme = document.theme { members.append("\"theme\": \(quote(theme))") }
        if !document.themes.isEmpty {
            members.append("\"themes\": [\n" + document.themes.map(theme).joined(separator: ",\n") + "\n  ]")
        }
        if let set = document.callouts {
            var parts: [String] = []
            if let parent = set.extends { parts.append("\"extends\": \(quote(parent))") }
            let keys = set.callouts.map { callout -> String in
                let variants = quote(callout.variants.joined(separator: " "))
                let value = callout.defaultVariant.map { "{ \"variants\": \(variants), \"default\": \(quote($0)) }" } ?? variants
                return "      \(quote(callout.character)): \(value)"
            }
            parts.append("\"keys\": {" + (keys.isEmpty ? "}" : "\n" + keys.joined(separator: ",\n") + "\n    }"))
            members.append("\"callouts\": {\n    " + parts.joined(separator: ",\n    ") + "\n  }")
        }
        if !document.transforms.isEmpty {
            let items = document.transforms.map { "    { \"from\": \(quote($0.from)), \"to\": \(quote($0.to)) }" }
            members.append("\"transforms\": [\n" + items.joined(separator: ",\n") + "\n  ]")
        }
        if !document.layouts.isEmpty {
            members.append("\"layouts\": [\n" + document.layouts.map(layout).joined(separator: ",\n") + "\n  ]")
        }
        return "{\n  " + members.joined(separator: ",\n  ") + "\n}\n"
    }

    private static func theme(_ theme: Theme) -> String {
        var parts = ["\"id\": \(quote(theme.id))"]
        if let parent = theme.extends { parts.append("\"extends\": \(quote(parent))") }
        for target in StyleTarget.allCases {
            let rules = theme.rules.filter { $0.target == target }
            guard !rules.isEmpty else { continue }
            parts.append(
                quote(StyleSyntax.element(target) + "s") + ": [\n" + rules.map { "        " + rule($0) }.joined(separator: ",\n")
                    + "\n      ]")
        }
        return "    {\n      " + parts.joined(separator: ",\n      ") + "\n    }"
    }

    /// A style rule's members: numbers and the pressed state as JSON numbers and booleans.
    private static func rule(_ rule: StyleRule) -> String {
        let members = StyleSyntax.fields(rule).map { name, text in
            let kind = StyleProperty.allCases.first { $0.description == name }?.kind
            let bare = kind == .number || name == StyleSyntax.pressedName(rule.target)
            return "\(quote(name)): \(bare ? text : quote(text))"
        }
        return "{ " + members.joined(separator: ", ") + " }"
    }

    private static func layout(_ layout: LayoutModel) -> String {
        var parts = ["\"formFactor\": \(quote(layout.formFactor.description))"]
        if layout.field != .text { parts.append("\"field\": \(quote(layout.field.description))") }
        let layers = layout.layers.map { layer -> String in
            var fields = ["\"id\": \(quote(layer.id))"]
            if layer.isCustom { fields.append("\"custom\": true") }
            let rows = layer.rows.map { "            " + row($0) }
            fields.append("\"rows\": [" + (rows.isEmpty ? "]" : "\n" + rows.joined(separator: ",\n") + "\n          ]"))
            return "        {\n          " + fields.joined(separator: ",\n          ") + "\n        }"
        }
        parts.append("\"layers\": [\n" + layers.joined(separator: ",\n") + "\n      ]")
        if !layout.replacements.isEmpty {
            let replacements = layout.replacements.map { "{ \"key\": \(quote($0.key)), \"with\": \(quote($0.with)) }" }
            parts.append("\"replace\": [" + replacements.joined(separator: ", ") + "]")
        }
        return "    {\n      " + parts.joined(separator: ",\n      ") + "\n    }"
    }

    private static func row(_ row: RowModel) -> String {
        let items = RowItem.items(row)
        var keys: String
        if items.count == 1, case .characters(let run) = items[0] {
            keys = quote(run)
        } else {
            keys =
                "["
                + items.map { item -> String in
                    switch item {
                    case .characters(let run): return quote(run)
                    case .key(let key):
                        var fields: [String] = []
                        if key.action != .character { fields.append("\"action\": \(quote(key.action.description))") }
                        for field in KeyTextField.allCases {
                            if let text = key[field] { fields.append("\"\(field.rawValue)\": \(quote(text))") }
                        }
                        if let width = key.width { fields.append("\"width\": \(quote(width.sourceText))") }
                        for (name, text) in XMLLayoutWriter.gestures(key) { if let text { fields.append("\"\(name)\": \(quote(text))") } }
                        return "{ " + fields.joined(separator: ", ") + " }"
                    }
                }.joined(separator: ", ") + "]"
        }
        return row.index.map { "{ \"index\": \($0), \"keys\": \(keys) }" } ?? keys
    }

    private static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u" + scalar.hexDigits(uppercase: false)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
