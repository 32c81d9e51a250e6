// Multilingual suggestion latency: each text of standard input (one a line) asked of one engine
// over the bundles named, timed alone, in process.
//
//     keylex-multilingual-bench BUNDLE.klx [BUNDLE.klx …] < texts.txt
//
// Prints one JSON object. Run by Benchmarks/multilingual.py.
import Foundation
import KeylexRuntime

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func percentile(_ sorted: [Double], _ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }

let paths = Array(CommandLine.arguments.dropFirst())
guard !paths.isEmpty, let engine = try? MultilingualSuggestionEngine(contentsOf: paths) else {
    FileHandle.standardError.write(Data("usage: keylex-multilingual-bench BUNDLE.klx [BUNDLE.klx …] < texts\n".utf8))
    exit(2)
}
var texts: [String] = []
while let line = readLine() { texts.append(line) }
var latencies: [Double] = []
for round in 0..<2 {
    for text in texts {
        let start = now()
        _ = engine.suggestions(for: text, count: 3)
        if round == 1 { latencies.append(Double(now() - start) / 1_000) }  // the first round warms the pages
    }
}
latencies.sort()
let report: [String: Any] = ["queries": latencies.count, "p50_us": percentile(latencies, 0.5), "p99_us": percentile(latencies, 0.99),
                             "max_us": latencies.last ?? 0, "bundles": paths.count]
print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
