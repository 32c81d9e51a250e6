/// The layout of a bundle's layout sections: the single source of truth for the encoder and the reader.
///
/// `STRS` is a string pool; `LAYT` holds fixed-size records in tables (locales, layouts, layers,
/// rows, keys, callouts, callout variants) that refer to each other by index and to strings by
/// pool index. See `docs/FORMAT.md` for the byte-level description.
public enum LayoutFormat {
    /// A string index meaning "no string".
    public static let noString: UInt32 = 0xFFFF_FFFF
    /// A callout index meaning "no callouts".
    public static let noCallout: UInt32 = 0xFFFF_FFFF
    /// The most layers a layout has: a layer switch names its target in one byte.
    public static let maxLayers = 255
    /// The most layouts a locale, rows a layer, keys a row or variants a callout has (16-bit counts).
    public static let maxCount = 0xFFFF

    /// `LAYT` starts with seven `UInt32` counts, one per table, in table order, and four zero bytes; the tables follow
    /// in that order, each record a fixed size.
    public enum Table: Int, CaseIterable, Sendable {
        case locales, layouts, layers, rows, keys, callouts, variants

        /// The size in bytes of one record of the table.
        public var recordSize: Int {
            switch self {
            case .locales: return 24
            case .layouts: return 12
            case .layers: return 12
            case .rows: return 20
            case .keys: return 20
            case .callouts: return 12
            case .variants: return 4
            }
        }
    }

    /// The size of `LAYT`'s header: one `UInt32` count per table, padded to eight.
    public static let headerSize = 32

    /// Locale record: tag string, name string, first layout, first callout (`UInt32` each), then
    /// layout count (`UInt16`), direction (`UInt8`), a zero byte, and callout count (`UInt32`).
    /// Callouts of a locale are sorted by their character's UTF-8 bytes.
    public enum LocaleField {
        public static let tag = 0, name = 4, firstLayout = 8, firstCallout = 12
        public static let layoutCount = 16, direction = 18, calloutCount = 20
    }

    /// Layout record: first layer (`UInt32`), locale index (`UInt32`), layer count (`UInt16`),
    /// form factor (`UInt8`), field kind (`UInt8`, ``FieldKind``; 0 before format 1.3).
    public enum LayoutField {
        public static let firstLayer = 0, locale = 4, layerCount = 8, formFactor = 10, field = 11
    }

    /// Layer record: name string, first row (`UInt32` each), row count (`UInt16`), flags (`UInt16`,
    /// ``LayerFlags``).
    public enum LayerField {
        public static let name = 0, firstRow = 4, rowCount = 8, flags = 10
    }

    /// Row record: first key (`UInt32`), key count (`UInt16`), number of `available` keys
    /// (`UInt16`), then as `Float32`: input units (the sum of the input-sized keys' factors), the
    /// fraction of the row taken by percentage widths, and the points taken by point widths.
    public enum RowField {
        public static let firstKey = 0, keyCount = 4, availableCount = 6
        public static let inputUnits = 8, fixedFraction = 12, fixedPoints = 16
    }

    /// Key record: action (`UInt8`, ``KeyActionKind``), width kind (`UInt8`, ``KeyWidthKind``),
    /// argument (`UInt8`: the return type of a primary key, the target layer's index in its layout
    /// for a keyboard-type key), a zero byte, the width value (`Float32`), the output, label and
    /// callout indices (`UInt32` each; ``noString`` or ``noCallout`` when absent).
    public enum KeyField {
        public static let action = 0, widthKind = 1, argument = 2, width = 4
        public static let output = 8, label = 12, callout = 16
    }

    /// Callout record: character string, first variant (`UInt32` each), variant count, index of
    /// the default variant (`UInt16` each).
    public enum CalloutField {
        public static let character = 0, firstVariant = 4, variantCount = 8, defaultIndex = 10
    }

    /// Record of the optional `hint` section, whose records are the section (8 bytes each, in
    /// strictly increasing key order): the key's index (`UInt32`) and its hint label's string.
    public enum HintField {
        public static let key = 0, string = 4
        public static let recordSize = 8
    }

    /// Record of the optional `gest` section, whose records are the section (12 bytes each, by
    /// key, then kind): the key's index (`UInt32`), the kind (`UInt8`: a ``FlickDirection``,
    /// ``multiTapKind`` for the outputs of repeated taps in tap order, or ``calloutActionKind`` for
    /// the actions its long press offers, in order), the action of a callout action (`UInt8`,
    /// ``KeyActionKind``; else zero), two zero bytes and the output's string (a callout action's
    /// value: ``noString`` when it has none). A key has at most one flick per direction.
    public enum GestureField {
        public static let key = 0, kind = 4, action = 5, string = 8
        public static let recordSize = 12
        public static let multiTapKind: UInt8 = 8
        public static let calloutActionKind: UInt8 = 9
    }

    /// Record of the optional `trns` section, whose records are the section (12 bytes each, by
    /// locale, each locale's in the order they are tried): the locale's index (`UInt32`), then the
    /// strings of the text replaced (`from`, not empty) and of its replacement (`to`).
    public enum TransformField {
        public static let locale = 0, from = 4, to = 8
        public static let recordSize = 12
    }

    /// Layer flags.
    public enum LayerFlags {
        /// The layer was not written but derived from another by case mapping.
        public static let derived: UInt16 = 1 << 0
        /// The layer is a custom one (not one of the standard ``StandardLayer`` names).
        public static let custom: UInt16 = 1 << 1
    }
}

/// What pressing a key does, as KeyboardKit's `KeyboardAction` names it.
public enum KeyActionKind: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    /// A gap: takes room, does nothing.
    case none = 0
    /// Types one character (its output).
    case character
    /// Types several characters (its output).
    case text
    case backspace
    case shift
    case capsLock
    case space
    /// The return key; its argument is a ``ReturnKeyType``.
    case primary
    /// Switches to another layer; its output is the layer's name.
    case keyboardType
    case nextKeyboard
    case nextLocale
    case dismissKeyboard
    /// Switches to the emoji keyboard.
    case emoji
    case moveCursorBackward
    case moveCursorForward
    case tab
    /// An action the app handles; its output is the action's name.
    case custom

    /// The name used in layout sources.
    public var description: String {
        switch self {
        case .none: return "none"
        case .character: return "character"
        case .text: return "text"
        case .backspace: return "backspace"
        case .shift: return "shift"
        case .capsLock: return "capsLock"
        case .space: return "space"
        case .primary: return "primary"
        case .keyboardType: return "keyboardType"
        case .nextKeyboard: return "nextKeyboard"
        case .nextLocale: return "nextLocale"
        case .dismissKeyboard: return "dismissKeyboard"
        case .emoji: return "emoji"
        case .moveCursorBackward: return "moveCursorBackward"
        case .moveCursorForward: return "moveCursorForward"
        case .tab: return "tab"
        case .custom: return "custom"
        }
    }
}

/// The kinds of primary (return) key, as KeyboardKit's `ReturnKeyType` names them.
public enum ReturnKeyType: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case `return` = 0, done, go, join, newLine, next, ok, search, send, `continue`, route, emergencyCall

    /// The name used in layout sources.
    public var description: String {
        switch self {
        case .return: return "return"
        case .done: return "done"
        case .go: return "go"
        case .join: return "join"
        case .newLine: return "newLine"
        case .next: return "next"
        case .ok: return "ok"
        case .search: return "search"
        case .send: return "send"
        case .continue: return "continue"
        case .route: return "route"
        case .emergencyCall: return "emergencyCall"
        }
    }
}

/// How a key's width is given, as KeyboardKit's `KeyboardLayoutItem.Width` has it.
public enum KeyWidthKind: UInt8, CaseIterable, Sendable {
    /// One input unit (the width of a character key).
    case input = 0
    /// A multiple of the input unit (the value is the factor).
    case inputPercentage
    /// A fraction of the row's width (the value, 0 < value ≤ 1).
    case percentage
    /// A fixed number of points.
    case points
    /// What is left of the row, shared by its `available` keys.
    case available
}

/// The devices a layout is made for.
public enum FormFactor: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case phone = 0, tablet

    /// The name used in layout sources.
    public var description: String { self == .phone ? "phone" : "tablet" }

    /// The narrowest keyboard, in points, a layout of this form factor must fit: fixed widths
    /// (points and percentages) that overflow it are an error.
    public var referenceWidth: Double { self == .phone ? 320 : 768 }
}

/// The kind of text field a layout is for, as the app learns it from the text document proxy
/// (UIKit's `keyboardType`): a locale's `.text` layout serves every field it has no variant for.
public enum FieldKind: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case text = 0, email, url, webSearch

    /// The name used in layout sources.
    public var description: String {
        switch self {
        case .text: "text"
        case .email: "email"
        case .url: "url"
        case .webSearch: "webSearch"
        }
    }
}

/// The direction of a flick: a swipe from a key that types another output, as CLDR's keyboard
/// 3.0 `<flick>` and Japanese kana keyboards have them.
public enum FlickDirection: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case north = 0, northEast, east, southEast, south, southWest, west, northWest

    /// The name used in layout sources: `n`, `ne`, `e`, `se`, `s`, `sw`, `w`, `nw`.
    public var description: String { ["n", "ne", "e", "se", "s", "sw", "w", "nw"][Int(rawValue)] }
}

/// The writing direction of a locale's layouts.
public enum TextDirection: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case leftToRight = 0, rightToLeft

    /// The name used in layout sources: `ltr` or `rtl`.
    public var description: String { self == .leftToRight ? "ltr" : "rtl" }
}

/// The layer names with a meaning of their own; any other layer is a custom one.
public enum StandardLayer: String, CaseIterable, Sendable {
    /// The alphabetic layers, from the lowercased one up.
    case lowercased, uppercased, capsLocked
    case numeric, symbolic
}
