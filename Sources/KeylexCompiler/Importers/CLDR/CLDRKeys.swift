import CLibXML2
import Foundation

/// A CLDR `<key>`: what it types or does, and its long-press, multi-tap and flick keys.
struct CLDRKey {
    var output: String?
    var layerId: String?
    var gap = false
    var stretch = false
    var width: Double?
    var longPress: [String] = []
    var longPressDefault: String?
    var multiTap: [String] = []
    var flickId: String?
    let location: SourceLocation
}

/// The keys a keyboard can place, by id: CLDR's implied keys (`a`–`z`, `A`–`Z`, `0`–`9`, space,
/// gap), then its imports, then its own, each replacing an earlier key of the same id.
struct CLDRKeyBag {
    private(set) var keys: [String: CLDRKey] = [:]
    let text: CLDRText
    let diagnostics: DiagnosticEngine
    /// Whether an import could not be read (reported there): a key not found may be one of its
    /// own, so it is not reported again, key by key.
    var lacksAnImport = false

    /// Adds the `<key>` elements of `node` (a `<keys>` element or an imported file's root).
    mutating func add(_ node: xmlNodePtr, in file: ImportedXML) {
        for element in file.children(node, "key") {
            let attributes = file.attributes(element)
            guard let id = attributes["id"]?.value else { continue }
            var key = CLDRKey(location: file.location(element))
            if let output = attributes["output"] {
                key.output = decode(output)
                key.gap = key.output == nil  // reported: a marker key, or bad text
            }
            key.layerId = attributes["layerId"]?.value
            key.gap = key.gap || attributes["gap"]?.value == "true"
            key.stretch = attributes["stretch"]?.value == "true"
            key.width = attributes["width"].flatMap { Double($0.value) }
            key.longPress = attributes["longPressKeyIds"].map { $0.value.split(separator: " ").map(String.init) } ?? []
            key.longPressDefault = attributes["longPressDefaultKeyId"]?.value
            key.multiTap = attributes["multiTapKeyIds"].map { $0.value.split(separator: " ").map(String.init) } ?? []
            key.flickId = attributes["flickId"]?.value
            keys[id] = key
        }
    }

    /// An attribute's text, decoded; `nil` with a diagnostic when it cannot be.
    func decode(_ attribute: XMLSource.Attribute) -> String? {
        do {
            return ImportedText.nfc(try text.text(attribute.value), at: attribute.location, diagnostics: diagnostics)
        } catch {
            CLDRImporter.report(error, in: attribute.value, at: attribute.location, diagnostics: diagnostics)
            return nil
        }
    }
}
