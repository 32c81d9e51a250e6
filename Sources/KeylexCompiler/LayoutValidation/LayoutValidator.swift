import Foundation
import KeylexRuntime

/// Checks layout documents as written, and locales as resolved, reporting every problem once.
public final class LayoutValidator {
    let diagnostics: DiagnosticEngine
    /// Problems already reported: inherited and derived nodes keep the place they were written,
    /// so the same problem can be found through several locales.
    private var reported = Set<String>()

    public init(diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
    }

    func report(_ origin: Origin, _ message: DiagnosticMessage) {
        let diagnostic = Diagnostic(message, at: origin.location)
        guard reported.insert(diagnostic.description).inserted else { return }
        diagnostics.report(diagnostic)
    }

    // MARK: Documents as written

    /// Checks what can be checked in one document alone.
    public func check(_ document: LayoutDocument) {
        if !LanguageTag.isWellFormed(document.locale) {
            report(document.localeOrigin, .invalidLocale(document.locale))
        }
        if let parent = document.extends, !LanguageTag.isWellFormed(parent) {
            report(document.extendsOrigin, .invalidLocale(parent))
        }
        if let name = document.name { checkText(name, document.origin) }
        if let set = document.callouts { check(set) }
        check(document.transforms)
        for theme in document.themes { check(theme) }
        var forms: [String: Origin] = [:]
        for layout in document.layouts {
            let kind = "\(layout.formFactor) \(layout.field)"
            if let first = forms[kind] {
                report(layout.origin, .duplicateLayout(layout.formFactor, layout.field, first: first.location))
            }
            forms[kind] = forms[kind] ?? layout.origin
            var layers: [String: Origin] = [:]
            for layer in layout.layers {
                if let first = layers[layer.id] {
                    report(layer.origin, .duplicateLayer(layer.id, first: first.location))
                }
                layers[layer.id] = layers[layer.id] ?? layer.origin
                for row in layer.rows { for key in row.keys { check(key) } }
            }
            for replacement in layout.replacements {
                checkText(replacement.key, replacement.origin)
                checkText(replacement.with, replacement.origin)
            }
        }
    }

    private func check(_ set: CalloutSet) {
        var seen: [String: Origin] = [:]
        for callout in set.callouts {
            checkCharacter(callout.character, callout.origin)
            if let first = seen[callout.character] {
                report(callout.origin, .duplicateCallout(callout.character, first: first.location))
            }
            seen[callout.character] = seen[callout.character] ?? callout.origin
            if callout.variants.isEmpty {
                report(callout.variantsOrigin, .emptyCallout(callout.character))
            }
            checkVariants(callout)
        }
    }

    /// Transforms: clean text, a text to replace, none replacing the same text twice.
    private func check(_ transforms: [Transform]) {
        var seen: [String: Origin] = [:]
        for transform in transforms {
            checkText(transform.from, transform.origin)
            if !transform.to.isEmpty { checkText(transform.to, transform.origin) }
            if let first = seen[transform.from] {
                report(transform.origin, .duplicateTransform(transform.from, first: first.location))
            }
            seen[transform.from] = seen[transform.from] ?? transform.origin
        }
    }

    /// Transforms that never apply, as resolved: an earlier one's text ends theirs (first match
    /// wins, so the earlier one always takes the input).
    private func checkReachable(_ transforms: [Transform]) {
        let earliest = TransformSuffixes(transforms.map(\.from))
        for (i, transform) in transforms.enumerated() {
            guard let j = earliest.firstProperSuffix(of: transform.from), j < i else { continue }
            report(transform.origin, .unreachableTransform(transform.from, earlier: transforms[j].from, at: transforms[j].origin.location))
        }
    }

    /// Checks a callout's variants: clean text, none twice, the default among them. Run on written
    /// callouts and on those derived for upper-case letters (reported at the written one's place).
    private func checkVariants(_ callout: Callout) {
        checkVariants(callout.variants, of: callout.character, callout.variantsOrigin)
        if let defaultVariant = callout.defaultVariant, !callout.variants.contains(defaultVariant) {
            report(callout.defaultOrigin, .calloutDefaultNotVariant(defaultVariant, of: callout.character))
        }
    }

    /// Checks the variants of `character`'s callout, a callout's or a key's own: clean text, none twice.
    private func checkVariants(_ variants: [String], of character: String, _ origin: Origin) {
        var seen = Set<String>()
        for variant in variants {
            checkText(variant, origin)
            if !seen.insert(variant).inserted { report(origin, .duplicateVariant(variant, of: character)) }
        }
    }

    private func check(_ key: KeyModel) {
        let needsValue: Set<KeyActionKind> = [.character, .text, .keyboardType, .custom]
        let takesValue = needsValue.union([.primary])
        for action in key.calloutActions {
            if action.action == .character || action.action == .text {
                report(key.calloutActionsOrigin, .typingCalloutAction)
            } else if needsValue.contains(action.action) && action.value == nil {
                report(key.calloutActionsOrigin, .missingValue(action.action))
            } else if !takesValue.contains(action.action) && action.value != nil {
                report(key.calloutActionsOrigin, .unexpectedValue(action.action))
            }
        }
        if let value = key.value {
            if !takesValue.contains(key.action) {
                report(key.valueOrigin, .unexpectedValue(key.action))
            } else if key.action == .character {
                checkCharacter(value, key.valueOrigin)
            } else if key.action == .primary {
                _ = LayoutVocabulary(diagnostics: diagnostics).returnType(value, at: key.valueOrigin.location)
            } else {
                checkText(value, key.valueOrigin)
            }
        } else if needsValue.contains(key.action) {
            report(key.origin, .missingValue(key.action))
        }
        if let label = key.label { checkText(label, key.labelOrigin) }
        if let hint = key.hint { checkText(hint, key.hintOrigin) }
        if let shifted = key.shifted {
            if !key.typesValue {
                report(key.shiftedOrigin, .unexpectedShifted(key.action))
            } else if key.action == .character {
                checkCharacter(shifted, key.shiftedOrigin)
            } else {
                checkText(shifted, key.shiftedOrigin)
            }
        }
        checkGestures(key)
        let outOfRange: String?
        switch key.width {
        case .inputPercentage(let factor) where !KeyWidth.allows(.inputPercentage, factor):
            outOfRange = "an input factor must be above 0 and at most 10"
        case .percentage(let fraction) where !KeyWidth.allows(.percentage, fraction):
            outOfRange = "a percentage must be above 0% and at most 100%"
        case .points(let points) where !KeyWidth.allows(.points, points): outOfRange = "a width in points must be above 0 and at most 1024"
        default: outOfRange = nil
        }
        if let outOfRange, let width = key.width {
            report(key.widthOrigin, .widthOutOfRange(width.sourceText, outOfRange))
        }
    }

    /// A character key's output or a callout's character: one grapheme cluster of valid text.
    /// Flicks and multi-tap outputs: on keys that type, clean text, one flick per direction.
    private func checkGestures(_ key: KeyModel) {
        for (what, origin, present) in [
            ("flick", key.flicksOrigin, !key.flicks.isEmpty), ("multi-tap output", key.multiTapOrigin, !key.multiTap.isEmpty),
            ("callout of its own", key.calloutOrigin, !key.callout.isEmpty),
        ]
        where present && !key.typesValue {
            report(origin, .unexpectedGesture(key.action, what))
        }
        var directions = Set<FlickDirection>()
        for flick in key.flicks {
            checkText(flick.output, key.flicksOrigin)
            if !directions.insert(flick.direction).inserted { report(key.flicksOrigin, .duplicateFlick(flick.direction)) }
        }
        for output in key.multiTap { checkText(output, key.multiTapOrigin) }
        checkVariants(key.callout, of: key.value ?? "", key.calloutOrigin)
    }

    private func checkCharacter(_ text: String, _ origin: Origin) {
        checkText(text, origin)
        if text.count != 1 {
            report(origin, .multipleGraphemes(text))
        }
    }

    /// Text in NFC, without control, unassigned or (warning) private-use characters.
    func checkText(_ text: String, _ origin: Origin) {
        if text.isEmpty {
            report(origin, .emptyText)
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                report(origin, .controlCharacter(scalar))
            case .unassigned:
                report(origin, .unassignedCharacter(scalar))
            case .privateUse:
                report(origin, .privateUseKey(scalar))
            case .surrogate:
                report(origin, .surrogate(scalar))
            default: break
            }
        }
        if text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(text.unicodeScalars) == false {
            report(origin, .notNfc(text, nfc: text.precomposedStringWithCanonicalMapping))
        }
    }

    // MARK: Locales as resolved

    /// Checks a resolved locale: layers, switches, rows, and callouts no key shows.
    public func check(_ locale: ResolvedLocale) {
        var shown = Set<String>()
        checkLimits(locale)
        checkReachable(locale.transforms)
        for layout in locale.layouts {
            let ids = layout.layers.map(\.id), known = Set(ids)
            if !known.contains(StandardLayer.lowercased.rawValue) {
                report(layout.origin, .noLowercasedLayer(layout.formFactor, locale: locale.tag))
            }
            checkShiftedOutputs(layout)
            checkShiftKeys(layout)
            for layer in layout.layers {
                var characters: [String: Origin] = [:]
                for row in layer.rows {
                    check(row, formFactor: layout.formFactor)
                    for key in row.keys {
                        // A derived layer's switches are its source layer's, checked there.
                        if !layer.isDerived { checkSwitches(key, layers: ids, known, layout.formFactor, locale: locale.tag) }
                        guard key.action == .character, let value = key.value else { continue }
                        shown.insert(value)
                        if let first = characters[value], !layer.isDerived {
                            report(key.origin, .duplicateCharacter(value, layer: layer.id, first: first.location))
                        }
                        characters[value] = characters[value] ?? key.origin
                    }
                }
            }
        }
        // Derived upper-case callouts are checked as written ones are (a written one's problems are
        // reported once: see `reported`).
        for callout in locale.callouts { checkVariants(callout) }
        // Only the locale's own callouts: inherited ones belong to (and are checked with) their locale.
        for callout in locale.document.callouts?.callouts ?? [] where !shown.contains(callout.character) {
            report(callout.origin, .unusedCallout(callout.character, locale: locale.tag))
        }
    }

    /// Warns of shifted outputs the compiler never uses: only those of the `lowercased` layer are,
    /// and only when the upper layers are derived from it.
    private func checkShiftedOutputs(_ layout: LayoutModel) {
        let derivesUpper = layout.layers.contains { $0.id == StandardLayer.uppercased.rawValue && $0.isDerived }
        for layer in layout.layers where !layer.isDerived {
            let used = derivesUpper && layer.id == StandardLayer.lowercased.rawValue
            for key in layer.rows.flatMap(\.keys) where key.shifted != nil && !used {
                report(key.shiftedOrigin, .unusedShifted(layer.id))
            }
        }
    }

    /// Warns of shift keys that change nothing: the layout derives its uppercased layer from a
    /// lowercased one that has letters, and case mapping leaves every key as it is (Hebrew, Arabic:
    /// scripts without case).
    private func checkShiftKeys(_ layout: LayoutModel) {
        guard let lower = layout.layers.first(where: { $0.id == StandardLayer.lowercased.rawValue && !$0.isDerived }),
            let upper = layout.layers.first(where: { $0.id == StandardLayer.uppercased.rawValue && $0.isDerived })
        else { return }
        let keys = lower.rows.flatMap(\.keys)
        guard keys.contains(where: { $0.value?.unicodeScalars.contains { $0.properties.isAlphabetic } == true }) else { return }
        let outputs = { (layer: LayerModel) in layer.rows.flatMap(\.keys).map { [$0.value ?? ""] + $0.callout } }
        guard outputs(lower) == outputs(upper) else { return }
        for key in keys where key.action == .shift || key.action == .capsLock {
            report(key.origin, .shiftChangesNothing(key.action))
        }
    }

    /// A key's layer switches (its own and its long press's) go to layers of its layout.
    private func checkSwitches(_ key: KeyModel, layers ids: [String], _ known: Set<String>, _ formFactor: FormFactor, locale: String) {
        let targets =
            [(key.action == .keyboardType ? key.value : nil, key.valueOrigin)]
            + key.calloutActions.filter { $0.action == .keyboardType }.map { ($0.value, key.calloutActionsOrigin) }
        for case let (target?, origin) in targets where !known.contains(target) {
            report(origin, .missingLayer(target, formFactor, locale: locale, closest: diagnostics.closest(target, among: ids)))
        }
    }

    /// Reports what the format cannot hold (see ``LayoutFormat/maxLayers`` and
    /// ``LayoutFormat/maxCount``), counted after inheritance and derivation.
    private func checkLimits(_ locale: ResolvedLocale) {
        func limit(_ count: Int, _ most: Int, _ origin: Origin, _ owner: String, _ what: String) {
            guard count > most else { return }
            report(origin, .limitExceeded(owner, has: count, what, most: most))
        }
        limit(locale.layouts.count, LayoutFormat.maxCount, locale.document.localeOrigin, "'\(locale.tag)'", "layouts")
        limit(
            locale.transforms.count, LayoutFormat.maxCount, locale.document.localeOrigin, "'\(locale.tag)'",
            "transforms (its parents' included)")
        limit(
            locale.keyEntryBound, StyleFormat.maxKeyEntries, locale.document.localeOrigin, "the theme of '\(locale.tag)'",
            "kinds of keys styled apart (one for each action of the keys, and one for each value a key rule names that a key has)")
        for layout in locale.layouts {
            let kind = DiagnosticMessage.layoutKind(layout.formFactor, layout.field)
            limit(
                layout.layers.count, LayoutFormat.maxLayers, layout.origin, "the \(kind) layout of '\(locale.tag)'",
                "layers (counting the upper-case layers derived from the lower-case ones)")
            for layer in layout.layers {
                limit(layer.rows.count, LayoutFormat.maxCount, layer.origin, "layer '\(layer.id)'", "rows")
                for row in layer.rows { limit(row.keys.count, LayoutFormat.maxCount, row.origin, "this row", "keys") }
            }
        }
        for callout in locale.callouts {
            limit(
                callout.variants.count, LayoutFormat.maxCount, callout.variantsOrigin, "the callout of '\(callout.character)'", "variants")
        }
    }

    private func check(_ row: RowModel, formFactor: FormFactor) {
        let available = row.keys.filter { $0.width == .available }
        if available.count > 1 {
            report(available[1].widthOrigin, .multipleAvailable)
        }
        let widthOf = formFactor.referenceWidth
        var fixed = 0.0
        var units = 0.0
        for key in row.keys {
            // A width out of range is reported by itself; the row's sum would mean nothing.
            if key.width?.isAllowed == false { return }
            switch key.width ?? .input {
            case .percentage(let fraction): fixed += fraction * widthOf
            case .points(let points): fixed += points
            case .input: units += 1
            case .inputPercentage(let factor): units += factor
            case .available: break
            }
        }
        if fixed > widthOf + 0.001 || (fixed >= widthOf - 0.001 && units > 0) {
            report(row.origin, .rowOverflow(fixed: Int(fixed.rounded()), of: Int(widthOf), formFactor))
        }
    }

    /// Warns when words of the locale's dictionary cannot be typed with its keys and callouts, even
    /// without their accents: the engine offers `Andrić` for `Andric` and `Straße` for `strasse`, as
    /// it matches letters folded (case and accents, as the dictionary's `FOLD` section has them).
    /// `each` is told every word it cannot type (the warning shows the first few).
    public func checkTypable(_ words: some Sequence<String>, corpus: String, locale: ResolvedLocale, each: (String) -> Void = { _ in }) {
        let typed = locale.typedStrings
        let longest = typed.map(\.unicodeScalars.count).max() ?? 0
        let folded = Set(typed.map(FoldClasses.fold))
        let longestFolded = folded.map(\.unicodeScalars.count).max() ?? 0
        var untypable = 0, total = 0
        var examples: [String] = []
        for word in words {
            total += 1
            guard !Self.isTypable(word, typed: typed, longest: longest),
                !Self.isTypable(FoldClasses.fold(word), typed: folded, longest: longestFolded)
            else { continue }
            untypable += 1
            if examples.count < 5 { examples.append(word) }
            each(word)
        }
        guard untypable > 0 else { return }
        report(locale.document.origin, .untypableWords(untypable, of: total, corpus: corpus, locale: locale.tag, examples: examples))
    }

    /// Whether keys that type the strings `typed` (the longest `longest` scalars) can type `word`:
    /// letter by letter, or as a sequence of keys whose texts join into it (an Indic or Thai letter
    /// and the vowel sign after it are one character but two keys). The space key types the space of
    /// a multi-word entry ("a priori").
    static func isTypable(_ word: String, typed: Set<String>, longest: Int) -> Bool {
        if word.allSatisfy({ $0 == " " || typed.contains(String($0)) }) { return true }
        let scalars = Array(word.unicodeScalars)
        // reachable[i]: keys can type the first i scalars.
        var reachable = [Bool](repeating: false, count: scalars.count + 1)
        reachable[0] = true
        for start in scalars.indices where reachable[start] {
            for end in (start + 1)...min(scalars.count, start + max(longest, 1)) {
                var piece = String.UnicodeScalarView()
                piece.append(contentsOf: scalars[start..<end])
                let text = String(piece)
                if text == " " || typed.contains(text) { reachable[end] = true }
            }
        }
        return reachable[scalars.count]
    }
}
