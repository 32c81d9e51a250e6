import ArgumentParser
import Foundation
import KeylexRuntime

/// Opens a compiled dictionary for a command, turning a bad file into an error message and status
/// 1 (3 when it cannot be read; see ``openingFailure(_:file:)``).
func openDictionary(_ path: String) throws -> WordDictionary {
    do {
        return try WordDictionary(contentsOf: path)
    } catch {
        throw openingFailure(error, file: path)
    }
}

/// `keylex query`: membership and frequency class of words.
struct Query: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Look words up: prints word<TAB>class when found, word<TAB>- when not.",
        discussion: "With no words, reads them from standard input, one per line. Exits 1 when any word was not found."
    )

    @Argument(help: "A compiled dictionary.")
    var file: String

    @Argument(help: "Words to look up.")
    var words: [String] = []

    func run() throws {
        let dictionary = try openDictionary(file)
        var allFound = true
        func look(_ word: String) {
            let normalized = word.precomposedStringWithCanonicalMapping
            if let frequencyClass = dictionary.frequencyClass(of: normalized) {
                print("\(word)\t\(frequencyClass)")
            } else {
                print("\(word)\t-")
                allFound = false
            }
        }
        if words.isEmpty {
            InputLines.forEach { line, cut in
                if cut { printError("warning: a line longer than \(InputLines.maxLineBytes) bytes is no word; its start is looked up") }
                look(line)
            }
        } else {
            words.forEach(look)
        }
        if !allFound { throw Status.inputErrors }
    }
}

/// `keylex complete`: the best completions of a prefix.
struct Complete: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the best completions of a prefix, one word<TAB>class per line, best first."
    )

    @Argument(help: "A compiled dictionary.")
    var file: String

    @Argument(help: "The prefix to complete.")
    var prefix: String

    @Option(name: .short, help: "How many completions.")
    var k = 10

    func validate() throws {
        guard k > 0 else { throw ValidationError("-k must be at least 1.") }
    }

    func run() throws {
        let dictionary = try openDictionary(file)
        for completion in dictionary.completions(of: prefix.precomposedStringWithCanonicalMapping, count: k) {
            print("\(completion.word)\t\(completion.frequencyClass)")
        }
    }
}
