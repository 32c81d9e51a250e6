import Foundation

/// The files of a LatinIME checkout an import reads, each parsed once: the keyboard XML (`res-xml/`
/// as the external corpus arranges it, or `java/res/xml/` as LatinIME's repository does) and the
/// more-keys tables (`more-keys/values-<locale>.donottranslate-more-keys.xml`, or
/// `tools/make-keyboard-text/res/values-<locale>/donottranslate-more-keys.xml`).
final class AOSPFiles {
    let files: ImportedFiles
    var diagnostics: DiagnosticEngine { files.diagnostics }
    /// The folders of the keyboard XML, inside the imported folder.
    private let xmlFolder: [String]
    private let isCorpusLayout: Bool
    private var parsed: [String: ImportedXML?] = [:]
    private var tables: [String: AOSPTexts] = [:]
    /// The names of the keyboard XML files read so far.
    private(set) var used = Set<String>()

    /// `nil` (with a diagnostic) when `folder` holds neither arrangement.
    init?(folder: String, diagnostics: DiagnosticEngine) {
        files = ImportedFiles(folder: folder, diagnostics: diagnostics)
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: files.path(["res-xml", "method.xml"])) {
            (xmlFolder, isCorpusLayout) = (["res-xml"], true)
        } else if fileManager.fileExists(atPath: files.path(["java", "res", "xml", "method.xml"])) {
            (xmlFolder, isCorpusLayout) = (["java", "res", "xml"], false)
        } else {
            let found = fileManager.fileExists(atPath: folder)
            diagnostics.report(
                SourceLocation(file: folder),
                found
                    ? .missingReference(
                        "LatinIME method.xml", "method.xml",
                        expected: files.path(["res-xml", "method.xml"]) + " or "
                            + files.path(["java", "res", "xml", "method.xml"])) : FileInput.Failure.of(folder))
            return nil
        }
    }

    /// The keyboard XML file `name` (without `.xml`), parsed once; `nil` with a diagnostic at
    /// `location` when it is missing, unsafe or not well-formed.
    func xml(_ name: String, at location: SourceLocation) -> ImportedXML? {
        if let cached = parsed[name] { return cached }
        used.insert(name)
        let file = files.bytes(xmlFolder + [name + ".xml"], what: "keyboard XML file", name: name, reference: location)
            .flatMap { ImportedXML(bytes: $0, path: files.path(xmlFolder + [name + ".xml"]), diagnostics: diagnostics) }
        parsed[name] = file
        return file
    }

    /// The paths of the files in the folder that no import read so far: keyboard XML files and
    /// more-keys tables.
    func unread() -> [String] {
        let fileManager = FileManager.default
        let xml = ((try? fileManager.contentsOfDirectory(atPath: files.path(xmlFolder))) ?? []).filter { $0.hasSuffix(".xml") }
            .filter { !used.contains(String($0.dropLast(4))) }.map { files.path(xmlFolder + [$0]) }
        let tableFolder = isCorpusLayout ? ["more-keys"] : ["tools", "make-keyboard-text", "res"]
        let tables = ((try? fileManager.contentsOfDirectory(atPath: files.path(tableFolder))) ?? []).filter { $0.hasPrefix("values") }
            .map { isCorpusLayout ? tableFolder + [$0] : tableFolder + [$0, "donottranslate-more-keys.xml"] }
            .filter { fileManager.fileExists(atPath: files.path($0)) && self.tables[$0.joined(separator: "/")] == nil }.map(files.path)
        return (xml + tables).sorted()
    }

    /// The keyboard texts of `locale` (LatinIME's `de`, `de_CH`, `hi_ZZ`): the default table, under
    /// the language's, under the locale's own; and the table files read.
    func texts(_ locale: String) -> (texts: AOSPTexts, paths: [String]) {
        let language = String(locale.prefix { $0 != "_" })
        var texts = AOSPTexts(), paths: [String] = []
        for suffix in Array(Set(["", language, locale])).sorted(by: { $0.count < $1.count }) {
            let components = tablePath(suffix)
            guard FileManager.default.fileExists(atPath: files.path(components)) else { continue }
            guard let table = table(components) else { continue }
            texts.merge(table)
            paths.append(components.joined(separator: "/"))
        }
        return (texts, paths)
    }

    private func table(_ components: [String]) -> AOSPTexts? {
        let key = components.joined(separator: "/")
        if let cached = tables[key] { return cached }
        guard let bytes = files.bytes(components, what: "more-keys table", name: key, reference: SourceLocation(file: files.folder)),
            let file = ImportedXML(bytes: bytes, path: files.path(components), diagnostics: diagnostics)
        else { return nil }
        var texts = AOSPTexts()
        texts.add(file)
        tables[key] = texts
        return texts
    }

    /// The path of the table of a locale suffix (`` for the default, `de`, `hi_ZZ`).
    private func tablePath(_ suffix: String) -> [String] {
        let folder = suffix.isEmpty ? "values" : "values-" + suffix.replacingOccurrences(of: "_", with: "-r")
        return isCorpusLayout
            ? ["more-keys", folder + ".donottranslate-more-keys.xml"]
            : ["tools", "make-keyboard-text", "res", folder, "donottranslate-more-keys.xml"]
    }
}
