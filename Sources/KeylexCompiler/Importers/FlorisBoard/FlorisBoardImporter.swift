import Foundation
import KeylexRuntime

/// Imports FlorisBoard's keyboard extensions (the folder holding `org.florisboard.layouts`,
/// `org.florisboard.localization` and `org.florisboard.currencysets`): each subtype preset becomes
/// one Keylex document with a phone layout whose `lowercased`, `numeric` and `symbolic` layers are
/// the preset's characters, symbols and symbols2 layouts framed by their modifier layouts, e-mail
/// and URL layouts where FlorisBoard varies keys for those fields, and callouts from the keys'
/// popups and the preset's popup mapping. What cannot be expressed is reported, never dropped
/// silently; the document's `source` names every file it came from and their licence.
public final class FlorisBoardImporter {
    private let files: ImportedFiles
    private var diagnostics: DiagnosticEngine { files.diagnostics }
    private static let localization = "org.florisboard.localization"
    private static let defaultLayouts = "org.florisboard.layouts:default"

    public init(folder: String, diagnostics: DiagnosticEngine) {
        files = ImportedFiles(folder: folder, diagnostics: diagnostics)
    }

    /// One document per subtype preset, in the presets' order, with well-formed, unique tags.
    public func importPresets() -> [LayoutDocument] {
        let location = SourceLocation(file: files.folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: files.folder, isDirectory: &isFolder), isFolder.boolValue else {
            diagnostics.report(
                location,
                FileManager.default.fileExists(atPath: files.folder)
                    ? .unreadableFolder("FlorisBoard extensions") : FileInput.Failure.of(files.folder))
            return []
        }
        guard
            let registry = files.json(
                [Self.localization, "extension.json"], what: "FlorisBoard extension", name: Self.localization, reference: location)
        else { return [] }
        guard let presets = registry["subtypePresets"]?.items else {
            diagnostics.report(registry.location, .missingProperty("FlorisBoard localization extension", "subtypePresets"))
            return []
        }
        var tags = ImportedTags()
        return presets.compactMap { document($0, tags: &tags) }
    }

    // MARK: A preset

    private func document(_ preset: JSONNode, tags: inout ImportedTags) -> LayoutDocument? {
        guard let written = preset["languageTag"]?.text, let characters = preset["preferred"]?["characters"]?.text else {
            diagnostics.report(preset.location, .missingProperty("FlorisBoard subtype preset", "languageTag and preferred.characters"))
            return nil
        }
        guard let letters = layout("characters", characters, at: preset["preferred"]?["characters"]?.location ?? preset.location) else {
            return nil
        }
        let direction: TextDirection = letters.entry?["direction"]?.text == "rtl" ? .rightToLeft : .leftToRight
        let tag = tags.unique(
            LanguageTag.canonical(written), written: written, layout: Self.split(characters).id, document: "preset",
            at: preset["languageTag"]!.location, diagnostics: diagnostics)
        guard let currencies = currencySet(preset), let (framed, paths) = framedLayers(preset, letters: letters) else { return nil }
        let keys = FlorisBoardKeys(diagnostics: diagnostics, currencies: currencies.slots, locale: Locale(identifier: tag))
        reportUnused(preset)
        var document = LayoutDocument(locale: tag, origin: Origin(preset.location))
        document.name = ImportedTags.englishName(tag, renamed: tag != LanguageTag.canonical(written), layout: letters.entry?["label"]?.text)
        document.direction = direction
        document.layouts = layouts(framed, keys: keys, direction: direction, at: preset.location)
        let (callouts, mappingPath) = callouts(preset, framed: framed, layouts: document.layouts, keys: keys, direction: direction)
        document.callouts = callouts
        let sources = ["preset '\(written)' of \(Self.localization)/extension.json"] + paths + (mappingPath.map { [$0] } ?? [])
        document.source = provenance(sources.map(relative) + [currencies.name])
        return document
    }

    /// The preset's characters, symbols and symbols2 layouts, each framed by its modifier layout,
    /// and the paths of the files they came from.
    private func framedLayers(
        _ preset: JSONNode, letters: (rows: [[JSONNode]], entry: JSONNode?, path: String)
    )
        -> (framed: [(id: String, rows: [[JSONNode]])], paths: [String])?
    {
        var framed: [(id: String, rows: [[JSONNode]])] = [], paths: [String] = []
        let preferred = { (name: String) in preset["preferred"]?[name] }
        for (id, type) in [("lowercased", "characters"), ("numeric", "symbols"), ("symbolic", "symbols2")] {
            let reference = preferred(type)?.text ?? "org.florisboard.layouts:western"
            guard let main = type == "characters" ? letters : layout(type, reference, at: preferred(type)?.location ?? preset.location),
                let modifier = layout(
                    type + "Mod", main.entry?["modifier"]?.text ?? Self.defaultLayouts, at: main.entry?.location ?? preset.location)
            else { return nil }
            paths += [main.path, modifier.path]
            framed.append((id, FlorisBoardLayers.framed(main.rows, by: modifier.rows)))
        }
        return (framed, paths)
    }

    /// The callouts of the characters `layouts` type, from the keys' popups and the preset's popup
    /// mapping, and the mapping's path.
    private func callouts(
        _ preset: JSONNode, framed: [(id: String, rows: [[JSONNode]])], layouts: [LayoutModel], keys: FlorisBoardKeys,
        direction: TextDirection
    ) -> (CalloutSet, String?) {
        let typed = Set(layouts.flatMap { $0.layers.flatMap { $0.rows.flatMap { $0.keys.compactMap(\.value) } } })
        let lowercased = Set(layouts[0].layers[0].rows.flatMap { $0.keys.compactMap(\.value) })
        let popups = FlorisBoardPopups(keys: keys, direction: direction)
        let mapping = popupMapping(preset, popups: popups, groups: groups(framed[0].rows, keys: keys, direction: direction))
        let callouts = FlorisBoardPopups.callouts(
            keyPopups: framed.flatMap { popups.keyPopups($0.rows) }, mappingPopups: mapping.popups,
            typed: typed, letters: lowercased, locale: keys.locale.identifier)
        return (CalloutSet(callouts: callouts, origin: Origin(preset.location)), mapping.path)
    }

    /// The phone text layout, and an e-mail and a URL layout holding the rows whose keys differ
    /// for those fields.
    private func layouts(
        _ framed: [(id: String, rows: [[JSONNode]])], keys: FlorisBoardKeys, direction: TextDirection, at location: SourceLocation
    ) -> [LayoutModel] {
        let layers = FlorisBoardLayers(keys: keys, direction: direction)
        let origin = Origin(location)
        let text = framed.map { ($0.id, layers.rows($0.rows, field: .text, shifted: $0.id == "lowercased")) }
        var result = [
            LayoutModel(
                formFactor: .phone,
                layers: text.map { LayerModel(id: $0.0, rows: $0.1.map { RowModel(keys: $0, origin: origin) }, origin: origin) },
                origin: origin)
        ]
        for field in [FieldKind.email, .url] {
            var changed: [LayerModel] = []
            for ((id, rows), (_, textRows)) in zip(framed, text) {
                let fieldRows = layers.rows(rows, field: field, shifted: id == "lowercased")
                let patches = fieldRows.indices.filter { fieldRows[$0] != textRows[$0] }.map {
                    RowModel(index: $0 + 1, keys: fieldRows[$0], origin: origin)
                }
                if !patches.isEmpty { changed.append(LayerModel(id: id, rows: patches, origin: origin)) }
            }
            guard !changed.isEmpty else { continue }
            var layout = LayoutModel(formFactor: .phone, layers: changed, origin: origin)
            layout.field = field
            result.append(layout)
        }
        return result
    }

    /// The text of the keys FlorisBoard groups (1 left of the space bar, 2 right of it).
    private func groups(_ rows: [[JSONNode]], keys: FlorisBoardKeys, direction: TextDirection) -> [Int: String] {
        var groups: [Int: String] = [:]
        for node in rows.joined() {
            if let leaf = keys.leaf(node, FlorisKeyState(direction: direction)), let group = leaf["groupId"]?.integer,
                let text = keys.output(leaf)
            {
                groups[group] = groups[group] ?? text
            }
        }
        return groups
    }

    // MARK: Referenced files

    /// The layout of `type` that `reference` names (`org.florisboard.layouts:qwerty`): its rows, its
    /// entry in its extension's registry (direction, modifier) and its path.
    private func layout(
        _ type: String, _ reference: String, at location: SourceLocation
    ) -> (rows: [[JSONNode]], entry: JSONNode?, path: String)? {
        let (folder, id) = Self.split(reference)
        guard let node = files.json([folder, "layouts", type, id + ".json"], what: "\(type) layout", name: reference, reference: location)
        else { return nil }
        guard let rows = node.items?.compactMap(\.items), rows.count == node.items?.count else {
            diagnostics.report(node.location, .wrongType(expected: "an array of rows of keys", found: node.typeName))
            return nil
        }
        let entry = files.json([folder, "extension.json"], what: "FlorisBoard extension", name: folder, reference: location)?["layouts"]?[
            type]?
            .items?.first { $0["id"]?.text == id }
        return (rows, entry, files.path([folder, "layouts", type, id + ".json"]))
    }

    /// The currency set the preset names (the dollar's when it names none): what the six currency
    /// slots type.
    private func currencySet(_ preset: JSONNode) -> (slots: [String], name: String)? {
        let reference = preset["currencySet"]?.text ?? "org.florisboard.currencysets:dollar"
        let (folder, id) = Self.split(reference)
        let location = preset["currencySet"]?.location ?? preset.location
        guard let sets = files.json([folder, "extension.json"], what: "currency set", name: reference, reference: location) else {
            return nil
        }
        guard let set = sets["currencySets"]?.items?.first(where: { $0["id"]?.text == id }) else {
            diagnostics.report(location, .missingReference("currency set", reference, expected: files.path([folder, "extension.json"])))
            return nil
        }
        let slots = (set["slots"]?.items ?? []).compactMap { $0["label"]?.text }
        return (slots, "currency set '\(id)' of \(folder)/extension.json")
    }

    /// The preset's popup mapping, read into popups; none when the preset names none.
    private func popupMapping(
        _ preset: JSONNode, popups: FlorisBoardPopups, groups: [Int: String]
    ) -> (popups: [(String, FlorisBoardPopups.Popup)], path: String?) {
        guard let reference = preset["popupMapping"]?.text else { return ([], nil) }
        let (folder, id) = Self.split(reference)
        guard
            let mapping = files.json(
                [folder, "popupMappings", id + ".json"], what: "popup mapping", name: reference, reference: preset["popupMapping"]!.location
            )
        else { return ([], nil) }
        return (popups.mappingPopups(mapping, groups: groups), files.path([folder, "popupMappings", id + ".json"]))
    }

    /// Preferences FlorisBoard offers that a Keylex layout has no place for.
    private func reportUnused(_ preset: JSONNode) {
        for name in ["numericRow", "numericAdvanced"] {
            guard let node = preset["preferred"]?[name] else { continue }
            diagnostics.report(node.location, .unsupportedConstruct("FlorisBoard's optional '\(name)' layout", kept: "it is not imported"))
        }
    }

    // MARK: Names

    /// `org.florisboard.layouts:qwerty` as its extension folder and id.
    private static func split(_ reference: String) -> (folder: String, id: String) {
        guard let colon = reference.firstIndex(of: ":") else { return ("org.florisboard.layouts", reference) }
        return (String(reference[..<colon]), String(reference[reference.index(after: colon)...]))
    }

    private func relative(_ path: String) -> String {
        path.hasPrefix(files.folder + "/") ? String(path.dropFirst(files.folder.count + 1)) : path
    }

    private func provenance(_ sources: [String]) -> String {
        let licence =
            files.json(
                [Self.localization, "extension.json"], what: "FlorisBoard extension", name: Self.localization,
                reference: SourceLocation(file: files.folder))?["meta"]?["license"]?.text ?? "see the extension"
        return "Imported from FlorisBoard (licence: \(licence)) by keylex import florisboard: " + sources.joined(separator: "; ")
    }
}
