// Keyboard-process benchmark: what one keyboard extension costs while someone types.
//
//     keylex-keyboard-bench BUNDLE.klx TEXT.txt WORDS USER-WORDS-FILE [swipe]
//
// Opens the bundle as a keyboard does (the suggestion engine on its phone layout, a user dictionary
// saved in USER-WORDS-FILE), then types the first WORDS words of TEXT a character at a time, with
// a space after each word, asking its suggestion bar (SuggestionBar) for three suggestions after
// every keystroke, as KeyboardKit's autocomplete does on every text change. After each word it learns the pair (previous word, word)
// and, when the dictionary lacks the word, the word itself: the user kept what they typed.
// Prints one JSON object: latencies of the suggestion calls and of learning, and the process's
// resident memory (from /proc/self) before opening, at its peak, and the bundle's resident pages,
// and its anonymous memory (the pages it wrote) before opening and at its peak. The benchmark's own
// memory stays small: latencies go to histograms, and the text is read in place.
//
// With `swipe`, each word is swiped instead of typed: a stroke through the centres of its keys on
// the bundle's phone layout (390 × 54 points a row; a point every 4 points, 8 ms apart) is fed to a
// GestureInProgress a point at a time, the word under the finger asked after each point, and the
// stroke's words asked when it ends; words the layout cannot draw are typed. The latencies are
// then those of the decodings under the finger and of the stroke's words, and `swipeHits` counts
// the strokes whose first word is the word (drawn through key centres: a check, not a measure of
// accuracy, which Benchmarks/gesture.py takes on real swipes).
//
// No Foundation: the process holds what a keyboard using KeylexRuntime would hold.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import KeylexRuntime

/// Microseconds since some fixed moment.
func microseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// The lines of a /proc file.
func procLines(_ path: String) -> [String] {
    guard let file = fopen(path, "r") else { return [] }
    defer { fclose(file) }
    var lines: [String] = []
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        lines.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return lines
}

/// A field of /proc/self/status in kB (`VmRSS`, `VmHWM`, `RssAnon`). `RssAnon` is the memory the
/// process wrote: heap, stacks, and the pages of code files it changed (relocated data), which
/// become its own on the first write; what iOS counts against an extension, where clean pages
/// (code, mapped files) are not. (smaps' `Private_Dirty` would also count the pages of a binary
/// the linker has just written that are not on disk yet.)
func statusKB(_ field: String) -> Int {
    for line in procLines("/proc/self/status") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
}

/// The resident kB of the mappings of the file at `path` (the bundle's pages in memory).
func mappedResidentKB(_ path: String) -> Int {
    guard let resolved = realpath(path, nil) else { return 0 }
    let name = String(cString: resolved)
    free(resolved)
    var inMapping = false
    var total = 0
    for line in procLines("/proc/self/smaps") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        if fields.first?.contains("-") == true, fields.count >= 5 {
            inMapping = line.hasSuffix(" " + name + "\n")
        } else if inMapping, fields.first == "Rss:", fields.count >= 2 {
            total += Int(fields[1]) ?? 0
        }
    }
    return total
}

/// The whole file at `path` as text.
func readText(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[..<count]
    }
    return String(validating: bytes, as: UTF8.self)
}

/// Prints `message` on standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 1) -> Never {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

/// Latencies in whole microseconds, counted in a histogram: the benchmark's own memory stays a few
/// pages however many calls it times (a list of every latency held half a MiB).
final class Latencies {
    /// Counts of latencies of 0…65,535 µs, longer ones in the last; zeroed pages from the system,
    /// resident only where a latency fell.
    private let counts = UnsafeMutablePointer<UInt32>(OpaquePointer(calloc(1 << 16, MemoryLayout<UInt32>.size)!))
    private var total = 0
    private var maximum = 0.0

    deinit { free(counts) }

    func record(_ microseconds: Double) {
        counts[min(Int(microseconds.rounded()), (1 << 16) - 1)] += 1
        total += 1
        maximum = max(maximum, microseconds)
    }

    /// The latency of rank `total × p` in increasing order, to the microsecond.
    func percentile(_ p: Double) -> Int {
        let rank = min(total - 1, Int(Double(total) * p))
        var seen = 0
        for value in 0..<(1 << 16) {
            seen += Int(counts[value])
            if seen > rank { return value }
        }
        return 0
    }

    /// The p50, p99 and maximum as JSON members named after `name`.
    func summary(_ name: String) -> String {
        "\"\(name)P50\": \(percentile(0.5)), \"\(name)P99\": \(percentile(0.99)), \"\(name)Max\": \(Double(Int(maximum * 10)) / 10)"
    }
}

/// Calls `body` with each of the first `limit` tokens of `text` (runs of non-whitespace), without
/// making a list of them.
func forEachToken(of text: String, limit: Int, _ body: (Substring) -> Void) {
    var rest = text[...], count = 0
    while count < limit, let start = rest.firstIndex(where: { !$0.isWhitespace }) {
        let end = rest[start...].firstIndex(where: \.isWhitespace) ?? rest.endIndex
        body(rest[start..<end])
        rest = rest[end...]
        count += 1
    }
}

/// The word in a token of the text: without the punctuation before and after it.
func trimmed(_ token: Substring) -> String {
    let isWordScalar = { (c: Character) in c.isLetter || c.isNumber }
    guard let start = token.firstIndex(where: isWordScalar), let end = token.lastIndex(where: isWordScalar) else { return "" }
    return String(token[start...end])
}

let arguments = CommandLine.arguments
guard arguments.count == 5 || (arguments.count == 6 && arguments[5] == "swipe"),
      let wordLimit = Int(arguments[3]), let text = readText(arguments[2]) else {
    fail("usage: keylex-keyboard-bench BUNDLE TEXT WORDS USER-WORDS-FILE [swipe]", status: 2)
}
let swiping = arguments.count == 6
let bundlePath = arguments[1]
unlink(arguments[4])
let baselineKB = statusKB("VmRSS")
let baselineAnonymousKB = statusKB("RssAnon")
let openStart = microseconds()
let user: UserDictionary
let engine: SuggestionEngine
do {
    user = try UserDictionary(path: arguments[4])
    engine = try SuggestionEngine(contentsOf: bundlePath, userDictionary: user)
} catch {
    fail("\(bundlePath): \(error)")
}
let openMicroseconds = microseconds() - openStart

/// The bar a keyboard holds over the engine (a word it offered is not offered again in the word).
var bar = SuggestionBar(engine: engine)
/// With `swipe`: the decoder, the keys of the phone layout, and what swiping costs.
let decoder = GestureDecoder(engine: engine)
let swipeKeys: GestureKeys = {
    guard swiping else { return GestureKeys(keys: []) }
    let layout = try? LayoutBundle(container: engine.dictionary.container).layout(for: .phone)
    return layout.map { GestureKeys(layout: $0, keyboardWidth: 390, rowHeight: 54) } ?? GestureKeys(keys: [])
}()
let underFingerLatencies = Latencies()
let strokeLatencies = Latencies()
var swipes = 0, swipeHits = 0, decodings = 0

/// Swipes `word` after `document`, if the layout can draw it: feeds its stroke a point at a time,
/// asking for the word under the finger after each, then the stroke's words; whether it could.
@MainActor func swipe(_ word: String) -> Bool {
    let path = decoder.idealPath(of: word, keys: swipeKeys)
    guard path.count >= 2 else { return false }
    var stroke = GestureInProgress(decoder: decoder, keys: swipeKeys, before: document)
    for (segment, (a, b)) in zip(path, path.dropFirst()).enumerated() {
        let steps = max(1, Int(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() / 4))
        // The first segment starts the stroke at its first key; the others go on from the key before.
        for step in (segment == 0 ? 0 : 1)...steps {
            let f = Double(step) / Double(steps)
            stroke.add(GesturePoint(x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y), t: Double(stroke.points.count) * 8))
            let before = stroke.decodings, start = microseconds()
            sink &+= stroke.wordUnderFinger()?.text.utf8.count ?? 0
            if stroke.decodings > before { underFingerLatencies.record(microseconds() - start) }
        }
    }
    let start = microseconds()
    let words = stroke.finish(count: 4)
    strokeLatencies.record(microseconds() - start)
    swipes += 1
    decodings += stroke.decodings
    if words.first?.text.lowercased() == word.lowercased() { swipeHits += 1 }
    return true
}
let suggestionLatencies = Latencies()
let learnLatencies = Latencies()
var document = ""
var previous: String?
var words = 0, keystrokes = 0, autocorrections = 0, learnedWords = 0
/// The most anonymous memory, sampled every 100 words.
var peakAnonymousKB = 0
var sink = 0
forEachToken(of: text, limit: wordLimit) { token in
    var last: [Suggestion] = []
    let drawn = trimmed(token)
    if swiping, drawn == token, swipe(drawn) {
        document += drawn
        keystrokes += 1
    } else {
    for character in token {
        document.append(character)
        let start = microseconds()
        last = bar.suggestions(for: document, count: 3)
        suggestionLatencies.record(microseconds() - start)
        keystrokes += 1
        sink &+= last.count
    }
    }
    if last.contains(where: \.isAutocorrect) { autocorrections += 1 }
    document.append(" ")
    let start = microseconds()
    sink &+= bar.suggestions(for: document, count: 3).count
    suggestionLatencies.record(microseconds() - start)
    keystrokes += 1
    words += 1
    let word = trimmed(token)
    if !word.isEmpty {
        let start = microseconds()
        do {
            if !engine.dictionary.contains(word) && !engine.dictionary.contains(word.lowercased()) {
                try user.learnWord(word)
                learnedWords += 1
            }
            if let previous { try user.learnPair(previous, word) }
        } catch {
            fail("\(arguments[4]): \(error)")
        }
        learnLatencies.record(microseconds() - start)
    }
    previous = word.isEmpty ? nil : word
    // The text before the cursor that a keyboard sees is bounded (the paragraph, about a screen).
    if document.utf8.count > 600 { document = String(document.suffix(300)) }
    if words % 100 == 0 { peakAnonymousKB = max(peakAnonymousKB, statusKB("RssAnon")) }
}
peakAnonymousKB = max(peakAnonymousKB, statusKB("RssAnon"))
let peakKB = statusKB("VmHWM")
let mappedKB = mappedResidentKB(bundlePath)
var info = stat()
let fileBytes = stat(bundlePath, &info) == 0 ? Int(info.st_size) : 0
print("""
{"words": \(words), "keystrokes": \(keystrokes), "autocorrections": \(autocorrections), "learnedWords": \(learnedWords), \
"openMicroseconds": \(Int(openMicroseconds)), \(suggestionLatencies.summary("suggestion")), \(learnLatencies.summary("learn")), \
"swipes": \(swipes), "swipeHits": \(swipeHits), "decodings": \(decodings), \(underFingerLatencies.summary("underFinger")), \(strokeLatencies.summary("stroke")), \
"baselineKB": \(baselineKB), "baselineAnonymousKB": \(baselineAnonymousKB), "peakAnonymousKB": \(peakAnonymousKB), "peakKB": \(peakKB), "mappedResidentKB": \(mappedKB), "fileBytes": \(fileBytes), "sink": \(sink % 2)}
""")
