import KeylexRuntime

/// The source syntax of themes, shared by the XML and JSON readers and writers: the names of a
/// style rule's selectors and properties, how their values are written (`#RRGGBB`, `0.5`, `bold`),
/// and how a rule is read from them with every problem reported.
struct StyleSyntax {
    let diagnostics: DiagnosticEngine

    /// The XML element of a rule of `target` (`keyStyle`); its JSON array is the plural (`keyStyles`).
    static func element(_ target: StyleTarget) -> String { "\(target)Style" }

    /// The name of the selector that limits a rule to the pressed state, when the target has one.
    static func pressedName(_ target: StyleTarget) -> String? {
        switch target {
        case .key: "pressed"
        case .actionCallout: "selected"
        case .keyboard, .inputCallout: nil
        }
    }

    /// The selectors a rule of `target` may have, besides its properties.
    static func selectors(_ target: StyleTarget) -> [String] {
        ["appearance"] + (pressedName(target).map { [$0] } ?? []) + (target == .key ? ["kind", "action", "value"] : [])
    }

    /// Every attribute (or member) a rule of `target` may have.
    static func names(_ target: StyleTarget) -> [String] { selectors(target) + target.properties.map(\.description) }

    // MARK: Reading

    /// A written value: its text (a JSON number or boolean as its source text) and place.
    typealias Written = (text: String, location: SourceLocation)

    /// The rule of `target` written with `fields` (by name) at `origin`; `nil` when a selector is
    /// wrong. A wrong property value is left out. Every problem is reported.
    func rule(_ target: StyleTarget, _ fields: [String: Written], origin: Origin) -> StyleRule? {
        var rule = StyleRule(target: target, origin: origin)
        var valid = true
        if let written = fields["appearance"] {
            rule.appearance = Appearance.named(written.text)
            if rule.appearance == nil { valid = invalid(written, "an appearance", Appearance.allCases.map(\.description)) ?? false }
        }
        if let name = Self.pressedName(target), let written = fields[name] { rule.isPressed = ["true", "1"].contains(written.text) }
        for property in target.properties {
            guard let written = fields[property.description] else { continue }
            if let value = value(property, written) { rule.properties[property] = value }
        }
        if target == .key && !keySelectors(&rule, fields, origin: origin) { valid = false }
        return valid ? rule : nil
    }

    /// Reads a key rule's kind, action and value; `false` when they are wrong (reported).
    private func keySelectors(_ rule: inout StyleRule, _ fields: [String: Written], origin: Origin) -> Bool {
        if let written = fields["kind"] {
            guard let kind = KeyKind(rawValue: written.text) else {
                return invalid(written, "a kind of key", KeyKind.allCases.map(\.rawValue)) ?? false
            }
            rule.keyKind = kind
        }
        if let written = fields["action"] {
            guard let action = LayoutVocabulary(diagnostics: diagnostics).action(written.text, at: written.location) else { return false }
            rule.action = action
        }
        if rule.keyKind != nil && rule.action != nil {
            diagnostics.report(origin.location, .kindAndAction)
            return false
        }
        if let written = fields["value"] {
            guard rule.action != nil else {
                diagnostics.report(written.location, .valueWithoutAction)
                return false
            }
            rule.value = written.text
        }
        return true
    }

    /// The value of `property` written as `written`, or `nil` (reported).
    func value(_ property: StyleProperty, _ written: Written) -> StyleValue? {
        switch property.kind {
        case .color:
            if let color = Self.color(written.text) { return .color(color) }
            return invalid(written, "a colour (#RGB, #RRGGBB or #RRGGBBAA)", [])
        case .number:
            if let number = Float(written.text), property.allows(number) { return .number(number) }
            let range = property == .shadowOffset ? "-1000 to 1000" : property == .fontSize ? "above 0, at most 1000" : "0 to 1000"
            return invalid(written, "a number of points (\(range))", [])
        case .weight:
            if let weight = FontWeight.named(written.text) { return .weight(weight) }
            return invalid(written, "a font weight", FontWeight.allCases.map(\.description))
        case .text:
            return .text(written.text)
        }
    }

    /// Reports `written` as not being `expected`, suggesting the closest of `names`; `nil`.
    private func invalid<T>(_ written: Written, _ expected: String, _ names: [String]) -> T? {
        let listed = names.isEmpty ? "" : " (\(names.joined(separator: ", ")))"
        diagnostics.report(
            written.location,
            .invalidStyle(
                written.text, expected: expected + listed,
                closest: NameSuggestion.closest(written.text, among: names)))
        return nil
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA` in hexadecimal digits of either case.
    static func color(_ text: String) -> StyleColor? {
        let digits = Array(text.utf8.dropFirst())
        guard text.hasPrefix("#"), [3, 6, 8].contains(digits.count),
            digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }),
            var value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        else { return nil }
        if digits.count == 3 {
            let (r, g, b) = (value >> 8, value >> 4 & 15, value & 15)
            value = (r * 17) << 16 | (g * 17) << 8 | b * 17
        }
        return StyleColor(rgba: digits.count == 8 ? value : value << 8 | 0xFF)
    }

    // MARK: Writing

    /// A value in its source syntax.
    static func text(_ value: StyleValue) -> String {
        switch value {
        case .color(let color): colorText(color)
        case .number(let number): numberText(number)
        case .weight(let weight): weight.description
        case .text(let text): text
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    static func colorText(_ color: StyleColor) -> String {
        let digits = Array("0123456789ABCDEF")
        let bytes = color.alpha == 0xFF ? [color.red, color.green, color.blue] : [color.red, color.green, color.blue, color.alpha]
        return "#" + String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// The shortest text that reads back as `number` (`22`, `0.5`).
    static func numberText(_ number: Float) -> String {
        let text = "\(number)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A rule's selectors and properties as (name, text) pairs in source order, for the writers;
    /// `pressed` as `true`.
    static func fields(_ rule: StyleRule) -> [(String, String)] {
        var fields: [(String, String?)] = [("appearance", rule.appearance?.description)]
        if let name = pressedName(rule.target), rule.isPressed { fields.append((name, "true")) }
        fields += [("kind", rule.keyKind?.rawValue), ("action", rule.action?.description), ("value", rule.value)]
        fields += rule.target.properties.map { ($0.description, rule.properties[$0].map(text)) }
        return fields.compactMap { name, value in value.map { (name, $0) } }
    }
}
