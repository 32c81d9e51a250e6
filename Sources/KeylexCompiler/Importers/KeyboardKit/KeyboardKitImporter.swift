import Foundation
import KeylexRuntime

/// Imports KeyboardKit's input sets and callouts, as converted to JSON from its Swift sources (the
/// external layout corpus's `keyboardkit/`): the input rows of 9.9.1 (English, `en`) and of the
/// open-source 2021 locales (`en-x-2021`, `de-x-2021`, `it-x-2021`, `sv-x-2021`), iPhone rows as
/// the phone layout and iPad rows as the tablet's, with the callouts of the same release. The
/// system keys KeyboardKit's layout service adds around the rows are not in the data, and the
/// list of KeyboardKit Pro's locales holds no layouts: both are reported.
public final class KeyboardKitImporter {
    private let diagnostics: DiagnosticEngine

    public init(diagnostics: DiagnosticEngine) { self.diagnostics = diagnostics }

    /// The documents the files make, callouts joined to the input sets they belong to.
    public func importFiles(_ paths: [String]) -> [LayoutDocument] {
        var documents: [LayoutDocument] = [], callouts: [(tag: String, callouts: [Callout], location: SourceLocation)] = []
        for path in paths {
            guard let root = read(path) else { continue }
            if root["qwerty"] != nil {
                documents.append(document("en", sets: (root["qwerty"], root["numeric"], root["symbolic"]), source: root, path: path))
            } else if let sets = root["sets"]?.members {
                documents += sets.compactMap { legacy($0, source: root, path: path) }
            } else if root["englishAlphabeticCharacters"] != nil {
                let entries = ["baseNumericAndSymbolicChars", "englishAlphabeticCharacters"].compactMap { root[$0]?.members }.joined()
                callouts.append(("en", Self.callouts(Array(entries)), root.location))
            } else if let providers = root["providers"]?.members {
                callouts += providers.map {
                    (
                        $0.key.hasSuffix("_2021") ? Self.legacyTag($0.key) : "", Self.callouts($0.value["callouts"]?.members ?? []),
                        $0.keyLocation
                    )
                }
            } else {
                diagnostics.report(
                    root.location,
                    .unsupportedConstruct(
                        "KeyboardKit's list of supported locales (their layouts are KeyboardKit Pro's, not in the file)",
                        kept: "nothing is imported"))
            }
        }
        return attach(callouts, to: documents)
    }

    private func read(_ path: String) -> JSONNode? {
        guard FileManager.default.fileExists(atPath: path) else {
            diagnostics.report(SourceLocation(file: path), FileInput.Failure.of(path))
            return nil
        }
        let folder = (path as NSString).deletingLastPathComponent
        return ImportedFiles(folder: folder.isEmpty ? "." : folder, diagnostics: diagnostics)
            .json([(path as NSString).lastPathComponent], what: "KeyboardKit file", name: path, reference: SourceLocation(file: path))
    }

    /// `en-x-2021` for the `english` set of 2021, and so on.
    private static func legacyTag(_ name: String) -> String {
        let language = ["english": "en", "german": "de", "italian": "it", "swedish": "sv"]
        return (language[String(name.prefix { $0 != "_" })] ?? "und") + "-x-2021"
    }

    private func legacy(_ member: JSONMember, source: JSONNode, path: String) -> LayoutDocument? {
        let tag = Self.legacyTag(member.key)
        guard !tag.hasPrefix("und") else {
            diagnostics.report(
                member.keyLocation,
                .unsupportedConstruct("KeyboardKit's '\(member.key)' input set", kept: "its language is not known; it is left out"))
            return nil
        }
        return document(
            tag, sets: (member.value["alphabetic"], member.value["numeric"], member.value["symbolic"]), source: source, path: path)
    }

    /// A document of the three input sets, iPhone rows in the phone layout and iPad rows (the
    /// phone's where a row has no iPad variation) in the tablet's.
    private func document(_ tag: String, sets: (JSONNode?, JSONNode?, JSONNode?), source: JSONNode, path: String) -> LayoutDocument {
        let origin = Origin(sets.0?.location ?? source.location)
        diagnostics.reportOnce(
            origin.location,
            .unsupportedConstruct(
                "the system keys KeyboardKit's layout service adds around the input rows (shift, backspace, layer switches, space, return)",
                kept: "they are not in the data; only the input rows are imported"))
        var document = LayoutDocument(locale: tag, origin: origin)
        document.layouts = [FormFactor.phone, .tablet].map { formFactor in
            let layers = zip(["lowercased", "numeric", "symbolic"], [sets.0, sets.1, sets.2]).map { id, set in
                LayerModel(
                    id: id, rows: (set?.items ?? []).map { row(of: $0, formFactor: formFactor) },
                    origin: Origin(set?.location ?? origin.location))
            }
            return LayoutModel(formFactor: formFactor, layers: layers, origin: origin)
        }
        let release =
            source["_source"].map { "\($0["repo"]?.text ?? "KeyboardKit") \($0["tag"]?.text ?? "")".trimmingCharacters(in: .whitespaces) }
            ?? "KeyboardKit"
        let licence = source["_source"]?["license"]?.text ?? "see the source"
        document.source =
            "Imported from \((path as NSString).lastPathComponent) (\(release); licence: \(licence)) by keylex import keyboardkit"
        return document
    }

    private func row(of node: JSONNode, formFactor: FormFactor) -> RowModel {
        let keys = (formFactor == .tablet ? node["pad"]?.items : nil) ?? node["phone"]?.items ?? []
        return RowModel(
            keys: keys.compactMap { item in
                item.text.map { KeyModel(action: $0.count == 1 ? .character : .text, value: $0, origin: Origin(item.location)) }
            }, origin: Origin(node.location))
    }

    /// KeyboardKit's callout strings: the key's own character, then its variants, one grapheme each.
    private static func callouts(_ entries: [JSONMember]) -> [Callout] {
        entries.compactMap { entry in
            let variants = (entry.value.text ?? "").map(String.init).filter { $0 != entry.key }
            return variants.isEmpty ? nil : Callout(character: entry.key, variants: variants, origin: Origin(entry.keyLocation))
        }
    }

    /// The callouts joined to the documents of their tags, for the characters the documents type;
    /// callouts with no document are reported.
    private func attach(
        _ callouts: [(tag: String, callouts: [Callout], location: SourceLocation)], to documents: [LayoutDocument]
    ) -> [LayoutDocument] {
        var documents = documents
        let indices = documents.firstIndices(by: \.locale)
        var joined: [Int: JoinedCallouts] = [:]
        for set in callouts {
            guard let i = indices[set.tag] else {
                diagnostics.report(
                    set.location,
                    .unsupportedConstruct("callouts with no input set of theirs among the files imported", kept: "they are left out"))
                continue
            }
            joined[i, default: JoinedCallouts(documents[i])].add(set.callouts)
        }
        for (i, callouts) in joined { documents[i].join(callouts) }
        return documents
    }
}

/// The callouts one document gathers, file after file: the first callout of a character joins the
/// document's callout set, and the first of a text (Swedish `kr`) becomes its keys' own.
private struct JoinedCallouts {
    let typed: Set<String>
    var written: Set<String>
    var characters: [Callout]
    var texts: [String: Callout] = [:]

    init(_ document: LayoutDocument) {
        typed = Set(document.layouts.flatMap { $0.layers.flatMap { $0.rows.flatMap { $0.keys.compactMap(\.value) } } })
        characters = document.callouts?.callouts ?? []
        written = Set(characters.map(\.character))
    }

    /// One file's callouts, for characters the document types and has no callout for yet.
    mutating func add(_ callouts: [Callout]) {
        let kept = callouts.filter { typed.contains($0.character) && !written.contains($0.character) }
        for callout in kept {
            if callout.character.count > 1 { texts[callout.character] = callout } else { characters.append(callout) }
        }
        written.formUnion(kept.lazy.map(\.character))
    }
}

extension LayoutDocument {
    /// Takes the gathered callouts: the characters' as the callout set, the texts' on their keys.
    fileprivate mutating func join(_ callouts: JoinedCallouts) {
        self.callouts = CalloutSet(callouts: callouts.characters, origin: origin)
        guard !callouts.texts.isEmpty else { return }
        for l in layouts.indices {
            for a in layouts[l].layers.indices {
                for r in layouts[l].layers[a].rows.indices {
                    for k in layouts[l].layers[a].rows[r].keys.indices {
                        guard let value = layouts[l].layers[a].rows[r].keys[k].value, let callout = callouts.texts[value] else { continue }
                        (layouts[l].layers[a].rows[r].keys[k].callout, layouts[l].layers[a].rows[r].keys[k].calloutOrigin) = (
                            callout.variants, callout.origin
                        )
                    }
                }
            }
        }
    }
}
