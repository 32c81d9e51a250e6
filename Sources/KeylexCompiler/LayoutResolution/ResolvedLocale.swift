import KeylexRuntime

/// A locale's keyboard with its inheritance applied and its upper layers derived: what a bundle
/// stores.
public struct ResolvedLocale: Equatable, Sendable {
    public var tag: String
    public var name: String?
    public var direction: TextDirection
    /// Sorted by form factor; each layout's layers in written order, derived layers after the one
    /// they come from.
    public var layouts: [Layout]
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

    /// Every string a key or callout of the locale types.
    public var typedStrings: Set<String> {
        var result = Set<String>()
        for layout in layouts {
            for layer in layout.layers {
                for row in layer.rows {
                    for key in row.keys where key.typesValue { if let value = key.value { result.insert(value) } }
                }
            }
        }
        for callout in callouts { result.formUnion(callout.variants) }
        return result
    }
}
