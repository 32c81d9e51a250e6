import KeylexRuntime

extension LayoutValidator {
    /// A theme as written: clean texts, and no property set twice for the same keys and state
    /// (the later one wins, which is worth a warning: one of the two is a mistake).
    func check(_ theme: Theme) {
        var seen: [String: Origin] = [:]
        for rule in theme.rules {
            for property in StyleProperty.allCases {
                guard let value = rule.properties[property] else { continue }
                if case .text(let text) = value { checkText(text, rule.origin) }
                let name = rule.selectorText + " " + property.description
                if let first = seen[name] {
                    report(rule.origin, .duplicateStyle(property, selector: rule.selectorText, first: first.location))
                }
                seen[name] = rule.origin
            }
        }
    }
}
