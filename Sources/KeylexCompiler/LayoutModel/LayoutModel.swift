import KeylexRuntime

/// Where a node of the layout model was written. It is not part of the node's value: two nodes
/// read from different files (an XML file and its JSON conversion) compare equal.
public struct Origin: Hashable, Sendable {
    public let location: SourceLocation

    public init(_ location: SourceLocation) { self.location = location }

    public static func == (_: Origin, _: Origin) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

/// One layout source file: a locale's keyboard, in XML or JSON.
public struct LayoutDocument: Equatable, Sendable {
    /// The BCP 47 tag of the locale.
    public var locale: String
    /// The locale's name as shown to users ("English (UK)").
    public var name: String?
    /// Where the data came from (attribution).
    public var source: String?
    /// The locale whose layouts and callouts this one starts from.
    public var extends: String?
    /// Whether the document only holds what other locales extend (shared rows, layers, callouts):
    /// it is resolved for them, never compiled as a locale of its own.
    public var isAbstract = false
    /// The writing direction; inherited when not written, left to right at the root.
    public var direction: TextDirection?
    /// The theme the locale's keyboards are drawn with; inherited when not written.
    public var theme: String?
    /// The themes the document defines, for any locale to use.
    public var themes: [Theme] = []
    /// The long-press alternatives of characters.
    public var callouts: CalloutSet?
    /// The simple transforms (dead keys), in the order they are tried.
    public var transforms: [Transform] = []
    /// One layout per form factor.
    public var layouts: [LayoutModel]
    public var origin: Origin
    /// Where `locale`, `extends` and `theme` were written.
    public var localeOrigin: Origin
    public var extendsOrigin: Origin
    public var themeOrigin: Origin

    public init(locale: String, origin: Origin) {
        self.locale = locale
        self.layouts = []
        self.origin = origin
        self.localeOrigin = origin
        self.extendsOrigin = origin
        self.themeOrigin = origin
    }
}

/// A simple transform, as CLDR's keyboard 3.0 `<transforms type="simple">`: typed text ending
/// with `from` is replaced by `to` (`^` then `e` gives `ê`).
public struct Transform: Equatable, Sendable {
    public var from: String
    public var to: String
    public var origin: Origin

    public init(from: String, to: String, origin: Origin) {
        self.from = from
        self.to = to
        self.origin = origin
    }
}

/// A locale's callouts: its own, on top of those of `extends` (or of the document's parent).
public struct CalloutSet: Equatable, Sendable {
    /// The locale whose callouts these change.
    public var extends: String?
    public var callouts: [Callout]
    public var origin: Origin
    public var extendsOrigin: Origin

    public init(extends: String? = nil, callouts: [Callout] = [], origin: Origin) {
        self.extends = extends
        self.callouts = callouts
        self.origin = origin
        self.extendsOrigin = origin
    }
}

/// The long-press alternatives of one character, in order; `defaultVariant` is the one selected
/// first (the first variant when not written).
public struct Callout: Equatable, Sendable {
    public var character: String
    public var variants: [String]
    public var defaultVariant: String?
    public var origin: Origin
    /// Where the variants and the default were written.
    public var variantsOrigin: Origin
    public var defaultOrigin: Origin

    public init(character: String, variants: [String], defaultVariant: String? = nil, origin: Origin) {
        self.character = character
        self.variants = variants
        self.defaultVariant = defaultVariant
        self.origin = origin
        self.variantsOrigin = origin
        self.defaultOrigin = origin
    }

    /// The index of the default variant (0 when not written or not found).
    public var defaultIndex: Int { defaultVariant.flatMap { variants.firstIndex(of: $0) } ?? 0 }
}

/// The keyboard of one form factor: its layers, and changes to the parent's keys. A layout for a
/// kind of field other than `.text` is written as changes to the text layout of its form factor
/// (row patches, layers, replacements), as an extending layout is to its parent's.
public struct LayoutModel: Equatable, Sendable {
    public var formFactor: FormFactor
    public var field: FieldKind = .text
    public var layers: [LayerModel]
    /// Character substitutions applied to every inherited layer (en-GB's £ for en-US's $).
    public var replacements: [KeyReplacement]
    public var origin: Origin

    public init(formFactor: FormFactor, layers: [LayerModel] = [], replacements: [KeyReplacement] = [], origin: Origin) {
        self.formFactor = formFactor
        self.layers = layers
        self.replacements = replacements
        self.origin = origin
    }
}

/// Replaces the output of every inherited character or text key that types `key` with `with`.
public struct KeyReplacement: Equatable, Sendable {
    public var key: String
    public var with: String
    public var origin: Origin

    public init(key: String, with: String, origin: Origin) {
        self.key = key
        self.with = with
        self.origin = origin
    }
}

/// A named layer of rows. In a layout that extends another, rows with an `index` replace that row
/// of the inherited layer; rows without one replace the whole layer.
public struct LayerModel: Equatable, Sendable {
    public var id: String
    /// Whether the id names a custom layer (not one of ``StandardLayer``).
    public var isCustom: Bool
    public var rows: [RowModel]
    /// Set on layers the compiler derived by case mapping (never on written ones).
    public var isDerived: Bool
    public var origin: Origin

    public init(id: String, isCustom: Bool = false, rows: [RowModel] = [], isDerived: Bool = false, origin: Origin) {
        self.id = id
        self.isCustom = isCustom
        self.rows = rows
        self.isDerived = isDerived
        self.origin = origin
    }
}

/// A row of keys, left to right (in reading order for right-to-left locales).
public struct RowModel: Equatable, Sendable {
    /// The 1-based row of the inherited layer this row replaces.
    public var index: Int?
    public var keys: [KeyModel]
    public var origin: Origin
    public var indexOrigin: Origin

    public init(index: Int? = nil, keys: [KeyModel] = [], origin: Origin) {
        self.index = index
        self.keys = keys
        self.origin = origin
        self.indexOrigin = origin
    }
}

/// A key: what it does, what it types or shows, and how wide it is.
public struct KeyModel: Equatable, Sendable {
    public var action: KeyActionKind
    /// The character or text typed, the layer switched to, the return type, or the custom action's name.
    public var value: String?
    /// What the key shows, when it differs from its output.
    public var label: String?
    /// A small secondary label (AOSP's `keyHintLabel`: the digit on a top-row letter).
    public var hint: String?
    /// What a character or text key of the `lowercased` layer types on the derived upper layers,
    /// instead of its upper case (`,` shifted to `;` on Dvorak).
    public var shifted: String?
    /// `nil` means one input unit.
    public var width: KeyWidth?
    /// What flicks from the key type, as written (`n:い e:う`).
    public var flicks: [Flick] = []
    /// What repeated taps type after the first, in order (a multi-tap key).
    public var multiTap: [String] = []
    /// The key's own long-press variants (`.com` offering `.net .org`), instead of the callout of
    /// the character it types.
    public var callout: [String] = []
    /// The actions a long press on the key offers (the layers on a layer-switch key).
    public var calloutActions: [CalloutAction] = []
    public var origin: Origin
    /// Where the flicks and multi-tap outputs were written.
    public var flicksOrigin: Origin
    public var multiTapOrigin: Origin
    public var calloutOrigin: Origin
    public var calloutActionsOrigin: Origin
    /// Where the value, label, hint, shifted output and width were written.
    public var valueOrigin: Origin
    public var labelOrigin: Origin
    public var hintOrigin: Origin
    public var shiftedOrigin: Origin
    public var widthOrigin: Origin

    public init(action: KeyActionKind, value: String? = nil, label: String? = nil, width: KeyWidth? = nil, origin: Origin) {
        self.action = action
        self.value = value
        self.label = label
        self.width = width
        self.origin = origin
        self.valueOrigin = origin
        self.labelOrigin = origin
        self.hintOrigin = origin
        self.shiftedOrigin = origin
        self.widthOrigin = origin
        self.flicksOrigin = origin
        self.multiTapOrigin = origin
        self.calloutOrigin = origin
        self.calloutActionsOrigin = origin
    }

    /// Sets the text `field` to `text`, written at `origin`.
    public mutating func set(_ field: KeyTextField, _ text: String, at origin: Origin) {
        switch field {
        case .value: (value, valueOrigin) = (text, origin)
        case .label: (label, labelOrigin) = (text, origin)
        case .hint: (hint, hintOrigin) = (text, origin)
        case .shifted: (shifted, shiftedOrigin) = (text, origin)
        }
    }

    /// The text `field` of the key.
    public subscript(field: KeyTextField) -> String? {
        switch field {
        case .value: value
        case .label: label
        case .hint: hint
        case .shifted: shifted
        }
    }

    /// Whether the key types its value (character and text keys).
    public var typesValue: Bool { action == .character || action == .text }
    /// Whether the key is a plain character key of one input unit with no label: what a compact
    /// row string holds.
    public var isPlainCharacter: Bool {
        action == .character && label == nil && hint == nil && shifted == nil && width == nil && value != nil && flicks.isEmpty
            && multiTap.isEmpty && callout.isEmpty && calloutActions.isEmpty
    }
}

/// The text attributes of a key, as both source syntaxes name them, in the order they are written.
/// An action a key's long press offers: a KeyboardKit action and its value (`keyboardType:symbolic`).
public struct CalloutAction: Equatable, Sendable {
    public var action: KeyActionKind
    public var value: String?

    public init(_ action: KeyActionKind, _ value: String? = nil) {
        self.action = action
        self.value = value
    }
}

/// A flick: a swipe from a key in a direction, and what it types.
public struct Flick: Equatable, Sendable {
    public var direction: FlickDirection
    public var output: String

    public init(_ direction: FlickDirection, _ output: String) {
        self.direction = direction
        self.output = output
    }
}

public enum KeyTextField: String, CaseIterable, Sendable {
    case value, label, hint, shifted
}
