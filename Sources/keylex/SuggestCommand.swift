import ArgumentParser
import Foundation
import KeylexRuntime

/// `keylex suggest`: what a keyboard would suggest for the text before the cursor.
struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the suggestions for the text before the cursor, best first, with their flags.",
        discussion: "Each line is text<TAB>flags, flags being autocorrect, unknown or -. Empty when the cursor is not after a word."
    )

    @Argument(help: "A compiled bundle (with a dictionary; its layout, if any, gives key distances).")
    var file: String

    @Argument(help: "The text before the cursor.")
    var text: String

    @Option(name: .short, help: "How many suggestions.")
    var n = 3

    @Option(help: "A user dictionary file (learned and ignored words).")
    var user: String?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        guard n > 0 else { throw ValidationError("-n must be positive") }
    }

    struct Item: Encodable {
        let text: String
        let isAutocorrect: Bool
        let isUnknown: Bool
        let remainder: String?
    }

    func run() throws {
        let engine: SuggestionEngine
        do {
            engine = try SuggestionEngine(contentsOf: file, userDictionary: user.map(UserDictionary.init(path:)))
        } catch {
            printError("error: \(file): \(error)")
            throw Status.inputErrors
        }
        let suggestions = engine.suggestions(for: text, count: n)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let items = suggestions.map { Item(text: $0.text, isAutocorrect: $0.isAutocorrect, isUnknown: $0.isUnknown, remainder: $0.remainder.map(String.init)) }
            print(String(decoding: try encoder.encode(items), as: UTF8.self))
            return
        }
        for suggestion in suggestions {
            let flags = [suggestion.isAutocorrect ? "autocorrect" : nil, suggestion.isUnknown ? "unknown" : nil].compactMap { $0 }
            print("\(suggestion.text)\t\(flags.isEmpty ? "-" : flags.joined(separator: ","))")
        }
    }
}
