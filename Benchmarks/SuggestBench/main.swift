// Suggestion benchmark driver: accuracy and latency of the suggestion engine on a typo set.
//
//     keylex-suggest-bench DICTIONARY.klx LAYOUT.klx typos.tsv correct.txt prefixes.txt
//
// typos.tsv holds `typo<TAB>intended` lines, correct.txt correctly typed words, prefixes.txt
// prefixes for completion alone. Prints one JSON object. Run by Benchmarks/typos.py.
import Foundation
import KeylexRuntime

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func percentile(_ sorted: [Double], _ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
func lines(_ path: String) throws -> [Substring] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
}
func maxResidentKB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

let arguments = CommandLine.arguments
guard arguments.count == 6 else {
    FileHandle.standardError.write(Data("usage: keylex-suggest-bench DICTIONARY LAYOUT typos.tsv correct.txt prefixes.txt\n".utf8))
    exit(2)
}
let dictionary = try WordDictionary(contentsOf: arguments[1])
let layout = try LayoutBundle(contentsOf: arguments[2]).layout(for: .phone)
var engine = SuggestionEngine(dictionary: dictionary, layout: layout)
if let budget = ProcessInfo.processInfo.environment["KEYLEX_BUDGET"].flatMap(Int.init) { engine.budget = budget }
if let cost = ProcessInfo.processInfo.environment["KEYLEX_MAX_COST"].flatMap(Float.init) { engine.costs.maxCost = cost }
if let cost = ProcessInfo.processInfo.environment["KEYLEX_VOWEL"].flatMap(Float.init) { engine.costs.vowelSubstitution = cost }
if let cost = ProcessInfo.processInfo.environment["KEYLEX_SAME_SOUND"].flatMap(Float.init) { engine.costs.sameSound = cost }
if let edits = ProcessInfo.processInfo.environment["KEYLEX_LONG_EDITS"].flatMap(Int.init) { engine.costs.longWordEdits = edits }
let typos = try lines(arguments[3]).map { line -> (String, String) in
    let fields = line.split(separator: "\t")
    return (String(fields[0]), String(fields[1]))
}
let correct = try lines(arguments[4]).map(String.init)
let prefixes = try lines(arguments[5]).map(String.init)

/// Words are typed in the middle of a sentence (at its start, suggestions are capitalised).
let context = "the "

/// The three best candidates of a suggestion list: the typed word itself left out when unknown.
func candidates(_ suggestions: [Suggestion]) -> [String] {
    Array(suggestions.filter { !$0.isUnknown }.map(\.text).prefix(3))
}

var top1 = 0, top3 = 0, autocorrected = 0, autocorrectRight = 0
var latencies: [Double] = []
for _ in 0..<2 { for (typo, _) in typos.prefix(200) { _ = engine.suggestions(for: context + typo, count: 4) } }
for (typo, intended) in typos {
    let start = now()
    let suggestions = engine.suggestions(for: context + typo, count: 4)
    latencies.append(Double(now() - start) / 1000)
    if latencies.last! > 700, ProcessInfo.processInfo.environment["KEYLEX_PRINT_MISSES"] != nil {
        FileHandle.standardError.write(Data("slow \(latencies.last!) µs: \(typo)\n".utf8))
    }
    let best = candidates(suggestions)
    if best.first == intended { top1 += 1 }
    if best.contains(intended) { top3 += 1 } else if ProcessInfo.processInfo.environment["KEYLEX_PRINT_MISSES"] != nil {
        FileHandle.standardError.write(Data("\(typo)\t\(intended)\t\(best)\n".utf8))
    }
    if let auto = suggestions.first(where: \.isAutocorrect) {
        autocorrected += 1
        if auto.text == intended { autocorrectRight += 1 }
    }
}
var falseCorrections = 0
var correctLatencies: [Double] = []
for word in correct {
    let start = now()
    let suggestions = engine.suggestions(for: context + word, count: 4)
    correctLatencies.append(Double(now() - start) / 1000)
    if correctLatencies.last! > 2000, ProcessInfo.processInfo.environment["KEYLEX_PRINT_MISSES"] != nil {
        FileHandle.standardError.write(Data("slow \(correctLatencies.last!) µs: \(word)\n".utf8))
    }
    if suggestions.contains(where: \.isAutocorrect) || suggestions.first?.text != word { falseCorrections += 1 }
}
var completionLatencies: [Double] = []
var sink = 0
for prefix in prefixes {
    let start = now()
    dictionary.forEachCompletion(of: prefix, count: 3) { word, _, _ in sink &+= word.count }
    completionLatencies.append(Double(now() - start) / 1000)
}
// Memory over a million calls (KEYLEX_MEMORY_CALLS to change).
let calls = ProcessInfo.processInfo.environment["KEYLEX_MEMORY_CALLS"].flatMap(Int.init) ?? 1_000_000
let before = maxResidentKB()
let inputs = typos.map(\.0) + correct
for i in 0..<calls { sink &+= engine.suggestions(for: context + inputs[i % inputs.count], count: 3).count }
let after = maxResidentKB()

latencies.sort()
let all = (latencies + correctLatencies).sorted()
completionLatencies.sort()
let result: [String: Any] = [
    "typos": typos.count, "correct": correct.count,
    "top1": Double(top1) / Double(typos.count), "top3": Double(top3) / Double(typos.count),
    "autocorrected": Double(autocorrected) / Double(typos.count),
    "autocorrectPrecision": autocorrected == 0 ? 0 : Double(autocorrectRight) / Double(autocorrected),
    "falseCorrections": Double(falseCorrections) / Double(correct.count),
    "p50": percentile(all, 0.5), "p99": percentile(all, 0.99),
    "typoP50": percentile(latencies, 0.5), "typoP99": percentile(latencies, 0.99),
    "completionP50": percentile(completionLatencies, 0.5), "completionP99": percentile(completionLatencies, 0.99),
    "memoryGrowthKB": after - before, "memoryCalls": calls, "sink": sink % 2,
]
print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
