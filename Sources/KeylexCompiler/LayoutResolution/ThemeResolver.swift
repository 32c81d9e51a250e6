import KeylexRuntime

/// A theme with its inheritance applied: its parents' rules, then its own.
public struct ResolvedTheme: Equatable, Sendable {
    public let id: String
    public let rules: [StyleRule]
    /// The positions in `rules` of the rules naming no value, and of those naming each value: a
    /// style looks at those only (a theme can style thousands of keys apart, each by a rule).
    private let unnamed: [Int]
    private let named: [String: [Int]]

    public init(id: String, rules: [StyleRule]) {
        self.id = id
        self.rules = rules
        unnamed = rules.indices.filter { rules[$0].value == nil }
        named = Dictionary(grouping: rules.indices.filter { rules[$0].value != nil }, by: { rules[$0].value! })
    }

    /// What the rules set for `target` in `state` (for keys, for a key of `action` whose value, a
    /// return type's name or the output, is `value`): the rules that apply, merged in order of
    /// precedence, later ones winning. Precedence goes by the pressed state (pressed rules last),
    /// then how specific the key selector is (every key, a kind, an action, an action and a
    /// value), then the appearance (rules for one appearance after rules for both), then the
    /// order written.
    public func style(
        _ target: StyleTarget, _ state: StyleState, action: KeyActionKind? = nil, value: String? = nil
    ) -> [StyleProperty: StyleValue] {
        // A rule naming a value applies to a key of that value only (see `applies`).
        let candidates = target == .key && action != nil ? unnamed + (value.flatMap { named[$0] } ?? []) : Array(rules.indices)
        let applying = candidates.filter { Self.applies(rules[$0], target, state, action, value) }
        let ordered = applying.sorted { Self.precedence(rules[$0], $0).lexicographicallyPrecedes(Self.precedence(rules[$1], $1)) }
        var result: [StyleProperty: StyleValue] = [:]
        for i in ordered { result.merge(rules[i].properties) { $1 } }
        return result
    }

    /// The values key rules name for `action` (`search` for a return key), in UTF-8 order.
    func keyValues(of action: KeyActionKind) -> [String] {
        Set(rules.filter { $0.target == .key && $0.action == action }.compactMap(\.value)).sorted {
            $0.utf8.lexicographicallyPrecedes($1.utf8)
        }
    }

    private static func precedence(_ rule: StyleRule, _ order: Int) -> [Int] {
        [rule.isPressed ? 1 : 0, rule.keySpecificity, rule.appearance == nil ? 0 : 1, order]
    }

    private static func applies(
        _ rule: StyleRule, _ target: StyleTarget, _ state: StyleState, _ action: KeyActionKind?, _ value: String?
    ) -> Bool {
        guard rule.target == target, rule.appearance.map({ $0 == state.appearance }) ?? true, !rule.isPressed || state.isPressed else {
            return false
        }
        guard target == .key, let action else { return true }
        if let kind = rule.keyKind, KeyKind.of(action) != kind { return false }
        if let wanted = rule.action, wanted != action { return false }
        if let wanted = rule.value, wanted != value { return false }
        return true
    }
}

/// The themes of a project by name, each resolved once: a theme defined twice, a parent no
/// document defines, themes that extend each other, and a locale naming a theme that does not
/// exist are reported here.
struct ThemeResolver {
    private var resolved: [String: ResolvedTheme] = [:]

    /// Resolves the themes of `documents`; `rejected` names themes of documents left out for
    /// errors of their own (what names them is not reported again).
    init(_ documents: [LayoutDocument], rejected: Set<String>, diagnostics: DiagnosticEngine) {
        var themes: [String: Theme] = [:]
        for theme in documents.flatMap(\.themes) {
            if let first = themes[theme.id] {
                diagnostics.report(theme.origin.location, .duplicateTheme(theme.id, first: first.origin.location))
            } else {
                themes[theme.id] = theme
            }
        }
        let known = themes.keys.sorted()
        func missing(_ id: String, at origin: Origin) {
            guard !rejected.contains(id) else { return }
            diagnostics.report(origin.location, .missingTheme(id, closest: diagnostics.closest(id, among: known)))
        }
        for id in known {
            if let rules = Self.rules(of: id, in: themes, missing: missing, diagnostics: diagnostics) {
                resolved[id] = ResolvedTheme(id: id, rules: rules)
            }
        }
        for document in documents {
            if let id = document.theme, themes[id] == nil { missing(id, at: document.themeOrigin) }
        }
    }

    /// The most themes in a chain of `extends`, the theme itself included: each theme's chain is
    /// walked, so the limit keeps that linear in the number of themes.
    static let maxChain = 32

    /// The rules of theme `id`, its parents' first; `nil` when a parent is missing, the themes
    /// extend each other in a cycle (reported once, from the cycle's first theme by name), or the
    /// chain is longer than ``maxChain`` (reported for the first theme past it).
    private static func rules(
        of id: String, in themes: [String: Theme], missing: (String, Origin) -> Void,
        diagnostics: DiagnosticEngine
    ) -> [StyleRule]? {
        var chain = [id]
        var inChain: Set = [id]
        var rules = themes[id]!.rules
        while let last = themes[chain.last!], let parent = last.extends {
            guard let theme = themes[parent] else {
                if chain.count == 1 { missing(parent, last.extendsOrigin) }  // else reported for the theme that names it
                return nil
            }
            guard !inChain.contains(parent) else {
                if parent == id && chain.min() == id { diagnostics.report(last.extendsOrigin.location, .themeCycle(chain + [parent])) }
                return nil
            }
            guard chain.count < maxChain else {
                if theme.extends == nil {
                    diagnostics.report(themes[id]!.extendsOrigin.location, .chainTooLong("theme", id, most: maxChain))
                }
                return nil
            }
            chain.append(parent)
            inChain.insert(parent)
            rules = theme.rules + rules
        }
        return rules
    }

    /// The theme named `id`, if it exists and resolved without error.
    func theme(named id: String) -> ResolvedTheme? { resolved[id] }
}
