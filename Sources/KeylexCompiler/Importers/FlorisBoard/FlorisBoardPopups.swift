import Foundation
import KeylexRuntime

/// Callouts from FlorisBoard's popups: a key's own `popup` (`{"main": key, "relevant": [keys]}`)
/// and the preset's popup mapping (popups by key label; `~left` and `~right` for the keys beside
/// the space bar), merged as FlorisBoard merges them: the key's main variant (else the mapping's)
/// first, then the key's other variants, then the mapping's.
struct FlorisBoardPopups {
    let keys: FlorisBoardKeys
    let direction: TextDirection

    /// A popup: its variants, the main one first.
    struct Popup {
        var main: String?
        var relevant: [String] = []
        let location: SourceLocation
    }

    /// The popups that the keys of `rows` carry (shifted keys' included), by the text they type.
    func keyPopups(_ rows: [[JSONNode]]) -> [(String, Popup)] {
        rows.joined().flatMap { node in
            [false, true].compactMap { shifted -> (String, Popup)? in
                let state = FlorisKeyState(shifted: shifted, direction: direction)
                guard let leaf = keys.leaf(node, state), let popup = leaf["popup"], let text = keys.output(leaf) else { return nil }
                return (text, self.popup(popup))
            }
        }
    }

    /// The popups of a popup mapping file for text fields; `groups` gives the text of the keys
    /// FlorisBoard names `~left` (group 1) and `~right` (group 2).
    func mappingPopups(_ mapping: JSONNode, groups: [Int: String]) -> [(String, Popup)] {
        for member in mapping.members ?? [] where member.key != "all" {
            diagnostics.reportOnce(
                member.keyLocation,
                .unsupportedConstruct(
                    "FlorisBoard's popups for '\(member.key)' fields",
                    kept: "text fields' popups are used in every field"))
        }
        return (mapping["all"]?.members ?? []).compactMap { member in
            let named = ["~left": 1, "~right": 2][member.key].map { groups[$0] }
            guard let text = named ?? (member.key.hasPrefix("~") ? nil : keys.nfc(member.key, at: member.keyLocation)) else {
                diagnostics.reportOnce(
                    member.keyLocation,
                    .unsupportedConstruct(
                        "FlorisBoard's popup of the '\(member.key)' key",
                        kept: "callouts are of characters; it is left out"))
                return nil
            }
            return (text, popup(member.value))
        }
    }

    private var diagnostics: DiagnosticEngine { keys.diagnostics }

    private func popup(_ node: JSONNode) -> Popup {
        var popup = Popup(location: node.location)
        popup.main = node["main"].flatMap(variant)
        popup.relevant = (node["relevant"]?.items ?? []).compactMap(variant)
        return popup
    }

    /// The character a popup key types; `nil` (with a diagnostic) for one a callout cannot hold.
    private func variant(_ node: JSONNode) -> String? {
        guard let leaf = keys.leaf(node, FlorisKeyState(direction: direction)), let text = keys.output(leaf) else { return nil }
        guard text.count == 1 else {
            diagnostics.reportOnce(
                leaf.location,
                .unsupportedConstruct(
                    "the popup key '\(text)', which types several characters,",
                    kept: "callout variants are single characters; it is left out"))
            return nil
        }
        return text
    }

    /// The callouts of the characters in `typed`: for each, its key popups merged with its mapping
    /// popups, without the character itself and without repeats; and the callouts of the upper
    /// case of `letters` whose derivation would repeat a variant (π's Π and Ω give Π's Π and Ω
    /// twice), written without the repeats.
    static func callouts(
        keyPopups: [(String, Popup)], mappingPopups: [(String, Popup)], typed: Set<String>, letters: Set<String>, locale: String
    ) -> [Callout] {
        let callouts = merged(keyPopups + mappingPopups, typed: typed)
        let written = Set(callouts.map(\.character))
        return callouts
            + callouts.compactMap { callout in
                let upper = LocaleCasing.upper(callout.character, locale: locale)
                let variants = callout.variants.map { LocaleCasing.upper($0, locale: locale) }
                guard letters.contains(callout.character), upper != callout.character, !written.contains(upper),
                    Set(variants).count < variants.count
                else { return nil }
                return Callout(character: upper, variants: variants.filter { $0 != upper }.withoutRepeats(), origin: callout.origin)
            }
    }

    private static func merged(_ popups: [(String, Popup)], typed: Set<String>) -> [Callout] {
        var order: [String] = []
        var merged: [String: (main: String?, relevant: [String], location: SourceLocation)] = [:]
        for (text, popup) in popups where typed.contains(text) {
            if merged[text] == nil { order.append(text) }
            var entry = merged[text] ?? (nil, [], popup.location)
            if entry.main == nil { entry.main = popup.main } else if let main = popup.main { entry.relevant.append(main) }
            entry.relevant += popup.relevant
            merged[text] = entry
        }
        return order.compactMap { text in
            let entry = merged[text]!
            let variants = ([entry.main].compactMap { $0 } + entry.relevant).filter { $0 != text }.withoutRepeats()
            return variants.isEmpty ? nil : Callout(character: text, variants: variants, origin: Origin(entry.location))
        }
    }
}
