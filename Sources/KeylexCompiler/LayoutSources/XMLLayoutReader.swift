import CLibXML2
import Foundation
import KeylexRuntime

/// Reads a layout document written in XML: libxml2 parses it and validates it against
/// ``LayoutSchemas/xsd``, then the tree becomes a ``LayoutDocument``.
///
/// libxml2 keeps only line numbers on nodes, so a SAX hook records where each start tag ends;
/// the tag's start and its attributes' places are then found in the source bytes.
struct XMLLayoutReader {
    let diagnostics: DiagnosticEngine
    private var vocabulary: LayoutVocabulary { LayoutVocabulary(diagnostics: diagnostics) }

    /// Reads the document at `path` from `bytes`; `nil` when it is not well-formed or not valid.
    func read(_ bytes: [UInt8], path: String) -> LayoutDocument? {
        guard SourcePositions.checkUTF8(bytes, path: path, diagnostics: diagnostics) else { return nil }
        let source = XMLSource(positions: SourcePositions(path: path, bytes: bytes))
        guard let doc = source.parse(diagnostics: diagnostics) else { return nil }
        defer { xmlFreeDoc(doc) }
        guard let root = xmlDocGetRootElement(doc) else { return nil }
        if doc.pointee.intSubset != nil {
            diagnostics.report(source.location(of: root), .documentType)
            return nil
        }
        // Read the model even when the schema found problems, so that one run reports them all;
        // the reader skips what is missing.
        source.validate(doc, diagnostics: diagnostics)
        return XMLSource.name(root) == "keyboard" ? document(root, source) : nil
    }

    // MARK: The model

    private func document(_ node: xmlNodePtr, _ source: XMLSource) -> LayoutDocument? {
        let attributes = source.attributes(of: node)
        guard let locale = attributes["locale"] else { return nil }
        var document = LayoutDocument(locale: locale.value, origin: Origin(source.location(of: node)))
        document.localeOrigin = Origin(locale.location)
        document.name = attributes["name"]?.value
        document.source = attributes["source"]?.value
        if let parent = attributes["extends"] {
            document.extends = parent.value
            document.extendsOrigin = Origin(parent.location)
        }
        document.isAbstract = ["true", "1"].contains(attributes["abstract"]?.value ?? "")
        if let direction = attributes["direction"] {
            document.direction = vocabulary.direction(direction.value, at: direction.location)
        }
        if let theme = attributes["theme"] {
            (document.theme, document.themeOrigin) = (theme.value, Origin(theme.location))
        }
        for child in XMLSource.elements(node) {
            switch XMLSource.name(child) {
            case "theme": if let theme = theme(child, source) { document.themes.append(theme) }
            case "callouts": document.callouts = callouts(child, source)
            case "transforms": document.transforms = transforms(child, source)
            case "layout": if let layout = layout(child, source) { document.layouts.append(layout) }
            default: break
            }
        }
        return document
    }

    private func callouts(_ node: xmlNodePtr, _ source: XMLSource) -> CalloutSet {
        var set = CalloutSet(origin: Origin(source.location(of: node)))
        if let parent = source.attributes(of: node)["extends"] {
            set.extends = parent.value
            set.extendsOrigin = Origin(parent.location)
        }
        for child in XMLSource.elements(node) {
            let attributes = source.attributes(of: child)
            guard let key = attributes["key"], let variants = attributes["variants"] else { continue }
            var callout = Callout(character: key.value, variants: LayoutVocabulary.list(variants.value),
                                  origin: Origin(key.location))
            callout.variantsOrigin = Origin(variants.location)
            if let defaultVariant = attributes["default"] {
                callout.defaultVariant = defaultVariant.value
                callout.defaultOrigin = Origin(defaultVariant.location)
            }
            set.callouts.append(callout)
        }
        return set
    }

    private func theme(_ node: xmlNodePtr, _ source: XMLSource) -> Theme? {
        let attributes = source.attributes(of: node)
        guard let id = attributes["id"] else { return nil }
        var theme = Theme(id: id.value, origin: Origin(id.location))
        if let parent = attributes["extends"] {
            (theme.extends, theme.extendsOrigin) = (parent.value, Origin(parent.location))
        }
        let syntax = StyleSyntax(diagnostics: diagnostics)
        for child in XMLSource.elements(node) {
            guard let target = StyleTarget.allCases.first(where: { StyleSyntax.element($0) == XMLSource.name(child) }) else { continue }
            let fields = source.attributes(of: child).mapValues { (text: $0.value, location: $0.location) }
            if let rule = syntax.rule(target, fields, origin: Origin(source.location(of: child))) { theme.rules.append(rule) }
        }
        return theme
    }

    private func transforms(_ node: xmlNodePtr, _ source: XMLSource) -> [Transform] {
        XMLSource.elements(node).compactMap { child in
            let attributes = source.attributes(of: child)
            guard let from = attributes["from"], let to = attributes["to"] else { return nil }
            return Transform(from: from.value, to: to.value, origin: Origin(from.location))
        }
    }

    private func layout(_ node: xmlNodePtr, _ source: XMLSource) -> Layout? {
        guard let form = source.attributes(of: node)["formFactor"],
              let formFactor = vocabulary.formFactor(form.value, at: form.location) else { return nil }
        var layout = Layout(formFactor: formFactor, origin: Origin(source.location(of: node)))
        if let field = source.attributes(of: node)["field"] {
            guard let kind = vocabulary.field(field.value, at: field.location) else { return nil }
            layout.field = kind
        }
        for child in XMLSource.elements(node) {
            let attributes = source.attributes(of: child)
            switch XMLSource.name(child) {
            case "layer":
                if let layer = layer(child, source) { layout.layers.append(layer) }
            case "replace":
                guard let key = attributes["key"], let with = attributes["with"] else { continue }
                layout.replacements.append(KeyReplacement(key: key.value, with: with.value, origin: Origin(source.location(of: child))))
            default: break
            }
        }
        return layout
    }

    private func layer(_ node: xmlNodePtr, _ source: XMLSource) -> Layer? {
        let attributes = source.attributes(of: node)
        guard let id = attributes["id"] else { return nil }
        let custom = attributes["custom"].map { $0.value == "true" || $0.value == "1" } ?? false
        guard vocabulary.layerId(id.value, custom: custom, at: id.location) else { return nil }
        var layer = Layer(id: id.value, isCustom: custom, origin: Origin(source.location(of: node)))
        for child in XMLSource.elements(node) where XMLSource.name(child) == "row" {
            layer.rows.append(row(child, source))
        }
        return layer
    }

    private func row(_ node: xmlNodePtr, _ source: XMLSource) -> Row {
        let attributes = source.attributes(of: node)
        var row = Row(origin: Origin(source.location(of: node)))
        if let index = attributes["index"] {
            row.index = Int(index.value)
            row.indexOrigin = Origin(index.location)
        }
        let children = XMLSource.elements(node)
        if let chars = attributes["chars"] {
            if !children.isEmpty {
                diagnostics.report(chars.location, .charsAndKeys)
            }
            row.keys = characterKeys(chars)
        }
        for child in children {
            let attributes = source.attributes(of: child)
            if XMLSource.name(child) == "chars" {
                if let value = attributes["value"] { row.keys += characterKeys(value) }
                continue
            }
            var action = KeyActionKind.character
            if let name = attributes["action"] {
                guard let known = vocabulary.action(name.value, at: name.location) else { continue }
                action = known
            }
            var key = Key(action: action, origin: Origin(source.location(of: child)))
            for field in KeyTextField.allCases {
                if let text = attributes[field.rawValue] { key.set(field, text.value, at: Origin(text.location)) }
            }
            if let width = attributes["width"] {
                key.width = vocabulary.width(width.value, at: width.location)
                key.widthOrigin = Origin(width.location)
            }
            if let flicks = attributes["flicks"] {
                (key.flicks, key.flicksOrigin) = (vocabulary.flicks(flicks.value, at: flicks.location), Origin(flicks.location))
            }
            if let multiTap = attributes["multiTap"] {
                (key.multiTap, key.multiTapOrigin) = (LayoutVocabulary.list(multiTap.value), Origin(multiTap.location))
            }
            if let callout = attributes["callout"] {
                (key.callout, key.calloutOrigin) = (LayoutVocabulary.list(callout.value), Origin(callout.location))
            }
            if let actions = attributes["calloutActions"] {
                (key.calloutActions, key.calloutActionsOrigin) = (vocabulary.calloutActions(actions.value, at: actions.location), Origin(actions.location))
            }
            row.keys.append(key)
        }
        return row
    }

    private func characterKeys(_ attribute: XMLSource.Attribute) -> [Key] {
        LayoutVocabulary.characters(attribute.value).map { item in
            let at = attribute.location
            let location = attribute.isVerbatim ? SourceLocation(file: at.file, line: at.line, column: at.column + item.offset) : at
            return Key(action: .character, value: item.value, origin: Origin(location))
        }
    }
}

/// An XML source being read: its bytes, its positions, and the libxml2 calls.
struct XMLSource {
    let positions: SourcePositions

    /// An attribute's value and where the value starts.
    struct Attribute {
        let value: String
        let location: SourceLocation
        /// Whether the value was written without references, so that each scalar is one column.
        let isVerbatim: Bool
    }

    /// What libxml2 reported, gathered by the structured error handler.
    final class Reports {
        var errors: [(message: String, line: Int, column: Int, node: UnsafeMutableRawPointer?, code: Int32)] = []
    }

    /// Parses the bytes (UTF-8, as checked), recording where each start tag ends; reports
    /// well-formedness errors, and a declaration of another encoding before parsing, since
    /// libxml2 would convert from it (printing its failures on standard error).
    func parse(diagnostics: DiagnosticEngine) -> xmlDocPtr? {
        if let declared = Self.declaredEncoding(positions.bytes), !["UTF-8", "UTF8"].contains(declared.name.uppercased()) {
            diagnostics.report(positions.location(declared.offset), .declaredEncoding(declared.name))
            return nil
        }
        let reports = Reports()
        // The parser context reads from the source bytes as it goes: keep them alive until done.
        return positions.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let context = xmlCreateMemoryParserCtxt(chars.baseAddress, Int32(chars.count)) else { return nil }
                defer { xmlFreeParserCtxt(context) }
                return parse(context, reports: reports, diagnostics: diagnostics)
            }
        }
    }

    private func parse(_ context: xmlParserCtxtPtr, reports: Reports, diagnostics: DiagnosticEngine) -> xmlDocPtr? {
        var handler = xmlSAXHandler()
        xmlSAXVersion(&handler, 2)
        handler.startElementNs = { context, name, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes in
            xmlSAX2StartElementNs(context, name, prefix, uri, namespaceCount, namespaces, attributeCount, defaulted, attributes)
            let parser = context!.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let node = parser.pointee.node, let input = parser.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return }
            let offset = Int(input.pointee.consumed) + (cur - base)
            node.pointee._private = UnsafeMutableRawPointer(bitPattern: offset + 1)
        }
        handler.serror = { data, error in
            guard let data, let error else { return }
            let parser = data.assumingMemoryBound(to: xmlParserCtxt.self)
            let reports = Unmanaged<Reports>.fromOpaque(parser.pointee._private).takeUnretainedValue()
            reports.errors.append(XMLSource.report(error))
        }
        context.pointee.sax.pointee = handler
        context.pointee._private = Unmanaged.passUnretained(reports).toOpaque()
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_IGNORE_ENC.rawValue))
        let status = withExtendedLifetime(reports) { xmlParseDocument(context) }
        for report in reports.errors {
            diagnostics.report(SourceLocation(file: positions.path, line: report.line, column: report.column), .malformedXml(report.message))
        }
        guard status == 0, context.pointee.wellFormed != 0, let doc = context.pointee.myDoc else {
            if reports.errors.isEmpty {
                diagnostics.report(SourceLocation(file: positions.path), .malformedXml("not well-formed XML"))
            }
            if let doc = context.pointee.myDoc { xmlFreeDoc(doc) }
            return nil
        }
        return doc
    }

    /// The encoding an XML declaration at the start of `bytes` names, and the offset of the name.
    /// A declaration is `<?xml` and a space (`<?xml-stylesheet` is an instruction, not one), and
    /// `encoding` one of its pseudo-attributes, after a space.
    static func declaredEncoding(_ bytes: [UInt8]) -> (name: String, offset: Int)? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let spaces: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard bytes[start...].starts(with: Array("<?xml".utf8)), start + 5 < bytes.count, spaces.contains(bytes[start + 5]),
              let end = bytes[start...].firstRange(of: Array("?>".utf8))?.lowerBound,
              var offset = bytes[(start + 5)..<end].ranges(of: Array("encoding".utf8)).first(where: { spaces.contains(bytes[$0.lowerBound - 1]) })?.upperBound
        else { return nil }
        func skipSpaces() { while offset < end, spaces.contains(bytes[offset]) { offset += 1 } }
        skipSpaces()
        guard offset < end, bytes[offset] == UInt8(ascii: "=") else { return nil }
        offset += 1
        skipSpaces()
        guard offset < end, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'"),
              let close = bytes[(offset + 1)..<end].firstIndex(of: bytes[offset]) else { return nil }
        return (String(decoding: bytes[(offset + 1)..<close], as: UTF8.self), offset + 1)
    }

    /// The attributes the XSD allows on each element, for suggestions.
    static let attributesByElement: [String: [String]] = [
        "keyboard": ["locale", "name", "source", "extends", "direction", "abstract", "theme"], "callouts": ["extends"], "transform": ["from", "to"],
        "theme": ["id", "extends"], "keyStyle": StyleSyntax.names(.key), "keyboardStyle": StyleSyntax.names(.keyboard),
        "inputCalloutStyle": StyleSyntax.names(.inputCallout), "actionCalloutStyle": StyleSyntax.names(.actionCallout),
        "callout": ["key", "variants", "default"], "layout": ["formFactor", "field"], "layer": ["id", "custom"],
        "row": ["chars", "index"], "key": ["action", "value", "label", "hint", "shifted", "width", "flicks", "multiTap", "callout", "calloutActions"], "chars": ["value"], "replace": ["key", "with"],
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
        xmlSchemaSetValidStructuredErrors(context, { data, error in
            guard let data, let error else { return }
            Unmanaged<Reports>.fromOpaque(data).takeUnretainedValue().errors.append(XMLSource.report(error))
        }, Unmanaged.passUnretained(reports).toOpaque())
        let status = withExtendedLifetime(reports) { xmlSchemaValidateDoc(context, doc) }
        for report in reports.errors {
            let node = report.node?.assumingMemoryBound(to: xmlNode.self)
            var place = node.map { location(of: $0) } ?? SourceLocation(file: positions.path, line: report.line)
            let attribute = node == nil ? nil : Self.attributeName(inSchemaMessage: report.message)
            if let node, let attribute {
                if Self.attributesCheckedByReader.contains(attribute) && report.code != Int32(XML_SCHEMAV_CVC_COMPLEX_TYPE_4.rawValue) { continue }
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

    private static func report(_ error: xmlErrorPtr) -> (message: String, line: Int, column: Int, node: UnsafeMutableRawPointer?, code: Int32) {
        var message = error.pointee.message.map { String(cString: $0) } ?? "XML error"
        while message.last?.isWhitespace == true { message.removeLast() }
        return (message, Int(error.pointee.line), Int(error.pointee.int2), error.pointee.node, Int32(error.pointee.code))
    }

    /// The catalogue's message for libxml2's schema `report` of error `code`: an unknown
    /// attribute gets the closest one `element` allows.
    private static func message(_ report: String, code: Int32, attribute: String?, element: String?) -> DiagnosticMessage {
        switch code {
        case Int32(XML_SCHEMAV_ELEMENT_CONTENT.rawValue):
            return .unknownElement(report)
        case Int32(XML_SCHEMAV_CVC_COMPLEX_TYPE_3_2_1.rawValue), Int32(XML_SCHEMAV_CVC_COMPLEX_TYPE_3_2_2.rawValue):
            let known = element.flatMap { attributesByElement[$0] } ?? []
            return .unknownAttribute(report, attribute: attribute ?? "", closest: attribute.flatMap { LayoutVocabulary.closest($0, among: known) })
        default:
            return .schemaViolation(report)
        }
    }

    // MARK: Places

    /// The byte offset of the `<` that starts `node`'s start tag.
    private func tagStart(_ node: xmlNodePtr) -> Int? {
        guard let recorded = node.pointee._private else { return nil }
        var offset = min(Int(bitPattern: recorded) - 1, positions.bytes.count - 1)
        while offset >= 0, positions.bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
        return offset >= 0 ? offset : nil
    }

    /// Where an element's start tag begins, or for an attribute node, where its value begins.
    func location(of node: xmlNodePtr) -> SourceLocation {
        if node.pointee.type == XML_ATTRIBUTE_NODE, let parent = node.pointee.parent {
            let name = Self.name(node)
            return attributes(of: parent)[name]?.location ?? location(of: parent)
        }
        if let start = tagStart(node) { return positions.location(start) }
        return SourceLocation(file: positions.path, line: Int(xmlGetLineNo(node)))
    }

    /// The attributes of an element with the places of their values.
    func attributes(of node: xmlNodePtr) -> [String: Attribute] {
        var raw: [String: (offset: Int, verbatim: Bool)] = [:]
        if let start = tagStart(node) { raw = rawAttributes(at: start) }
        var result: [String: Attribute] = [:]
        var property = node.pointee.properties
        while let attribute = property {
            let name = String(cString: attribute.pointee.name)
            var text = ""
            var part = attribute.pointee.children
            while let current = part {
                if let content = current.pointee.content { text += String(cString: content) }
                part = current.pointee.next
            }
            let place = raw[name]
            result[name] = Attribute(value: text, location: place.map { positions.location($0.offset) } ?? location(of: node),
                                     isVerbatim: place?.verbatim ?? false)
            property = attribute.pointee.next
        }
        return result
    }

    /// Finds, in an already well-formed start tag at `start`, where each attribute's value begins
    /// (after the quote) and whether it holds references.
    private func rawAttributes(at start: Int) -> [String: (offset: Int, verbatim: Bool)] {
        let bytes = positions.bytes
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var i = start + 1
        while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") { i += 1 }
        var result: [String: (Int, Bool)] = [:]
        while i < bytes.count {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") else { break }
            let nameStart = i
            while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "=") { i += 1 }
            let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
            while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "'") { i += 1 }
            guard i < bytes.count else { break }
            let quote = bytes[i]
            let valueStart = i + 1
            i = valueStart
            while i < bytes.count, bytes[i] != quote { i += 1 }
            let localName = name.split(separator: ":").last.map(String.init) ?? name
            result[localName] = (valueStart, !bytes[valueStart..<i].contains(UInt8(ascii: "&")))
            i += 1
        }
        return result
    }

    /// The element children of `node`, in order.
    static func elements(_ node: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    static func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
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
