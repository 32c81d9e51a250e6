import CLibXML2
import Foundation
import KeylexRuntime

/// Runs CLDR `<keyboardTest3>` files against Keylex: the keyboard a test file names is imported
/// (`keylex import cldr`), compiled into a bundle, and each test's keystrokes are played on that
/// bundle as an app would: the key found by what it types, then its flick, long-press variant or
/// n-th tap, then the locale's transforms applied to the text before the cursor; `<check>`s compare
/// that text (canonically equivalent texts are equal).
public struct KeyboardConformance {
    /// One `<test>`: its name, and why it failed (`nil` when it passed).
    public struct Outcome: Sendable {
        public let name: String
        public let failure: String?
    }

    /// A test file's outcomes, one per `<test>`.
    public struct Report: Sendable {
        public let file: String
        public let keyboard: String
        public let outcomes: [Outcome]
        public var passed: Int { outcomes.count { $0.failure == nil } }
    }

    let diagnostics: DiagnosticEngine

    public init(diagnostics: DiagnosticEngine) { self.diagnostics = diagnostics }

    /// Runs the test file at `path`; its keyboard is looked for beside it, then in `../3.0/`
    /// (CLDR's layout). `nil` (with diagnostics) when either cannot be read.
    public func run(_ path: String, data: String?) -> Report? {
        let folder = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: path) else {
            diagnostics.report(SourceLocation(file: path), FileInput.Failure.of(path))
            return nil
        }
        guard
            let bytes = ImportedFiles(folder: folder.isEmpty ? "." : folder, diagnostics: diagnostics)
                .bytes([(path as NSString).lastPathComponent], what: "keyboard test", name: path, reference: SourceLocation(file: path)),
            let file = ImportedXML(bytes: bytes, path: path, diagnostics: diagnostics),
            XMLSource.name(file.root) == "keyboardTest3",
            let name = file.children(file.root, "info").first.flatMap({ file.attributes($0)["keyboard"]?.value })
        else { return nil }
        let keyboard =
            [folder + "/" + name, folder + "/../3.0/" + name].first { FileManager.default.fileExists(atPath: $0) } ?? folder + "/" + name
        let importing = DiagnosticEngine()
        guard
            let (document, outputs) = CLDRImporter(data: data ?? CLDRImporter.defaultData(for: keyboard), diagnostics: importing)
                .importKeyboardAndKeys(keyboard),
            let locale = LayoutBuild(diagnostics: importing).resolve([document]).locales.first,
            let bundle = try? LayoutBundle(bytes: LayoutBuild.bundle(locales: [locale]))
        else {
            // What stopped the keyboard: its errors (its warnings say what a test may miss).
            for diagnostic in importing.diagnostics where diagnostic.severity == .error { diagnostics.report(diagnostic) }
            return nil
        }
        let player = KeystrokePlayer(file: file, locale: bundle.locales[0], outputs: outputs)
        let tests = file.children(file.root, "tests").flatMap { file.children($0, "test") }
        return Report(file: path, keyboard: name, outcomes: tests.map(player.play))
    }
}

/// Plays one keyboard test's actions on a compiled locale.
private struct KeystrokePlayer {
    let file: ImportedXML
    let locale: LayoutLocale
    /// What each CLDR key id types.
    let outputs: [String: String]
    let text = CLDRText()

    func play(_ test: xmlNodePtr) -> KeyboardConformance.Outcome {
        let name = file.attributes(test)["name"]?.value ?? "test"
        var context = ""
        for action in XMLSource.elements(test) {
            let attributes = file.attributes(action)
            do throws(Failure) {
                switch XMLSource.name(action) {
                case "startContext": context = try decode(attributes["to"]?.value ?? "")
                case "emit": type(try decode(attributes["to"]?.value ?? ""), into: &context)
                case "keystroke": type(try output(attributes), into: &context)
                case "backspace": if !context.isEmpty { context.unicodeScalars.removeLast() }
                case "check":
                    let expected = try decode(attributes["result"]?.value ?? "")
                    guard context == expected else {
                        throw Failure("after line \(file.location(action).line): '\(context)', expected '\(expected)'")
                    }
                default: throw Failure("the action <\(XMLSource.name(action))> is not supported")
                }
            } catch {
                return .init(name: name, failure: error.reason)
            }
        }
        return .init(name: name, failure: nil)
    }

    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private func decode(_ raw: String) throws(Failure) -> String {
        do { return try text.text(raw) } catch { throw Failure("'\(raw)' cannot be read") }
    }

    /// What a keystroke types: the key that types the CLDR key's output, flicked, long-pressed or
    /// tapped again as the keystroke says.
    private func output(_ attributes: [String: XMLSource.Attribute]) throws(Failure) -> String {
        let id = attributes["key"]?.value ?? ""
        guard let typed = outputs[id] else { throw Failure("the key '\(id)' types nothing Keylex can express") }
        guard let key = find(typed) else { throw Failure("no key of the compiled layout types '\(typed)' (key '\(id)')") }
        if let flick = attributes["flick"]?.value {
            guard let direction = FlickDirection.named(flick), let output = key.flick(direction) else {
                throw Failure("the key '\(id)' has no flick '\(flick)'")
            }
            return output.description
        }
        if let index = attributes["longPress"].flatMap({ Int($0.value) }) {
            guard let callout = key.callout, index >= 1, index <= callout.count else {
                throw Failure("the key '\(id)' has no long-press key \(index)")
            }
            return callout[index - 1].description
        }
        let taps = attributes["tapCount"].flatMap { Int($0.value) } ?? 1
        return key.output(tap: taps)?.description ?? typed
    }

    /// The first key of the locale's phone (else tablet) layout that types `text`.
    private func find(_ text: String) -> LayoutKey? {
        for layout in locale.layouts {
            for layer in layout.layers {
                for row in layer.rows { if let key = row.first(where: { $0.output == text }) { return key } }
            }
        }
        return nil
    }

    /// Types `typed` after `context`, through the locale's transforms.
    private func type(_ typed: String, into context: inout String) {
        guard let change = locale.transforms.replacement(typing: typed, after: context) else {
            context += typed
            return
        }
        context.unicodeScalars.removeLast(change.deleting.unicodeScalars.count)
        context += change.inserting
    }
}
