import CLibXML2
import Foundation
import KeylexRuntime

/// Imports AOSP LatinIME's keyboards: each subtype of `method.xml` becomes one Keylex document
/// whose phone layout has the `lowercased`, `numeric` and `symbolic` layers of its keyboard layout
/// set's alphabet, symbols and shifted symbols keyboards, with the shifted alphabet's keys as
/// shifted outputs where they are not the upper case, e-mail and URL layouts where LatinIME
/// varies keys for those fields, and the keys' more keys as callouts, all with the texts of the
/// subtype's locale. What cannot be expressed is reported, never dropped silently, and so is every
/// keyboard file and more-keys table no imported keyboard uses.
public final class AOSPImporter {
    private let folder: String
    private let diagnostics: DiagnosticEngine

    public init(folder: String, diagnostics: DiagnosticEngine) {
        self.folder = folder
        self.diagnostics = diagnostics
    }

    /// One document per subtype, in `method.xml`'s order, with well-formed, unique tags.
    public func importSubtypes() -> [LayoutDocument] {
        guard let files = AOSPFiles(folder: folder, diagnostics: diagnostics),
            let method = files.xml("method", at: SourceLocation(file: folder))
        else { return [] }
        let listed = Self.listedLayoutSets(method)
        var tags = ImportedTags()
        let documents = method.children(method.root, "subtype").compactMap {
            subtype($0, in: method, listed: listed, files: files, tags: &tags)
        }
        for path in files.unread() {
            diagnostics.report(
                SourceLocation(file: path, line: 1, column: 1),
                .unsupportedConstruct("a file that no imported keyboard uses", kept: "it is not imported"))
        }
        return documents
    }

    /// The layout sets the comment of `method.xml` lists by LatinIME locale (`de: German/qwertz`),
    /// for subtypes whose extra values name none.
    private static func listedLayoutSets(_ method: ImportedXML) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var node = method.root.pointee.prev
        while let current = node {
            if current.pointee.type == XML_COMMENT_NODE, let content = current.pointee.content {
                for line in String(cString: content).split(separator: "\n") {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, let set = parts[1].split(separator: "#")[0].split(separator: "/").last else { continue }
                    let locale = parts[0].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "("))
                    guard locale.range(of: "^[a-z]{2,3}(_[A-Z0-9]{2,3})?$", options: .regularExpression) != nil else { continue }
                    result[locale, default: []].append(set.trimmingCharacters(in: .whitespaces))
                }
            }
            node = current.pointee.prev
        }
        return result
    }

    // MARK: A subtype

    private func subtype(
        _ element: xmlNodePtr, in method: ImportedXML, listed: [String: [String]], files: AOSPFiles,
        tags: inout ImportedTags
    ) -> LayoutDocument? {
        let attributes = method.attributes(element)
        let location = method.location(element)
        guard let locale = attributes["imeSubtypeLocale"] else {
            diagnostics.report(location, .missingProperty("subtype", "imeSubtypeLocale"))
            return nil
        }
        let extra = (attributes["imeSubtypeExtraValue"]?.value ?? "").split(separator: ",")
        let named = extra.first { $0.hasPrefix("KeyboardLayoutSet=") }.map { String($0.dropFirst("KeyboardLayoutSet=".count)) }
        let candidates = Set(listed[locale.value] ?? [])
        guard let layoutSet = named ?? (candidates.count == 1 ? candidates.first : nil) else {
            diagnostics.report(locale.location, .noLayoutSet(locale.value))
            return nil
        }
        guard layoutSet != "emoji" else {
            diagnostics.report(
                location,
                .unsupportedConstruct(
                    "LatinIME's emoji keyboard", kept: "it is not imported (a Keylex layout's emoji key opens the app's emoji keyboard)"))
            return nil
        }
        let (tag, reason) = Self.tag(locale.value)
        let unique = tags.unique(
            tag, written: locale.value, layout: String(layoutSet.split(separator: "_").last ?? ""), document: "subtype",
            reason: reason, at: locale.location, diagnostics: diagnostics)
        return document(unique, renamed: unique != tag, aospLocale: locale.value, layoutSet: layoutSet, files: files, at: location)
    }

    /// The BCP 47 tag of a LatinIME locale, and why it is not the locale as written, when not.
    static func tag(_ locale: String) -> (tag: String, reason: String?) {
        let parts = locale.split(separator: "_").map(String.init)
        let deprecated = ["iw": "he", "in": "id", "ji": "yi"]
        var language = parts.first ?? "und", reason: String?
        if let current = deprecated[language] {
            (language, reason) = (current, "uses a deprecated ISO 639 code")
        } else if language == "zz" {
            (language, reason) = ("und", "is LatinIME's locale of no language")
        }
        var rest = Array(parts.dropFirst())
        if rest.first == "ZZ" {
            (rest, reason) = (["Latn"], "uses LatinIME's region ZZ for its Latin-script keyboard")
        }
        return (LanguageTag.canonical(([language] + rest).joined(separator: "-")), reason)
    }

    private func document(
        _ tag: String, renamed: Bool, aospLocale: String, layoutSet: String, files: AOSPFiles, at location: SourceLocation
    ) -> LayoutDocument? {
        let setName = "keyboard_layout_set_" + layoutSet
        guard let set = files.xml(setName, at: location) else { return nil }
        let elements = self.elements(set)
        guard let alphabet = elements["alphabet"] else {
            diagnostics.report(set.location(set.root), .missingProperty("keyboard layout set", "alphabet element"))
            return nil
        }
        let (texts, tables) = files.texts(aospLocale)
        let parts = aospLocale.split(separator: "_").map(String.init)
        let context = AOSPContext(
            layoutSet: layoutSet, element: "alphabet", mode: "text", language: parts[0], country: parts.count > 1 ? parts[1] : "")
        let layouts = AOSPLayouts(files: files, texts: texts, context: context, locale: Locale(identifier: tag))
        let keyboards: [AOSPLayer: (name: String, location: SourceLocation)] = AOSPLayer.allCases.reduce(into: [:]) {
            $0[$1] = elements[$1.element] ?? alphabet
        }
        var document = LayoutDocument(locale: tag, origin: Origin(location))
        document.name = ImportedTags.englishName(tag, renamed: renamed, layout: layoutSet)
        document.direction = Locale.Language(identifier: tag).characterDirection == .rightToLeft ? .rightToLeft : nil
        document.layouts = layouts.layouts(keyboards, shifted: elements["alphabetManualShifted"] ?? alphabet)
        (document.layouts, document.callouts) = AOSPLayouts.hoistingCallouts(document.layouts, origin: Origin(location))
        let licence =
            FileManager.default.fileExists(atPath: files.files.path(["NOTICE"]))
            ? "Apache-2.0, see NOTICE" : "Apache-2.0, see LatinIME's NOTICE"
        document.source =
            "Imported from AOSP LatinIME (licence: \(licence)) by keylex import aosp: subtype '\(aospLocale)' of method.xml; "
            + "\(setName).xml and the keyboard files it includes; " + tables.joined(separator: ", ")
        return document
    }

    /// The keyboard file of each element of a layout set (`alphabet` → `kbd_qwerty`); the phone and
    /// number keyboards are reported.
    private func elements(_ set: ImportedXML) -> [String: (name: String, location: SourceLocation)] {
        var result: [String: (name: String, location: SourceLocation)] = [:]
        for element in set.children(set.root, "Element") {
            let attributes = set.attributes(element)
            guard let name = attributes["elementName"]?.value, let keyboard = attributes["elementKeyboard"],
                keyboard.value.hasPrefix("@xml/")
            else { continue }
            if ["phone", "phoneSymbols", "number"].contains(name) {
                diagnostics.reportOnce(
                    set.location(element),
                    .unsupportedConstruct(
                        "LatinIME's \(name) keyboard",
                        kept: "it is not imported (Keylex layouts are for text, e-mail, URL and search fields)"))
            }
            result[name] = (String(keyboard.value.dropFirst(5)), keyboard.location)
        }
        return result
    }
}
