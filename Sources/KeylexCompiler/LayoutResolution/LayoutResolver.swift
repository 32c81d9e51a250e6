import Foundation
import KeylexRuntime

/// Applies inheritance (`extends`, row patches, replacements, callout overlays) and derives the
/// upper alphabetic layers and their callouts by the locale's case mapping.
public struct LayoutResolver {
    let diagnostics: DiagnosticEngine
    private let documents: [String: LayoutDocument]
    /// Locales whose documents had errors: what extends them is left out without a message.
    private let rejected: Set<String>
    private let themes: ThemeResolver

    /// Indexes `documents` by locale, reporting a locale defined twice, and resolves their themes.
    /// `rejected` names locales, and `rejectedThemes` themes, left out for errors of their own.
    public init(_ documents: [LayoutDocument], rejected: Set<String> = [], rejectedThemes: Set<String> = [], diagnostics: DiagnosticEngine)
    {
        self.diagnostics = diagnostics
        self.rejected = rejected
        themes = ThemeResolver(documents, rejected: rejectedThemes, diagnostics: diagnostics)
        var index: [String: LayoutDocument] = [:]
        for document in documents {
            if let first = index[document.locale] {
                diagnostics.report(document.localeOrigin.location, .duplicateLocale(document.locale, first: first.localeOrigin.location))
                continue
            }
            index[document.locale] = document
        }
        self.documents = index
    }

    /// The locales that have at least one layout, sorted by tag.
    public func resolveAll() -> [ResolvedLocale] {
        var cache = Cache()
        return documents.keys.sorted().compactMap { tag in
            guard let document = documents[tag], !document.isAbstract else { return nil }
            cache.truncated = false
            let resolved = resolve(tag, visiting: [], cache: &cache)
            if cache.truncated { reportChainTooLong(from: tag, cache: &cache) }
            guard let inherited = resolved, !inherited.layouts.isEmpty else { return nil }
            let layouts = withFieldLayouts(inherited, locale: tag).map { derive($0, locale: tag) }
                .sorted { ($0.formFactor.rawValue, $0.field.rawValue) < ($1.formFactor.rawValue, $1.field.rawValue) }
            let shown = Set(layouts.flatMap { $0.layers.flatMap { $0.rows.flatMap { $0.keys.compactMap(\.value) } } })
            return ResolvedLocale(
                tag: tag, name: document.name, direction: inherited.direction, layouts: layouts,
                callouts: deriveCallouts(inherited.callouts, shown: shown, locale: tag),
                transforms: inherited.transforms, theme: inherited.theme.flatMap(themes.theme(named:)), document: document)
        }
    }

    /// What a locale passes to the locales that extend it: written layers only, nothing derived.
    private struct Inherited {
        var direction: TextDirection
        /// The text layouts, one per form factor.
        var layouts: [LayoutModel]
        /// The layouts for other kinds of field as written, the parent's first: changes applied
        /// to the final text layout of their form factor (so a child's changes reach them).
        var fieldLayouts: [LayoutModel]
        var callouts: [Callout]
        /// The locale's own transforms, then those of its parent whose text it does not replace.
        var transforms: [Transform]
        /// The name of the locale's theme: its own, else its parent's.
        var theme: String?
        /// The most locales in a chain from this one (itself included) that resolving it followed.
        var depth: Int
    }

    /// The text layouts and, for each form factor and kind of field that has field layouts, the
    /// text layout changed by them.
    private func withFieldLayouts(_ inherited: Inherited, locale: String) -> [LayoutModel] {
        var result = inherited.layouts
        var kinds: [(FormFactor, FieldKind)] = []
        for written in inherited.fieldLayouts where !kinds.contains(where: { $0 == (written.formFactor, written.field) }) {
            kinds.append((written.formFactor, written.field))
        }
        for (formFactor, field) in kinds {
            let changes = inherited.fieldLayouts.filter { $0.formFactor == formFactor && $0.field == field }
            guard let text = inherited.layouts.first(where: { $0.formFactor == formFactor }) else {
                diagnostics.report(changes[0].origin.location, .fieldWithoutTextLayout(formFactor, field, locale: locale))
                continue
            }
            var layout = changes.reduce(text) { patch($0, with: $1) }
            layout.field = field
            result.append(layout)
        }
        return result
    }

    /// The most locales in a chain that resolution follows (`extends` and `<callouts extends>`), the
    /// locale itself included: resolution recurses along the chain, and the limit bounds the depth.
    static let maxChain = 32

    /// The locales resolved so far (`nil` for those that failed, so that a failure is reported
    /// once), and those cut at the chain limit, with the most levels that were not enough.
    private struct Cache {
        var resolved: [String: Inherited?] = [:]
        var tooDeep: [String: Int] = [:]
        /// Whether the resolution under way reached the limit.
        var truncated = false
        /// Locales whose chains were walked for the report.
        var walked: Set<String> = []
    }

    /// The locale `tag` as inherited, `nil` when it or a locale it extends failed or its chain is
    /// longer than ``maxChain`` (`cache.truncated` then says so; nothing is cached for the locales
    /// on the way, whose own chains may be short enough).
    private func resolve(_ tag: String, visiting: [String], cache: inout Cache) -> Inherited? {
        if let done = cache.resolved[tag] { return done }
        let levels = Self.maxChain - visiting.count
        guard levels > cache.tooDeep[tag, default: 0] else {
            cache.truncated = true
            return nil
        }
        let outer = cache.truncated
        cache.truncated = false
        var result = resolveUncached(tag, visiting: visiting, cache: &cache)
        if cache.truncated {
            cache.tooDeep[tag] = max(cache.tooDeep[tag, default: 0], levels)
            result = nil
        } else if result != nil || visiting.isEmpty || !visiting.contains(tag) {
            cache.resolved[tag] = .some(result)
        }
        cache.truncated = cache.truncated || outer
        return result
    }

    /// Reports the locale on `tag`'s chain that is the first past ``maxChain`` (one whose own
    /// chain is too long while those of the locales it extends are not), once for all the locales
    /// that extend it; in a cycle longer than the limit, the locale where the walk comes round.
    private func reportChainTooLong(from tag: String, cache: inout Cache) {
        func report(_ document: LayoutDocument) {
            let origin = document.extends != nil ? document.extendsOrigin : document.callouts?.extendsOrigin ?? document.origin
            diagnostics.report(origin.location, .chainTooLong("locale", document.locale, most: Self.maxChain))
        }
        var current = tag
        var path: Set<String> = []
        while let document = documents[current] {
            guard !path.contains(current) else { return report(document) }  // a cycle longer than the limit
            guard cache.walked.insert(current).inserted else { return }  // reported from an earlier walk
            path.insert(current)
            let next = [document.extends, document.callouts?.extends].compactMap { $0 }.first { dependency in
                cache.truncated = false
                _ = resolve(dependency, visiting: [], cache: &cache)
                return cache.truncated
            }
            cache.truncated = false
            guard let next else { return report(document) }
            current = next
        }
    }

    private func resolveUncached(_ tag: String, visiting: [String], cache: inout Cache) -> Inherited? {
        guard let document = documents[tag] else { return nil }
        guard !visiting.contains(tag) else {
            diagnostics.report(document.extendsOrigin.location, .inheritanceCycle(visiting + [tag]))
            return nil
        }
        var parent: Inherited?
        if let parentTag = document.extends {
            guard documents[parentTag] != nil else {
                guard !rejected.contains(parentTag) else { return nil }
                diagnostics.report(
                    document.extendsOrigin.location,
                    .missingParent(document.locale, extends: parentTag, closest: closestLocale(parentTag, from: tag)))
                return nil
            }
            guard let resolved = resolve(parentTag, visiting: visiting + [tag], cache: &cache) else { return nil }
            parent = resolved
        }
        var calloutBase = parent?.callouts ?? []
        var depth = (parent?.depth ?? 0) + 1
        if let set = document.callouts, let calloutParent = set.extends {
            if documents[calloutParent] == nil {
                guard !rejected.contains(calloutParent) else { return nil }
                diagnostics.report(
                    set.extendsOrigin.location, .missingCalloutLocale(calloutParent, closest: closestLocale(calloutParent, from: tag)))
            } else if let resolved = resolve(calloutParent, visiting: visiting + [tag], cache: &cache) {
                calloutBase = resolved.callouts
                depth = max(depth, resolved.depth + 1)
            }
        }
        guard depth <= Self.maxChain else {  // too long, through locales resolved before: for good
            cache.tooDeep[tag] = Self.maxChain
            cache.truncated = true
            return nil
        }
        var layouts = parent?.layouts ?? []
        let fieldLayouts = (parent?.fieldLayouts ?? []) + document.layouts.filter { $0.field != .text }
        for written in document.layouts where written.field == .text {
            if let i = layouts.firstIndex(where: { $0.formFactor == written.formFactor }) {
                layouts[i] = patch(layouts[i], with: written)
            } else {
                layouts.append(patch(LayoutModel(formFactor: written.formFactor, origin: written.origin), with: written))
            }
        }
        let written = Set(document.transforms.map(\.from))
        let transforms = document.transforms + (parent?.transforms ?? []).filter { !written.contains($0.from) }
        return Inherited(
            direction: document.direction ?? parent?.direction ?? .leftToRight, layouts: layouts, fieldLayouts: fieldLayouts,
            callouts: Self.merge(calloutBase, document.callouts?.callouts ?? []), transforms: transforms,
            theme: document.theme ?? parent?.theme,
            depth: depth)
    }

    /// The `inherited` callouts with the `written` ones replacing those of the same character (the
    /// first of it), the others added after: O(n), by position.
    private static func merge(_ inherited: [Callout], _ written: [Callout]) -> [Callout] {
        var callouts = inherited
        var position = callouts.firstIndices(by: \.character)
        for callout in written {
            if let i = position[callout.character] {
                callouts[i] = callout
            } else {
                position[callout.character] = callouts.count
                callouts.append(callout)
            }
        }
        return callouts
    }

    /// `base` changed by `written`: its layers replace or patch the base's, then its replacements apply.
    private func patch(_ base: LayoutModel, with written: LayoutModel) -> LayoutModel {
        var layout = base
        layout.origin = written.origin
        var position = layout.layers.firstIndices(by: \.id)
        for layer in written.layers { apply(layer, to: &layout, position: &position) }
        applyReplacements(written, to: &layout)
        return layout
    }

    /// A written layer replaces the inherited one of the same id (found by `position`, the index of
    /// each id's first layer), or, when its rows have indices, replaces those rows of it.
    private func apply(_ layer: LayerModel, to layout: inout LayoutModel, position: inout [String: Int]) {
        let indexed = layer.rows.filter { $0.index != nil }
        guard let i = position[layer.id] else {
            if let row = indexed.first {
                diagnostics.report(row.indexOrigin.location, .missingInheritedLayer(row: row.index!, layer: layer.id))
            }
            position[layer.id] = layout.layers.count
            layout.layers.append(layer)
            return
        }
        guard !indexed.isEmpty else {
            layout.layers[i] = layer
            return
        }
        if indexed.count != layer.rows.count {
            diagnostics.report(layer.origin.location, .mixedRowPatch(layer.id))
        }
        let inherited = layout.layers[i].rows.count
        for row in indexed {
            guard let index = row.index, index <= inherited else {
                diagnostics.report(row.indexOrigin.location, .missingRow(row.index!, layer: layer.id, rows: inherited))
                continue
            }
            var replacement = row
            replacement.index = nil
            layout.layers[i].rows[index - 1] = replacement
        }
    }

    /// Replacements apply at once, each key at most once, so that two of them can swap keys.
    private func applyReplacements(_ written: LayoutModel, to layout: inout LayoutModel) {
        var used = Set<Int>()
        let replacing = written.replacements.firstIndices(by: \.key)
        for l in layout.layers.indices {
            for r in layout.layers[l].rows.indices {
                for k in layout.layers[l].rows[r].keys.indices {
                    let key = layout.layers[l].rows[r].keys[k]
                    guard key.typesValue, let i = key.value.flatMap({ replacing[$0] }) else { continue }
                    layout.layers[l].rows[r].keys[k].value = written.replacements[i].with
                    if key.label == key.value { layout.layers[l].rows[r].keys[k].label = nil }
                    used.insert(i)
                }
            }
        }
        for (i, replacement) in written.replacements.enumerated() where !used.contains(i) {
            diagnostics.report(replacement.origin.location, .unresolvedReplacement(replacement.key, written.formFactor))
        }
    }

    private func closestLocale(_ tag: String, from document: String) -> String? {
        diagnostics.closest(tag, among: documents.keys.sorted().filter { $0 != document })
    }

    // MARK: Case mapping

    /// Adds `uppercased` (from `lowercased`) and `capsLocked` (from `uppercased`) when not written.
    private func derive(_ layout: LayoutModel, locale: String) -> LayoutModel {
        var result = layout
        func insert(_ id: StandardLayer, from source: StandardLayer) {
            guard !result.layers.contains(where: { $0.id == id.rawValue }),
                let i = result.layers.firstIndex(where: { $0.id == source.rawValue })
            else { return }
            var layer = result.layers[i]
            layer.id = id.rawValue
            layer.isDerived = true
            if source == .lowercased {
                for r in layer.rows.indices {
                    for k in layer.rows[r].keys.indices {
                        layer.rows[r].keys[k] = Self.shift(layer.rows[r].keys[k], locale: locale)
                    }
                }
            }
            result.layers.insert(layer, at: i + 1)
        }
        insert(.uppercased, from: .lowercased)
        insert(.capsLocked, from: .uppercased)
        return result
    }

    /// A key of the lowercased layer as the derived uppercased layer has it: its shifted output,
    /// else its character (and label) in upper case; its flicks and multi-tap outputs in upper case.
    private static func shift(_ key: KeyModel, locale: String) -> KeyModel {
        var result = key
        result.shifted = nil
        if let shifted = key.shifted {
            result.value = shifted
            result.valueOrigin = key.shiftedOrigin
            result.label = nil
        } else if key.action == .character {
            result.value = key.value.map { LocaleCasing.upper($0, locale: locale) }
            result.label = key.label.map { LocaleCasing.upper($0, locale: locale) }
        }
        result.flicks = key.flicks.map { Flick($0.direction, LocaleCasing.upper($0.output, locale: locale)) }
        result.multiTap = key.multiTap.map { LocaleCasing.upper($0, locale: locale) }
        if key.action == .character { result.callout = key.callout.map { LocaleCasing.upper($0, locale: locale) } }
        return result
    }

    /// Adds the callouts of each character's uppercase form when a key types it and they are not
    /// written, and sorts them.
    private func deriveCallouts(_ callouts: [Callout], shown: Set<String>, locale: String) -> [Callout] {
        var result = callouts
        let written = Set(callouts.map(\.character))
        for callout in callouts {
            let upper = LocaleCasing.upper(callout.character, locale: locale)
            guard upper != callout.character, !written.contains(upper), shown.contains(upper) else { continue }
            var derived = callout
            derived.character = upper
            derived.variants = callout.variants.map { LocaleCasing.upper($0, locale: locale) }
            derived.defaultVariant = callout.defaultVariant.map { LocaleCasing.upper($0, locale: locale) }
            result.append(derived)
        }
        return result.sorted { $0.character.utf8.lexicographicallyPrecedes($1.character.utf8) }
    }
}
