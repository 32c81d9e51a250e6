import Foundation
import KeylexRuntime

/// Pictures of compiled layouts for their authors: one SVG per layer of every layout, and one
/// self-contained HTML page showing them all, with each key's callouts (on hover, and listed beside
/// the keyboard) and the diagnostics of each locale on top.
///
/// Keys are drawn at the frames the runtime computes (``KeyboardLayer/forEachKeyFrame(keyboardWidth:rowHeight:_:)``),
/// from a compiled bundle, so the picture is what an app shows (right-to-left locales included:
/// their rows are written as drawn, left to right).
public struct LayoutPreview {
    /// The layouts to draw.
    public let bundle: LayoutBundle
    /// The diagnostics of each locale (by tag), shown above its keyboards; diagnostics of no
    /// locale go under the empty tag.
    public let diagnostics: [String: [Diagnostic]]
    /// What the page is titled after (a directory, a file).
    public let title: String
    /// The locales drawn, in the bundle's order: all of them, or those named.
    let locales: [LayoutLocale]

    /// A preview of the locales of `bundle` named in `only` (all when `nil`).
    public init(bundle: LayoutBundle, diagnostics: [String: [Diagnostic]] = [:], title: String, only: Set<String>? = nil) {
        self.bundle = bundle
        self.diagnostics = diagnostics
        self.title = title
        locales = bundle.locales.filter { only?.contains($0.tag.description) ?? true }
    }

    /// The height of a row, in points, by form factor (KeyboardKit's standard heights).
    static func rowHeight(_ formFactor: FormFactor) -> Double { formFactor == .phone ? 54 : 70 }

    /// The files to write, by name: `<locale>-<form factor>[-<field>]-<layer>.svg` for each layer,
    /// `…-<layer>-dark.svg` for the first layer of each layout whose theme has a dark appearance,
    /// and `index.html`.
    public func files() -> [(name: String, text: String)] {
        var files: [(String, String)] = []
        for locale in locales {
            for layout in locale.layouts {
                for layer in layout.layers {
                    files.append((Self.fileName(locale, layout, layer), svg(layer)))
                }
                if let first = Self.darkLayer(layout) {
                    files.append(
                        (
                            Self.fileName(locale, layout, first).replacingOccurrences(of: ".svg", with: "-dark.svg"),
                            svg(first, appearance: .dark)
                        ))
                }
            }
        }
        files.append(("index.html", html()))
        return files
    }

    /// The layer drawn in the dark appearance too: the layout's first, when its locale's theme
    /// styles the keyboard for the dark appearance.
    static func darkLayer(_ layout: KeyboardLayout) -> KeyboardLayer? {
        layout.locale.keyboardStyle(.dark) != nil && layout.layerCount > 0 ? layout.layer(at: 0) : nil
    }

    static func fileName(_ locale: LayoutLocale, _ layout: KeyboardLayout, _ layer: KeyboardLayer) -> String {
        "\(locale.tag)-\(layout.kind.replacingOccurrences(of: " ", with: "-"))-\(layer.name).svg".replacingOccurrences(of: "/", with: "_")
    }

    // MARK: SVG

    /// One layer drawn at the runtime's key frames, on a keyboard of the form factor's reference
    /// width, in its locale's theme for `appearance` (the preview's defaults where it has none).
    public func svg(_ layer: KeyboardLayer, appearance: Appearance = .light) -> String {
        let formFactor = layer.layout.formFactor
        return Self.svg(layer, appearance: appearance, width: formFactor.referenceWidth, rowHeight: Self.rowHeight(formFactor))
    }

    /// `layer` drawn on a keyboard `width` points wide with rows `rowHeight` high, `overlay` (SVG
    /// elements in the keyboard's points) drawn over its keys, and a line of `caption` under them.
    static func svg(
        _ layer: KeyboardLayer, appearance: Appearance = .light, width: Double, rowHeight: Double,
        overlay: String = "", caption: String? = nil
    ) -> String {
        let layout = layer.layout
        let keysHeight = Double(layer.rowCount) * rowHeight
        let height = keysHeight + (caption == nil ? 0 : captionHeight)
        var styles = PreviewStyles(appearance)
        var body = ""
        layer.forEachKeyFrame(keyboardWidth: width, rowHeight: rowHeight) { frame, key in
            body += Self.key(key, frame, styles: &styles)
        }
        let board = styles.board(layout.locale).map { " style=\"fill: \($0)\"" } ?? ""
        let name = "\(layout.locale.tag) \(layout.kind) \(layer.name)\(appearance == .dark ? " dark" : "")"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Self.number(width)) \(Self.number(height))" width="\(Self.number(width))" height="\(Self.number(height))" role="img" aria-label="\(Self.escape(name))">
            <style>
            .board { fill: #d1d4da; }
            .key rect.face { fill: #ffffff; stroke: #8d9096; stroke-width: 0.5; }
            .key.system rect.face { fill: #adb3bc; }
            .key text { font-family: -apple-system, "Helvetica Neue", "DejaVu Sans", sans-serif; fill: #111; text-anchor: middle; dominant-baseline: central; }
            .callout { fill: #5a6070; }
            .key text.hint, .key text.flick { fill: #5a6070; }
            .key:hover rect.face { stroke: #0a64d8; stroke-width: 2; }
            \(styles.stylesheet)
            </style>
            <rect class="board" width="100%" height="100%"\(board)/>
            \(body)\(overlay)\(caption.map { "<text x=\"8\" font-size=\"14\" font-family=\"sans-serif\" dominant-baseline=\"central\" y=\"\(Self.number(keysHeight + captionHeight / 2))\">\(Self.escape($0))</text>\n" } ?? "")</svg>

            """
    }

    /// The height of the line under the keys that a caption takes, in points.
    static let captionHeight = 28.0

    /// A key drawn in its frame, with its theme's style.
    private static func key(_ key: LayoutKey, _ frame: KeyFrame, styles: inout PreviewStyles) -> String {
        let gap = 3.0
        let system = key.action != .character && key.action != .text
        let style = key.style(styles.appearance)
        let look = styles.key(key)
        let x = frame.x + gap, y = frame.y + gap * 2, w = max(0, frame.width - 2 * gap), h = max(0, frame.height - 4 * gap)
        let label = style?.text?.description ?? Self.label(key)
        let classes = "key" + (system ? " system" : "") + (look.pressedClass.map { " " + $0 } ?? "")
        var body = "<g class=\"\(classes)\"><title>\(escape(title(key, style: style)))</title>"
        let box = "x=\"\(number(x))\" width=\"\(number(w))\" height=\"\(number(h))\" rx=\"\(number(Double(style?.cornerRadius ?? 5)))\""
        if let shadow = look.shadow {
            body += "<rect class=\"shadow\" y=\"\(number(y + Double(style?.shadowOffset ?? 1)))\" \(box)\(shadow)/>"
        }
        body += "<rect class=\"face\" y=\"\(number(y))\" \(box)\(look.face)/>"
        let size = fontSize(label, written: style?.fontSize.map(Double.init) ?? (system ? 14 : 20), width: w)
        body +=
            "<text x=\"\(number(x + w / 2))\" y=\"\(number(y + h / 2))\" font-size=\"\(number(size))\"\(look.text)>\(escape(shown(label)))</text>"
        if let hint = key.hint {
            body +=
                "<text class=\"hint\" x=\"\(number(x + w - 7))\" y=\"\(number(y + 9))\" font-size=\"10\">\(escape(shown(hint.description)))</text>"
        } else if key.callout != nil {
            body += "<circle class=\"callout\" cx=\"\(number(x + w - 6))\" cy=\"\(number(y + 6))\" r=\"2\"/>"
        }
        return body + flickMarks(key, x: x, y: y, w: w, h: h) + "</g>\n"
    }

    /// The font size for `label` on a key `width` wide: the written size, smaller where the label
    /// would not fit (a word, a wide letter of the Arabic or an Indic script), never below 8.
    static func fontSize(_ label: String, written: Double, width: Double) -> Double {
        max(8, min(written, (width - 6) / max(labelEms(shown(label)), 1)))
    }

    /// About how wide `label` is drawn, in ems: a Latin, Greek or Cyrillic letter or a digit about
    /// 0.62, a letter of a script after them (Hebrew on: Arabic, Indic) 1.05, a combining mark nothing.
    static func labelEms(_ label: String) -> Double {
        label.unicodeScalars.reduce(0.0) { sum, scalar in
            let mark = scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
            return sum + (mark ? 0 : scalar.value < 0x0590 ? 0.62 : 1.05)
        }
    }

    /// `text` as drawn: a text that starts with a combining mark (Hebrew niqqud, Arabic harakat) on
    /// a dotted circle, as fonts and keyboards show a mark alone (◌ִ).
    static func shown(_ text: String) -> String {
        guard let first = text.unicodeScalars.first,
            [.nonspacingMark, .spacingMark, .enclosingMark].contains(first.properties.generalCategory)
        else { return text }
        return "\u{25CC}" + text
    }

    /// What a key shows: its label or output, or a symbol for the system keys.
    static func label(_ key: LayoutKey) -> String {
        if let label = key.label { return label.description }
        switch key.action {
        case .character, .text: return key.output?.description ?? ""
        case .backspace: return "⌫"
        case .shift: return "⇧"
        case .capsLock: return "⇪"
        case .space: return "space"
        case .primary: return key.returnType.map { $0 == .return ? "return" : "\($0)" } ?? "return"
        case .keyboardType: return key.targetLayer.map { $0.name.description } ?? "?"
        case .nextKeyboard: return "🌐"
        case .nextLocale: return "🌐"
        case .dismissKeyboard: return "⌨︎"
        case .emoji: return "☺"
        case .moveCursorBackward: return "◀"
        case .moveCursorForward: return "▶"
        case .tab: return "⇥"
        case .custom: return key.output?.description ?? "custom"
        case .none: return ""
        }
    }

    // MARK: HTML

    /// The page: per locale, its diagnostics and transforms, then each layout's layers with their
    /// callouts listed.
    public func html() -> String {
        var sections = ""
        if let general = diagnostics[""], !general.isEmpty { sections += Self.diagnosticList(general) }
        for locale in locales {
            let tag = locale.tag.description
            let rtl = locale.direction == .rightToLeft
            sections +=
                "<section id=\"\(Self.escape(tag))\"><h2>\(Self.escape(tag))\(locale.name.map { " — " + Self.escape($0.description) } ?? "")\(rtl ? " <span class=\"badge\">right to left</span>" : "")</h2>\n"
            if let found = diagnostics[tag], !found.isEmpty { sections += Self.diagnosticList(found) }
            if let theme = locale.themeName {
                sections += "<p>Theme: <code>\(Self.escape(theme.description))</code> (click a key to see it pressed).</p>\n"
            }
            sections += Self.transformList(locale.transforms)
            for layout in locale.layouts {
                for layer in layout.layers {
                    sections +=
                        "<figure dir=\"\(rtl ? "rtl" : "ltr")\"><figcaption>\(layout.kind) · \(Self.escape(layer.name.description))\(layer.isDerived ? " (derived)" : "")</figcaption>\n"
                    sections += "<div class=\"row\">" + svg(layer) + calloutList(layer) + "</div></figure>\n"
                }
                if let first = Self.darkLayer(layout) {
                    sections +=
                        "<figure dir=\"\(rtl ? "rtl" : "ltr")\"><figcaption>\(layout.kind) · \(Self.escape(first.name.description)) · dark appearance</figcaption>\n"
                    sections += "<div class=\"row\">" + svg(first, appearance: .dark) + "</div></figure>\n"
                }
            }
            sections += "</section>\n"
        }
        let count = ([""] + locales.map(\.tag.description)).reduce(0) { $0 + (diagnostics[$1]?.count ?? 0) }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Keylex preview: \(Self.escape(title))</title>
            <style>
            body { font-family: -apple-system, "Helvetica Neue", "DejaVu Sans", sans-serif; margin: 24px; color: #111; background: #f6f6f8; }
            h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; border-bottom: 1px solid #ccc; }
            figure { margin: 16px 0; } figcaption { font-size: 13px; color: #555; margin-bottom: 4px; }
            .row { display: flex; gap: 16px; align-items: flex-start; direction: ltr; }
            .callouts { font-size: 13px; max-width: 320px; margin: 0; }
            .callouts dt { font-weight: bold; float: left; clear: left; width: 2.5em; }
            .callouts dd { margin: 0 0 2px 2.5em; }
            .diagnostics { list-style: none; padding: 8px 12px; border-radius: 6px; background: #fff4f4; border: 1px solid #e0a0a0; font: 13px monospace; }
            .diagnostics .warning { color: #8a5a00; } .diagnostics .error { color: #b00020; }
            .badge { font-size: 12px; background: #dde; border-radius: 4px; padding: 1px 6px; }
            nav a { margin-right: 8px; }
            </style>
            </head>
            <body>
            <h1>Keylex preview: \(Self.escape(title))</h1>
            <p>\(locales.count) locale\(locales.count == 1 ? "" : "s"), \(count) diagnostic\(count == 1 ? "" : "s"). Hover a key for its action and callouts.</p>
            <nav>\(locales.map { "<a href=\"#\(Self.escape($0.tag.description))\">\(Self.escape($0.tag.description))</a>" }.joined(separator: " "))</nav>
            \(sections)</body>
            </html>

            """
    }

    /// A key's hover title: its action, output, hint, flicks, multi-tap outputs and callouts.
    static func title(_ key: LayoutKey, style: KeyboardStyle? = nil) -> String {
        var title = "\(key.action)"
        if let image = style?.image { title += " [image \(image)]" }
        if let output = key.output { title += " “\(output)”" }
        if let hint = key.hint { title += " (hint “\(hint)”)" }
        let flicks = key.flicks
        if !flicks.isEmpty { title += " (flicks " + flicks.map { "\($0.direction):\($0.output)" }.joined(separator: " ") + ")" }
        let taps = key.multiTapOutputs
        if !taps.isEmpty { title += " (taps " + taps.map(\.description).joined(separator: " ") + ")" }
        if let callout = key.callout { title += " — callouts: " + Self.variants(callout) }
        let actions = key.calloutActions
        if !actions.isEmpty {
            title += " — long press: " + actions.map { $0.value.map { "\($0)" } ?? "\($0.action)" }.joined(separator: " ")
        }
        return title
    }

    /// A key's flick outputs, small, at the edge or corner of their direction.
    private static func flickMarks(_ key: LayoutKey, x: Double, y: Double, w: Double, h: Double) -> String {
        key.flicks.map { flick in
            let (dx, dy): (Double, Double) = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)][
                Int(flick.direction.rawValue)]
            let fx = x + w / 2 + dx * (w / 2 - 6), fy = y + h / 2 + dy * (h / 2 - 6)
            return
                "<text class=\"flick\" x=\"\(number(fx))\" y=\"\(number(fy))\" font-size=\"9\">\(escape(shown(flick.output.description)))</text>"
        }.joined()
    }

    /// The most variants a key's hover title lists: keys share callouts, so a title listing them
    /// all would make the preview of a hostile bundle grow with keys × variants, not with its size.
    static let maxTitleVariants = 32

    /// The first ``maxTitleVariants`` variants of `callout`, and how many more it has.
    static func variants(_ callout: KeyCallout) -> String {
        let listed = callout.prefix(maxTitleVariants).map { shown($0.description) }.joined(separator: " ")
        let more = callout.count - min(callout.count, maxTitleVariants)
        return more > 0 ? listed + " … (\(more) more)" : listed
    }

    /// A locale's transforms, in the order they are tried (nothing when it has none).
    private static func transformList(_ transforms: LayoutTransforms) -> String {
        guard !transforms.isEmpty else { return "" }
        let items = transforms.map { "<li><kbd>\(escape($0.from.description))</kbd> → <kbd>\(escape($0.to.description))</kbd></li>" }
        return "<p>Transforms, tried in order:</p><ul class=\"transforms\">" + items.joined() + "</ul>\n"
    }

    /// The callouts of a layer's keys, in key order, each once.
    private func calloutList(_ layer: KeyboardLayer) -> String {
        var seen = Set<String>()
        var items = ""
        for row in layer.rows {
            for key in row {
                guard let callout = key.callout, seen.insert(callout.character.description).inserted else { continue }
                items +=
                    "<dt>\(Self.escape(Self.shown(callout.character.description)))</dt><dd>\(callout.map { Self.escape(Self.shown($0.description)) }.joined(separator: " "))</dd>"
            }
        }
        return items.isEmpty ? "" : "<dl class=\"callouts\">\(items)</dl>"
    }

    private static func diagnosticList(_ diagnostics: [Diagnostic]) -> String {
        "<ul class=\"diagnostics\">" + diagnostics.map { "<li class=\"\($0.severity.rawValue)\">\(escape($0.description))</li>" }.joined()
            + "</ul>\n"
    }

    // MARK: Text

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A coordinate with at most two decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        guard abs(rounded) < 1e15 else { return rounded.isFinite ? String(rounded) : "0" }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension KeyboardLayout {
    /// The form factor, and the field kind unless it is `text`: `phone`, `phone email`.
    public var kind: String {
        guard let field else { return "\(formFactor) (unknown field)" }
        return field == .text ? "\(formFactor)" : "\(formFactor) \(field)"
    }
}
