import ArgumentParser
import Foundation
import KeylexRuntime

/// `keylex type`: the text a keyboard leaves when a user types a text on it, its autocorrections
/// applied where each word ends.
struct TypeText: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Type a text as a keyboard user would, and print the text the keyboard leaves.",
        discussion: """
            The text is typed one character after another through a suggestion bar (SuggestionBar), as a keyboard \
            does: where a word ends (at a space or punctuation other than an apostrophe or a hyphen), the correction \
            the bar flags autocorrect replaces the word, and the character follows it. With --keep WORD, the user takes \
            the corrections of WORD back with a delete right after them (SuggestionBar.undoAutocorrection(before:)), \
            and the bar leaves the word as typed from then on. With no text, types each line of standard input and \
            prints one line for each. With --json, each text as a JSON object: the text left and the corrections \
            applied, in order ({"typed", "text", "kept"}). Bundles as for suggest: two or three type in several \
            languages.
            """
    )

    @OptionGroup var options: EngineOptions

    @Option(help: "A word whose corrections the user takes back (repeatable).")
    var keep: [String] = []

    @Flag(help: "Learn from each word once it is finished: the words the dictionary lacks, and their pairs (in --user, else in memory).")
    var learn = false

    @Flag(help: "Print JSON: the text left and the corrections applied.")
    var json = false

    /// A correction the keyboard applied: the word as typed, what replaced it, and whether the user
    /// took it back.
    struct Correction: Encodable {
        let typed: String
        let text: String
        let kept: Bool
    }

    struct Typed: Encodable {
        let text: String
        let corrections: [Correction]
    }

    func run() throws {
        let engine = try options.engines(learning: learn, offersEmoji: false)
        guard let text = options.text else {
            var failure: Error?
            InputLines.forEach { line, cut in
                guard failure == nil else { return }
                if cut { printError("warning: a line longer than \(InputLines.maxLineBytes) bytes: typed as far as it was read") }
                do { try printTyped(type(line, on: engine)) } catch { failure = error }
            }
            if let failure { throw failure }
            return
        }
        try printTyped(type(text, on: engine))
    }

    /// `text` typed on `engine` through a suggestion bar of its own.
    func type(_ text: String, on engine: SuggestionEngines) throws -> Typed {
        var bar = engine.bar()
        var typed = "", corrections: [Correction] = []
        let kept = Set(keep.map { $0.lowercased() })
        for character in text {
            let endsWord = Self.endsWord(character)
            if endsWord, let last = typed.last, last.isLetter || last.isNumber,
                let correction = bar.suggestions(for: typed, count: 3).first, correction.isAutocorrect,
                let applied = bar.apply(correction, to: typed, separator: String(character))?.applied(to: typed)
            {
                typed = applied
                let takenBack = kept.contains(correction.typed.lowercased())
                if takenBack, let undone = bar.undoAutocorrection(before: typed)?.applied(to: typed) { typed = undone }
                corrections.append(Correction(typed: correction.typed, text: correction.text, kept: takenBack))
            } else {
                typed.append(character)
            }
            if learn, endsWord { try engine.learnFinishedWord(in: typed) }
        }
        return Typed(text: typed, corrections: corrections)
    }

    /// Whether `character` ends the word before it: a space, or punctuation that joins no word's
    /// parts (not one of the apostrophes and hyphens a word may hold, ``CurrentWord/joiners``).
    static func endsWord(_ character: Character) -> Bool {
        character.isWhitespace || ((character.isPunctuation || character.isSymbol) && !CurrentWord.joiners.contains(character))
    }

    private func printTyped(_ typed: Typed) throws {
        guard json else { return print(typed.text) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(typed), as: UTF8.self))
    }
}
