import ArgumentParser
import Foundation
import KeylexRuntime

/// `keylex suggest`: what a keyboard would suggest for the text before the cursor.
struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the suggestions for the text before the cursor, best first, with their flags.",
        discussion: """
            Each line is text<TAB>flags, flags being autocorrect, unknown, emoji (an emoji the typed word names, when the \
            bundle has emoji) or -. After a space or a sentence's end, the next \
            words the bundle's n-gram model predicts (nothing without a model). A suggestion that replaces more than the \
            word being typed (two words typed as one) replaces all it says in its typed text (--json). \
            With two or three bundles (keylex suggest en-US.klx de-DE.klx "text"), suggests as for a user who types in \
            those languages: the sentence's language (from its words so far) suggests, a word any of them knows is kept \
            as typed. With no text, reads texts from standard input, one per line, and prints each one's suggestions followed by an \
            empty line (with --json, one JSON array per line). With --learn, learns from each text as an app does from what \
            the user types (see SuggestionEngine.learnFinishedWord(in:)), before suggesting for it. With --session, the \
            lines are one typing session, as a keyboard's suggestion bar sees it (SuggestionBar): a word offered for the \
            word being typed is not offered again while the next lines type on in that word.
            """
    )

    @OptionGroup var options: EngineOptions

    @Option(name: .short, help: "How many suggestions.")
    var n = 3

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Offer no emoji for a word that names one.")
    var noEmoji = false

    @Flag(
        help:
            "Learn from each text, once a word is finished in it: the words the dictionary lacks, and their pairs (in --user, else in memory)."
    )
    var learn = false

    @Flag(help: "Read the lines as one typing session: what was offered for the word being typed is not offered again as it is typed on.")
    var session = false

    func validate() throws {
        guard n > 0 else { throw ValidationError("-n must be positive") }
    }

    struct Item: Encodable {
        let text: String
        let typed: String
        let isAutocorrect: Bool
        let isUnknown: Bool
        let isEmoji: Bool
        let remainder: String?
    }

    func run() throws {
        let engine = try options.engines(learning: learn, offersEmoji: !noEmoji)
        guard let text = options.text else {
            var failure: Error?
            var bar = session ? engine.bar() : nil
            InputLines.forEach { line, cut in
                guard failure == nil else { return }
                // A text cut short has no end to suggest for: its block is empty.
                if cut { printError("warning: a line longer than \(InputLines.maxLineBytes) bytes: no suggestions for it") }
                do {
                    if learn && !cut { try engine.learnFinishedWord(in: line) }
                    let shown = cut ? [] : bar?.suggestions(for: line, count: n) ?? engine.suggestions(for: line, count: n)
                    try printSuggestions(shown, compact: true)
                } catch { failure = error }
                if !json { print("") }
            }
            if let failure { throw failure }
            return
        }
        if learn { try engine.learnFinishedWord(in: text) }
        try printSuggestions(engine.suggestions(for: text, count: n), compact: false)
    }

    private func printSuggestions(_ suggestions: [Suggestion], compact: Bool) throws {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = compact ? [.sortedKeys] : [.prettyPrinted, .sortedKeys]
            let items = suggestions.map {
                Item(
                    text: $0.text, typed: $0.typed, isAutocorrect: $0.isAutocorrect, isUnknown: $0.isUnknown, isEmoji: $0.isEmoji,
                    remainder: $0.remainder.map(String.init))
            }
            print(String(decoding: try encoder.encode(items), as: UTF8.self))
            return
        }
        for suggestion in suggestions {
            let flags = [
                suggestion.isAutocorrect ? "autocorrect" : nil, suggestion.isUnknown ? "unknown" : nil,
                suggestion.isEmoji ? "emoji" : nil,
            ].compactMap { $0 }
            print("\(suggestion.text)\t\(flags.isEmpty ? "-" : flags.joined(separator: ","))")
        }
    }
}
