import Foundation
import KeylexRuntime

/// The Keylex layouts of one LatinIME subtype: its keyboards read for a text field, then for
/// e-mail and URL fields (kept as row patches where they differ), the shifted alphabet folded
/// into shifted outputs.
struct AOSPLayouts {
    let files: AOSPFiles
    let texts: AOSPTexts
    let context: AOSPContext
    let locale: Locale
    var diagnostics: DiagnosticEngine { files.diagnostics }

    typealias Keyboard = (name: String, location: SourceLocation)

    func layouts(_ keyboards: [AOSPLayer: Keyboard], shifted: Keyboard) -> [LayoutModel] {
        let origin = Origin(keyboards[.alphabet]!.location)
        let text = layers(keyboards, shifted: shifted, mode: "text")
        var result = [LayoutModel(formFactor: .phone, layers: text, origin: origin)]
        for (mode, field) in [("email", FieldKind.email), ("url", .url)] {
            var changed: [LayerModel] = []
            for (fieldLayer, textLayer) in zip(layers(keyboards, shifted: shifted, mode: mode), text) {
                let patches = fieldLayer.rows.indices.filter { $0 >= textLayer.rows.count || fieldLayer.rows[$0] != textLayer.rows[$0] }
                    .map { RowModel(index: $0 + 1, keys: fieldLayer.rows[$0].keys, origin: fieldLayer.rows[$0].origin) }
                if !patches.isEmpty { changed.append(LayerModel(id: fieldLayer.id, rows: patches, origin: origin)) }
            }
            guard !changed.isEmpty else { continue }
            var layout = LayoutModel(formFactor: .phone, layers: changed, origin: origin)
            layout.field = field
            result.append(layout)
        }
        return result
    }

    private func layers(_ keyboards: [AOSPLayer: Keyboard], shifted: Keyboard, mode: String) -> [LayerModel] {
        AOSPLayer.allCases.map { layer in
            let keyboard = keyboards[layer]!
            var rows = read(keyboard, layer: layer, element: layer.element, mode: mode)
            if layer == .alphabet {
                fold(read(shifted, layer: layer, element: "alphabetManualShifted", mode: mode), into: &rows, at: shifted.location)
            }
            return LayerModel(id: layer.id, rows: rows, origin: Origin(keyboard.location))
        }
    }

    private func read(_ keyboard: Keyboard, layer: AOSPLayer, element: String, mode: String) -> [RowModel] {
        var context = context
        (context.element, context.mode) = (element, mode)
        let read = AOSPKeyboardReader(files: files, context: context).rows(keyboard.name, at: keyboard.location)
        return AOSPKeys(texts: texts, diagnostics: diagnostics, layer: layer, locale: locale).rows(read)
    }

    /// Gives each key of the alphabet what its place on the shifted alphabet types, when that is
    /// not its upper case (LatinIME shows the shifted keyboard's letters in upper case unless a key
    /// preserves its case). A shifted alphabet with other keys or rows is reported.
    private func fold(_ shifted: [RowModel], into rows: inout [RowModel], at location: SourceLocation) {
        let sameShape =
            shifted.count == rows.count
            && zip(shifted, rows).allSatisfy { a, b in
                a.keys.count == b.keys.count && zip(a.keys, b.keys).allSatisfy { $0.action == $1.action }
            }
        guard sameShape else {
            diagnostics.reportOnce(
                location,
                .unsupportedConstruct(
                    "a shifted alphabet whose keys are not in the alphabet's places",
                    kept: "the upper-case layers are the alphabet's upper case"))
            return
        }
        for r in rows.indices {
            for k in rows[r].keys.indices where rows[r].keys[k].typesValue && rows[r].keys[k].shifted == nil {
                let key = rows[r].keys[k], other = shifted[r].keys[k]
                guard let value = key.value, let typed = other.shifted ?? other.value?.uppercased(with: locale) else { continue }
                if typed != value.uppercased(with: locale) { rows[r].keys[k].set(.shifted, typed, at: other.origin) }
            }
        }
    }

    /// The layouts with the callouts of character keys whose variants are single characters moved
    /// to the document's callouts (a later key typing the same character with other variants
    /// keeps its own).
    static func hoistingCallouts(_ layouts: [LayoutModel], origin: Origin) -> ([LayoutModel], CalloutSet?) {
        var layouts = layouts, callouts: [Callout] = [], variants: [String: [String]] = [:]
        for l in layouts.indices {
            for a in layouts[l].layers.indices {
                for r in layouts[l].layers[a].rows.indices {
                    for k in layouts[l].layers[a].rows[r].keys.indices {
                        let key = layouts[l].layers[a].rows[r].keys[k]
                        guard key.action == .character, let value = key.value, !key.callout.isEmpty,
                            key.callout.allSatisfy({ $0.count == 1 })
                        else { continue }
                        if variants[value] == nil {
                            variants[value] = key.callout
                            callouts.append(Callout(character: value, variants: key.callout, origin: key.calloutOrigin))
                        }
                        if variants[value] == key.callout { layouts[l].layers[a].rows[r].keys[k].callout = [] }
                    }
                }
            }
        }
        return (layouts, callouts.isEmpty ? nil : CalloutSet(callouts: callouts, origin: origin))
    }
}
