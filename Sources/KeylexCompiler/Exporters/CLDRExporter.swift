import KeylexRuntime

/// Writes a resolved locale as a CLDR LDML keyboard 3.0 touch keyboard (`<keyboard3>`, valid against
/// CLDR's `ldmlKeyboard3.xsd`), so that a layout made here can go to Keyman and other CLDR tools:
/// each layout a touch form (the phone's, then the tablet's with a `minDeviceWidth`), each layer a
/// `<layer>` (`base`, `shift`, `caps`, `numeric`, `symbol`), keys with their outputs, displays,
/// widths, callouts as long-press keys, flicks and multi-tap keys, and the transforms. What CLDR
/// cannot say (backspace, return, the globe key, field layouts, fixed widths, themes) is reported and left
/// out, or drawn as a gap where a key was.
public struct CLDRExporter {
    let diagnostics: DiagnosticEngine

    public init(diagnostics: DiagnosticEngine) { self.diagnostics = diagnostics }

    /// The keyboards of the locales `tags` (all when empty) of the layouts directory, as LDML
    /// keyboard 3.0 XML by tag; each checked against the XSD at `schema` when given (an invalid
    /// one is a `schema-violation` error). A tag no layout defines is a `missing-reference` error.
    public func export(layouts: String, tags: [String], schema: String?) -> [(tag: String, xml: String)] {
        let documents = LayoutSourceReader(diagnostics: diagnostics).readDirectory(layouts)
        let resolved = LayoutBuild(diagnostics: diagnostics).resolve(documents).locales
        for tag in tags where !resolved.contains(where: { $0.tag == tag }) {
            diagnostics.report(SourceLocation(file: layouts), .missingReference("locale", tag, expected: "a layout document in \(layouts)"))
        }
        let files = resolved.filter { tags.isEmpty || tags.contains($0.tag) }.map { ($0.tag, export($0)) }
        for (tag, xml) in files {
            for problem in schema.map({ XMLSchemaCheck.problems(xml, schema: $0) }) ?? [] {
                diagnostics.report(SourceLocation(file: tag + ".xml"), .schemaViolation(problem))
            }
        }
        return files
    }

    /// The keyboard of `locale` as LDML keyboard 3.0 XML.
    public func export(_ locale: ResolvedLocale) -> String {
        var keys = CLDRKeyTable()
        var layers = ""
        if let theme = locale.theme {
            report(locale.document.origin, "the theme '\(theme.id)'", kept: "CLDR keyboards have no styles; it is left out")
        }
        for layout in locale.layouts {
            guard layout.field == .text else {
                report(
                    layout.origin, "the \(layout.formFactor) \(layout.field) layout",
                    kept: "CLDR has no keyboards for kinds of field; it is left out")
                continue
            }
            layers += layerElements(layout, locale: locale, keys: &keys)
        }
        let name = XMLLayoutWriter.attributes([("name", locale.name ?? locale.tag), ("attribution", locale.document.source)])
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<keyboard3" + XMLLayoutWriter.attributes([("locale", locale.tag), ("conformsTo", "45")]) + ">\n"
        out += "  <info\(name)/>\n"
        if !keys.displays.isEmpty { out += "  <displays>\n" + keys.displays.joined() + "  </displays>\n" }
        out += "  <keys>\n" + keys.elements.joined() + "  </keys>\n"
        if !keys.flicks.isEmpty { out += "  <flicks>\n" + keys.flicks.joined() + "  </flicks>\n" }
        out += layers
        if !locale.transforms.isEmpty {
            out += "  <transforms type=\"simple\">\n    <transformGroup>\n"
            for transform in locale.transforms {
                out +=
                    "      <transform"
                    + XMLLayoutWriter.attributes([
                        ("from", Self.escape(transform.from, regex: true)), ("to", Self.escape(transform.to, regex: false)),
                    ]) + "/>\n"
            }
            out += "    </transformGroup>\n  </transforms>\n"
        }
        return out + "</keyboard3>\n"
    }

    private func layerElements(_ layout: LayoutModel, locale: ResolvedLocale, keys: inout CLDRKeyTable) -> String {
        let width = layout.formFactor == .tablet ? XMLLayoutWriter.attributes([("minDeviceWidth", "150")]) : ""
        var out = "  <layers formId=\"touch\"\(width)>\n"
        for layer in layout.layers {
            out += "    <layer" + XMLLayoutWriter.attributes([("id", Self.layerId(layer.id))]) + ">\n"
            for row in layer.rows {
                let ids = row.keys.map {
                    keys.id(for: $0, callout: $0.typesValue ? locale.callout(for: $0.value ?? "") : nil, report: report)
                }
                guard !ids.isEmpty else { continue }
                out += "      <row keys=\"\(ids.joined(separator: " "))\"/>\n"
            }
            out += "    </layer>\n"
        }
        return out + "  </layers>\n"
    }

    private func report(_ origin: Origin, _ construct: String, kept: String) {
        diagnostics.reportOnce(origin.location, .unexportableConstruct(construct, format: "a CLDR keyboard", kept: kept))
    }

    /// The CLDR layer id of a Keylex layer.
    static func layerId(_ id: String) -> String {
        ["lowercased": "base", "uppercased": "shift", "capsLocked": "caps", "numeric": "numeric", "symbolic": "symbol"][id] ?? id
    }

    /// `text` in CLDR's text syntax: `\u{…}` for controls, spaces and the characters the syntax
    /// uses (`\`, `$`), and in a transform's `from` for regular-expression operators too.
    static func escape(_ text: String, regex: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let special =
                scalar.properties.generalCategory == .control || scalar.properties.isWhitespace || "\\$".unicodeScalars.contains(scalar)
                || regex && "[](){}.*+?|^".unicodeScalars.contains(scalar)
            out += special ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
        }
        return out
    }
}

/// The `<key>`s, `<display>`s and `<flick>`s of an exported keyboard: one per distinct key, named
/// by its character when that is a plain name, else `k` and a number.
struct CLDRKeyTable {
    private(set) var elements: [String] = []
    private(set) var displays: [String] = []
    private(set) var flicks: [String] = []
    private var ids: [String: String] = [:]
    private var used: Set<String> = []

    /// The id of `key` (with its `callout`), defining it (and its long-press, flick and multi-tap
    /// keys) the first time.
    mutating func id(for key: KeyModel, callout: Callout?, report: (Origin, String, String) -> Void) -> String {
        let signature =
            "\(key.action)|\(key.value ?? "")|\(key.label ?? "")|\(key.width.map { "\($0)" } ?? "")|\(key.flicks)|\(key.multiTap)|\(callout?.variants ?? [])"
        if let id = ids[signature] { return id }
        let id = newId(key.typesValue ? key.value : nil)
        ids[signature] = id
        var attributes: [(String, String?)] = [("id", id)]
        switch key.action {
        case .character, .text:
            attributes.append(("output", CLDRExporter.escape(key.value ?? "", regex: false)))
            attributes += gestures(key, callout: callout, id: id)
        case .space: attributes.append(("output", "\\u{20}"))
        case .shift: attributes.append(("layerId", "shift"))
        case .keyboardType: attributes.append(("layerId", CLDRExporter.layerId(key.value ?? "")))
        case .none: attributes.append(("gap", "true"))
        default:
            report(key.origin, "a \(key.action) key", "CLDR keyboards have no such key; it is a gap")
            attributes.append(("gap", "true"))
        }
        if !key.calloutActions.isEmpty {
            report(key.calloutActionsOrigin, "the actions a long press offers", "CLDR's long-press keys type; they are left out")
        }
        attributes += width(key, report: report)
        elements.append("    <key" + XMLLayoutWriter.attributes(attributes) + "/>\n")
        if let label = key.label, key.action != .none {
            displays.append(
                "    <display" + XMLLayoutWriter.attributes([("keyId", id), ("display", CLDRExporter.escape(label, regex: false))]) + "/>\n"
            )
        }
        return id
    }

    private func width(_ key: KeyModel, report: (Origin, String, String) -> Void) -> [(String, String?)] {
        switch key.width {
        case .available: return [("stretch", "true")]
        case .inputPercentage(let factor): return [("width", String((factor * 10).rounded() / 10))]
        case .percentage, .points:
            report(key.widthOrigin, "a width of \(key.width!.sourceText)", "CLDR widths are in key units; the key is one unit wide")
            return []
        case .input, nil: return []
        }
    }

    /// The long-press, flick and multi-tap attributes of a key, defining the keys they name.
    private mutating func gestures(_ key: KeyModel, callout: Callout?, id: String) -> [(String, String?)] {
        var attributes: [(String, String?)] = []
        if let callout, !callout.variants.isEmpty {
            let variantIds = outputKeys(callout.variants)
            attributes.append(("longPressKeyIds", variantIds.joined(separator: " ")))
            if let index = callout.defaultVariant.flatMap(callout.variants.firstIndex) {
                attributes.append(("longPressDefaultKeyId", variantIds[index]))
            }
        }
        if !key.multiTap.isEmpty { attributes.append(("multiTapKeyIds", outputKeys(key.multiTap).joined(separator: " "))) }
        if !key.flicks.isEmpty {
            let targets = outputKeys(key.flicks.map(\.output))
            let segments = zip(key.flicks, targets).map { "      <flickSegment directions=\"\($0.direction)\" keyId=\"\($1)\"/>\n" }
            flicks.append("    <flick id=\"\(id)-flicks\">\n" + segments.joined() + "    </flick>\n")
            attributes.append(("flickId", id + "-flicks"))
        }
        return attributes
    }

    /// The ids of plain keys typing `outputs`, each defined when new.
    private mutating func outputKeys(_ outputs: [String]) -> [String] {
        var ids: [String] = []
        for output in outputs {
            ids.append(
                id(
                    for: KeyModel(action: output.count == 1 ? .character : .text, value: output, origin: Origin(SourceLocation(file: ""))),
                    callout: nil
                ) { _, _, _ in })
        }
        return ids
    }

    private mutating func newId(_ text: String?) -> String {
        let plain = text.flatMap {
            $0.count == 1 && $0.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) })
                ? $0 : nil
        }
        let id = plain.flatMap { used.contains($0) ? nil : $0 } ?? "k\(used.count + 1)"
        used.insert(id)
        return id
    }
}
