import KeylexRuntime

/// A locale's keyboard with its inheritance applied and its upper layers derived: what a bundle
/// stores.
public struct ResolvedLocale: Equatable, Sendable {
    public var tag: String
    public var name: String?
    public var direction: TextDirection
    /// Sorted by form factor; each layout's layers in written order, derived layers after the one
    /// they come from.
    public var layouts: [LayoutModel]
    /// Sorted by character (UTF-8 byte order), one per character.
    public var callouts: [Callout]
    /// In the order they are tried: the locale's own, then its parents'.
    public var transforms: [Transform]
    /// The theme the locale's keyboards are drawn with, if it names one.
    public var theme: ResolvedTheme?
    /// The document the locale was written in.
    public var document: LayoutDocument

    /// The callout of `character`, if any.
    public func callout(for character: String) -> Callout? {
        callouts.first { $0.character == character }
    }

    /// Every string a key, a key's own callout or a character's callout of the locale types.
    public var typedStrings: Set<String> {
        var result = Set<String>()
        for layout in layouts {
            for layer in layout.layers {
                for row in layer.rows {
                    for key in row.keys where key.typesValue {
                        if let value = key.value { result.insert(value) }
                        result.formUnion(key.callout)
                    }
                }
            }
        }
        for callout in callouts { result.formUnion(callout.variants) }
        return result
    }

    /// The actions of the locale's keys, with the values they match a theme's key rules by (a
    /// return type's name, else the output).
    var keySelectors: [KeyActionKind: Set<String>] {
        var result: [KeyActionKind: Set<String>] = [:]
        for key in layouts.flatMap({ $0.layers.flatMap { $0.rows.flatMap(\.keys) } }) {
            let value = key.action == .primary ? key.value ?? "\(ReturnKeyType.return)" : key.value
            result[key.action, default: []].formUnion(value.map { [$0] } ?? [])
        }
        return result
    }

    /// The most key entries the locale's style can have (see ``StyleFormat/maxKeyEntries``): one
    /// for each action of its keys, and one for each value its theme's key rules name that a key has.
    var keyEntryBound: Int {
        guard let theme else { return 0 }
        return keySelectors.reduce(0) { count, selector in
            count + 1 + theme.keyValues(of: selector.key).filter(selector.value.contains).count
        }
    }
}
