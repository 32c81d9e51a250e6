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
            var callout = Callout(
                character: key.value, variants: LayoutVocabulary.list(variants.value),
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

    private func layout(_ node: xmlNodePtr, _ source: XMLSource) -> LayoutModel? {
        guard let form = source.attributes(of: node)["formFactor"],
            let formFactor = vocabulary.formFactor(form.value, at: form.location)
        else { return nil }
        var layout = LayoutModel(formFactor: formFactor, origin: Origin(source.location(of: node)))
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

    private func layer(_ node: xmlNodePtr, _ source: XMLSource) -> LayerModel? {
        let attributes = source.attributes(of: node)
        guard let id = attributes["id"] else { return nil }
        let custom = attributes["custom"].map { $0.value == "true" || $0.value == "1" } ?? false
        guard vocabulary.layerId(id.value, custom: custom, at: id.location) else { return nil }
        var layer = LayerModel(id: id.value, isCustom: custom, origin: Origin(source.location(of: node)))
        for child in XMLSource.elements(node) where XMLSource.name(child) == "row" {
            layer.rows.append(row(child, source))
        }
        return layer
    }

    private func row(_ node: xmlNodePtr, _ source: XMLSource) -> RowModel {
        let attributes = source.attributes(of: node)
        var row = RowModel(origin: Origin(source.location(of: node)))
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
            var key = KeyModel(action: action, origin: Origin(source.location(of: child)))
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
                (key.calloutActions, key.calloutActionsOrigin) = (
                    vocabulary.calloutActions(actions.value, at: actions.location), Origin(actions.location)
                )
            }
            row.keys.append(key)
        }
        return row
    }

    private func characterKeys(_ attribute: XMLSource.Attribute) -> [KeyModel] {
        LayoutVocabulary.characters(attribute.value).map { item in
            let at = attribute.location
            let location = attribute.isVerbatim ? SourceLocation(file: at.file, line: at.line, column: at.column + item.offset) : at
            return KeyModel(action: .character, value: item.value, origin: Origin(location))
        }
    }
}
