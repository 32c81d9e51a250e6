import Foundation
import KeylexRuntime

/// A LatinIME keyboard element and the Keylex layer it becomes.
enum AOSPLayer: CaseIterable {
    case alphabet, symbols, symbolsShifted

    var id: String { [.alphabet: "lowercased", .symbols: "numeric", .symbolsShifted: "symbolic"][self]! }
    var element: String { "\(self)" }
}

/// LatinIME keys as Keylex keys: key specs, actions, hint labels, more keys (as the key's own
/// callout), widths and the gaps LatinIME's positions leave. Attributes that only style a key
/// (label flags other than `preserveCase`, background types, insets, letter sizes) are not read.
struct AOSPKeys {
    let texts: AOSPTexts
    let diagnostics: DiagnosticEngine
    let layer: AOSPLayer
    let locale: Locale

    /// The rows of a layer. A character key as wide as most of the layer's is one input unit;
    /// other widths are fractions of the row, `fillRight` takes what is left.
    func rows(_ rows: [AOSPRow]) -> [RowModel] {
        let unit = Self.inputUnit(rows)
        return rows.map { row($0, unit: unit) }
    }

    /// The most common width of the keys that type, in percent of the keyboard (10 when none).
    private static func inputUnit(_ rows: [AOSPRow]) -> Double {
        let typing = rows.flatMap(\.keys).filter { key in
            !key.fillsRight && !key.isSpacer && key.attributes["keySpec"].map { !$0.value.contains("!code/") } ?? false
        }
        let widths = Dictionary(grouping: typing.map { ($0.width * 1000).rounded() / 1000 }, by: { $0 })
        return widths.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.key ?? 10
    }

    private func row(_ row: AOSPRow, unit: Double) -> RowModel {
        var keys: [KeyModel] = [], end = 0.0
        for aosp in row.keys {
            if aosp.x > end + 0.01 { keys.append(gap(aosp.x - end, at: aosp.location)) }
            if aosp.x < end - 0.01 {
                diagnostics.reportOnce(
                    aosp.location, .unsupportedConstruct("a key placed over the one before it", kept: "it is placed after it"))
            }
            keys.append(key(aosp, unit: unit))
            end = max(end, aosp.x) + aosp.width
        }
        return RowModel(keys: aligned(keys, end: end, at: row.location), origin: Origin(row.location))
    }

    /// LatinIME's rows start at the left, Keylex centres a row that does not fill the keyboard: a
    /// row with as much room before it as after stays centred without its leading gap; another
    /// gets a trailing gap.
    private func aligned(_ keys: [KeyModel], end: Double, at location: SourceLocation) -> [KeyModel] {
        guard !keys.contains(where: { $0.width == .available }) else { return keys }
        var leading = 0.0
        if let first = keys.first, first.action == .none, case .percentage(let fraction) = first.width { leading = fraction * 100 }
        if leading > 0, abs(leading - (100 - end)) < 0.01 { return Array(keys.dropFirst()) }
        return end < 99.99 ? keys + [gap(100 - end, at: location)] : keys
    }

    private func gap(_ width: Double, at location: SourceLocation) -> KeyModel {
        KeyModel(action: .none, width: Self.percentage(width), origin: Origin(location))
    }

    private func key(_ aosp: AOSPKey, unit: Double) -> KeyModel {
        let origin = Origin(aosp.location)
        guard !aosp.isSpacer, let specText = aosp.attributes["keySpec"], let spec = AOSPKeySpec(text(specText)) else {
            return KeyModel(action: .none, width: width(aosp, unit: unit), origin: origin)
        }
        var key = spec.code.map { action($0, label: spec.label, at: specText.location) } ?? typing(spec, origin: origin)
        key.origin = origin
        key.width = width(aosp, unit: unit)
        let flags = Set((aosp.attributes["keyLabelFlags"]?.value ?? "").split(separator: "|").map(String.init))
        if let hint = aosp.attributes["keyHintLabel"], !flags.contains("disableKeyHintLabel") {
            let text = AOSPKeySpec.unescape(text(hint))
            if !text.isEmpty { key.set(.hint, text, at: Origin(hint.location)) }
        }
        if flags.contains("preserveCase"), key.typesValue, let value = key.value, value.uppercased(with: locale) != value {
            key.shifted = value
        }
        if !flags.contains("preserveCase"), key.action == .text, let value = key.value { key.shifted = Self.shifted(value, locale: locale) }
        moreKeys(aosp, flags: flags, into: &key)
        return key
    }

    /// What a text key types on LatinIME's shifted keyboards: its output in upper case, as a letter
    /// key's (`oʻ` → `Oʻ`); `nil` where that changes nothing or changes the length (the resolver
    /// derives only a character key's upper case).
    static func shifted(_ value: String, locale: Locale) -> String? {
        let upper = value.uppercased(with: locale)
        return upper != value && upper.count == value.count ? upper : nil
    }

    /// An attribute's text, escapes undone as `aapt` does, `!text/` references expanded, in NFC.
    private func text(_ attribute: XMLSource.Attribute) -> String {
        let text = texts.expand(AOSPTexts.resourceText(attribute.value), at: attribute.location, diagnostics: diagnostics)
        return ImportedText.nfc(text, at: attribute.location, diagnostics: diagnostics)
    }

    private func typing(_ spec: AOSPKeySpec, origin: Origin) -> KeyModel {
        guard let output = spec.output else {
            diagnostics.reportOnce(
                origin.location, .unsupportedConstruct("a key that shows an icon and types nothing", kept: "it is imported as a gap"))
            return KeyModel(action: .none, origin: origin)
        }
        var key = KeyModel(action: output.count == 1 ? .character : .text, value: output, origin: origin)
        key.label = spec.label ?? spec.icon.map(Self.iconLabel)
        return key
    }

    /// LatinIME's icons on keys that type (the zero-width joiners) as text labels.
    private static func iconLabel(_ icon: String) -> String {
        ["zwnj_key": "ZWNJ", "zwj_key": "ZWJ"][icon] ?? icon
    }

    /// LatinIME's action codes that are one Keylex action wherever they are.
    private static let actions: [String: KeyActionKind] = [
        "key_delete": .backspace, "key_space": .space, "key_emoji": .emoji,
        "key_language_switch": .nextKeyboard, "key_tab": .tab, "key_capslock": .capsLock,
    ]

    /// The key of a LatinIME action code (`key_shift`), as the element it is on uses it.
    private func action(_ code: String, label: String?, at location: SourceLocation) -> KeyModel {
        let origin = Origin(location)
        switch (code, layer) {
        case ("key_shift", .alphabet): return KeyModel(action: .shift, origin: origin)
        case ("key_shift", .symbols): return KeyModel(action: .keyboardType, value: "symbolic", label: label, origin: origin)
        case ("key_shift", .symbolsShifted): return KeyModel(action: .keyboardType, value: "numeric", label: label, origin: origin)
        case ("key_switch_alpha_symbol", .alphabet): return KeyModel(action: .keyboardType, value: "numeric", label: label, origin: origin)
        case ("key_switch_alpha_symbol", _): return KeyModel(action: .keyboardType, value: "lowercased", label: label, origin: origin)
        case ("key_enter", _): return KeyModel(action: .primary, value: "return", origin: origin)
        default: break
        }
        if let action = Self.actions[code] { return KeyModel(action: action, origin: origin) }
        let name = code.hasPrefix("key_") ? String(code.dropFirst(4)) : code
        diagnostics.reportOnce(
            location, .unsupportedConstruct("LatinIME's action '\(code)'", kept: "it is imported as the custom action '\(name)'"))
        return KeyModel(action: .custom, value: name, origin: origin)
    }

    private func width(_ aosp: AOSPKey, unit: Double) -> KeyWidth? {
        if aosp.fillsRight { return .available }
        if abs(aosp.width - unit) < 0.01 { return nil }
        return Self.percentage(aosp.width)
    }

    /// A width in percent of the row, to the hundredth of a percent (as sources write it).
    private static func percentage(_ percent: Double) -> KeyWidth {
        .percentage((percent * 100).rounded() / 100 / 100)
    }

    /// The key's more keys and additional more keys as its callout (outputs) and callout actions
    /// (caps lock on shift, emoji on return); panel flags only arrange LatinIME's panel and are not read.
    private func moreKeys(_ aosp: AOSPKey, flags: Set<String>, into key: inout KeyModel) {
        let more = aosp.attributes["moreKeys"].map { (AOSPKeySpec.list(text($0)), $0.location) }
        let additional =
            flags.contains("disableAdditionalMoreKeys")
            ? nil : aosp.attributes["additionalMoreKeys"].map { (AOSPKeySpec.list(text($0)), $0.location) }
        guard let location = more?.1 ?? additional?.1 else { return }
        let entries = AOSPKeySpec.inserting(additional?.0 ?? [], into: more?.0 ?? []).filter { !AOSPKeySpec.isFlag($0) && $0 != "%" }
        var inCallout = Set(key.callout)
        for spec in entries.compactMap(AOSPKeySpec.init) {
            if let code = spec.code {
                if let action = Self.actions[code], action != .capsLock || key.action == .shift {
                    key.calloutActions.append(CalloutAction(action))
                } else {
                    diagnostics.reportOnce(location, .unsupportedConstruct("LatinIME's action '\(code)' in more keys", kept: "left out"))
                }
            } else if let output = spec.output, output != key.value, inCallout.insert(output).inserted {
                if spec.label != nil {
                    diagnostics.reportOnce(
                        location,
                        .unsupportedConstruct(
                            "a more key's label ('\(spec.label!)' for '\(output)')", kept: "the callout shows what it types"))
                }
                key.callout.append(output)
            }
        }
        (key.calloutOrigin, key.calloutActionsOrigin) = (Origin(location), Origin(location))
    }
}
