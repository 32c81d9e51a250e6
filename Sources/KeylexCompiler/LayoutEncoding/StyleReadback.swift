import KeylexRuntime

extension LayoutReadback {
    /// The first difference between the styles `locale`'s theme gives its keyboard, callouts and
    /// keys in each state and those `read` reads back as, or `nil`.
    static func styleDifference(_ locale: ResolvedLocale, _ read: LayoutLocale) -> String? {
        guard read.themeName?.description == locale.theme?.id else { return "\(locale.tag): theme name" }
        for state in StyleState.allCases {
            let expected = { (target: StyleTarget) in
                target.hasPressedState || !state.isPressed ? locale.theme?.style(target, state) ?? [:] : [:]
            }
            guard properties(state.isPressed ? nil : read.keyboardStyle(state.appearance)) == expected(.keyboard),
                properties(state.isPressed ? nil : read.inputCalloutStyle(state.appearance)) == expected(.inputCallout),
                properties(read.actionCalloutStyle(state.appearance, selected: state.isPressed)) == expected(.actionCallout)
            else { return "\(locale.tag): keyboard or callout style (\(state.appearance), pressed: \(state.isPressed))" }
        }
        var expected: [String: [StyleProperty: StyleValue]] = [:]  // by state, action and value: keys share them
        for (layout, readLayout) in zip(locale.layouts, read.layouts) {
            for (layer, readLayer) in zip(layout.layers, readLayout.layers) {
                for (row, readRow) in zip(layer.rows, readLayer.rows) {
                    for (key, readKey) in zip(row.keys, readRow) {
                        let value = key.action == .primary ? key.value ?? "\(ReturnKeyType.return)" : key.value
                        for state in StyleState.allCases {
                            let name = "\(state.rawValue) \(key.action) \(value ?? "\u{0}")"
                            let wanted = expected[name] ?? locale.theme?.style(.key, state, action: key.action, value: value) ?? [:]
                            expected[name] = wanted
                            guard properties(readKey.style(state.appearance, pressed: state.isPressed)) == wanted else {
                                return "\(locale.tag) \(layout.formFactor) \(layer.id): style of a \(key.action) key"
                            }
                        }
                    }
                }
            }
        }
        return nil
    }

    /// What a style read from a bundle sets, as the compiler's model has it.
    private static func properties(_ style: KeyboardStyle?) -> [StyleProperty: StyleValue] {
        guard let style else { return [:] }
        let values: [(StyleProperty, StyleValue?)] = [
            (.background, style.background.map(StyleValue.color)), (.foreground, style.foreground.map(StyleValue.color)),
            (.borderColor, style.borderColor.map(StyleValue.color)), (.shadowColor, style.shadowColor.map(StyleValue.color)),
            (.borderWidth, style.borderWidth.map(StyleValue.number)), (.cornerRadius, style.cornerRadius.map(StyleValue.number)),
            (.fontSize, style.fontSize.map(StyleValue.number)), (.shadowRadius, style.shadowRadius.map(StyleValue.number)),
            (.shadowOffset, style.shadowOffset.map(StyleValue.number)), (.fontWeight, style.fontWeight.map(StyleValue.weight)),
            (.text, style.text.map { .text($0.description) }), (.image, style.image.map { .text($0.description) }),
        ]
        return Dictionary(uniqueKeysWithValues: values.compactMap { property, value in value.map { (property, $0) } })
    }
}
