/// A locale in a bundle: its tag, name, direction, layouts and callouts.
public struct LayoutLocale: Sendable {
    let tables: LayoutTables
    let index: Int
    private var record: Record { tables.record(.locales, index) }
    private typealias LocaleField = LayoutFormat.LocaleField

    /// The BCP 47 tag.
    public var tag: KeyText { tables.strings[record.string(LocaleField.tag)] }
    /// The name shown to users, if the source gave one.
    public var name: KeyText? { tables.strings.optional(record.string(LocaleField.name)) }
    public var direction: TextDirection { TextDirection(rawValue: record.u8(LocaleField.direction)) ?? .leftToRight }

    /// The locale's layouts, by form factor, each form factor's plain text layout first.
    public var layouts: [KeyboardLayout] {
        let first = Int(record.u32(LocaleField.firstLayout))
        return (first..<first + Int(record.u16(LocaleField.layoutCount))).map { KeyboardLayout(tables: tables, index: $0) }
    }

    /// The layout for `formFactor` when the field being edited is a `field` one: the locale's
    /// variant for that field if it has one, else its plain text layout. O(layouts).
    public func layout(for formFactor: FormFactor, field: FieldKind = .text) -> KeyboardLayout? {
        let first = Int(record.u32(LocaleField.firstLayout))
        var fallback: KeyboardLayout?
        for i in first..<first + Int(record.u16(LocaleField.layoutCount)) {
            let layout = KeyboardLayout(tables: tables, index: i)
            guard layout.formFactor == formFactor else { continue }
            if layout.field == field { return layout }
            if layout.field == .text && fallback == nil { fallback = layout }
        }
        return fallback
    }

    /// The locale's simple transforms (dead keys), in the order they are tried; empty when the
    /// bundle has none. O(log transforms).
    public var transforms: LayoutTransforms { LayoutTransforms(tables: tables, records: tables.transformRange(ofLocale: index)) }

    /// The number of characters with callouts.
    public var calloutCount: Int { Int(record.u32(LocaleField.calloutCount)) }

    /// The callout of the `i`-th character (in UTF-8 byte order); an empty one when `i` is out of
    /// range.
    public func callout(at i: Int) -> KeyCallout {
        KeyCallout(tables: tables, index: LayoutTables.index(i, of: calloutCount, from: record.u32(LocaleField.firstCallout)))
    }

    /// The long-press variants of `character`, if it has any: a binary search, O(log n).
    public func callout(for character: String) -> KeyCallout? {
        let low = lowerBound(in: 0..<calloutCount) { callout(at: $0).character.precedes(character) }
        guard low < calloutCount, callout(at: low).character == character else { return nil }
        return callout(at: low)
    }
}

/// A locale's keyboard for one form factor and kind of field: its layers.
public struct KeyboardLayout: Sendable {
    let tables: LayoutTables
    let index: Int
    private var record: Record { tables.record(.layouts, index) }
    private typealias LayoutField = LayoutFormat.LayoutField

    public var formFactor: FormFactor { FormFactor(rawValue: record.u8(LayoutField.formFactor)) ?? .phone }
    /// The kind of field the layout is for (`nil`: a kind this runtime does not know, from a newer
    /// compiler; such a layout is never chosen).
    public var field: FieldKind? { FieldKind(rawValue: record.u8(LayoutField.field)) }
    public var locale: LayoutLocale { LayoutLocale(tables: tables, index: Int(record.u32(LayoutField.locale))) }
    public var layerCount: Int { Int(record.u16(LayoutField.layerCount)) }

    /// The `i`-th layer, in source order (derived layers follow the layer they come from); an empty
    /// one when `i` is out of range.
    public func layer(at i: Int) -> KeyboardLayer {
        KeyboardLayer(
            tables: tables, index: LayoutTables.index(i, of: layerCount, from: record.u32(LayoutField.firstLayer)), layoutIndex: index)
    }

    /// The layers, in order.
    public var layers: [KeyboardLayer] { (0..<layerCount).map(layer(at:)) }

    /// The layer named `name`, if any: O(layers).
    public func layer(named name: String) -> KeyboardLayer? {
        for i in 0..<layerCount where layer(at: i).name == name { return layer(at: i) }
        return nil
    }

    /// The standard layer `layer`, if the layout has it.
    public func layer(_ layer: StandardLayer) -> KeyboardLayer? { self.layer(named: layer.rawValue) }
}

/// A layer of a layout: rows of keys.
public struct KeyboardLayer: Sendable {
    let tables: LayoutTables
    let index: Int
    let layoutIndex: Int
    /// The layout the layer belongs to.
    public var layout: KeyboardLayout { KeyboardLayout(tables: tables, index: layoutIndex) }
    private var record: Record { tables.record(.layers, index) }
    private typealias LayerField = LayoutFormat.LayerField

    public var name: KeyText { tables.strings[record.string(LayerField.name)] }
    /// Whether the compiler derived the layer by case mapping rather than reading it.
    public var isDerived: Bool { record.u16(LayerField.flags) & LayoutFormat.LayerFlags.derived != 0 }
    public var isCustom: Bool { record.u16(LayerField.flags) & LayoutFormat.LayerFlags.custom != 0 }
    public var rowCount: Int { Int(record.u16(LayerField.rowCount)) }

    /// The `i`-th row from the top; an empty one when `i` is out of range.
    public func row(at i: Int) -> KeyRow {
        KeyRow(
            tables: tables, index: LayoutTables.index(i, of: rowCount, from: record.u32(LayerField.firstRow)), layerIndex: index,
            layoutIndex: layoutIndex)
    }

    /// The rows, top to bottom.
    public var rows: [KeyRow] { (0..<rowCount).map(row(at:)) }
}

/// A row of keys, in reading order.
public struct KeyRow: RandomAccessCollection, Sendable {
    let tables: LayoutTables
    let index: Int
    let layerIndex: Int
    let layoutIndex: Int
    /// The layer the row belongs to.
    public var layer: KeyboardLayer { KeyboardLayer(tables: tables, index: layerIndex, layoutIndex: layoutIndex) }
    var record: Record { tables.record(.rows, index) }
    typealias RowField = LayoutFormat.RowField

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(record.u16(RowField.keyCount)) }

    /// The `i`-th key; an empty one (no action, no output) when `i` is out of range.
    public subscript(i: Int) -> LayoutKey {
        LayoutKey(tables: tables, index: LayoutTables.index(i, of: endIndex, from: record.u32(RowField.firstKey)), layoutIndex: layoutIndex)
    }
}

/// A key: its action, output, label, hint, width and callouts.
public struct LayoutKey: Sendable {
    let tables: LayoutTables
    let index: Int
    let layoutIndex: Int
    var layout: KeyboardLayout { KeyboardLayout(tables: tables, index: layoutIndex) }
    private var record: Record { tables.record(.keys, index) }
    private typealias KeyField = LayoutFormat.KeyField

    public var action: KeyActionKind { KeyActionKind(rawValue: record.u8(KeyField.action)) ?? .none }
    /// What the key types (character and text keys), the layer it switches to, or the custom
    /// action's name.
    public var output: KeyText? { tables.strings.optional(record.string(KeyField.output)) }
    /// The label written in the source, when it differs from the output.
    public var label: KeyText? { tables.strings.optional(record.string(KeyField.label)) }
    /// What to show on the key: the label, else the output.
    public var displayText: KeyText? { label ?? output }
    /// A small secondary label shown with the main one (a digit on a top-row letter): O(log keys).
    public var hint: KeyText? { tables.hint(ofKey: index) }
    /// What a flick from the key in `direction` types, if the key has such a flick: O(log keys).
    public func flick(_ direction: FlickDirection) -> KeyText? {
        tables.gestureRange(ofKey: index).lazy.map(tables.gesture).first { $0.kind == direction.rawValue }?.output
    }
    /// The directions the key can be flicked in, with their outputs.
    public var flicks: [(direction: FlickDirection, output: KeyText)] {
        tables.gestureRange(ofKey: index).map(tables.gesture).compactMap { gesture in
            FlickDirection(rawValue: gesture.kind).map { ($0, gesture.output) }
        }
    }
    /// What repeated taps type after the first (which types ``output``), in order: a multi-tap key.
    public var multiTapOutputs: [KeyText] {
        tables.gestureRange(ofKey: index).map(tables.gesture).filter { $0.kind == LayoutFormat.GestureField.multiTapKind }.map(\.output)
    }
    /// The actions a long press on the key offers besides its callout's variants (the layers on a
    /// layer-switch key), in order, each with its value (the layer's name).
    public var calloutActions: [(action: KeyActionKind, value: KeyText?)] {
        tables.gestureRange(ofKey: index).compactMap(tables.calloutAction)
    }
    /// What the key types on its `taps`-th tap in a row (1 is the first): its output, then its
    /// multi-tap outputs in turn, starting over after the last.
    public func output(tap taps: Int) -> KeyText? {
        let cycle = [output].compactMap { $0 } + multiTapOutputs
        return cycle.isEmpty ? nil : cycle[(max(taps, 1) - 1) % cycle.count]
    }
    public var width: KeyWidth { KeyWidth(kind: record.u8(KeyField.widthKind), value: record.f32(KeyField.width)) ?? .input }
    /// The return type of a primary key.
    public var returnType: ReturnKeyType? {
        action == .primary ? ReturnKeyType(rawValue: record.u8(KeyField.argument)) : nil
    }
    /// The layer a keyboard-type key switches to.
    public var targetLayer: KeyboardLayer? {
        let target = Int(record.u8(KeyField.argument))
        return action == .keyboardType && target < layout.layerCount ? layout.layer(at: target) : nil
    }
    /// The long-press variants of the key's character: O(1).
    public var callout: KeyCallout? {
        let i = record.u32(KeyField.callout, missing: LayoutFormat.noCallout)
        return i == LayoutFormat.noCallout ? nil : KeyCallout(tables: tables, index: Int(i))
    }
}

/// The long-press alternatives of a character, in order, with the one selected first.
public struct KeyCallout: RandomAccessCollection, Sendable {
    let tables: LayoutTables
    let index: Int
    private var record: Record { tables.record(.callouts, index) }
    private typealias CalloutField = LayoutFormat.CalloutField

    /// The character whose alternatives these are.
    public var character: KeyText { tables.strings[record.string(CalloutField.character)] }
    /// The index of the variant selected when the callout opens.
    public var defaultIndex: Int { Int(record.u16(CalloutField.defaultIndex)) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(record.u16(CalloutField.variantCount)) }
    /// The `i`-th variant; an empty text when `i` is out of range.
    public subscript(i: Int) -> KeyText {
        tables.strings[tables.record(.variants, LayoutTables.index(i, of: endIndex, from: record.u32(CalloutField.firstVariant))).string(0)]
    }
}
