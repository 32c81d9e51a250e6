import CLibXML2
import Foundation
import KeylexRuntime

/// The layers and transforms of a CLDR keyboard as Keylex layouts and transforms.
extension CLDRKeyboard {
    /// The touch forms, narrowest first, as the phone and tablet layouts; without one, the first
    /// hardware form as the phone layout. Long-press keys become `callouts`.
    func layouts(callouts: inout [Callout]) -> [LayoutModel] {
        let forms = file.children(file.root, "layers")
        let touch = forms.filter { file.attributes($0)["formId"]?.value == "touch" }
            .sorted { width($0) < width($1) }
        for extra in touch.dropFirst(2) {
            diagnostics.report(
                file.location(extra),
                .unsupportedConstruct("a third touch form", kept: "the phone and tablet layouts come from the first two"))
        }
        guard !touch.isEmpty else {
            guard let hardware = forms.first else { return [] }
            diagnostics.report(
                file.location(hardware),
                .unsupportedConstruct(
                    "a hardware layout ('\(file.attributes(hardware)["formId"]?.value ?? "us")')",
                    kept: "its layers are imported as a phone layout"))
            return [layout(hardware, .phone, callouts: &callouts)]
        }
        for hardware in forms where file.attributes(hardware)["formId"]?.value != "touch" {
            diagnostics.report(
                file.location(hardware),
                .unsupportedConstruct("a hardware layout beside touch ones", kept: "the touch layouts are imported"))
        }
        return zip(touch.prefix(2), [FormFactor.phone, .tablet]).map { layout($0, $1, callouts: &callouts) }
    }

    private func width(_ form: xmlNodePtr) -> Double {
        file.attributes(form)["minDeviceWidth"].flatMap { Double($0.value) } ?? 0
    }

    private func layout(_ form: xmlNodePtr, _ formFactor: FormFactor, callouts: inout [Callout]) -> LayoutModel {
        let elements = file.children(form, "layer")
        let ids = elements.enumerated().map { layerId(file.attributes($0.element), first: $0.offset == 0) }
        var layout = LayoutModel(formFactor: formFactor, origin: Origin(file.location(form)))
        for (element, id) in zip(elements, ids) {
            guard let id else {
                diagnostics.report(
                    file.location(element),
                    .unsupportedConstruct(
                        "a layer for the modifiers '\(file.attributes(element)["modifiers"]?.value ?? "")'",
                        kept: "a touch keyboard has no such keys; it is left out"))
                continue
            }
            let rows = file.children(element, "row").map { row($0, layerIds: ids, callouts: &callouts) }
            layout.layers.append(
                LayerModel(id: id, isCustom: StandardLayer(rawValue: id) == nil, rows: rows, origin: Origin(file.location(element))))
        }
        return layout
    }

    /// The Keylex id of a layer: touch layers by id (`base`, `shift`, `numeric`, `symbol`),
    /// hardware ones by modifiers (`none`, `shift`, `caps`); `nil` for other modifiers.
    private func layerId(_ attributes: [String: XMLSource.Attribute], first: Bool) -> String? {
        if let id = attributes["id"]?.value {
            let standard = [
                "base": "lowercased", "shift": "uppercased", "caps": "capsLocked", "numeric": "numeric", "symbol": "symbolic",
                "symbols": "symbolic",
            ]
            return standard[id] ?? (first ? "lowercased" : id)
        }
        let modifiers = attributes["modifiers"]?.value ?? "none"
        return ["none": "lowercased", "shift": "uppercased", "caps": "capsLocked"][modifiers]
    }

    private func row(_ element: xmlNodePtr, layerIds: [String?], callouts: inout [Callout]) -> RowModel {
        let attribute = file.attributes(element)["keys"]
        let location = attribute?.location ?? file.location(element)
        var row = RowModel(origin: Origin(location))
        for id in (attribute?.value ?? "").split(whereSeparator: \.isWhitespace).map(String.init) {
            guard let cldr = keys.keys[id] else {
                if !keys.lacksAnImport {
                    diagnostics.report(
                        location, .missingReference("key", id, expected: "a <key id=\"\(id)\"> in the keyboard or its imports"))
                }
                continue
            }
            if let key = key(id, cldr, at: location, layerIds: layerIds) {
                row.keys.append(key)
                callout(of: cldr, output: key.value, id: id, at: location).map { callouts.append($0) }
            }
        }
        return row
    }

    /// The Keylex key for CLDR key `id`.
    private func key(_ id: String, _ cldr: CLDRKey, at location: SourceLocation, layerIds: [String?]) -> KeyModel? {
        let origin = Origin(location)
        var key: KeyModel
        if cldr.gap {
            key = KeyModel(action: .none, origin: origin)
        } else if let target = cldr.layerId {
            let mapped = target == "base" ? "lowercased" : target == "shift" ? "uppercased" : target == "symbol" ? "symbolic" : target
            key =
                mapped == "uppercased"
                ? KeyModel(action: .shift, origin: origin)
                : KeyModel(action: .keyboardType, value: mapped, label: displays["id:" + id] ?? id, origin: origin)
        } else if let output = cldr.output, !output.isEmpty {
            key = Self.key(typing: output, origin: origin)
            if key.typesValue, let shown = displays["id:" + id] ?? displays["output:" + output], shown != output { key.label = shown }
        } else {
            diagnostics.reportOnce(cldr.location, .cldrKeyDoesNothing(id))
            key = KeyModel(action: .none, origin: origin)
        }
        key.width = cldr.stretch ? .available : cldr.width.flatMap { $0 == 1 || !($0 > 0 && $0 <= 10) ? nil : .inputPercentage($0) }
        if key.typesValue {
            key.multiTap = cldr.multiTap.compactMap { keys.keys[$0]?.output }
            key.flicks = cldr.flickId.map { flicks($0, of: id, at: cldr.location) } ?? []
        }
        return key
    }

    /// A key typing `output`: space, return and tab are actions; one grapheme a character key.
    private static func key(typing output: String, origin: Origin) -> KeyModel {
        switch output {
        case " ": return KeyModel(action: .space, origin: origin)
        case "\n", "\r": return KeyModel(action: .primary, value: "return", origin: origin)
        case "\t": return KeyModel(action: .tab, origin: origin)
        default: return KeyModel(action: output.count == 1 ? .character : .text, value: output, origin: origin)
        }
    }

    /// The flicks of `<flick id>`: its segments of one direction to a key that types; others are
    /// reported.
    private func flicks(_ flickId: String, of id: String, at location: SourceLocation) -> [Flick] {
        guard let flick = flickElements[flickId] else {
            diagnostics.reportOnce(location, .missingReference("flick", flickId, expected: "a <flick id=\"\(flickId)\"> in <flicks>"))
            return []
        }
        return file.children(flick, "flickSegment").compactMap { segment in
            let attributes = file.attributes(segment)
            let directions = (attributes["directions"]?.value ?? "").split(separator: " ").map(String.init)
            guard directions.count == 1, let direction = FlickDirection.named(directions[0]),
                let output = attributes["keyId"].flatMap({ keys.keys[$0.value]?.output })
            else {
                diagnostics.reportOnce(
                    file.location(segment),
                    .unsupportedConstruct(
                        "a flick of several directions, or to a key that types nothing",
                        kept: "left out (a flick is one direction and an output)"))
                return nil
            }
            return Flick(direction, output)
        }
    }

    /// The callout of a key's long-press keys, for the character it types.
    private func callout(of cldr: CLDRKey, output: String?, id: String, at location: SourceLocation) -> Callout? {
        guard !cldr.longPress.isEmpty, let output, output.count == 1 else { return nil }
        let variants = cldr.longPress.compactMap { keys.keys[$0]?.output }.filter { $0.count == 1 }
        if variants.count < cldr.longPress.count {
            diagnostics.reportOnce(
                cldr.location,
                .unsupportedConstruct(
                    "long-press keys of '\(id)' that do not type one character",
                    kept: "callout variants are single characters; they are left out"))
        }
        guard !variants.isEmpty else { return nil }
        var callout = Callout(character: output, variants: variants, origin: Origin(cldr.location))
        callout.defaultVariant = cldr.longPressDefault.flatMap { keys.keys[$0]?.output }.flatMap { variants.contains($0) ? $0 : nil }
        return callout
    }

    /// The literal transforms of the simple transform groups, in order; none, with an error, when
    /// they are more than a bundle holds (`LayoutFormat.maxCount`, repeats included).
    func transforms() -> [Transform] {
        var result: [Transform] = []
        for transforms in file.children(file.root, "transforms") {
            guard file.attributes(transforms)["type"]?.value == "simple" else {
                diagnostics.report(file.location(transforms), .unsupportedConstruct("CLDR's backspace transforms", kept: "left out"))
                continue
            }
            let groups = file.children(transforms, "transformGroup")
            if groups.filter({ !file.children($0, "transform").isEmpty }).count > 1 {
                diagnostics.report(
                    file.location(transforms),
                    .unsupportedConstruct(
                        "transform groups applied one after another",
                        kept: "their transforms are tried as one list"))
            }
            for group in groups {
                if XMLSource.elements(group).isEmpty { diagnostics.report(file.location(group), .emptyTransformGroup) }
                for reorder in file.children(group, "reorder") {
                    diagnostics.report(file.location(reorder), .unsupportedConstruct("CLDR's reorders", kept: "left out"))
                }
                for transform in file.children(group, "transform") {
                    result += literalTransforms(transform)
                    // Expanding further would only make a document the validator refuses.
                    guard result.count <= LayoutFormat.maxCount else {
                        diagnostics.report(file.location(transform), .tooManyTransforms(most: LayoutFormat.maxCount))
                        return []
                    }
                }
            }
        }
        return withoutRepeats(result)
    }

    /// The transforms without those whose `from` an earlier one has (CLDR tries the first that
    /// matches, so they never apply), each reported.
    private func withoutRepeats(_ transforms: [Transform]) -> [Transform] {
        var first: [String: Transform] = [:]
        return transforms.filter { transform in
            if let earlier = first[transform.from] {
                diagnostics.reportOnce(
                    transform.origin.location, .unreachableTransform(transform.from, earlier: earlier.from, at: earlier.origin.location))
                return false
            }
            first[transform.from] = transform
            return true
        }
    }

    /// The literal transforms of a `<transform>`: one, or one per choice of its sets' items.
    private func literalTransforms(_ element: xmlNodePtr) -> [Transform] {
        let attributes = file.attributes(element)
        guard let from = attributes["from"] else { return [] }
        let to = attributes["to"]
        do throws(CLDRText.Failure) {
            return try text.expanded(from: from.value, to: to?.value ?? "").map { literal, replacement in
                Transform(
                    from: ImportedText.nfc(literal, at: from.location, diagnostics: diagnostics),
                    to: ImportedText.nfc(replacement, at: from.location, diagnostics: diagnostics), origin: Origin(from.location))
            }
        } catch {
            CLDRImporter.report(error, in: from.value + " → " + (to?.value ?? ""), at: from.location, diagnostics: diagnostics)
            return []
        }
    }
}
