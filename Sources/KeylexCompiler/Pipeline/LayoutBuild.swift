import KeylexRuntime

/// Reads, resolves and checks the layout documents of a project.
public struct LayoutBuild {
    let diagnostics: DiagnosticEngine

    public init(diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
    }

    /// The checked locales of `documents`, and the validator (for checks that need corpora).
    public func resolve(_ documents: [LayoutDocument]) -> (locales: [ResolvedLocale], validator: LayoutValidator) {
        let validator = LayoutValidator(diagnostics: diagnostics)
        for document in documents { validator.check(document) }
        let locales = LayoutResolver(documents, diagnostics: diagnostics).resolveAll()
        for locale in locales { validator.check(locale) }
        return (locales, validator)
    }

    /// Reads every document under `directory` and resolves them.
    public func read(directory: String) -> (locales: [ResolvedLocale], validator: LayoutValidator) {
        resolve(LayoutSourceReader(diagnostics: diagnostics).readDirectory(directory))
    }

    /// A bundle's bytes: the dictionary's sections (if any) and the locales' layouts.
    public static func bundle(dictionary: CompiledDictionary? = nil, locales: [ResolvedLocale]) -> [UInt8] {
        var writer = dictionary?.container ?? ContainerWriter()
        if !locales.isEmpty {
            writer.insert(.layouts)
            for (tag, bytes) in LayoutEncoder(locales: locales).sections() { writer.add(tag, bytes) }
        }
        return writer.bytes()
    }

    /// Reopens a written bundle and checks that its layouts read back as compiled.
    static func verify(path: String, locales: [ResolvedLocale]) throws {
        guard !locales.isEmpty else { return }
        let bundle = try LayoutBundle(contentsOf: path)
        try bundle.container.verifyChecksums()
        if let difference = LayoutReadback.firstDifference(locales, bundle) {
            throw DictionaryBuild.OutputError(description: "\(path): layouts read back differently: \(difference)")
        }
    }
}
