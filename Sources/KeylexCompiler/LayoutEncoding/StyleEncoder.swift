import KeylexRuntime

/// Encodes the `styl` section (see ``StyleFormat``): for each locale with a theme, the styles of
/// its keyboard and callouts, and of its keys by action and value, in every state; equal styles
/// and equal style sets are stored once.
struct StyleEncoder {
    let strings: StringPool
    private var styles: [UInt8] = []
    private var styleIndex: [[UInt8]: UInt32] = [:]
    private var sets: [UInt8] = []
    private var setIndex: [[UInt32]: UInt32] = [:]
    private var locales: [UInt8] = []
    private var entries: [UInt8] = []
    /// Whether any locale has a theme: the section is written only then.
    private(set) var isEmpty = true

    init(strings: StringPool) { self.strings = strings }

    /// The section's bytes: the counts, then the tables.
    func section() -> [UInt8] {
        var bytes: [UInt8] = []
        for count in [
            styles.count / StyleFormat.recordSize, sets.count / StyleFormat.setSize,
            locales.count / StyleFormat.localeSize, entries.count / StyleFormat.entrySize,
        ] {
            bytes.append(littleEndian: UInt32(count))
        }
        return bytes + styles + sets + locales + entries
    }

    /// Appends the record of `locale` (the next in `LAYT`'s order) and its key entries.
    mutating func appendLocale(_ locale: ResolvedLocale) {
        let first = UInt32(entries.count / StyleFormat.entrySize)
        guard let theme = locale.theme else {
            locales += [StyleFormat.none, StyleFormat.none, StyleFormat.none, StyleFormat.none, first, 0].flatMap {
                RecordBuilder.u32($0).bytes
            }
            return
        }
        isEmpty = false
        let fields = [StyleTarget.keyboard, .inputCallout, .actionCallout].map { styleSet(theme, $0) } + [strings.index(theme.id)]
        let count = appendEntries(theme, keys: locale.keySelectors)
        locales += (fields + [first, UInt32(count)]).flatMap { RecordBuilder.u32($0).bytes }
    }

    /// Appends, for each action of `keys`, the entry of its keys whose value no rule names, then
    /// one per value a rule names that a key has, when it gives another style set; returns how many.
    private mutating func appendEntries(_ theme: ResolvedTheme, keys: [KeyActionKind: Set<String>]) -> Int {
        var count = 0
        for action in keys.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let fallback = styleSet(theme, .key, action: action)
            let named = theme.keyValues(of: action).filter { keys[action]!.contains($0) }.map {
                ($0, styleSet(theme, .key, action: action, value: $0))
            }
            for (value, set) in [(nil, fallback)] + named.filter({ $0.1 != fallback }) where set != StyleFormat.none || value != nil {
                entries +=
                    [action.rawValue, 0, 0, 0] + RecordBuilder.u32(value.map(strings.index) ?? StyleFormat.none).bytes
                    + RecordBuilder.u32(set).bytes
                count += 1
            }
        }
        return count
    }

    /// The index of the style set of `target` (for keys, of `action` and `value`) in `theme`,
    /// appended if new; ``StyleFormat/none`` when the theme sets nothing for it in any state.
    private mutating func styleSet(
        _ theme: ResolvedTheme, _ target: StyleTarget, action: KeyActionKind? = nil, value: String? = nil
    ) -> UInt32 {
        let states = StyleState.allCases.map { state -> UInt32 in
            guard target.hasPressedState || !state.isPressed else { return StyleFormat.none }
            return style(theme.style(target, state, action: action, value: value))
        }
        guard states.contains(where: { $0 != StyleFormat.none }) else { return StyleFormat.none }
        if let known = setIndex[states] { return known }
        let index = UInt32(setIndex.count)
        setIndex[states] = index
        sets += states.flatMap { RecordBuilder.u32($0).bytes }
        return index
    }

    /// The index of the style record setting `properties`, appended if new; ``StyleFormat/none``
    /// when it sets nothing.
    private mutating func style(_ properties: [StyleProperty: StyleValue]) -> UInt32 {
        guard !properties.isEmpty else { return StyleFormat.none }
        var record = RecordBuilder(size: StyleFormat.recordSize)
        var mask: UInt32 = 0
        for (property, value) in properties {
            mask |= 1 << property.rawValue
            record.put(slot(value), at: StyleFormat.slot(property))
        }
        record.put(mask, at: 0)
        if let known = styleIndex[record.bytes] { return known }
        let index = UInt32(styleIndex.count)
        styleIndex[record.bytes] = index
        styles += record.bytes
        return index
    }

    private func slot(_ value: StyleValue) -> UInt32 {
        switch value {
        case .color(let color): color.rgba
        case .number(let number): number.bitPattern
        case .weight(let weight): UInt32(weight.rawValue)
        case .text(let text): strings.index(text)
        }
    }
}
