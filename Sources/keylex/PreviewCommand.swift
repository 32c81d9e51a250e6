import ArgumentParser
import Foundation
import KeylexCompiler
import KeylexRuntime

/// `keylex preview`: pictures of layouts, as the runtime lays them out.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw every layout, phone and tablet, layer by layer, as SVG, with one HTML page showing them all.",
        discussion: """
            Give layout sources (files or directories; default: layouts) or one compiled bundle (.klx). \
            The page lists each key's callouts, hovering a key shows them, and each locale's diagnostics \
            come on top. Exits with 1 when the sources have errors (what could be compiled is still drawn), 3 when one \
            cannot be read.
            """
    )

    @Argument(help: "Layout files or directories, or one .klx bundle.")
    var inputs: [String] = []

    @Option(name: .shortAndLong, help: "The directory to write the SVG files and index.html into.")
    var output: String

    @Option(help: "Draw only this locale (repeat for more); its parents are still read.")
    var locale: [String] = []

    @Option(
        help:
            "With one bundle: draw this swipe (\"x,y x,y …\" in points over the phone layout of its first locale, or of --locale, at --width by --row-height), the ideal path of the word it spells and its words, into swipe.svg, instead of the layouts."
    )
    var stroke: String?

    @Option(help: "With --stroke, the text before the cursor.")
    var before = ""

    @Option(help: "With --stroke, the keyboard's width in points.")
    var width = 390.0

    @Option(help: "With --stroke, the height of a row of keys in points.")
    var rowHeight = 54.0

    @OptionGroup var diagnosticOptions: DiagnosticOptions

    func validate() throws {
        guard let stroke else { return }
        guard inputs.count == 1, inputs[0].hasSuffix(".klx") else {
            throw ValidationError("--stroke draws over one compiled bundle (.klx)")
        }
        guard width.isFinite, rowHeight.isFinite, width > 0, rowHeight > 0 else {
            throw ValidationError("--width and --row-height must be positive numbers")
        }
        _ = try Swipe.parsePoints(stroke)
    }

    func run() throws {
        if let stroke { return try drawSwipe(try Swipe.parsePoints(stroke), bundle: inputs[0]) }
        let inputs = self.inputs.isEmpty ? ["layouts"] : self.inputs
        let report = DiagnosticOutput(diagnosticOptions)
        let bundle: LayoutBundle
        var byLocale: [String: [Diagnostic]] = [:]
        if inputs.count > 1, inputs.contains(where: { $0.hasSuffix(".klx") }) {
            printError("error: preview draws one compiled bundle (.klx) or layout sources, not several bundles nor both")
            throw Status.usage
        }
        if inputs.count == 1, inputs[0].hasSuffix(".klx") {
            do {
                bundle = try LayoutBundle(contentsOf: inputs[0])
            } catch {
                throw openingFailure(error, file: inputs[0])
            }
        } else {
            let documents: [LayoutDocument], locales: [ResolvedLocale]
            if inputs.allSatisfy({ existingDirectory($0) == nil }) {
                // Files alone: each with its project, the parents and themes beside it or in layouts/.
                (locales, documents) = LayoutBuild(diagnostics: report.engine).resolve(
                    files: inputs, alsoIn: [existingDirectory("layouts")].compactMap { $0 })
            } else {
                let reader = LayoutSourceReader(diagnostics: report.engine)
                documents = inputs.flatMap { existingDirectory($0) != nil ? reader.readDirectory($0) : [reader.read($0)].compactMap { $0 } }
                locales = LayoutBuild(diagnostics: report.engine).resolve(documents).locales
            }
            // Each diagnostic goes to the locale of the file it points into.
            let localeOfFile = Dictionary(documents.map { ($0.origin.location.file, $0.locale) }, uniquingKeysWith: { first, _ in first })
            let drawn = Set(locales.map(\.tag))
            for diagnostic in report.engine.diagnostics {
                let tag = localeOfFile[diagnostic.location.file].flatMap { drawn.contains($0) ? $0 : nil } ?? ""
                byLocale[tag, default: []].append(diagnostic)
            }
            guard !locales.isEmpty, let compiled = try? LayoutBundle(bytes: LayoutBuild.bundle(locales: locales)) else {
                try report.finish()
                printError("error: no layout could be compiled")
                throw Status.failedInputs(report.engine)
            }
            bundle = compiled
        }
        try report.finish()
        let only = locale.isEmpty ? nil : Set(locale)
        if let only, let missing = only.first(where: { bundle.locale($0) == nil }) {
            printError("error: no layout defines the locale '\(missing)'")
            throw Status.inputErrors
        }
        let preview = LayoutPreview(bundle: bundle, diagnostics: byLocale, title: inputs.joined(separator: " "), only: only)
        do {
            try TextOutput.createFolder(output)
            try TextOutput.write(preview.files(), into: output)
        } catch {
            throw writeFailure(error)
        }
        print((output as NSString).appendingPathComponent("index.html"))
        if report.engine.hasErrors { throw Status.failedInputs(report.engine) }
    }

    /// Writes swipe.svg: `points` over the phone layout of `path`'s first locale (or of --locale).
    private func drawSwipe(_ points: [GesturePoint], bundle path: String) throws {
        let picture = try opening(path) {
            let engine = try SuggestionEngine(contentsOf: path)
            guard engine.dictionary.container.features.contains(.layouts),
                let layout = try LayoutBundle(container: engine.dictionary.container).layout(for: .phone, locale: locale.first),
                let drawn = SwipePicture(
                    decoder: GestureDecoder(engine: engine), layout: layout, keyboardWidth: width, rowHeight: rowHeight,
                    points: points, before: before)
            else {
                printError("error: \(path): no phone layout\(locale.first.map { " of the locale '\($0)'" } ?? "") to draw the stroke on")
                throw Status.inputErrors
            }
            return drawn
        }
        do {
            try TextOutput.createFolder(output)
            try TextOutput.write([("swipe.svg", picture.svg())], into: output)
        } catch {
            throw writeFailure(error)
        }
        print((output as NSString).appendingPathComponent("swipe.svg"))
    }
}
