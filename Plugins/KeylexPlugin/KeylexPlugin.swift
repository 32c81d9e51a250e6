import Foundation
import PackagePlugin

/// The Keylex build-tool plugin: compiles a target's `layouts/` and `corpora/` folders into one
/// bundle per locale (`<locale>.klx`) among the target's resources, at build time.
///
/// The bundles a build makes are known before it runs from the folders' names: one per layout file
/// (`layouts/en-US.xml` makes `en-US.klx`) but an abstract one (which only other layouts extend,
/// marked `abstract="true"` or `"abstract": true`), and one per corpus folder (`corpora/en/` makes
/// `en.klx`), so a layout file must be named after the locale it defines. SwiftPM reruns the
/// compiler only when one of these files changed, and the compiler itself rebuilds only the locales
/// whose inputs changed. Exclude the two folders from the target's sources (`exclude:`).
@main
struct KeylexPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let layouts = target.directoryURL.appending(path: "layouts")
        let corpora = target.directoryURL.appending(path: "corpora")
        let layoutFiles = files(under: layouts).filter {
            ["xml", "json"].contains($0.pathExtension) && !$0.path.contains("/schema/")
        }
        let corpusFolders = folders(in: corpora)
        let compiled = layoutFiles.filter { !isAbstract($0) }
        let locales = Set(compiled.map { $0.deletingPathExtension().lastPathComponent } + corpusFolders.map(\.lastPathComponent))
        guard !locales.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "KeylexBundles")
        var arguments = ["build", "--output", output.path, "--quiet"]
        arguments += ["--layouts", layoutFiles.isEmpty ? "" : layouts.path]
        arguments += ["--corpora", corpusFolders.isEmpty ? "" : corpora.path]
        return [.buildCommand(
            displayName: "Compiling \(locales.count) Keylex bundle\(locales.count == 1 ? "" : "s") for \(target.name)",
            executable: try context.tool(named: "keylex").url,
            arguments: arguments,
            inputFiles: layoutFiles + corpusFolders.flatMap(files(under:)),
            outputFiles: locales.sorted().map { output.appending(path: "\($0).klx") }
        )]
    }

    /// Whether the layout document at `file` is abstract (never compiled on its own).
    private func isAbstract(_ file: URL) -> Bool {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return false }
        return text.range(of: #"abstract\s*=\s*["'](true|1)["']|"abstract"\s*:\s*true"#, options: .regularExpression) != nil
    }

    /// The regular files under `directory` (which may be a symbolic link), sorted; none when it does not exist.
    private func files(under directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory.resolvingSymlinksInPath(), includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }

    /// The folders directly in `directory`, sorted.
    private func folders(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { directory.appending(path: $0) }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
