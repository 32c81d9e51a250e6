import ArgumentParser
import Foundation
import KeylexRuntime

/// `keylex emoji`: an emoji keyboard's search box, on a bundle's emoji.
struct EmojiSearch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emoji",
        abstract: "Print the emoji whose keywords start with a query, best first: emoji<TAB>name per line.",
        discussion: """
            Keywords are CLDR's, in the bundle's language, case ignored (`keylex emoji build/de.klx piz`). With --named, \
            only the emoji the query names as a whole word, as the suggestion bar offers them. With no query, reads \
            queries from standard input, one per line, and prints each one's emoji followed by an empty line. \
            Exits 1 when the bundle has no emoji.
            """
    )

    @Argument(help: "A compiled bundle with emoji (keylex build gives every locale CLDR annotates its emoji).")
    var file: String

    @Argument(help: "The search text (read from standard input, one per line, when absent).")
    var query: String?

    @Option(name: .short, help: "How many emoji.")
    var n = 10

    @Option(help: "The skin tone of the emoji that have one: light, medium-light, medium, medium-dark or dark.")
    var skinTone: SkinToneArgument?

    @Flag(help: "Only the emoji the query names (a whole keyword), not those of keywords it starts.")
    var named = false

    func validate() throws {
        guard n > 0 else { throw ValidationError("-n must be positive") }
    }

    func run() throws {
        let index = try opening(file) {
            guard let opened = EmojiIndex(container: try Container(contentsOf: file)) else {
                printError("error: \(file): the bundle has no emoji")
                throw Status.inputErrors
            }
            return opened
        }
        let tone = skinTone?.tone
        func show(_ text: String) {
            let found = named ? index.emoji(named: text, limit: n, skinTone: tone) : index.search(text, limit: n, skinTone: tone)
            for emoji in found { print("\(emoji.text)\t\(emoji.name)") }
        }
        guard let query else {
            InputLines.forEach { line, _ in
                show(line)
                print("")
            }
            return
        }
        show(query)
    }
}

/// A skin tone as the command line names it.
enum SkinToneArgument: String, ExpressibleByArgument, CaseIterable {
    case light, mediumLight = "medium-light", medium, mediumDark = "medium-dark", dark

    var tone: SkinTone {
        switch self {
        case .light: .light
        case .mediumLight: .mediumLight
        case .medium: .medium
        case .mediumDark: .mediumDark
        case .dark: .dark
        }
    }
}
