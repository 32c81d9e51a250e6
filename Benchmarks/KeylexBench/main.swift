// keylex-bench: measures Keylex on one key set, for Benchmarks/run.py.
//
//   keylex-bench KEYS MISSES OUTDIR
//
// KEYS holds one word per line, or word<TAB>count; MISSES one absent word per line. Prints one JSON
// object: sizes with and without frequencies, build time from the sorted list, open time, exact
// lookup time for hits and misses, and top-k (k = 10) latency over every 1- and 2-letter prefix.
import Foundation
import KeylexCompiler
import KeylexRuntime

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.down)))]
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: keylex-bench KEYS MISSES OUTDIR\n".utf8))
    exit(2)
}
let lines = try String(contentsOfFile: arguments[1], encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
var words: [String] = []
var counts: [UInt64] = []
for line in lines {
    let fields = line.split(separator: "\t")
    words.append(String(fields[0]))
    counts.append(fields.count > 1 ? UInt64(fields[1]) ?? 1 : 1)
}
let misses = try String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n").map(String.init)
let outdir = arguments[3]

// Build from the sorted list: best of three, in memory, then written once for the open test.
var plainBuild: [Double] = []
var plain: CompiledDictionary!
let plainEntries = words.map { (word: $0, count: UInt64(0), flags: DictionaryFormat.WordFlags()) }
for _ in 0..<3 {
    let start = now()
    plain = DictionaryCompiler.compile(plainEntries, hasCounts: false)
    plainBuild.append(Double(now() - start) / 1e9)
}
let countedEntries = zip(words, counts).map { (word: $0, count: $1, flags: DictionaryFormat.WordFlags()) }
let counted = DictionaryCompiler.compile(countedEntries, hasCounts: true)
let plainPath = outdir + "/keylex-plain.klx", countedPath = outdir + "/keylex-freq.klx"
try Data(plain.bytes).write(to: URL(fileURLWithPath: plainPath))
try Data(counted.bytes).write(to: URL(fileURLWithPath: countedPath))

// Open: mmap and header checks, median of many.
var opens: [Double] = []
for _ in 0..<201 {
    let start = now()
    let dictionary = try WordDictionary(contentsOf: countedPath)
    opens.append(Double(now() - start) / 1e3)
    precondition(dictionary.wordCount == words.count)
}
let dictionary = try WordDictionary(contentsOf: countedPath)

// Exact lookups, in the key file's order (as marisa-benchmark does), best of 15 rounds: the
// machine is shared, and the fastest round is the one least disturbed.
func lookupTime(_ keys: [String], expect: Bool) -> Double {
    var best = Double.infinity
    for _ in 0..<15 {
        var found = 0
        let start = now()
        for key in keys where dictionary.contains(key) { found += 1 }
        best = min(best, Double(now() - start) / Double(keys.count))
        precondition(found == (expect ? keys.count : 0), "lookups disagree with the key set")
    }
    return best
}
let hitNs = lookupTime(words, expect: true)
let missNs = lookupTime(misses, expect: false)

// Top-k over every 1- and 2-letter prefix that starts some word.
var prefixes = Set<String>()
for word in words {
    let scalars = Array(word.unicodeScalars)
    var one = String.UnicodeScalarView(); one.append(scalars[0]); prefixes.insert(String(one))
    if scalars.count > 1 { one.append(scalars[1]); prefixes.insert(String(one)) }
}
var latencies: [Double] = []
var sink = 0
for prefix in prefixes.sorted() {
    var best = Double.infinity
    for _ in 0..<5 {
        let start = now()
        dictionary.forEachCompletion(of: prefix, count: 10) { word, _, _ in sink &+= word.count }
        best = min(best, Double(now() - start) / 1e3)
    }
    latencies.append(best)
}
latencies.sort()

let result: [String: Any] = [
    "words": words.count,
    "bytes_plain": plain.bytes.count,
    "bytes_freq": counted.bytes.count,
    "build_s": plainBuild.min()!,
    "build_words_per_s": Double(words.count) / plainBuild.min()!,
    "open_us": median(opens),
    "lookup_hit_ns": hitNs,
    "lookup_miss_ns": missNs,
    "topk_prefixes": latencies.count,
    "topk_p50_us": percentile(latencies, 0.5),
    "topk_p99_us": percentile(latencies, 0.99),
    "topk_max_us": latencies.last!,
    "sink": sink % 2,
]
print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
