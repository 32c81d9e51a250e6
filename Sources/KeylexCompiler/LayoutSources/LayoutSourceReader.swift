import Foundation

/// Reads layout documents from files, choosing the syntax by extension (`.xml` or `.json`).
public struct LayoutSourceReader {
    let diagnostics: DiagnosticEngine

    public init(diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
    }

    /// Whether `path` names a layout source.
    public static func isLayoutSource(_ path: String) -> Bool {
        path.hasSuffix(".xml") || path.hasSuffix(".json")
    }

    /// Reads one document; `nil` (with diagnostics) when it cannot be read.
    public func read(_ path: String) -> LayoutDocument? {
        guard let data = FileManager.default.contents(atPath: path) else {
            diagnostics.report(SourceLocation(file: path), FileInput.Failure.of(path))
            return nil
        }
        return read([UInt8](data), path: path)
    }

    /// Reads one document from `bytes`, as the contents of `path`.
    public func read(_ bytes: [UInt8], path: String) -> LayoutDocument? {
        let document =
            path.hasSuffix(".xml")
            ? XMLLayoutReader(diagnostics: diagnostics).read(bytes, path: path)
            : JSONLayoutReader(diagnostics: diagnostics).read(bytes, path: path)
        return document.map(canonicalisingTags)
    }

    /// `document` with its tags in canonical case (`fr-fr` → `fr-FR`, see
    /// ``LanguageTag/canonical(_:)``), each one written otherwise a warning with the fix: a locale
    /// has one spelling, so two files for one locale meet as duplicates.
    private func canonicalisingTags(_ document: LayoutDocument) -> LayoutDocument {
        func canonical(_ tag: String, _ origin: Origin) -> String {
            let canonical = LanguageTag.canonical(tag)
            if canonical != tag {
                diagnostics.report(origin.location, .nonCanonicalLocale(tag, canonical))
            }
            return canonical
        }
        var document = document
        document.locale = canonical(document.locale, document.localeOrigin)
        document.extends = document.extends.map { canonical($0, document.extendsOrigin) }
        if let set = document.callouts, let parent = set.extends { document.callouts?.extends = canonical(parent, set.extendsOrigin) }
        return document
    }

    /// Reads every layout source in `directory` (not recursing into `schema/` or hidden folders),
    /// in path order.
    public func readDirectory(_ directory: String) -> [LayoutDocument] {
        guard let paths = Self.sourceFiles(in: directory) else {
            diagnostics.report(SourceLocation(file: directory), .unreadableFolder("layouts"))
            return []
        }
        return paths.compactMap(read)
    }

    /// The layout sources under `directory` (which may be a symbolic link; the schemas, hidden
    /// files and anything but regular files left out), sorted; `nil` when the directory cannot be read.
    public static func sourceFiles(in directory: String) -> [String]? {
        guard let names = FileManager.default.subpaths(atPath: URL(fileURLWithPath: directory).resolvingSymlinksInPath().path) else {
            return nil
        }
        return names.filter { isLayoutSource($0) && !$0.hasPrefix("schema/") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
            .sorted()
            .map { (directory as NSString).appendingPathComponent($0) }
            .filter(FileInput.isRegularFile)
    }
}
