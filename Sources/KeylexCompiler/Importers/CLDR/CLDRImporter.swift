import CLibXML2
import Foundation
import KeylexRuntime

/// Imports CLDR LDML keyboard 3.0 files (`<keyboard3>`, UTS #35 part 7) into Keylex documents: the
/// touch layers (the narrowest form as the phone layout, the next as the tablet's; a keyboard
/// with hardware layers only gets its first hardware form as a phone layout), keys with their
/// displays and widths, long-press keys as callouts, flicks of one direction, multi-tap keys and
/// literal simple transforms. Markers, sets, regular expressions, reorders and other flicks are
/// reported, never silently dropped.
/// Imports (`<import base="cldr" path="45/keys-Zyyy-punctuation.xml"/>`) are read from the `import`
/// folder of the CLDR data folder, and from nowhere else.
public final class CLDRImporter {
    let diagnostics: DiagnosticEngine
    /// The folder holding CLDR's `import/` (keys-Latn-implied.xml…), when there is one.
    private let data: ImportedFiles?

    public init(data: String?, diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
        self.data = data.map { ImportedFiles(folder: $0, diagnostics: diagnostics) }
    }

    /// The data folder a keyboard at `path` is imported with by default: CLDR's layout, in which
    /// `3.0/` and `import/` are siblings.
    public static func defaultData(for path: String) -> String? {
        let folder = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        let candidate = (folder.isEmpty ? "." : folder)
        return FileManager.default.fileExists(atPath: candidate + "/import", isDirectory: &isFolder) && isFolder.boolValue ? candidate : nil
    }

    /// The document of the keyboard at `path`; `nil` (with diagnostics) when it cannot be read.
    public func importKeyboard(_ path: String) -> LayoutDocument? {
        importKeyboardAndKeys(path)?.document
    }

    /// The document of the keyboard at `path`, and what each of its keys types, by key id (for
    /// running CLDR's keyboard tests, which press keys by id).
    func importKeyboardAndKeys(_ path: String) -> (document: LayoutDocument, outputs: [String: String])? {
        let folder = ImportedFiles(
            folder: (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent,
            diagnostics: diagnostics)
        let name = (path as NSString).lastPathComponent
        guard FileManager.default.fileExists(atPath: path) else {
            diagnostics.report(SourceLocation(file: path), FileInput.Failure.of(path))
            return nil
        }
        guard let bytes = folder.bytes([name], what: "keyboard", name: name, reference: SourceLocation(file: path)) else { return nil }
        return importKeyboard(bytes: bytes, path: path)
    }

    /// The document of a keyboard read from `bytes` as the contents of `path`, and what each of
    /// its keys types.
    public func importKeyboard(bytes: [UInt8], path: String) -> (document: LayoutDocument, outputs: [String: String])? {
        guard let file = ImportedXML(bytes: bytes, path: path, diagnostics: diagnostics) else { return nil }
        guard XMLSource.name(file.root) == "keyboard3", let locale = file.attributes(file.root)["locale"] else {
            diagnostics.report(file.location(file.root), .notCLDRKeyboard)
            return nil
        }
        let keyboard = CLDRKeyboard(file: file, importer: self)
        return (keyboard.document(locale: locale, path: path), keyboard.keys.keys.compactMapValues(\.output))
    }

    /// The key bag of a keyboard: the implied keys, its imports and its own keys.
    fileprivate func keyBag(_ file: ImportedXML, text: CLDRText) -> CLDRKeyBag {
        var bag = CLDRKeyBag(text: text, diagnostics: diagnostics)
        func add(_ name: String, at location: SourceLocation) {
            guard let imported = imported(name, at: location) else {
                bag.lacksAnImport = true
                return
            }
            bag.add(imported.root, in: imported)
        }
        add("keys-Latn-implied.xml", at: file.location(file.root))
        for keys in file.children(file.root, "keys") {
            for element in file.children(keys, "import") {
                add(((file.attributes(element)["path"]?.value ?? "") as NSString).lastPathComponent, at: file.location(element))
            }
            bag.add(keys, in: file)
        }
        return bag
    }

    private func imported(_ name: String, at location: SourceLocation) -> ImportedXML? {
        guard let data else {
            diagnostics.reportOnce(location, .missingReference("CLDR import", name, expected: "an import folder (give --cldr-data)"))
            return nil
        }
        guard let bytes = data.bytes(["import", name], what: "CLDR import", name: name, reference: location) else { return nil }
        return ImportedXML(bytes: bytes, path: data.path(["import", name]), diagnostics: diagnostics)
    }

    /// Reports why CLDR text could not be read.
    static func report(_ failure: CLDRText.Failure, in text: String, at location: SourceLocation, diagnostics: DiagnosticEngine) {
        switch failure {
        case .unsupported(let construct):
            diagnostics.report(location, .unsupportedConstruct("'\(text)' uses \(construct), which", kept: "it is left out"))
        case .malformed(let problem):
            diagnostics.report(location, .malformedCLDRText(text, problem))
        }
    }
}

/// One keyboard file being imported: its variables, keys and displays, read once.
struct CLDRKeyboard {
    let file: ImportedXML
    let diagnostics: DiagnosticEngine
    let text: CLDRText
    let keys: CLDRKeyBag
    /// Keycap texts, by `id:` and key id or `output:` and output.
    let displays: [String: String]
    /// The `<flick>` elements by id (the first of each id).
    let flickElements: [String: xmlNodePtr]

    fileprivate init(file: ImportedXML, importer: CLDRImporter) {
        self.file = file
        diagnostics = importer.diagnostics
        text = Self.variables(file, diagnostics: diagnostics)
        keys = importer.keyBag(file, text: text)
        displays = Self.displays(file, text: text, diagnostics: diagnostics)
        let flicks = file.children(file.root, "flicks").flatMap { file.children($0, "flick") }
        flickElements = Dictionary(flicks.compactMap { flick in file.attributes(flick)["id"].map { ($0.value, flick) } }) { first, _ in
            first
        }
    }

    func document(locale: XMLSource.Attribute, path: String) -> LayoutDocument {
        var document = LayoutDocument(locale: LanguageTag.canonical(locale.value), origin: Origin(file.location(file.root)))
        document.localeOrigin = Origin(locale.location)
        let info = file.children(file.root, "info").first.map(file.attributes)
        document.name = info?["name"]?.value
        document.source =
            "Imported from the CLDR keyboard \((path as NSString).lastPathComponent)"
            + (info?["author"].map { " by \($0.value)" } ?? "") + " (\(Self.licence(beside: path))) by keylex import cldr"
        reportUnsupportedSections()
        var callouts: [Callout] = []
        document.layouts = layouts(callouts: &callouts)
        callouts = callouts.withoutRepeats(by: \.character)  // the first key's callout for each character
        document.callouts = callouts.isEmpty ? nil : CalloutSet(callouts: callouts, origin: document.origin)
        document.transforms = transforms()
        return document
    }

    /// The licence file beside a keyboard (in its folder or the one above, as CLDR's and
    /// Keyman's repositories keep them), named for the provenance.
    private static func licence(beside path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        for candidate in ["LICENSE-unicode.txt", "LICENSE.md", "LICENSE", "../LICENSE-unicode.txt", "../LICENSE.md", "../LICENSE"]
        where FileManager.default.fileExists(atPath: (folder.isEmpty ? "." : folder) + "/" + candidate) {
            return "licence: see \(candidate.replacingOccurrences(of: "../", with: "")) beside it"
        }
        return "no licence file beside it"
    }

    private func reportUnsupportedSections() {
        let read: Set = ["displays", "keys", "layers", "transforms", "variables", "info", "version", "flicks"]
        let described = ["locales": "other locales the keyboard serves", "settings": "keyboard settings", "forms": "custom hardware forms"]
        for element in XMLSource.elements(file.root) where !read.contains(XMLSource.name(element)) {
            let name = XMLSource.name(element)
            diagnostics.report(
                file.location(element), .unsupportedConstruct("CLDR's " + (described[name] ?? "element <\(name)>"), kept: "left out"))
        }
    }

    /// The `<string>` variables, each decoded with those before it, then the `<set>`s, decoded
    /// with every string, and the names of the `<uset>`s; a variable of any kind defined twice is
    /// reported.
    private static func variables(_ file: ImportedXML, diagnostics: DiagnosticEngine) -> CLDRText {
        var text = CLDRText()
        var seen: [String: SourceLocation] = [:]
        let elements = file.children(file.root, "variables").flatMap(XMLSource.elements)
        for element in elements.filter({ XMLSource.name($0) == "string" }) + elements.filter({ XMLSource.name($0) != "string" }) {
            let attributes = file.attributes(element)
            guard let id = attributes["id"], let value = attributes["value"] else { continue }
            if let first = seen[id.value] { diagnostics.report(id.location, .duplicateCLDR("the variable", id.value, first: first)) }
            seen[id.value] = seen[id.value] ?? id.location
            do {
                switch XMLSource.name(element) {
                case "string": text.strings[id.value] = try text.text(value.value)
                case "set": text.sets[id.value] = try text.setItems(value.value)
                default: text.unexpandedSets.insert(id.value)
                }
            } catch {
                if XMLSource.name(element) == "set" { text.unexpandedSets.insert(id.value) }
                CLDRImporter.report(error, in: value.value, at: value.location, diagnostics: diagnostics)
            }
        }
        return text
    }

    /// Keycap texts by `id:` and key id or `output:` and output; each `<display>` names one of
    /// the two, once.
    private static func displays(_ file: ImportedXML, text: CLDRText, diagnostics: DiagnosticEngine) -> [String: String] {
        var displays: [String: String] = [:]
        var seen: [String: SourceLocation] = [:]
        for element in file.children(file.root, "displays").flatMap({ file.children($0, "display") }) {
            let attributes = file.attributes(element)
            let location = file.location(element)
            guard (attributes["keyId"] == nil) != (attributes["output"] == nil) else {
                diagnostics.report(location, .cldrDisplayTarget)
                continue
            }
            let bag = CLDRKeyBag(text: text, diagnostics: diagnostics)
            guard let display = attributes["display"].flatMap(bag.decode),
                let target = attributes["keyId"].map({ "id:" + $0.value })
                    ?? attributes["output"].flatMap(bag.decode).map({ "output:" + $0 })
            else { continue }
            if let first = seen[target] {
                diagnostics.report(location, .duplicateCLDR("a display of", String(target.drop { $0 != ":" }.dropFirst()), first: first))
            }
            seen[target] = seen[target] ?? location
            displays[target] = display
        }
        return displays
    }
}
