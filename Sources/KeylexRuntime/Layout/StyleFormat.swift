/// The layout of the optional `styl` section, which holds the styles of keys, keyboards and
/// callouts from the locales' themes: the single source of truth for the encoder and the reader.
///
/// The section starts with four `UInt32` counts (styles, style sets, locales, key entries), then
/// four tables in that order:
/// - styles, ``recordSize`` bytes each: a `UInt32` mask of the properties set (bit `n` is the
///   ``StyleProperty`` whose raw value is `n`), then one 4-byte slot per property in raw-value
///   order: a colour as `0xRRGGBBAA`, a number as `Float32`, a ``FontWeight`` as `UInt32`, a text
///   as a string of `STRS`; a slot whose bit is clear is zero;
/// - style sets, ``setSize`` bytes each: the style (`UInt32`, ``none`` where the theme sets
///   nothing) of each ``StyleState``, in raw-value order;
/// - locales, ``localeSize`` bytes each (one per `LAYT` locale, in its order): the style sets of
///   the keyboard, the input callout and the action callout, the theme's name (a string), each
///   ``none`` when absent, then the first of the locale's key entries and their count;
/// - key entries, ``entrySize`` bytes each: an action (`UInt8`, ``KeyActionKind``), three zero
///   bytes, a value (a string: the keys of that action whose value, a return type's name or the
///   output, is that; ``none``: the other keys of that action) and the style set of those keys.
///   A locale's entries name each action and value once.
public enum StyleFormat {
    /// Absent: no style, no style set, no string.
    public static let none: UInt32 = 0xFFFF_FFFF
    /// The size of the section's header: four `UInt32` counts.
    public static let headerSize = 16
    /// The size of a style record: the mask and one slot per property.
    public static let recordSize = 4 + 4 * StyleProperty.allCases.count
    /// The size of a style set record: one style per state.
    public static let setSize = 4 * StyleState.allCases.count
    /// The size of a locale record.
    public static let localeSize = 24
    /// The size of a key entry.
    public static let entrySize = 12

    /// The offset of `property`'s slot in a style record.
    public static func slot(_ property: StyleProperty) -> Int { 4 + 4 * Int(property.rawValue) }

    /// Fields of a locale record (`UInt32` each).
    public enum LocaleField {
        public static let keyboard = 0, inputCallout = 4, actionCallout = 8, theme = 12, firstEntry = 16, entryCount = 20
    }

    /// Fields of a key entry.
    public enum EntryField {
        public static let action = 0, value = 4, set = 8
    }

    /// The most key entries a locale has: a key's style is looked for among its locale's entries,
    /// so this bounds the cost of each. A reader reads a section past it as no styles.
    public static let maxKeyEntries = 1_024

    /// The largest size, corner radius, border width, shadow radius or font size a style may give,
    /// in points (a shadow's offset may be as far either way).
    public static let maxNumber: Float = 1000
}

/// The properties a style may set, as KeyboardKit's `KeyboardStyle.Button` and its callout styles
/// have them. Each is set for some targets only (see ``StyleTarget``).
public enum StyleProperty: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case background = 0, foreground, borderColor, shadowColor
    case borderWidth, cornerRadius, fontSize, shadowRadius, shadowOffset
    case fontWeight
    /// A text shown instead of the key's label (the emoji key shown as 🙂).
    case text
    /// The name of an image shown instead of the key's label (an SF Symbol, an asset).
    case image

    /// The name used in layout sources.
    public var description: String {
        switch self {
        case .background: "background"
        case .foreground: "foreground"
        case .borderColor: "borderColor"
        case .shadowColor: "shadowColor"
        case .borderWidth: "borderWidth"
        case .cornerRadius: "cornerRadius"
        case .fontSize: "fontSize"
        case .shadowRadius: "shadowRadius"
        case .shadowOffset: "shadowOffset"
        case .fontWeight: "fontWeight"
        case .text: "text"
        case .image: "image"
        }
    }

    /// What kind of value the property takes.
    public var kind: Kind {
        switch self {
        case .background, .foreground, .borderColor, .shadowColor: .color
        case .borderWidth, .cornerRadius, .fontSize, .shadowRadius, .shadowOffset: .number
        case .fontWeight: .weight
        case .text, .image: .text
        }
    }

    /// The kinds of style values.
    public enum Kind: Sendable { case color, number, weight, text }

    /// The numbers the property allows: 0 to ``StyleFormat/maxNumber`` points, a shadow's offset
    /// as far either way, a font size above 0. Not-a-number and infinities are outside.
    public func allows(_ value: Float) -> Bool {
        let most = StyleFormat.maxNumber
        switch self {
        case .shadowOffset: return value >= -most && value <= most
        case .fontSize: return value > 0 && value <= most
        default: return value >= 0 && value <= most
        }
    }
}

/// What a style applies to: the keys, the keyboard behind them, the callout that shows the typed
/// character, the callout of long-press variants.
public enum StyleTarget: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case key = 0, keyboard, inputCallout, actionCallout

    /// The name used in layout sources.
    public var description: String {
        switch self {
        case .key: "key"
        case .keyboard: "keyboard"
        case .inputCallout: "inputCallout"
        case .actionCallout: "actionCallout"
        }
    }

    /// The properties a style of this target may set.
    public var properties: [StyleProperty] {
        switch self {
        case .key: StyleProperty.allCases
        case .keyboard: [.background]
        case .inputCallout, .actionCallout: StyleProperty.allCases.filter { $0 != .text && $0 != .image }
        }
    }

    /// Whether the target has a pressed state (a pressed key, the selected variant of an action
    /// callout).
    public var hasPressedState: Bool { self == .key || self == .actionCallout }
}

/// The appearance the system asks for (light or dark mode).
public enum Appearance: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case light = 0, dark

    /// The name used in layout sources.
    public var description: String { self == .light ? "light" : "dark" }
}

/// A style's state: an appearance, pressed or not (for an action callout: the selected variant
/// or the others).
public struct StyleState: Hashable, Sendable, CaseIterable {
    public let appearance: Appearance
    public let isPressed: Bool

    public init(_ appearance: Appearance, pressed: Bool = false) {
        self.appearance = appearance
        isPressed = pressed
    }

    /// The state's place in a style set: light, light pressed, dark, dark pressed.
    public var rawValue: Int { Int(appearance.rawValue) * 2 + (isPressed ? 1 : 0) }

    public static let allCases: [StyleState] = [
        StyleState(.light), StyleState(.light, pressed: true), StyleState(.dark), StyleState(.dark, pressed: true),
    ]
}

/// Font weights, as SwiftUI's `Font.Weight` names them.
public enum FontWeight: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case ultraLight = 0, thin, light, regular, medium, semibold, bold, heavy, black

    /// The name used in layout sources.
    public var description: String {
        switch self {
        case .ultraLight: "ultraLight"
        case .thin: "thin"
        case .light: "light"
        case .regular: "regular"
        case .medium: "medium"
        case .semibold: "semibold"
        case .bold: "bold"
        case .heavy: "heavy"
        case .black: "black"
        }
    }

    /// The CSS weight (100 to 900).
    public var cssWeight: Int { (Int(rawValue) + 1) * 100 }
}

/// A colour with alpha, 8 bits per channel, stored as `0xRRGGBBAA`.
public struct StyleColor: Hashable, Sendable {
    public let rgba: UInt32

    public init(rgba: UInt32) { self.rgba = rgba }

    public var red: UInt8 { UInt8(truncatingIfNeeded: rgba >> 24) }
    public var green: UInt8 { UInt8(truncatingIfNeeded: rgba >> 16) }
    public var blue: UInt8 { UInt8(truncatingIfNeeded: rgba >> 8) }
    public var alpha: UInt8 { UInt8(truncatingIfNeeded: rgba) }
}
