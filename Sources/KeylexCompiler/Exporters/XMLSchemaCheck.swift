import CLibXML2
import Foundation

/// Checks an XML text against an XSD file with libxml2 (for exported files: CLDR's
/// `ldmlKeyboard3.xsd`).
public enum XMLSchemaCheck {
    /// libxml2's reports, one a line (`line N: message`); empty when `xml` is valid. A schema that
    /// cannot be read is one report.
    public static func problems(_ xml: String, schema path: String) -> [String] {
        guard let parser = xmlSchemaNewParserCtxt(path) else { return ["the schema \(path) cannot be read"] }
        defer { xmlSchemaFreeParserCtxt(parser) }
        guard let schema = xmlSchemaParse(parser) else { return ["the schema \(path) cannot be read"] }
        defer { xmlSchemaFree(schema) }
        let bytes = Array(xml.utf8)
        let reports = XMLSource.Reports()
        guard let doc = XMLSource(positions: SourcePositions(path: "export.xml", bytes: bytes)).parse(diagnostics: DiagnosticEngine())
        else {
            return ["the text is not well-formed XML"]
        }
        defer { xmlFreeDoc(doc) }
        guard let context = xmlSchemaNewValidCtxt(schema) else { return ["no validation context"] }
        defer { xmlSchemaFreeValidCtxt(context) }
        xmlSchemaSetValidStructuredErrors(
            context,
            { data, error in
                guard let data, let error else { return }
                let message = error.pointee.message.map { String(cString: $0) } ?? "error"
                Unmanaged<XMLSource.Reports>.fromOpaque(data).takeUnretainedValue().errors
                    .append((message.trimmingCharacters(in: .whitespacesAndNewlines), Int(error.pointee.line), 0, nil, 0))
            }, Unmanaged.passUnretained(reports).toOpaque())
        _ = withExtendedLifetime(reports) { xmlSchemaValidateDoc(context, doc) }
        return reports.errors.map { "line \($0.line): \($0.message)" }
    }
}
