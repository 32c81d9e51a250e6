import Foundation
import KeylexRuntime

/// Reads a layout document written in JSON (see `docs/LAYOUTS.md` and
/// `layouts/schema/keylex-layout.schema.json`), reporting every problem with its place.
struct JSONLayoutReader {
    let diagnostics: DiagnosticEngine
    private var vocabulary: LayoutVocabulary { LayoutVocabulary(diagnostics: diagnostics) }

    /// Reads the document at `path` from `bytes`; `nil` when it is not JSON or lacks a locale.
    func read(_ bytes: [UInt8], path: String) -> LayoutDocument? {
        guard SourcePositions.checkUTF8(bytes, path: path, diagnostics: diagnostics),
            let root = JSONReader.parse(bytes, path: path, diagnostics: diagnostics),
            let object = members(
                root,
                allowed: [
                    "$schema", "locale", "name", "source", "extends", "direction", "abstract", "theme", "themes", "callouts", "transforms",
                    "layouts",
                ], what: "a layout document")
        else { return nil }
        guard let localeNode = object["locale"], let locale = string(localeNode) else {
            if object["locale"] == nil { diagnostics.report(root.location, .missingProperty("document", "locale")) }
            return nil
        }
        var document = LayoutDocument(locale: locale, origin: Origin(root.location))
        document.localeOrigin = Origin(localeNode.location)
        document.name = object["name"].flatMap(string)
        document.source = object["source"].flatMap(string)
        if let node = object["extends"], let parent = string(node) {
            document.extends = parent
            document.extendsOrigin = Origin(node.location)
        }
        if let node = object["direction"], let name = string(node) {
            document.direction = vocabulary.direction(name, at: node.location)
        }
        if let node = object["abstract"] {
            guard case .bool(let value) = node.value else { typeError(node, expected: "a boolean"); return nil }
            document.isAbstract = value
        }
        if let node = object["theme"], let name = string(node) {
            (document.theme, document.themeOrigin) = (name, Origin(node.location))
        }
        if let node = object["themes"], let items = array(node) { document.themes = items.compactMap(theme) }
        if let node = object["callouts"] { document.callouts = callouts(node) }
        if let node = object["transforms"], let items = array(node) { document.transforms = items.compactMap(transform) }
        if let node = object["layouts"], let items = array(node) {
            document.layouts = items.compactMap(layout)
        }
        return document
    }

    // MARK: Parts

    private func transform(_ node: JSONNode) -> Transform? {
        guard let object = members(node, allowed: ["from", "to"], what: "a transform") else { return nil }
        guard let fromNode = object["from"], let from = string(fromNode), let toNode = object["to"], let to = string(toNode) else {
            if object["from"] == nil || object["to"] == nil {
                diagnostics.report(node.location, .missingProperty("transform", object["from"] == nil ? "from" : "to"))
            }
            return nil
        }
        return Transform(from: from, to: to, origin: Origin(fromNode.location))
    }

    private func theme(_ node: JSONNode) -> Theme? {
        let lists = StyleTarget.allCases.map { StyleSyntax.element($0) + "s" }
        guard let object = members(node, allowed: ["id", "extends"] + lists, what: "a theme") else { return nil }
        guard let idNode = object["id"], let id = string(idNode) else {
            if object["id"] == nil { diagnostics.report(node.location, .missingProperty("theme", "id")) }
            return nil
        }
        var theme = Theme(id: id, origin: Origin(idNode.location))
        if let extendsNode = object["extends"], let parent = string(extendsNode) {
            (theme.extends, theme.extendsOrigin) = (parent, Origin(extendsNode.location))
        }
        for (target, list) in zip(StyleTarget.allCases, lists) {
            guard let listNode = object[list], let items = array(listNode) else { continue }
            theme.rules += items.compactMap { styleRule(target, $0) }
        }
        return theme
    }

    /// A style rule: its members, each of the JSON type its kind takes (numbers for numbers,
    /// booleans for the pressed state, strings for the rest).
    private func styleRule(_ target: StyleTarget, _ node: JSONNode) -> StyleRule? {
        guard let object = members(node, allowed: StyleSyntax.names(target), what: "a \(StyleSyntax.element(target))") else { return nil }
        var fields: [String: StyleSyntax.Written] = [:]
        for name in StyleSyntax.names(target) {
            guard let member = object[name] else { continue }
            let kind = StyleProperty.allCases.first { $0.description == name }?.kind
            switch member.value {
            case .number(let number) where kind == .number: fields[name] = ("\(number)", member.location)
            case .bool(let flag) where name == StyleSyntax.pressedName(target): fields[name] = (flag ? "true" : "false", member.location)
            case .string(let text) where kind != .number && name != StyleSyntax.pressedName(target): fields[name] = (text, member.location)
            default:
                typeError(
                    member, expected: kind == .number ? "a number" : name == StyleSyntax.pressedName(target) ? "a boolean" : "a string")
                return nil
            }
        }
        return StyleSyntax(diagnostics: diagnostics).rule(target, fields, origin: Origin(node.location))
    }

    private func callouts(_ node: JSONNode) -> CalloutSet? {
        guard let object = members(node, allowed: ["extends", "keys"], what: "callouts") else { return nil }
        var set = CalloutSet(origin: Origin(node.location))
        if let extendsNode = object["extends"], let parent = string(extendsNode) {
            set.extends = parent
            set.extendsOrigin = Origin(extendsNode.location)
        }
        guard let keysNode = object["keys"] else { return set }
        guard case .object(let entries) = keysNode.value else {
            typeError(keysNode, expected: "an object of callouts by character")
            return set
        }
        for entry in entries {
            let origin = Origin(entry.keyLocation)
            var callout = Callout(character: entry.key, variants: [], origin: origin)
            callout.variantsOrigin = Origin(entry.value.location)
            switch entry.value.value {
            case .string(let list):
                callout.variants = LayoutVocabulary.list(list)
            case .object:
                guard let fields = members(entry.value, allowed: ["variants", "default"], what: "a callout") else { continue }
                if let variants = fields["variants"], let list = string(variants) {
                    callout.variants = LayoutVocabulary.list(list)
                    callout.variantsOrigin = Origin(variants.location)
                } else if fields["variants"] == nil {
                    diagnostics.report(entry.value.location, .missingProperty("callout", "variants"))
                }
                if let node = fields["default"], let value = string(node) {
                    callout.defaultVariant = value
                    callout.defaultOrigin = Origin(node.location)
                }
            default:
                typeError(entry.value, expected: "a string of variants or an object")
                continue
            }
            set.callouts.append(callout)
        }
        return set
    }

    private func layout(_ node: JSONNode) -> LayoutModel? {
        guard let object = members(node, allowed: ["formFactor", "field", "layers", "replace"], what: "a layout") else { return nil }
        guard let formNode = object["formFactor"] else {
            diagnostics.report(node.location, .missingProperty("layout", "formFactor"))
            return nil
        }
        guard let name = string(formNode), let formFactor = vocabulary.formFactor(name, at: formNode.location) else { return nil }
        var layout = LayoutModel(formFactor: formFactor, origin: Origin(node.location))
        if let fieldNode = object["field"] {
            guard let name = string(fieldNode), let kind = vocabulary.field(name, at: fieldNode.location) else { return nil }
            layout.field = kind
        }
        if let layersNode = object["layers"], let items = array(layersNode) {
            layout.layers = items.compactMap(layer)
        }
        if let replaceNode = object["replace"], let items = array(replaceNode) {
            for item in items {
                guard let fields = members(item, allowed: ["key", "with"], what: "a replacement") else { continue }
                guard let key = fields["key"].flatMap(string), let with = fields["with"].flatMap(string) else {
                    if fields["key"] == nil || fields["with"] == nil {
                        diagnostics.report(item.location, .incompleteReplacement)
                    }
                    continue
                }
                layout.replacements.append(KeyReplacement(key: key, with: with, origin: Origin(item.location)))
            }
        }
        return layout
    }

    private func layer(_ node: JSONNode) -> LayerModel? {
        guard let object = members(node, allowed: ["id", "custom", "rows"], what: "a layer") else { return nil }
        guard let idNode = object["id"] else {
            diagnostics.report(node.location, .missingProperty("layer", "id"))
            return nil
        }
        guard let id = string(idNode) else { return nil }
        var custom = false
        if let customNode = object["custom"] {
            guard case .bool(let flag) = customNode.value else { typeError(customNode, expected: "a boolean"); return nil }
            custom = flag
        }
        guard vocabulary.layerId(id, custom: custom, at: idNode.location) else { return nil }
        var layer = LayerModel(id: id, isCustom: custom, origin: Origin(node.location))
        if let rowsNode = object["rows"], let items = array(rowsNode) {
            layer.rows = items.compactMap(row)
        }
        return layer
    }

    /// A row: a string of characters, an array of character strings and key objects, or an object
    /// with `index` and `keys`.
    private func row(_ node: JSONNode) -> RowModel? {
        var row = RowModel(origin: Origin(node.location))
        var keysNode = node
        if case .object = node.value {
            guard let fields = members(node, allowed: ["index", "keys"], what: "a row") else { return nil }
            if let indexNode = fields["index"] {
                guard case .number(let value) = indexNode.value, value == value.rounded(), value >= 1, value <= 1000 else {
                    typeError(indexNode, expected: "a row number from 1")
                    return nil
                }
                row.index = Int(value)
                row.indexOrigin = Origin(indexNode.location)
            }
            guard let keys = fields["keys"] else {
                diagnostics.report(node.location, .missingProperty("row", "keys"))
                return nil
            }
            keysNode = keys
        }
        switch keysNode.value {
        case .string:
            row.keys = characterKeys(keysNode)
        case .array(let items):
            for item in items {
                if case .string = item.value {
                    row.keys += characterKeys(item)
                } else if let key = key(item) {
                    row.keys.append(key)
                }
            }
        default:
            typeError(keysNode, expected: "a string of characters or an array of keys")
            return nil
        }
        return row
    }

    /// One plain character key per character of a string node.
    private func characterKeys(_ node: JSONNode) -> [KeyModel] {
        guard case .string(let text) = node.value else { return [] }
        return LayoutVocabulary.characters(text).map { item in
            let location =
                node.isVerbatim
                ? SourceLocation(file: node.location.file, line: node.location.line, column: node.location.column + 1 + item.offset)
                : node.location
            return KeyModel(action: .character, value: item.value, origin: Origin(location))
        }
    }

    private func key(_ node: JSONNode) -> KeyModel? {
        guard
            let fields = members(
                node,
                allowed: ["action"] + KeyTextField.allCases.map(\.rawValue) + ["width", "flicks", "multiTap", "callout", "calloutActions"],
                what: "a key")
        else { return nil }
        var action = KeyActionKind.character
        if let actionNode = fields["action"] {
            guard let name = string(actionNode), let known = vocabulary.action(name, at: actionNode.location) else { return nil }
            action = known
        }
        var key = KeyModel(action: action, origin: Origin(node.location))
        for field in KeyTextField.allCases {
            if let node = fields[field.rawValue], let text = string(node) { key.set(field, text, at: Origin(node.location)) }
        }
        if let widthNode = fields["width"], let text = string(widthNode) {
            key.width = vocabulary.width(text, at: widthNode.location)
            key.widthOrigin = Origin(widthNode.location)
        }
        if let node = fields["flicks"], let text = string(node) {
            (key.flicks, key.flicksOrigin) = (vocabulary.flicks(text, at: node.location), Origin(node.location))
        }
        if let node = fields["multiTap"], let text = string(node) {
            (key.multiTap, key.multiTapOrigin) = (LayoutVocabulary.list(text), Origin(node.location))
        }
        if let node = fields["callout"], let text = string(node) {
            (key.callout, key.calloutOrigin) = (LayoutVocabulary.list(text), Origin(node.location))
        }
        if let node = fields["calloutActions"], let text = string(node) {
            (key.calloutActions, key.calloutActionsOrigin) = (vocabulary.calloutActions(text, at: node.location), Origin(node.location))
        }
        return key
    }

    // MARK: Typed access

    /// The members of an object by name, after reporting unknown and duplicate members; `nil`
    /// (reported) when `node` is not an object.
    private func members(_ node: JSONNode, allowed: [String], what: String) -> [String: JSONNode]? {
        guard case .object(let list) = node.value else {
            typeError(node, expected: what == "a layout document" ? "an object" : "\(what) (an object)")
            return nil
        }
        var result: [String: JSONNode] = [:]
        for member in list {
            guard allowed.contains(member.key) else {
                diagnostics.report(
                    member.keyLocation, .unknownProperty(member.key, in: what, closest: NameSuggestion.closest(member.key, among: allowed)))
                continue
            }
            guard result[member.key] == nil else {
                diagnostics.report(member.keyLocation, .duplicateProperty(member.key))
                continue
            }
            result[member.key] = member.value
        }
        return result
    }

    private func string(_ node: JSONNode) -> String? {
        if case .string(let text) = node.value { return text }
        typeError(node, expected: "a string")
        return nil
    }

    private func array(_ node: JSONNode) -> [JSONNode]? {
        if case .array(let items) = node.value { return items }
        typeError(node, expected: "an array")
        return nil
    }

    private func typeError(_ node: JSONNode, expected: String) {
        diagnostics.report(node.location, .wrongType(expected: expected, found: node.typeName))
    }
}
