import Foundation

extension LayoutBuild {
    /// The checked locales of the layout sources `files`, each read with its project: the other
    /// layout sources of its folder (and of `folders`) define the parents it extends and the themes
    /// it names. Those are read quietly and used only when they have no error; what is reported is
    /// what concerns `files`, and only their locales are returned, with the documents read from `files`.
    public func resolve(files: [String], alsoIn folders: [String] = []) -> (locales: [ResolvedLocale], documents: [LayoutDocument]) {
        let named = files.compactMap(LayoutSourceReader(diagnostics: diagnostics).read)
        let failed = Set(diagnostics.diagnostics.filter { $0.severity == .error }.map(\.location.file))
        let usable = named.filter { !failed.contains($0.origin.location.file) }
        let namedFiles = Set(named.map { Self.key($0.origin.location.file) })
        let quiet = DiagnosticEngine()
        let reader = LayoutSourceReader(diagnostics: quiet)
        let projectFolders = Set(files.map { ($0 as NSString).deletingLastPathComponent }.map { $0.isEmpty ? "." : $0 } + folders)
        var context: [LayoutDocument] = []
        for path in projectFolders.sorted().flatMap({ LayoutSourceReader.sourceFiles(in: $0) ?? [] })
        where !namedFiles.contains(Self.key(path)) && !context.contains(where: { Self.key($0.origin.location.file) == Self.key(path) }) {
            let errors = quiet.errorCount
            if let document = reader.read(path), quiet.errorCount == errors, !named.contains(where: { $0.locale == document.locale }) {
                context.append(document)
            }
        }
        let scratch = DiagnosticEngine()
        let (locales, _) = LayoutBuild(diagnostics: scratch).resolve(usable + context)
        for diagnostic in scratch.diagnostics where namedFiles.contains(Self.key(diagnostic.location.file)) {
            diagnostics.report(diagnostic)
        }
        let tags = Set(named.map(\.locale))
        return (locales.filter { tags.contains($0.tag) }, named)
    }

    /// A path as one file has it, however it was written.
    private static func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
