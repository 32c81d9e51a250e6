import CLibXML2
import Foundation

/// Validation of a layout XML source against the layout XSD (``LayoutSchemas``).
extension XMLSource {
    /// The attributes the XSD allows on each element, for suggestions.
    static let attributesByElement: [String: [String]] = [
        "keyboard": ["locale", "name", "source", "extends", "direction", "abstract", "theme"], "callouts": ["extends"],
        "transform": ["from", "to"],
        "theme": ["id", "extends"], "keyStyle": StyleSyntax.names(.key), "keyboardStyle": StyleSyntax.names(.keyboard),
        "inputCalloutStyle": StyleSyntax.names(.inputCallout), "actionCalloutStyle": StyleSyntax.names(.actionCallout),
        "callout": ["key", "variants", "default"], "layout": ["formFactor", "field"], "layer": ["id", "custom"],
        "row": ["chars", "index"],
        "key": ["action", "value", "label", "hint", "shifted", "width", "flicks", "multiTap", "callout", "calloutActions"],
        "chars": ["value"], "replace": ["key", "with"],
    ]

    /// Attributes whose values the reader checks itself, with suggestions: the schema's reports
    /// on them are left out.
    static let attributesCheckedByReader: Set<String> = ["action", "width", "formFactor", "direction"]

    /// Validates `doc` against the layout XSD; reports every violation at the element or, when
    /// the violation is an attribute's, at the attribute's value.
    @discardableResult
    func validate(_ doc: xmlDocPtr, diagnostics: DiagnosticEngine) -> Bool {
        let reports = Reports()
        guard let context = xmlSchemaNewValidCtxt(CompiledXSD.shared.schema) else { return false }
        defer { xmlSchemaFreeValidCtxt(context) }
        xmlSchemaSetValidStructuredErrors(
            context,
            { data, error in
                guard let data, let error else { return }
                Unmanaged<Reports>.fromOpaque(data).takeUnretainedValue().errors.append(XMLSource.report(error))
            }, Unmanaged.passUnretained(reports).toOpaque())
        let status = withExtendedLifetime(reports) { xmlSchemaValidateDoc(context, doc) }
        for report in reports.errors {
            let node = report.node?.assumingMemoryBound(to: xmlNode.self)
            var place = node.map { location(of: $0) } ?? SourceLocation(file: positions.path, line: report.line)
            let attribute = node == nil ? nil : Self.attributeName(inSchemaMessage: report.message)
            if let node, let attribute {
                if Self.attributesCheckedByReader.contains(attribute) && report.code != Int32(XML_SCHEMAV_CVC_COMPLEX_TYPE_4.rawValue) {
                    continue
                }
                place = attributes(of: node)[attribute]?.location ?? place
            }
            diagnostics.report(place, Self.message(report.message, code: report.code, attribute: attribute, element: node.map(Self.name)))
        }
        return status == 0
    }

    /// The attribute a schema message is about: libxml2 starts them "Element 'e', attribute 'a': ".
    private static func attributeName(inSchemaMessage message: String) -> String? {
        guard let marker = message.range(of: "', attribute '") else { return nil }
        let rest = message[marker.upperBound...]
        return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
    }

    /// The catalogue's message for libxml2's schema `report` of error `code`: an unknown
    /// attribute gets the closest one `element` allows.
    private static func message(_ report: String, code: Int32, attribute: String?, element: String?) -> DiagnosticMessage {
        switch code {
        case Int32(XML_SCHEMAV_ELEMENT_CONTENT.rawValue):
            return .unknownElement(report)
        case Int32(XML_SCHEMAV_CVC_COMPLEX_TYPE_3_2_1.rawValue), Int32(XML_SCHEMAV_CVC_COMPLEX_TYPE_3_2_2.rawValue):
            let known = element.flatMap { attributesByElement[$0] } ?? []
            return .unknownAttribute(
                report, attribute: attribute ?? "", closest: attribute.flatMap { NameSuggestion.closest($0, among: known) })
        default:
            return .schemaViolation(report)
        }
    }
}

/// The layout XSD, parsed once per process (a parsed schema can serve many validations at once).
private final class CompiledXSD: @unchecked Sendable {
    static let shared = CompiledXSD()
    let schema: xmlSchemaPtr

    private init() {
        // libxml2 reads the buffer while parsing without copying it: keep it alive until done.
        let text = Array(LayoutSchemas.xsd.utf8)
        let parsed = text.withUnsafeBufferPointer { buffer -> xmlSchemaPtr? in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let parser = xmlSchemaNewMemParserCtxt(chars.baseAddress, Int32(chars.count)) else { return nil }
                defer { xmlSchemaFreeParserCtxt(parser) }
                return xmlSchemaParse(parser)
            }
        }
        guard let schema = parsed else { fatalError("the built-in layout XSD does not parse") }
        self.schema = schema
    }
}
