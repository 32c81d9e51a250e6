import ArgumentParser
import Foundation
import KeylexCompiler
import KeylexRuntime

/// `keylex inspect`: what a compiled file holds.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a compiled file's sections, dictionary statistics and layouts, layer by layer."
    )

    @Argument(help: "A compiled file.")
    var file: String

    @Flag(help: "Print JSON (sections and dictionary statistics).")
    var json = false

    @Flag(help: "Also check every section's checksum.")
    var verify = false

    /// The report, as printed.
    struct Report: Encodable {
        struct Section: Encodable {
            let tag: String
            let offset: Int
            let bytes: Int
        }
        struct Dictionary: Encodable {
            let words: Int
            let states: Int
            let arcs: Int
            let alphabet: Int
            let hasFrequencies: Bool
            let bytesPerWord: Double
            /// The source's attributes (AOSP header: locale, description, version, options).
            let attributes: [String: String]
            let shortcuts: Int
            let whitelistShortcuts: Int
            /// How many words carry each flag or label.
            let flags: [String: Int]
            /// What the dictionary asks of the engine (`DICT`'s options): `umlautSpellings`, `optionalYo`.
            let options: [String]
        }
        struct Layouts: Encodable {
            let locale: String
            let formFactors: [String]
            let keys: Int
            let callouts: Int
        }
        let file: String
        let formatVersion: String
        let bytes: Int
        let dictionary: Dictionary?
        let layouts: [Layouts]
        let sections: [Section]
    }

    func run() throws {
        let container: Container
        let dictionary: WordDictionary?
        let bundle: LayoutBundle?
        do {
            container = try Container(contentsOf: file)
            if verify { try container.verifyChecksums() }
            dictionary = container.features.contains(.dictionary) ? try WordDictionary(container: container) : nil
            bundle = container.features.contains(.layouts) ? try LayoutBundle(container: container) : nil
        } catch {
            throw openingFailure(error, file: file)
        }
        let report = Report(
            file: file, formatVersion: "\(container.majorVersion).\(container.minorVersion)", bytes: container.byteCount,
            dictionary: dictionary.map { d in
                let (shortcuts, whitelist, flags) = Self.annotations(d)
                return .init(
                    words: d.wordCount, states: d.stateCount, arcs: d.arcCount, alphabet: d.alphabet.count,
                    hasFrequencies: d.hasFrequencies,
                    bytesPerWord: d.wordCount == 0 ? 0 : (Double(container.byteCount) / Double(d.wordCount) * 100).rounded() / 100,
                    attributes: Dictionary(d.attributes.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }),
                    shortcuts: shortcuts, whitelistShortcuts: whitelist, flags: flags, options: Self.optionNames(d.options))
            },
            layouts: bundle.map { b in
                b.locales.map { locale in
                    .init(
                        locale: locale.tag.description, formFactors: locale.layouts.map(\.kind),
                        keys: locale.layouts.reduce(0) { sum, layout in
                            layout.layers.reduce(sum) { $0 + $1.rows.reduce(0) { $0 + $1.count } }
                        },
                        callouts: locale.calloutCount)
                }
            } ?? [],
            sections: container.sections.map { .init(tag: $0.tag.description, offset: $0.offset, bytes: $0.length) })
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        // What a file holds (attributes, labels, names) may hold control characters: each line is
        // printed escaped, so that no file can drive the terminal.
        func print(_ text: String, terminator: String = "\n") {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            Swift.print(lines.map { DiagnosticRenderer.escaped($0, keepingTabs: true) }.joined(separator: "\n"), terminator: terminator)
        }
        print("file:        \(report.file)")
        print("format:      \(report.formatVersion)")
        print("bytes:       \(report.bytes)")
        if let d = report.dictionary {
            print(
                """
                words:       \(d.words) (\(d.bytesPerWord) bytes per word)
                states:      \(d.states)
                arcs:        \(d.arcs)
                alphabet:    \(d.alphabet) symbols
                frequencies: \(d.hasFrequencies ? "yes" : "no")
                shortcuts:   \(d.shortcuts) (\(d.whitelistShortcuts) replace the typed word)
                """)
            if !d.options.isEmpty { print("options:     " + d.options.joined(separator: ", ")) }
            if !d.flags.isEmpty {
                print("flags:       " + d.flags.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
            for (key, value) in dictionary?.attributes ?? [] { print("  \(key)=\(value)") }
        }
        print("sections:")
        for section in report.sections {
            print("  \(section.tag)  \(String(section.bytes).leftPadded(10)) bytes at \(section.offset)")
        }
        if let bundle { print(LayoutText.describe(bundle), terminator: "") }
        if verify { print("checksums:   every section's checksum matches") }
    }
}

extension Inspect {
    /// The names of the options `options` holds.
    static func optionNames(_ options: DictionaryFormat.Options) -> [String] {
        let names: [(DictionaryFormat.Options, String)] = [(.umlautSpellings, "umlautSpellings"), (.optionalYo, "optionalYo")]
        return names.filter { options.contains($0.0) }.map(\.1)
    }

    /// The dictionary's shortcut count, whitelist shortcut count, and words per flag and label.
    static func annotations(_ d: WordDictionary) -> (Int, Int, [String: Int]) {
        var whitelist = 0
        var flags: [String: Int] = [:]
        var numbers = Set<Int>()
        for (number, flag) in d.flaggedWords {
            numbers.insert(number)
            if flag.contains(.blocked) { flags["blocked", default: 0] += 1 }
            if flag.contains(.possiblyOffensive) { flags["possibly_offensive", default: 0] += 1 }
            if flag.contains(.notAWord) { flags["not_a_word", default: 0] += 1 }
        }
        for entry in d.allLabels { flags[entry.text, default: 0] += 1 }
        for entry in d.allShortcuts where entry.kind == DictionaryFormat.whitelistShortcut { whitelist += 1 }
        return (d.shortcutCount, whitelist, flags)
    }
}

/// A bundle's layouts as text: each layer's rows, then the callouts and transforms.
enum LayoutText {
    static func describe(_ bundle: LayoutBundle) -> String {
        var out = ""
        for locale in bundle.locales {
            out +=
                "\nlocale \(locale.tag)" + (locale.name.map { " (\($0))" } ?? "") + ", \(locale.direction)"
                + (locale.themeName.map { ", theme \($0)" } ?? "") + "\n"
            for layout in locale.layouts {
                for layer in layout.layers {
                    out += "  \(layout.kind) / \(layer.name)\(layer.isDerived ? " (derived)" : "")\n"
                    for row in layer.rows {
                        out += "    " + row.map(describe).joined(separator: " ") + "\n"
                    }
                }
            }
            if locale.calloutCount > 0 {
                out += "  callouts\n"
                for i in 0..<locale.calloutCount {
                    let callout = locale.callout(at: i)
                    let variants = callout.enumerated().map { $0.offset == callout.defaultIndex ? "\($0.element)*" : "\($0.element)" }
                    out += "    \(callout.character): \(variants.joined(separator: " "))\n"
                }
            }
            if !locale.transforms.isEmpty {
                out += "  transforms\n"
                for (from, to) in locale.transforms { out += "    \(from) → \(to)\n" }
            }
        }
        return out
    }

    /// A character key as its character; any other key in brackets, with its label, hint and width.
    static func describe(_ key: LayoutKey) -> String {
        let width = key.width == .input ? "" : " \(key.width.sourceText)"
        if key.action == .character, key.label == nil, key.hint == nil, key.flicks.isEmpty, key.multiTapOutputs.isEmpty,
            key.calloutActions.isEmpty, width.isEmpty,
            let output = key.output
        {
            return output.description
        }
        var text = key.action.description
        if let type = key.returnType { text += ":\(type)" } else if let output = key.output { text += ":\(output)" }
        if let label = key.label { text += " \"\(label)\"" }
        if let hint = key.hint { text += " hint \"\(hint)\"" }
        if !key.flicks.isEmpty { text += " flicks " + key.flicks.map { "\($0.direction):\($0.output)" }.joined(separator: " ") }
        if !key.multiTapOutputs.isEmpty { text += " taps " + key.multiTapOutputs.map(\.description).joined(separator: " ") }
        if key.action != .character, let callout = key.callout { text += " callout " + callout.map(\.description).joined(separator: " ") }
        if !key.calloutActions.isEmpty {
            text += " actions " + key.calloutActions.map { "\($0.action)" + ($0.value.map { ":\($0)" } ?? "") }.joined(separator: " ")
        }
        return "[\(text)\(width)]"
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
