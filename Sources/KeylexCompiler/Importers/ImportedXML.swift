import CLibXML2
import Foundation

/// A parsed XML file of an imported format (CLDR keyboards, AOSP's keyboard XML), freed when
/// released. Document type declarations are allowed (CLDR's files name their DTD) but nothing
/// external is loaded.
final class ImportedXML {
    let source: XMLSource
    private let doc: xmlDocPtr
    let root: xmlNodePtr
    /// Each element's attributes, found once: importers read the same elements for several layers.
    private var attributesByNode: [xmlNodePtr: [String: XMLSource.Attribute]] = [:]

    init?(bytes: [UInt8], path: String, diagnostics: DiagnosticEngine) {
        source = XMLSource(positions: SourcePositions(path: path, bytes: bytes))
        guard let doc = source.parse(diagnostics: diagnostics) else { return nil }
        guard let root = xmlDocGetRootElement(doc) else {
            xmlFreeDoc(doc)
            return nil
        }
        self.doc = doc
        self.root = root
    }

    deinit { xmlFreeDoc(doc) }

    /// The child elements of `node` named `name`.
    func children(_ node: xmlNodePtr, _ name: String) -> [xmlNodePtr] {
        XMLSource.elements(node).filter { XMLSource.name($0) == name }
    }

    func attributes(_ node: xmlNodePtr) -> [String: XMLSource.Attribute] {
        if let found = attributesByNode[node] { return found }
        let found = source.attributes(of: node)
        attributesByNode[node] = found
        return found
    }
    func location(_ node: xmlNodePtr) -> SourceLocation { source.location(of: node) }

    /// The text an element holds (that of its descendants, in order), references decoded.
    func text(_ node: xmlNodePtr) -> String {
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                text += self.text(current)
            } else if let content = current.pointee.content, current.pointee.type == XML_TEXT_NODE {
                text += String(cString: content)
            }
            child = current.pointee.next
        }
        return text
    }
}
