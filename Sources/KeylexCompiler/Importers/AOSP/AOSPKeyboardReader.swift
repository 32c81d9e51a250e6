import CLibXML2
import Foundation

/// What a LatinIME keyboard is built for: the answers to its `<case>` conditions. Keylex imports
/// the keyboard a text field gets with the language-switch key shown, no password, no navigation
/// keys and the settings key behind a long press (the defaults of LatinIME's settings).
struct AOSPContext {
    var layoutSet: String
    /// `alphabet`, `alphabetManualShifted`, `symbols` or `symbolsShifted`.
    var element: String
    /// `text`, `email` or `url`.
    var mode: String
    var language: String
    var country: String

    /// The value of each condition LatinIME's files test; a condition not listed is unknown.
    private var values: [String: String] {
        [
            "keyboardLayoutSet": layoutSet, "keyboardLayoutSetElement": element, "mode": mode, "languageCode": language,
            "countryCode": country, "localeCode": country.isEmpty ? language : language + "_" + country, "imeAction": "actionUnspecified",
            "keyboardTheme": "LXXLight", "languageSwitchKeyEnabled": "true", "passwordInput": "false", "navigateNext": "false",
            "navigatePrevious": "false", "clobberSettingsKey": "false", "hasShortcutKey": "false", "isMultiLine": "false",
            "isSplitLayout": "false", "isIconDefined": "",
        ]
    }

    /// Whether every condition of a `<case>` holds (each value a `|`-separated list of choices);
    /// an unknown condition is reported and fails.
    func holds(_ conditions: [String: XMLSource.Attribute], diagnostics: DiagnosticEngine) -> Bool {
        let values = values
        return conditions.allSatisfy { name, attribute in
            guard let value = values[name] else {
                diagnostics.reportOnce(
                    attribute.location, .unsupportedConstruct("LatinIME's condition '\(name)'", kept: "the case is taken not to hold"))
                return false
            }
            return attribute.value.split(separator: "|").contains { $0 == value }
        }
    }
}

/// A `<Key>` or `<Spacer>` of a LatinIME keyboard, its style's attributes merged under its own,
/// placed as LatinIME places it (in percent of the keyboard's width).
struct AOSPKey {
    var attributes: [String: XMLSource.Attribute]
    var location: SourceLocation
    var isSpacer: Bool
    var x: Double
    var width: Double
    var fillsRight: Bool
}

/// A `<Row>` of a LatinIME keyboard.
struct AOSPRow {
    var keys: [AOSPKey] = []
    var location: SourceLocation
}

/// Reads one LatinIME keyboard (`kbd_*.xml`) for a context into rows of placed keys: includes
/// followed (inside the XML folder only, at most 16 deep, cycles reported, at most
/// ``maxElements`` elements walked in all), `<switch>` cases chosen, key styles applied. What
/// cannot be expressed is reported once at its place.
struct AOSPKeyboardReader {
    let files: AOSPFiles
    let context: AOSPContext
    var diagnostics: DiagnosticEngine { files.diagnostics }
    static let maxIncludeDepth = 16
    /// The most elements one keyboard walks, includes expanded: LatinIME's largest walk a few
    /// hundred. The depth limit alone let a file that includes the next one ten times, fifteen deep,
    /// expand to 10¹⁵.
    static let maxElements = 20_000

    private final class State {
        var rows: [AOSPRow] = []
        var row: AOSPRow?
        var x = 0.0
        var styles: [String: (attributes: [String: XMLSource.Attribute], parent: String?)] = [:]
        var including: [String] = []
        /// The elements walked so far, includes expanded.
        var elements = 0
    }

    /// The rows of the keyboard file `name` (`kbd_qwerty`); empty when it cannot be read.
    func rows(_ name: String, at location: SourceLocation) -> [AOSPRow] {
        let state = State()
        guard let file = files.xml(name, at: location) else { return [] }
        state.including = [name]
        let defaults = file.attributes(file.root).filter { $0.key == "keyWidth" }
        walk(file.root, in: file, defaults: defaults, state: state)
        return state.rows
    }

    private func walk(_ node: xmlNodePtr, in file: ImportedXML, defaults: [String: XMLSource.Attribute], state: State) {
        for element in XMLSource.elements(node) {
            state.elements += 1
            guard state.elements <= Self.maxElements else {
                if state.elements == Self.maxElements + 1 {
                    diagnostics.reportOnce(file.location(element), .expandsTooFar("includes", most: Self.maxElements))
                }
                return
            }
            let attributes = file.attributes(element)
            switch XMLSource.name(element) {
            case "include": include(attributes, at: file.location(element), defaults: defaults, state: state)
            case "merge": walk(element, in: file, defaults: defaults, state: state)
            case "switch": chosenCase(element, in: file).map { walk($0, in: file, defaults: defaults, state: state) }
            case "key-style": defineStyle(attributes, at: file.location(element), state: state)
            case "Row": row(element, in: file, defaults: defaults.merging(attributes.filter { $0.key == "keyWidth" }) { $1 }, state: state)
            case "Key", "Spacer": key(element, in: file, defaults: defaults, state: state)
            case let name:
                diagnostics.reportOnce(file.location(element), .unsupportedConstruct("LatinIME's <\(name)>", kept: "left out"))
            }
        }
    }

    private func include(
        _ attributes: [String: XMLSource.Attribute], at location: SourceLocation, defaults: [String: XMLSource.Attribute], state: State
    ) {
        guard let target = attributes["keyboardLayout"], target.value.hasPrefix("@xml/") else {
            diagnostics.reportOnce(
                location, .missingReference("keyboard layout", attributes["keyboardLayout"]?.value ?? "", expected: "@xml/<file name>"))
            return
        }
        let name = String(target.value.dropFirst(5))
        guard !state.including.contains(name) else {
            diagnostics.reportOnce(target.location, .includeCycle(state.including + [name]))
            return
        }
        guard state.including.count < Self.maxIncludeDepth else {
            diagnostics.reportOnce(target.location, .nestedTooDeep("includes", most: Self.maxIncludeDepth))
            return
        }
        guard let file = files.xml(name, at: target.location) else { return }
        if let xPos = attributes["keyXPos"] { state.x = position(xPos, x: state.x) }
        state.including.append(name)
        walk(file.root, in: file, defaults: defaults.merging(attributes.filter { $0.key == "keyWidth" }) { $1 }, state: state)
        state.including.removeLast()
    }

    /// The first `<case>` whose conditions hold, else the `<default>`.
    private func chosenCase(_ node: xmlNodePtr, in file: ImportedXML) -> xmlNodePtr? {
        for element in XMLSource.elements(node) {
            switch XMLSource.name(element) {
            case "case": if context.holds(file.attributes(element), diagnostics: diagnostics) { return element }
            case "default": return element
            case let name:
                diagnostics.reportOnce(
                    file.location(element), .unsupportedConstruct("LatinIME's <\(name)> in a <switch>", kept: "left out"))
            }
        }
        return nil
    }

    private func defineStyle(_ attributes: [String: XMLSource.Attribute], at location: SourceLocation, state: State) {
        guard let name = attributes["styleName"]?.value else { return }
        var own = attributes
        own["styleName"] = nil
        let parent = own.removeValue(forKey: "parentStyle")
        if let parent, state.styles[parent.value] == nil {
            diagnostics.reportOnce(
                parent.location, .missingReference("key style", parent.value, expected: "a <key-style> of that name before it"))
        }
        state.styles[name] = (own, parent?.value)
    }

    /// A style's attributes, its parents' under its own.
    private func style(_ name: String, state: State, depth: Int = 0) -> [String: XMLSource.Attribute] {
        guard let style = state.styles[name], depth < Self.maxIncludeDepth else { return [:] }
        let inherited = style.parent.map { self.style($0, state: state, depth: depth + 1) } ?? [:]
        return inherited.merging(style.attributes) { $1 }
    }

    private func row(_ node: xmlNodePtr, in file: ImportedXML, defaults: [String: XMLSource.Attribute], state: State) {
        guard state.row == nil else {
            diagnostics.reportOnce(file.location(node), .unsupportedConstruct("a <Row> inside a row", kept: "left out"))
            return
        }
        state.row = AOSPRow(location: file.location(node))
        state.x = 0
        walk(node, in: file, defaults: defaults, state: state)
        state.rows.append(state.row!)
        state.row = nil
    }

    private func key(_ node: xmlNodePtr, in file: ImportedXML, defaults: [String: XMLSource.Attribute], state: State) {
        let location = file.location(node)
        guard state.row != nil else {
            diagnostics.reportOnce(location, .unsupportedConstruct("a key outside a <Row>", kept: "left out"))
            return
        }
        let own = file.attributes(node)
        if let name = own["keyStyle"], state.styles[name.value] == nil {
            diagnostics.reportOnce(
                name.location, .missingReference("key style", name.value, expected: "a <key-style> of that name before it"))
        }
        let attributes = defaults.merging(own["keyStyle"].map { style($0.value, state: state) } ?? [:]) { $1 }.merging(own) { $1 }
        if let xPos = attributes["keyXPos"] { state.x = position(xPos, x: state.x) }
        let fillsRight = attributes["keyWidth"]?.value == "fillRight"
        let width = fillsRight ? max(0, 100 - state.x) : percent(attributes["keyWidth"]) ?? 10
        state.row!.keys.append(
            AOSPKey(
                attributes: attributes, location: location, isSpacer: XMLSource.name(node) == "Spacer",
                x: state.x, width: width, fillsRight: fillsRight))
        state.x += width
    }

    /// A `keyXPos`: percent of the keyboard's width from its left edge, or from its right when
    /// negative.
    private func position(_ attribute: XMLSource.Attribute, x: Double) -> Double {
        guard let value = percent(attribute) else { return x }
        return value < 0 ? 100 + value : value
    }

    /// A width or position in percent of the keyboard (`10%p`); other units are reported.
    private func percent(_ attribute: XMLSource.Attribute?) -> Double? {
        guard let attribute else { return nil }
        guard attribute.value.hasSuffix("%p"), let value = Double(attribute.value.dropLast(2)), value.isFinite, abs(value) <= 100 else {
            diagnostics.reportOnce(
                attribute.location,
                .unsupportedConstruct(
                    "the width or position '\(attribute.value)'",
                    kept: "only percentages of the keyboard's width (%p) are read; the row's default is used"))
            return nil
        }
        return value
    }
}
