import ArgumentParser
import Foundation
import KeylexRuntime

/// `keylex user`: makes and reads the user dictionary files that `suggest --user` and apps use.
struct User: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make, change and list a user dictionary file (learned, ignored words, text replacements, pairs).",
        discussion: "A file that does not exist yet is created by the first change. Each change is saved at once, as a keyboard saves it.",
        subcommands: [Learn.self, Forget.self, Ignore.self, List.self]
    )

    /// The words of a subcommand: those given, else standard input's lines (a word list), blank
    /// lines and surrounding spaces left out.
    static func words(_ given: [String]) -> [String] {
        guard given.isEmpty else { return given }
        var words: [String] = []
        InputLines.forEach { line, _ in
            let word = line.trimmingCharacters(in: .whitespaces)
            if !word.isEmpty { words.append(word) }
        }
        return words
    }

    /// Opens `path` and applies `change` to each word, turning failures into one line and a status.
    static func change(_ path: String, _ words: [String], _ change: (UserDictionary, String) throws(KeylexError) -> Void) throws {
        let user: UserDictionary
        do { user = try UserDictionary(path: path) } catch { throw openingFailure(error, file: path) }
        for word in words {
            do { try change(user, word.precomposedStringWithCanonicalMapping) } catch { throw openingFailure(error, file: path) }
        }
    }

    struct Learn: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Learn words (each time ranks a word higher); with no words, a word list from standard input.")
        @Argument(help: "The user dictionary file.") var file: String
        @Argument(help: "Words to learn.") var words: [String] = []
        func run() throws { try User.change(file, User.words(words)) { user, word throws(KeylexError) in try user.learnWord(word) } }
    }

    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget learned words, and stop ignoring them.")
        @Argument(help: "The user dictionary file.") var file: String
        @Argument(help: "Words to forget.") var words: [String] = []
        func run() throws {
            try User.change(file, User.words(words)) { user, word throws(KeylexError) in
                try user.unlearnWord(word)
                try user.removeIgnoredWord(word)
            }
        }
    }

    struct Ignore: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Ignore words: never suggest them.")
        @Argument(help: "The user dictionary file.") var file: String
        @Argument(help: "Words to ignore.") var words: [String] = []
        func run() throws { try User.change(file, User.words(words)) { user, word throws(KeylexError) in try user.ignoreWord(word) } }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print what the file holds, one entry a line, sorted: learned<TAB>word<TAB>times, ignored<TAB>word, "
                + "replacement<TAB>shortcut<TAB>phrase, pair<TAB>previous<TAB>word<TAB>times.")
        @Argument(help: "The user dictionary file.") var file: String
        func run() throws {
            let words: UserWords
            do { words = try UserDictionary(path: file).snapshot } catch { throw openingFailure(error, file: file) }
            for (word, times) in words.learned.sorted(by: { $0.key < $1.key }) { print("learned\t\(word)\t\(times)") }
            for word in words.ignored.sorted() { print("ignored\t\(word)") }
            for (shortcut, phrase) in words.textReplacements.sorted(by: { $0.key < $1.key }) {
                print("replacement\t\(shortcut)\t\(phrase)")
            }
            for (previous, next) in words.pairs.sorted(by: { $0.key < $1.key }) {
                for (word, times) in next.sorted(by: { $0.key < $1.key }) { print("pair\t\(previous)\t\(word)\t\(times)") }
            }
        }
    }
}
