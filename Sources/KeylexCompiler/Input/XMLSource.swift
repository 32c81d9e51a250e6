import CLibXML2
import Foundation

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
            guard let node = parser.pointee.node, let input = parser.pointee.input, let cur = input.pointee.cur,
                let base = input.pointee.base
            else { return }
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
            diagnostics.report(
                SourceLocation(file: positions.path, line: report.line, column: report.column), .malformedXml(report.message))
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
            var offset = bytes[(start + 5)..<end].ranges(of: Array("encoding".utf8)).first(where: {
                spaces.contains(bytes[$0.lowerBound - 1])
            })?.upperBound
        else { return nil }
        func skipSpaces() { while offset < end, spaces.contains(bytes[offset]) { offset += 1 } }
        skipSpaces()
        guard offset < end, bytes[offset] == UInt8(ascii: "=") else { return nil }
        offset += 1
        skipSpaces()
        guard offset < end, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'"),
            let close = bytes[(offset + 1)..<end].firstIndex(of: bytes[offset])
        else { return nil }
        return (String(decoding: bytes[(offset + 1)..<close], as: UTF8.self), offset + 1)
    }

    /// libxml2's `error` as the parts a diagnostic needs.
    static func report(_ error: xmlErrorPtr) -> (message: String, line: Int, column: Int, node: UnsafeMutableRawPointer?, code: Int32) {
        var message = error.pointee.message.map { String(cString: $0) } ?? "XML error"
        while message.last?.isWhitespace == true { message.removeLast() }
        return (message, Int(error.pointee.line), Int(error.pointee.int2), error.pointee.node, Int32(error.pointee.code))
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
            result[name] = Attribute(
                value: text, location: place.map { positions.location($0.offset) } ?? location(of: node),
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
