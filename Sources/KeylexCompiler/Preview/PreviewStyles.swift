import KeylexRuntime

/// How the preview draws keys with their theme's styles: SVG attributes for a key's face, its
/// shadow and its text, and CSS rules for the pressed state (shown while a key is clicked).
/// What the theme leaves unset is drawn with the preview's defaults (the stylesheet's).
struct PreviewStyles {
    let appearance: Appearance
    /// CSS rules for the pressed states met so far, by class name.
    private(set) var pressedRules: [String: String] = [:]

    init(_ appearance: Appearance) { self.appearance = appearance }

    /// The keyboard's background, if the theme gives one.
    func board(_ locale: LayoutLocale) -> String? {
        locale.keyboardStyle(appearance)?.background.map(Self.css)
    }

    /// The attributes of `key`'s rectangle, of its shadow (a copy drawn below it, when the theme
    /// gives a shadow colour), and of its label; and the class of its pressed state.
    mutating func key(_ key: LayoutKey) -> (face: String, shadow: String?, text: String, pressedClass: String?) {
        let style = key.style(appearance)
        var face: [String] = [], text: [String] = []
        if let background = style?.background { face.append("fill: \(Self.css(background))") }
        if let border = style?.borderColor { face.append("stroke: \(Self.css(border))") }
        if let width = style?.borderWidth { face.append("stroke-width: \(LayoutPreview.number(Double(width)))") }
        if let foreground = style?.foreground { text.append("fill: \(Self.css(foreground))") }
        if let weight = style?.fontWeight { text.append("font-weight: \(weight.cssWeight)") }
        let shadow = style?.shadowColor.map { Self.attribute(["fill: \(Self.css($0))", "stroke: none"]) }
        return (Self.attribute(face), shadow, Self.attribute(text), pressedClass(key, unpressed: style))
    }

    /// ` style="…"` with `declarations` (inline, so that they win over the stylesheet's defaults),
    /// or nothing.
    private static func attribute(_ declarations: [String]) -> String {
        declarations.isEmpty ? "" : " style=\"\(declarations.joined(separator: "; "))\""
    }

    /// The class that gives `key` its pressed background, with its CSS rule recorded.
    private mutating func pressedClass(_ key: LayoutKey, unpressed: KeyboardStyle?) -> String? {
        guard let pressed = key.style(appearance, pressed: true), pressed != unpressed else { return nil }
        var declarations: [String] = []
        if let background = pressed.background { declarations.append("fill: \(Self.css(background)) !important") }
        if let border = pressed.borderColor { declarations.append("stroke: \(Self.css(border)) !important") }
        guard !declarations.isEmpty else { return nil }
        let rule = declarations.joined(separator: "; ")
        let name = pressedRules.first { $0.value == rule }?.key ?? "pressed\(pressedRules.count)"
        pressedRules[name] = rule
        return name
    }

    /// The stylesheet's rules for the pressed classes, in name order.
    var stylesheet: String {
        pressedRules.keys.sorted().map { ".key.\($0):active rect.face { \(pressedRules[$0]!); }" }.joined(separator: "\n")
    }

    /// A colour in CSS: `rgb(…)`, or `rgba(…)` when not opaque.
    static func css(_ color: StyleColor) -> String {
        let rgb = "\(color.red), \(color.green), \(color.blue)"
        return color.alpha == 0xFF ? "rgb(\(rgb))" : "rgba(\(rgb), \(LayoutPreview.number(Double(color.alpha) / 255)))"
    }
}
