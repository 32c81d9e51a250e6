import KeylexRuntime

/// Compares what a bundle reads back as with the locales compiled into it, key by key.
public enum LayoutReadback {
    /// The first difference between `locales` and `bundle`, or `nil` when every locale, layout,
    /// layer, row, key, callout, transform and style reads back as compiled.
    public static func firstDifference(_ locales: [ResolvedLocale], _ bundle: LayoutBundle) -> String? {
        guard bundle.locales.count == locales.count else { return "\(bundle.locales.count) locales, expected \(locales.count)" }
        for (locale, read) in zip(locales, bundle.locales) {
            guard read.tag == locale.tag, read.name?.description == locale.name, read.direction == locale.direction else {
                return "locale \(locale.tag): tag, name or direction"
            }
            guard read.calloutCount == locale.callouts.count else {
                return "\(locale.tag): \(read.calloutCount) callouts, expected \(locale.callouts.count)"
            }
            for (i, callout) in locale.callouts.enumerated() {
                let readCallout = read.callout(at: i)
                guard readCallout.character == callout.character, readCallout.map(\.description) == callout.variants,
                    readCallout.defaultIndex == callout.defaultIndex,
                    read.callout(for: callout.character).map({ $0.character == callout.character }) == true
                else { return "\(locale.tag): callout of '\(callout.character)'" }
            }
            guard read.transforms.map({ [$0.from.description, $0.to.description] }) == locale.transforms.map({ [$0.from, $0.to] }) else {
                return "\(locale.tag): transforms"
            }
            guard read.layouts.count == locale.layouts.count else { return "\(locale.tag): layout count" }
            if let difference = styleDifference(locale, read) { return difference }
            for layout in locale.layouts {
                guard let readLayout = read.layout(for: layout.formFactor, field: layout.field), readLayout.field == layout.field,
                    readLayout.layerCount == layout.layers.count
                else {
                    return "\(locale.tag) \(layout.formFactor) \(layout.field): missing layout or layer count"
                }
                for (l, layer) in layout.layers.enumerated() {
                    let readLayer = readLayout.layer(at: l)
                    let place = "\(locale.tag) \(layout.formFactor) \(layer.id)"
                    guard readLayer.name == layer.id, readLayer.isDerived == layer.isDerived, readLayer.isCustom == layer.isCustom,
                        readLayout.layer(named: layer.id)?.rowCount == readLayer.rowCount, readLayer.rowCount == layer.rows.count
                    else { return "\(place): name, flags or row count" }
                    for (r, row) in layer.rows.enumerated() {
                        let readRow = readLayer.row(at: r)
                        guard readRow.count == row.keys.count else { return "\(place) row \(r + 1): key count" }
                        for (k, key) in row.keys.enumerated() {
                            if let difference = difference(key, readRow[k], layout: layout, callouts: locale) {
                                return "\(place) row \(r + 1) key \(k + 1): \(difference)"
                            }
                        }
                    }
                }
            }
        }
        return nil
    }

    private static func difference(_ key: KeyModel, _ read: LayoutKey, layout: LayoutModel, callouts locale: ResolvedLocale) -> String? {
        guard read.action == key.action else { return "action \(read.action), expected \(key.action)" }
        let expectedOutput = key.action == .primary ? nil : key.value
        guard read.output?.description == expectedOutput else { return "output" }
        guard read.label?.description == key.label else { return "label" }
        guard read.hint?.description == key.hint else { return "hint" }
        let flicks = key.flicks.sorted { $0.direction.rawValue < $1.direction.rawValue }
        guard read.flicks.map({ "\($0.direction):\($0.output)" }) == flicks.map({ "\($0.direction):\($0.output)" }),
            read.multiTapOutputs.map(\.description) == key.multiTap,
            read.calloutActions.map({ "\($0.action):\($0.value?.description ?? "")" })
                == key.calloutActions.map({ "\($0.action):\($0.value ?? "")" })
        else { return "flicks, multi-tap outputs or callout actions" }
        let width = (key.width ?? .input).encoded
        guard KeyWidth(kind: width.kind.rawValue, value: width.value) == read.width else { return "width \(read.width.sourceText)" }
        if key.action == .primary {
            guard read.returnType?.description == (key.value ?? "return") else { return "return type" }
        }
        if key.action == .keyboardType {
            guard read.targetLayer?.name.description == key.value else { return "target layer" }
        }
        if !key.callout.isEmpty {
            guard read.callout?.map(\.description) == key.callout, read.callout?.character.description == key.value else {
                return "own callout"
            }
            return nil
        }
        let callout = key.action == .character ? key.value.flatMap(locale.callout(for:)) : nil
        guard read.callout?.character.description == callout?.character else { return "callout" }
        return nil
    }
}
