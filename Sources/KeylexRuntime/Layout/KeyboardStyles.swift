/// A style from a locale's theme, in one state: what it sets for a key, the keyboard or a callout.
/// A property that is `nil` is left to the app's default (KeyboardKit's standard style).
public struct KeyboardStyle: Sendable, Equatable {
    public var background: StyleColor?
    public var foreground: StyleColor?
    public var borderColor: StyleColor?
    public var borderWidth: Float?
    public var cornerRadius: Float?
    public var fontSize: Float?
    public var fontWeight: FontWeight?
    public var shadowColor: StyleColor?
    /// The shadow's blur radius, in points.
    public var shadowRadius: Float?
    /// How far down the shadow falls, in points (negative: up).
    public var shadowOffset: Float?
    /// What a key shows instead of its label (the emoji key shown as 🙂).
    public var text: KeyText?
    /// The name of the image a key shows instead of its label (an SF Symbol such as `delete.left`).
    public var image: KeyText?

    public init() {}
}

/// The `styl` section, checked once at open: every index it holds names a record that exists.
struct StyleTables: Sendable {
    private let styles, sets, locales, entries: ByteView
    private let strings: StringTable

    /// The section's tables, or `nil` when it is absent or damaged (an optional section that is not
    /// whole is read as absent): O(section size).
    init?(_ section: ByteView?, locales localeCount: Int, strings: StringTable) {
        guard let section, let styleCount = section.u32(0), let setCount = section.u32(4),
            section.u32(8) == UInt32(localeCount), let entryCount = section.u32(12)
        else { return nil }
        var offset = StyleFormat.headerSize
        func table(_ count: UInt32, _ size: Int) -> ByteView? {
            guard count < 0x100_0000 else { return nil }
            defer { offset += Int(count) * size }
            return try? section.slice(offset, Int(count) * size, "styl table")
        }
        guard let styles = table(styleCount, StyleFormat.recordSize), let sets = table(setCount, StyleFormat.setSize),
            let locales = table(UInt32(localeCount), StyleFormat.localeSize), let entries = table(entryCount, StyleFormat.entrySize)
        else { return nil }
        (self.styles, self.sets, self.locales, self.entries, self.strings) = (styles, sets, locales, entries, strings)
        guard stylesAreValid(), setsAreValid(styles: Int(styleCount)), localesAreValid(sets: Int(setCount), entries: Int(entryCount)),
            entriesAreValid(sets: Int(setCount))
        else { return nil }
    }

    /// Whether each style sets only known properties, to values they allow.
    private func stylesAreValid() -> Bool {
        let known = UInt32(1) << StyleProperty.allCases.count - 1
        for offset in stride(from: 0, to: styles.count, by: StyleFormat.recordSize) {
            guard let mask = styles.u32(offset), mask & ~known == 0 else { return false }
            for property in StyleProperty.allCases where mask & 1 << property.rawValue != 0 {
                guard let value = styles.u32(offset + StyleFormat.slot(property)) else { return false }
                switch property.kind {
                case .color: continue
                case .number: guard property.allows(Float(bitPattern: value)) else { return false }
                case .weight: guard value <= UInt32(FontWeight.allCases.count - 1) else { return false }
                case .text: guard Int(value) < strings.count else { return false }
                }
            }
        }
        return true
    }

    /// Whether `index` is ``StyleFormat/none`` or below `count`.
    private static func isIndex(_ index: UInt32?, below count: Int) -> Bool {
        index.map { $0 == StyleFormat.none || Int($0) < count } ?? false
    }

    private func setsAreValid(styles count: Int) -> Bool {
        stride(from: 0, to: sets.count, by: 4).allSatisfy { Self.isIndex(sets.u32($0), below: count) }
    }

    private func localesAreValid(sets setCount: Int, entries entryCount: Int) -> Bool {
        typealias LocaleField = StyleFormat.LocaleField
        return stride(from: 0, to: locales.count, by: StyleFormat.localeSize).allSatisfy { offset in
            guard let first = locales.u32(offset + LocaleField.firstEntry), let count = locales.u32(offset + LocaleField.entryCount),
                Int(first) <= entryCount, Int(count) <= entryCount - Int(first), Int(count) <= StyleFormat.maxKeyEntries
            else { return false }
            return [LocaleField.keyboard, LocaleField.inputCallout, LocaleField.actionCallout].allSatisfy {
                Self.isIndex(locales.u32(offset + $0), below: setCount)
            }
                && Self.isIndex(locales.u32(offset + LocaleField.theme), below: strings.count)
        }
    }

    private func entriesAreValid(sets setCount: Int) -> Bool {
        typealias EntryField = StyleFormat.EntryField
        return stride(from: 0, to: entries.count, by: StyleFormat.entrySize).allSatisfy { offset in
            entries.u8(offset + EntryField.action).flatMap(KeyActionKind.init) != nil
                && Self.isIndex(entries.u32(offset + EntryField.value), below: strings.count)
                && Self.isIndex(entries.u32(offset + EntryField.set), below: setCount)
        }
    }

    /// The style in `state` of a key of locale `locale` with `action` and `value` (a return type's
    /// name, or the output): its locale's entry for that action and value, else for that action.
    /// O(the locale's entries), at most ``StyleFormat/maxKeyEntries``.
    func keyStyle(locale: Int, action: KeyActionKind, value: KeyText?, returnType: ReturnKeyType?, _ state: StyleState) -> KeyboardStyle? {
        typealias EntryField = StyleFormat.EntryField
        let record = locale * StyleFormat.localeSize
        guard let first = locales.u32(record + StyleFormat.LocaleField.firstEntry).map(Int.init),
            let count = locales.u32(record + StyleFormat.LocaleField.entryCount).map(Int.init)
        else { return nil }
        var fallback: UInt32?
        for offset in stride(from: first * StyleFormat.entrySize, to: (first + count) * StyleFormat.entrySize, by: StyleFormat.entrySize)
        where entries.u8(offset + EntryField.action) == action.rawValue {
            guard let written = entries.u32(offset + EntryField.value), written != StyleFormat.none else {
                fallback = entries.u32(offset + EntryField.set)
                continue
            }
            let matches = returnType.map { strings[written] == $0.description } ?? (value.map { strings[written] == $0 } ?? false)
            if matches { return style(set: entries.u32(offset + EntryField.set), state) }
        }
        return style(set: fallback, state)
    }

    /// The style of locale `index`'s keyboard, input callout or action callout (`field`, a
    /// ``StyleFormat/LocaleField``) in `state`.
    func localeStyle(_ index: Int, _ field: Int, _ state: StyleState) -> KeyboardStyle? {
        style(set: locales.u32(index * StyleFormat.localeSize + field), state)
    }

    /// The name of locale `index`'s theme.
    func themeName(ofLocale index: Int) -> KeyText? {
        locales.u32(index * StyleFormat.localeSize + StyleFormat.LocaleField.theme).flatMap { $0 == StyleFormat.none ? nil : strings[$0] }
    }

    private func style(set: UInt32?, _ state: StyleState) -> KeyboardStyle? {
        guard let set, set != StyleFormat.none,
            let index = sets.u32(Int(set) * StyleFormat.setSize + 4 * state.rawValue), index != StyleFormat.none
        else { return nil }
        return decode(Int(index) * StyleFormat.recordSize)
    }

    private func decode(_ offset: Int) -> KeyboardStyle {
        var style = KeyboardStyle()
        let mask = styles.u32(offset) ?? 0
        for property in StyleProperty.allCases where mask & 1 << property.rawValue != 0 {
            let value = styles.u32(offset + StyleFormat.slot(property)) ?? 0
            let color = StyleColor(rgba: value), number = Float(bitPattern: value)
            switch property {
            case .background: style.background = color
            case .foreground: style.foreground = color
            case .borderColor: style.borderColor = color
            case .shadowColor: style.shadowColor = color
            case .borderWidth: style.borderWidth = number
            case .cornerRadius: style.cornerRadius = number
            case .fontSize: style.fontSize = number
            case .shadowRadius: style.shadowRadius = number
            case .shadowOffset: style.shadowOffset = number
            case .fontWeight: style.fontWeight = FontWeight(rawValue: UInt8(truncatingIfNeeded: value))
            case .text: style.text = strings[value]
            case .image: style.image = strings[value]
            }
        }
        return style
    }
}

extension LayoutKey {
    /// The key's style from its locale's theme, for `appearance`, pressed or not; `nil` when the
    /// theme gives the key none (draw it with the app's default). O(the theme's key entries, a few
    /// dozen), allocates nothing.
    public func style(_ appearance: Appearance = .light, pressed: Bool = false) -> KeyboardStyle? {
        guard let styles = tables.styles else { return nil }
        return styles.keyStyle(
            locale: layout.locale.index, action: action, value: output, returnType: returnType, StyleState(appearance, pressed: pressed))
    }

    /// What to show on the key: the theme's text for it, else its label, else its output.
    public func displayText(_ appearance: Appearance = .light) -> KeyText? {
        style(appearance)?.text ?? displayText
    }
}

extension LayoutLocale {
    /// The name of the locale's theme, if it has one.
    public var themeName: KeyText? { tables.styles?.themeName(ofLocale: index) }

    /// The style of the keyboard behind the keys (its background), for `appearance`.
    public func keyboardStyle(_ appearance: Appearance = .light) -> KeyboardStyle? {
        tables.styles?.localeStyle(index, StyleFormat.LocaleField.keyboard, StyleState(appearance))
    }

    /// The style of the callout that shows the character being typed, for `appearance`.
    public func inputCalloutStyle(_ appearance: Appearance = .light) -> KeyboardStyle? {
        tables.styles?.localeStyle(index, StyleFormat.LocaleField.inputCallout, StyleState(appearance))
    }

    /// The style of the long-press callout's variants, for `appearance`: of the selected one when
    /// `selected`.
    public func actionCalloutStyle(_ appearance: Appearance = .light, selected: Bool = false) -> KeyboardStyle? {
        tables.styles?.localeStyle(index, StyleFormat.LocaleField.actionCallout, StyleState(appearance, pressed: selected))
    }
}
