import KeylexRuntime

/// The words of the layout sources (actions, return types, widths, form factors, directions) and
/// how to read them, shared by the XML and JSON readers so both report the same diagnostics.
struct LayoutVocabulary {
    let diagnostics: DiagnosticEngine

    func action(_ name: String, at location: SourceLocation) -> KeyActionKind? {
        if let action = KeyActionKind.named(name) { return action }
        diagnostics.report(
            location, .unknownAction(name, closest: NameSuggestion.closest(name, among: KeyActionKind.allCases.map(\.description))))
        return nil
    }

    func returnType(_ name: String, at location: SourceLocation) -> ReturnKeyType? {
        if let type = ReturnKeyType.named(name) { return type }
        diagnostics.report(
            location, .unknownReturnType(name, closest: NameSuggestion.closest(name, among: ReturnKeyType.allCases.map(\.description))))
        return nil
    }

    func formFactor(_ name: String, at location: SourceLocation) -> FormFactor? {
        if let value = FormFactor.named(name) { return value }
        diagnostics.report(location, .unknownFormFactor(name))
        return nil
    }

    func field(_ name: String, at location: SourceLocation) -> FieldKind? {
        if let value = FieldKind.named(name) { return value }
        diagnostics.report(
            location, .unknownField(name, closest: NameSuggestion.closest(name, among: FieldKind.allCases.map(\.description))))
        return nil
    }

    func direction(_ name: String, at location: SourceLocation) -> TextDirection? {
        if let value = TextDirection.named(name) { return value }
        diagnostics.report(location, .unknownDirection(name))
        return nil
    }

    /// The flicks written as `n:い e:う` (a direction, a colon, the output; space-separated),
    /// each malformed one reported.
    func flicks(_ text: String, at location: SourceLocation) -> [Flick] {
        Self.list(text).compactMap { token in
            // By scalars: a combining mark after the colon (Japanese ゙) joins it in one character.
            let scalars = token.unicodeScalars
            guard let colon = scalars.firstIndex(of: ":"), colon != scalars.startIndex, scalars.index(after: colon) != scalars.endIndex
            else {
                diagnostics.report(location, .malformedFlick(token))
                return nil
            }
            let name = String(scalars[..<colon])
            guard let direction = FlickDirection.named(name) else {
                diagnostics.report(
                    location,
                    .unknownFlickDirection(name, closest: NameSuggestion.closest(name, among: FlickDirection.allCases.map(\.description))))
                return nil
            }
            return Flick(direction, String(scalars[scalars.index(after: colon)...]))
        }
    }

    /// The callout actions written as `keyboardType:symbolic nextLocale` (an action, and a colon
    /// and its value when it takes one; space-separated), each unknown action reported.
    func calloutActions(_ text: String, at location: SourceLocation) -> [CalloutAction] {
        Self.list(text).compactMap { token in
            let scalars = token.unicodeScalars
            let colon = scalars.firstIndex(of: ":")
            guard let action = action(String(scalars[..<(colon ?? scalars.endIndex)]), at: location) else { return nil }
            return CalloutAction(action, colon.map { String(scalars[scalars.index(after: $0)...]) })
        }
    }

    /// Callout actions in their source syntax.
    static func calloutActionsText(_ actions: [CalloutAction]) -> String {
        actions.map { "\($0.action)" + ($0.value.map { ":" + $0 } ?? "") }.joined(separator: " ")
    }

    /// Flicks in their source syntax.
    static func flicksText(_ flicks: [Flick]) -> String {
        flicks.map { "\($0.direction):\($0.output)" }.joined(separator: " ")
    }

    func width(_ text: String, at location: SourceLocation) -> KeyWidth? {
        if let width = KeyWidth(sourceText: text) { return width }
        diagnostics.report(location, .invalidWidth(text))
        return nil
    }

    /// A layer id: a standard layer, or a custom one when `custom` is set. Reports ids that are
    /// neither, suggesting the closest standard name.
    func layerId(_ id: String, custom: Bool, at location: SourceLocation) -> Bool {
        let standard = StandardLayer(rawValue: id) != nil
        if custom && standard {
            diagnostics.report(location, .customStandardLayer(id))
            return false
        }
        if !custom && !standard {
            diagnostics.report(
                location, .unknownLayer(id, closest: NameSuggestion.closest(id, among: StandardLayer.allCases.map(\.rawValue))))
            return false
        }
        return true
    }

    /// The characters of a compact key string (whitespace separates and is skipped), each with its
    /// offset in scalars.
    static func characters(_ text: String) -> [(offset: Int, value: String)] {
        tokens(text).flatMap { token in
            var offset = token.offset
            return token.text.map { character in
                defer { offset += character.unicodeScalars.count }
                return (offset, String(character))
            }
        }
    }

    /// The whitespace-separated items of a list.
    static func list(_ text: String) -> [String] {
        tokens(text).map(\.text)
    }

    /// The runs of `text` between whitespace scalars, with their offsets in scalars. Split by
    /// scalars, not by characters: a combining mark written after a space (a Hebrew point, "א ּ")
    /// forms one character with the space, and would be taken for whitespace and dropped.
    private static func tokens(_ text: String) -> [(offset: Int, text: String)] {
        var result: [(Int, String)] = []
        var run = String.UnicodeScalarView()
        var start = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar.properties.isWhitespace {
                if !run.isEmpty { result.append((start, String(run))) }
                run = String.UnicodeScalarView()
                start = offset + 1
            } else {
                run.append(scalar)
            }
        }
        if !run.isEmpty { result.append((start, String(run))) }
        return result
    }
}

extension CaseIterable where Self: CustomStringConvertible {
    /// The case whose name in layout sources (its description, as the runtime names its values)
    /// is `name`.
    static func named(_ name: String) -> Self? {
        allCases.first { $0.description == name }
    }
}
