import ArgumentParser
import Foundation
import KeylexRuntime

/// `keylex swipe`: the words a keyboard would offer for swipes (gesture typing).
struct Swipe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the words swipes may spell, best first.",
        discussion: """
            With a stroke on the command line ("x,y x,y …" over the bundle's layout), prints its words. Otherwise reads \
            strokes from standard input, one JSON object a line: {"points": [[x, y, t], …], "keys": [{"text": "q", \
            "x": 0, "y": 0, "width": 39, "height": 54}, …], "before": "text before the cursor"}, in points from the \
            keyboard's top left (t in milliseconds, not used for decoding). "keys" (the frames the app draws its keys at) \
            and "before" may be left out: the keys are then those of the bundle's phone layout at --width by \
            --row-height. Prints each stroke's words, one a line, followed by an empty line (with --json, one JSON \
            array of words per line). A line that is not a stroke is reported with its line number and gives no words.
            """
    )

    @Argument(help: "A compiled bundle with a dictionary (and a layout, unless every stroke has its keys).")
    var file: String

    @Argument(
        help:
            "One stroke over the bundle's layout, as points \"x,y x,y …\" (read from standard input, one JSON stroke a line, when absent).")
    var points: String?

    @Option(help: "With a stroke given as points, the text before the cursor.")
    var before = ""

    @Option(help: "The locale whose phone layout gives the keys (default: the bundle's first).")
    var locale: String?

    @Option(help: "The keyboard's width in points, for the bundle's layout.")
    var width = 390.0

    @Option(help: "The height of a row of keys in points, for the bundle's layout.")
    var rowHeight = 54.0

    @Option(name: .short, help: "How many words.")
    var n = 4

    @Option(help: "A user dictionary file (learned and ignored words).")
    var user: String?

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(
        help:
            "Print each stroke's decoding time in microseconds to standard error (\"timing<TAB>µs\"; with --live, also \"live<TAB>decodings<TAB>total µs<TAB>longest µs\" of the word under the finger)."
    )
    var timing = false

    @Flag(
        help:
            "Feed each stroke's points one at a time, as a finger draws it, asking for the word under the finger after each, and print that word each time it changes (\"> word\", or \"live\" beside \"words\" in a JSON object) before the stroke's words."
    )
    var live = false

    func validate() throws {
        guard n > 0 else { throw ValidationError("-n must be positive") }
        guard width.isFinite, rowHeight.isFinite, width > 0, rowHeight > 0 else {
            throw ValidationError("--width and --row-height must be positive numbers")
        }
        if let points { _ = try Self.parsePoints(points) }
    }

    /// One line of input.
    struct Stroke: Decodable {
        let points: [[Double]]
        let keys: [GestureKeys.Key]?
        let before: String?
    }

    func run() throws {
        let (decoder, layoutKeys) = try openDecoder()
        if let points {
            guard let keys = layoutKeys else {
                printError("error: \(file): no layout to draw the stroke on")
                throw Status.inputErrors
            }
            let (words, shown) = decode(try Self.parsePoints(points), decoder, keys: keys, before: before)
            printWords(words, shown: shown, endingBlock: false)
        } else if try decodeStandardInput(decoder, layoutKeys: layoutKeys) > 0 {
            throw Status.inputErrors
        }
    }

    /// The decoder of the bundle's words, and the keys of its phone layout (of --locale) at
    /// --width by --row-height, if it has layouts.
    private func openDecoder() throws -> (GestureDecoder, GestureKeys?) {
        try opening(file) {
            let engine = try SuggestionEngine(contentsOf: file, userDictionary: try openUserDictionary(user))
            let container = engine.dictionary.container
            guard container.features.contains(.layouts) else {
                if let locale {
                    printError("error: \(file): no layouts, so none of the locale '\(locale)'")
                    throw Status.inputErrors
                }
                return (GestureDecoder(engine: engine), nil)
            }
            let bundle = try LayoutBundle(container: container)
            if let locale, bundle.locale(locale) == nil {
                printError("error: \(file): no layout of the locale '\(locale)'")
                throw Status.inputErrors
            }
            let keys = bundle.layout(for: .phone, locale: locale).map {
                GestureKeys(layout: $0, keyboardWidth: width, rowHeight: rowHeight)
            }
            return (GestureDecoder(engine: engine), keys)
        }
    }

    /// Decodes the strokes of standard input, printing each one's words; returns how many lines
    /// were no stroke (each reported with its number).
    private func decodeStandardInput(_ decoder: GestureDecoder, layoutKeys: GestureKeys?) throws -> Int {
        var failures = 0, number = 0
        InputLines.forEach(maxLineBytes: Self.maxLineBytes) { line, cut in
            number += 1
            var words: [Suggestion] = [], shown: [String] = []
            if let stroke = parse(line, cut: cut, number: number) {
                if let keys = stroke.keys.map(GestureKeys.init(keys:)) ?? layoutKeys {
                    let points = stroke.points.map { GesturePoint(x: $0[0], y: $0[1], t: $0.count > 2 ? $0[2] : 0) }
                    (words, shown) = decode(points, decoder, keys: keys, before: stroke.before ?? "")
                } else {
                    printError("error: standard input:\(number): the stroke has no keys, and \(file) has no layout")
                    failures += 1
                }
            } else {
                failures += 1
            }
            printWords(words, shown: shown)
        }
        return failures
    }

    /// The words of `points`, and with --live the words shown under the finger as they changed
    /// while the points were fed one at a time (the words are then the swipe's when it ends); with
    /// --timing, prints the decoding times.
    private func decode(_ points: [GesturePoint], _ decoder: GestureDecoder, keys: GestureKeys, before: String) -> ([Suggestion], [String])
    {
        var shown: [String] = [], words: [Suggestion] = []
        var swipe = GestureInProgress(decoder: decoder, keys: keys, before: before)
        if live {
            var total = Duration.zero, longest = Duration.zero
            for point in points {
                swipe.add(point)
                var word: String?
                let elapsed = ContinuousClock().measure { word = swipe.wordUnderFinger()?.text }
                total += elapsed
                longest = max(longest, elapsed)
                if let word, word != shown.last { shown.append(word) }
            }
            if timing { printError("live\t\(swipe.decodings)\t\(Self.microseconds(total))\t\(Self.microseconds(longest))") }
        }
        let elapsed = ContinuousClock().measure {
            words = live ? swipe.finish(count: n) : decoder.words(for: points, keys: keys, before: before, count: n)
        }
        if timing { printError("timing\t\(Self.microseconds(elapsed))") }
        return (words, shown)
    }

    private static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }

    /// The points of "x,y x,y …", 10 ms apart.
    static func parsePoints(_ text: String) throws -> [GesturePoint] {
        try text.split(whereSeparator: \.isWhitespace).enumerated().map { i, pair in
            let values = pair.split(separator: ",").compactMap { Double($0) }
            guard values.count == 2 else { throw ValidationError("point \(i + 1), '\(pair)', is not x,y") }
            return GesturePoint(x: values[0], y: values[1], t: Double(i) * 10)
        }
    }

    /// The longest line read: a stroke of ten thousand points.
    static let maxLineBytes = 1 << 20

    /// The stroke of input line `number`, or `nil` after reporting why it is none.
    private func parse(_ line: String, cut: Bool, number: Int) -> Stroke? {
        guard !cut else {
            printError("error: standard input:\(number): a line longer than \(Self.maxLineBytes) bytes")
            return nil
        }
        do {
            let stroke = try JSONDecoder().decode(Stroke.self, from: Data(line.utf8))
            if let bad = stroke.points.firstIndex(where: { $0.count < 2 || $0.count > 3 }) {
                printError("error: standard input:\(number): point \(bad + 1) is not [x, y] or [x, y, t]")
                return nil
            }
            return stroke
        } catch {
            printError("error: standard input:\(number): not a stroke: \(Self.describe(error))")
            return nil
        }
    }

    /// What is wrong with a line, in a sentence.
    private static func describe(_ error: Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): return "it has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" is not what a stroke has there"
        default: return "it is not a JSON object"
        }
    }

    /// Prints `words`, one a line and an empty line after them when `endingBlock` (one stroke of
    /// several), or as a JSON array; with --live, the words `shown` under the finger before them
    /// ("> word" lines, or a JSON object of both).
    private func printWords(_ words: [Suggestion], shown: [String], endingBlock: Bool = true) {
        if json {
            let texts = words.map(\.text)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let data = live ? try? encoder.encode(["live": shown, "words": texts]) : try? encoder.encode(texts)
            print(String(decoding: data ?? Data(live ? "{}".utf8 : "[]".utf8), as: UTF8.self))
        } else {
            for word in shown { print("> \(word)") }
            for word in words { print(word.text) }
            if endingBlock { print("") }
        }
    }
}
