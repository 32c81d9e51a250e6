// Emoji benchmark driver: whether the suggestion bar offers an emoji after each keyword, and the
// latency of an emoji keyboard's search as each keyword is typed letter by letter.
//
//     keylex-emoji-bench BUNDLE.klx keywords.txt
//
// keywords.txt holds one keyword a line. Prints one JSON object. Run by Benchmarks/emoji.py.
import Foundation
import KeylexRuntime

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func percentile(_ sorted: [Double], _ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: keylex-emoji-bench BUNDLE keywords.txt\n".utf8))
    exit(2)
}
let engine = try SuggestionEngine(contentsOf: arguments[1])
guard let index = engine.emoji else {
    FileHandle.standardError.write(Data("\(arguments[1]): no emoji\n".utf8))
    exit(1)
}
let keywords = try String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n").map(String.init)

// The bar: the keyword typed after a word, as in a sentence, and then its space.
var offered: [String: String] = [:], offeredAfterSpace = 0
for keyword in keywords {
    if let emoji = engine.suggestions(for: "so " + keyword, count: 3).first(where: \.isEmoji) { offered[keyword] = emoji.text }
    if engine.suggestions(for: "so " + keyword + " ", count: 3).contains(where: \.isEmoji) { offeredAfterSpace += 1 }
}

// The search box: every prefix of every keyword, three rounds, each query timed alone.
var latencies: [Double] = []
var found = 0
for round in 0..<3 {
    for keyword in keywords {
        var prefix = ""
        for character in keyword {
            prefix.append(character)
            let start = now()
            let results = index.search(prefix, limit: 20)
            latencies.append(Double(now() - start) / 1_000)
            if round == 0 && prefix == keyword && !results.isEmpty { found += 1 }
        }
    }
}
latencies.sort()
let report: [String: Any] = [
    "keywords": keywords.count, "offered": offered.count, "offered_after_space": offeredAfterSpace, "search_found": found,
    "examples": keywords.prefix(12).map { "\($0) \(offered[$0] ?? "–")" },
    "queries": latencies.count, "p50_us": percentile(latencies, 0.5), "p99_us": percentile(latencies, 0.99),
    "max_us": latencies.last ?? 0, "emoji": index.count,
]
print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
