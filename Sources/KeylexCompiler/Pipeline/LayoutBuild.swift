import KeylexRuntime

/// Reads, resolves and checks the layout documents of a project.
public struct LayoutBuild {
    let diagnostics: DiagnosticEngine

    public init(diagnostics: DiagnosticEngine) {
        self.diagnostics = diagnostics
    }

    /// The checked locales of `documents`, and the validator (for checks that need corpora).
    ///
    /// Stages are gated: each runs only on what the stage before accepted. A document whose reading
    /// found an error (malformed, against the schema) is not checked; a document with an error of
    /// its own is not resolved, nor is any locale that extends it (without further messages: its
    /// parent's errors are what to fix). Resolved locales are checked whole; the room keys get is
    /// checked only when nothing else is wrong; nothing with an error is ever encoded.
    public func resolve(_ documents: [LayoutDocument]) -> (locales: [ResolvedLocale], validator: LayoutValidator) {
        let errorsBefore = diagnostics.errorCount
        let validator = LayoutValidator(diagnostics: diagnostics)
        for document in accepted(documents) { validator.check(document) }
        let resolvable = accepted(documents)
        let rejected = Set(documents.map(\.locale)).subtracting(resolvable.map(\.locale))
        let rejectedThemes = Set(documents.flatMap { $0.themes.map(\.id) }).subtracting(resolvable.flatMap { $0.themes.map(\.id) })
        let locales = LayoutResolver(resolvable, rejected: rejected, rejectedThemes: rejectedThemes, diagnostics: diagnostics).resolveAll()
        for locale in locales { validator.check(locale) }
        // Geometry is checked on layouts that are otherwise right (a broken row gets its own error).
        if diagnostics.errorCount == errorsBefore { checkRoom(locales) }
        return (locales, validator)
    }

    /// The documents of `documents` whose file has no error so far.
    private func accepted(_ documents: [LayoutDocument]) -> [LayoutDocument] {
        let failed = Set(diagnostics.diagnostics.filter { $0.severity == .error }.map(\.location.file))
        return documents.filter { !failed.contains($0.origin.location.file) }
    }

    /// Reports the keys that the runtime's geometry leaves without room on a keyboard of their form
    /// factor's reference width: an `available` key in a row that input keys already fill, once
    /// another row has set the input width. Computed on the compiled layouts, as an app will lay them out.
    func checkRoom(_ locales: [ResolvedLocale]) {
        guard !locales.isEmpty, let bundle = try? LayoutBundle(bytes: Self.bundle(locales: locales)) else { return }
        var reported = Set<SourceLocation>()
        for resolved in locales {
            guard let locale = bundle.locale(resolved.tag) else { continue }
            for layout in resolved.layouts {
                guard let compiled = locale.layout(for: layout.formFactor) else { continue }
                let width = layout.formFactor.referenceWidth
                for layer in layout.layers {
                    guard let compiledLayer = compiled.layer(named: layer.id) else { continue }
                    compiledLayer.forEachKeyFrame(keyboardWidth: width, rowHeight: 1) { frame, _ in
                        guard frame.width < 1, frame.row < layer.rows.count, frame.index < layer.rows[frame.row].keys.count else { return }
                        let key = layer.rows[frame.row].keys[frame.index]
                        guard reported.insert(key.widthOrigin.location).inserted else { return }
                        diagnostics.report(key.widthOrigin.location, .noRoom(layout.formFactor, width: Int(width)))
                    }
                }
            }
        }
    }

    /// Reads every document under `directory` and resolves them.
    public func read(directory: String) -> (locales: [ResolvedLocale], validator: LayoutValidator) {
        resolve(LayoutSourceReader(diagnostics: diagnostics).readDirectory(directory))
    }

    /// A bundle's bytes: the dictionary's sections (if any), the locales' layouts and the `emji`
    /// section (see ``EmojiIndexEncoder``).
    public static func bundle(dictionary: CompiledDictionary? = nil, locales: [ResolvedLocale], emoji: [UInt8]? = nil) -> [UInt8] {
        var writer = dictionary?.container ?? ContainerWriter()
        if !locales.isEmpty {
            writer.insert(.layouts)
            for (tag, bytes) in LayoutEncoder(locales: locales).sections() { writer.add(tag, bytes) }
        }
        if let emoji { writer.add(EmojiFormat.tag, emoji) }
        return writer.bytes()
    }

    /// Reopens a written bundle and checks that its layouts read back as compiled.
    static func verify(path: String, locales: [ResolvedLocale]) throws {
        guard !locales.isEmpty else { return }
        let bundle = try LayoutBundle(contentsOf: path)
        try bundle.container.verifyChecksums()
        if let difference = LayoutReadback.firstDifference(locales, bundle) {
            throw CompiledDictionary.VerificationError(description: "\(path): layouts read back differently: \(difference)")
        }
    }
}
