import KeylexRuntime

/// A theme: how keys, the keyboard and callouts look, in the light and the dark appearance, as
/// KeyboardKit's `KeyboardStyleProvider` gives it. Locales name the theme they use; a theme may
/// extend another (its rules come after the parent's, so they win at equal precedence).
public struct Theme: Equatable, Sendable {
    /// The theme's name, unique across the project.
    public var id: String
    /// The theme whose rules this one adds to.
    public var extends: String?
    /// The rules, in written order (key rules first, then the keyboard's, the input callout's and
    /// the action callout's).
    public var rules: [StyleRule]
    public var origin: Origin
    public var extendsOrigin: Origin

    public init(id: String, extends: String? = nil, rules: [StyleRule] = [], origin: Origin) {
        self.id = id
        self.extends = extends
        self.rules = rules
        self.origin = origin
        self.extendsOrigin = origin
    }
}

/// A rule of a theme: what it applies to (a target, an appearance, the pressed state, which keys)
/// and the properties it sets. A rule with no appearance applies to both.
public struct StyleRule: Equatable, Sendable {
    public var target: StyleTarget
    public var appearance: Appearance?
    /// Whether the rule applies only to pressed keys (the selected variant of an action callout).
    public var isPressed = false
    /// Key rules: the keys it applies to, by kind (every key when neither this nor `action` is set).
    public var keyKind: KeyKind?
    /// Key rules: the keys it applies to, by action.
    public var action: KeyActionKind?
    /// Key rules with an action: the keys it applies to, by value (a return type, a layer's name,
    /// a character).
    public var value: String?
    public var properties: [StyleProperty: StyleValue] = [:]
    public var origin: Origin

    public init(target: StyleTarget, origin: Origin) {
        self.target = target
        self.origin = origin
    }

    /// How specific the rule's key selector is: every key, a kind, an action, an action and value.
    var keySpecificity: Int { value != nil ? 3 : action != nil ? 2 : keyKind != nil ? 1 : 0 }

    /// The rule's selector in source syntax (`key action=primary value=search dark pressed`).
    var selectorText: String {
        var parts = ["\(target)"]
        if let keyKind { parts.append("kind=\(keyKind)") }
        if let action { parts.append("action=\(action)") }
        if let value { parts.append("value=\(value)") }
        if let appearance { parts.append("\(appearance)") }
        if isPressed { parts.append(target == .actionCallout ? "selected" : "pressed") }
        return parts.joined(separator: " ")
    }
}

/// The kinds of key a style rule can name: the keys that type (characters, texts, space) and the
/// others (system keys: shift, backspace, return, layer switches, …), as KeyboardKit tells input
/// and system actions apart.
public enum KeyKind: String, CaseIterable, Sendable {
    case input, system

    /// The kind of key `action` is (`nil` for a gap, which is never drawn).
    static func of(_ action: KeyActionKind) -> KeyKind? {
        switch action {
        case .none: nil
        case .character, .text, .space: .input
        default: .system
        }
    }
}

/// A value a style sets.
public enum StyleValue: Hashable, Sendable {
    case color(StyleColor)
    case number(Float)
    case weight(FontWeight)
    case text(String)
}
