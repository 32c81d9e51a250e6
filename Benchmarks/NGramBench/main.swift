// Next-word benchmark driver: how much the suggestion bar saves on held-out text.
//
//     keylex-ngram-bench BUNDLE.klx HELD_OUT.txt [MAX_WORDS]
//
// Types the held-out text (texts separated by lines of a single %) word by word, as a user would:
// before each letter of a word (and right after the space before it) it asks for three
// suggestions, and taps the word when it is offered (one keystroke, inserting the word and a
// space). Prints one JSON object: next-word top-3 accuracy (the word offered before its first
// letter), the keystroke savings rate (1 − keystrokes used / keystrokes of typing everything),
// and latencies. Tokens with punctuation are typed in full. Run by Benchmarks/ngram.py.
import Foundation
import KeylexRuntime

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func percentile(_ sorted: [Double], _ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: keylex-ngram-bench BUNDLE HELD_OUT.txt [MAX_WORDS]\n".utf8))
    exit(2)
}
let engine = try SuggestionEngine(contentsOf: arguments[1])
let maxWords = arguments.count > 3 ? Int(arguments[3]) ?? .max : .max
let texts = try String(contentsOfFile: arguments[2], encoding: .utf8).components(separatedBy: "\n%\n")

var words = 0, predicted = 0, keystrokes = 0, used = 0
var nextWordTimes: [Double] = [], typingTimes: [Double] = []

/// The cost of typing `word` after `text` with the suggestion bar, and whether it was offered before its first letter.
@MainActor func type(_ word: String, after text: String) -> (cost: Int, predicted: Bool) {
    let letters = Array(word)
    for typed in 0..<letters.count {
        let query = text + String(letters[..<typed])
        let start = now()
        let suggestions = engine.suggestions(for: query, count: 3)
        let elapsed = Double(now() - start) / 1000
        if typed == 0 { nextWordTimes.append(elapsed) } else { typingTimes.append(elapsed) }
        if suggestions.contains(where: { $0.text == word }) { return (typed + 1, typed == 0) }
    }
    return (letters.count + 1, false)
}

outer: for text in texts {
    var typedText = ""
    for token in text.split(whereSeparator: \.isWhitespace) {
        let tokenCost = token.count + 1
        keystrokes += tokenCost
        if case .word(let word) = TextSegmentation.classify(token).token, word == token {
            let (cost, wasPredicted) = type(String(word), after: typedText)
            used += cost
            words += 1
            if wasPredicted { predicted += 1 }
            if words >= maxWords { break outer }
        } else {
            used += tokenCost
        }
        typedText += token + " "
    }
}
nextWordTimes.sort()
typingTimes.sort()
let result: [String: Any] = [
    "words": words, "nextWordTop3": Double(predicted) / Double(max(words, 1)),
    "keystrokeSavings": 1 - Double(used) / Double(max(keystrokes, 1)),
    "nextWordP50us": percentile(nextWordTimes, 0.5), "nextWordP99us": percentile(nextWordTimes, 0.99),
    "typingP50us": percentile(typingTimes, 0.5), "typingP99us": percentile(typingTimes, 0.99),
]
print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
