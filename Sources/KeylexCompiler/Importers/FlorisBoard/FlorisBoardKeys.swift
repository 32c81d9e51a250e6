import Foundation
import KeylexRuntime

/// What decides which key a FlorisBoard selector shows: the field being edited, the shift state
/// and the layout's direction.
struct FlorisKeyState {
    var field: FieldKind = .text
    var shifted = false
    var direction: TextDirection
}

/// Turns FlorisBoard key objects (`{"code": 97, "label": "a"}`, `auto_text_key`, the selectors) into
/// Keylex keys. Codes above zero type that code point; FlorisBoard's negative codes are its system
/// keys, mapped to KeyboardKit's actions where there is one and kept as custom actions otherwise.
struct FlorisBoardKeys {
    let diagnostics: DiagnosticEngine
    /// The preset's currency set: what the keys `currency_slot_1` … `currency_slot_6` type.
    let currencies: [String]
    let locale: Locale

    /// The key `node` shows in `state` (a selector chooses one of its keys), or `nil` for a
    /// placeholder or a key that cannot be read.
    func leaf(_ node: JSONNode, _ state: FlorisKeyState) -> JSONNode? {
        guard let kind = node["$"]?.text else { return node["type"]?.text == "placeholder" ? nil : node }
        let branch: JSONNode?
        switch kind {
        case "auto_text_key", "text_key", "multi_text_key": return node
        case "variation_selector": branch = variation(node, state.field)
        case "shift_state_selector": branch = state.shifted ? node["shiftedManual"] ?? node["default"] : node["default"]
        case "case_selector": branch = state.shifted ? node["upper"] : node["lower"]
        case "layout_direction_selector": branch = node[state.direction == .rightToLeft ? "rtl" : "ltr"]
        case "char_width_selector": branch = dropping(node, keep: "full", drop: "half", what: "FlorisBoard's half-width keys")
        case "kana_selector": branch = dropping(node, keep: "hira", drop: "kata", what: "FlorisBoard's katakana keys")
        default:
            diagnostics.reportOnce(node.location, .unsupportedConstruct("a FlorisBoard '\(kind)' key", kept: "the key is left out"))
            return nil
        }
        return branch.flatMap { leaf($0, state) }
    }

    private func variation(_ node: JSONNode, _ field: FieldKind) -> JSONNode? {
        if node["password"] != nil {
            diagnostics.reportOnce(
                node.location, .unsupportedConstruct("FlorisBoard's key for password fields", kept: "password fields get the text key"))
        }
        let name = field == .email ? "email" : field == .url ? "uri" : "default"
        return node[name] ?? node["default"]
    }

    private func dropping(_ node: JSONNode, keep: String, drop: String, what: String) -> JSONNode? {
        if let dropped = node[drop] {
            diagnostics.reportOnce(
                dropped.location, .unsupportedConstruct(what + " (a switch the keyboard flips)", kept: "the '\(keep)' key is kept"))
        }
        return node[keep]
    }

    /// The text a leaf types: its code point, its `codePoints`, or, for FlorisBoard's text keys
    /// (code -255) and currency slots, its label or the preset's currency.
    func output(_ leaf: JSONNode) -> String? {
        rawOutput(leaf).map { nfc($0, at: leaf.location) }
    }

    /// `text` in Unicode Normalization Form C (see ``ImportedText/nfc(_:at:diagnostics:)``).
    func nfc(_ text: String, at location: SourceLocation) -> String {
        ImportedText.nfc(text, at: location, diagnostics: diagnostics)
    }

    private func rawOutput(_ leaf: JSONNode) -> String? {
        if let points = leaf["codePoints"]?.items {
            let scalars = points.compactMap { $0.integer.flatMap { Unicode.Scalar(UInt32(clamping: $0)) } }
            return scalars.count == points.count && !scalars.isEmpty ? String(String.UnicodeScalarView(scalars)) : nil
        }
        guard let code = leaf["code"]?.integer else { return nil }
        if code > 0 { return Unicode.Scalar(UInt32(code)).map { String($0) } }
        if code == -255 { return leaf["label"]?.text }
        if (-806 ... -801).contains(code) { return currencies.indices.contains(-801 - code) ? currencies[-801 - code] : nil }
        return nil
    }

    /// What a leaf types when shift is on, as FlorisBoard decides it: an `auto_text_key` its upper
    /// case, any other key its own output.
    func shiftedOutput(_ leaf: JSONNode) -> String? {
        guard let text = output(leaf) else { return nil }
        return leaf["$"]?.text == "auto_text_key" ? text.uppercased(with: locale) : text
    }

    /// The Keylex key for a leaf; `nil` (with a diagnostic) when its code means nothing.
    func key(_ leaf: JSONNode) -> KeyModel? {
        let origin = Origin(leaf.location)
        guard let code = leaf["code"]?.integer ?? (leaf["codePoints"] != nil ? -255 : nil) else {
            diagnostics.reportOnce(leaf.location, .missingProperty("FlorisBoard key", "code"))
            return nil
        }
        if let action = Self.systemKeys[code] {
            return KeyModel(action: action.action, value: action.value, label: action.label, origin: origin)
        }
        guard let text = output(leaf) else {
            diagnostics.reportOnce(
                leaf.location,
                .unsupportedConstruct(
                    "FlorisBoard's key code \(code) ('\(leaf["label"]?.text ?? "")')",
                    kept: "kept as a custom action the app may handle"))
            return KeyModel(action: .custom, value: leaf["label"]?.text ?? "florisboard\(code)", origin: origin)
        }
        let label = leaf["label"]?.text.flatMap { $0 == text || code < 0 ? nil : nfc($0, at: leaf.location) }
        var key = KeyModel(action: text.count == 1 ? .character : .text, value: text, label: label, origin: origin)
        key.valueOrigin = origin
        return key
    }

    /// FlorisBoard's system key codes and the KeyboardKit actions they are.
    static let systemKeys: [Int: (action: KeyActionKind, value: String?, label: String?)] = [
        32: (.space, nil, nil),
        10: (.primary, "return", nil),
        -7: (.backspace, nil, nil),
        -11: (.shift, nil, nil),
        -201: (.keyboardType, "lowercased", "ABC"),
        -202: (.keyboardType, "numeric", "?123"),
        -203: (.keyboardType, "symbolic", "=\\<"),
        -212: (.emoji, nil, nil),
        -227: (.nextLocale, nil, nil),
    ]
}
