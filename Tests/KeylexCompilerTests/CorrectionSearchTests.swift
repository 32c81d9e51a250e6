import Foundation
import Testing
@testable import KeylexCompiler
@testable import KeylexRuntime

/// The correction search against brute force: on the 3,000 most frequent words of the shipped
/// French corpus (accents, apostrophes, hyphens) with the fr-FR layout, every word within reach
/// must be found, at the cost the full edit table gives it, and nothing else.
@Suite struct CorrectionSearchTests {
    static let words: [(String, UInt64)] = {
        let text = try! String(contentsOfFile: TestSupport.shipped("Benchmarks/wordfreq/fr.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.prefix(3_000).map {
            let fields = $0.split(separator: "\t")
            return (String(fields[0]), UInt64(fields[1])!)
        }
    }()

    /// Typed strings near the corpus's words: each kind of error, at the start, the middle and the
    /// end, two errors at once, and letters no word has.
    static func queries() -> [String] {
        var queries: Set<String> = ["xqzw", "éé", "l'", "a", "pqrstuvwxyz"]
        for (i, (word, _)) in words.enumerated() where i % 61 == 0 {
            let letters = Array(word)
            let n = letters.count
            queries.insert(word)
            queries.insert(String(letters.dropFirst()))
            queries.insert(String(letters.dropLast()))
            if n >= 2 {
                queries.insert(String([letters[1], letters[0]] + letters.dropFirst(2)))  // swap at the start
                queries.insert(String(letters[..<(n / 2)] + [letters[n / 2], letters[n / 2]] + letters[(n / 2 + 1)...]))  // doubled
                queries.insert(String(letters.prefix(n / 2)) + "q" + String(letters.suffix(n - n / 2 - 1)))  // substituted
            }
            if n >= 4 {
                queries.insert(String(letters[0..<1] + letters[2..<(n - 1)]) + "z")  // a drop and a substitution
                queries.insert(String(letters[0..<(n - 2)] + [letters[n - 1], letters[n - 2]]))  // swap at the end
            }
            queries.insert(word.folding(options: .diacriticInsensitive, locale: nil).uppercased())
        }
        return queries.filter { !$0.isEmpty }.sorted()
    }

    @Test func theSearchFindsExactlyWhatTheEditTableGives() throws {
        let engine = try SuggestionTests.engine(Self.words, locale: "fr-FR")
        let dictionary = engine.dictionary
        let all = (0..<dictionary.wordCount).map { number in
            (number, dictionary.frequencyClass(at: number), dictionary.word(at: number)!.unicodeScalars.map(dictionary.comparisonCode(ofTyped:)))
        }
        var checked = 0
        for typed in Self.queries() {
            let codes = typed.unicodeScalars.map(dictionary.comparisonCode(ofTyped:))
            for (edits, kept) in [(1, 0), (2, 0), (2, 1), (2, 2)] {
                var costs = engine.costs
                costs.maxEdits = edits
                var expected: [Int: Float] = [:]
                codes.withUnsafeBufferPointer { typedCodes in
                    engine.search.withEditCosts(to: typedCodes, costs: costs, geometry: engine.geometry) { editCost in
                        for (number, frequencyClass, word) in all where frequencyClass != DictionaryFormat.neverSuggestedClass
                            && Self.starts(word, like: codes, kept: kept, engine) {
                            let cost = word.withUnsafeBufferPointer(editCost)
                            if cost <= costs.maxCost { expected[number] = cost }
                        }
                    }
                }
                var found: [Int: Float] = [:]
                withUnsafeTemporaryAllocation(of: Candidate.self, capacity: 4_096) { buffer in
                    var candidates = CandidateList(buffer)
                    codes.withUnsafeBufferPointer {
                        engine.search.correct($0, costs: costs, geometry: engine.geometry, budget: 1 << 30, keeping: kept, into: &candidates)
                    }
                    for candidate in candidates.all { found[candidate.number] = candidate.cost }
                }
                let missed = expected.keys.filter { found[$0] == nil }.map { "\(String(String.UnicodeScalarView(all[$0].2.map(dictionary.scalar(ofCode:))))) \(expected[$0]!)" }
                let extra = found.keys.filter { expected[$0] == nil }.map { String(String.UnicodeScalarView(all[$0].2.map(dictionary.scalar(ofCode:)))) }
                #expect(missed.isEmpty && extra.isEmpty, "\(typed), \(edits) edits, \(kept) kept: missed \(missed), extra \(extra)")
                for (number, cost) in expected where found[number].map({ abs($0 - cost) > 1e-4 }) ?? false {
                    Issue.record("\(typed), \(edits) edits: \(all[number].2) at \(found[number]!), expected \(cost)")
                }
                checked += expected.count
            }
        }
        #expect(checked > 1_000)
    }

    /// Whether `word` is searched when the first `kept` typed letters are kept: its first letters
    /// are the typed ones but for case or accent, the first one also a neighbouring key's.
    static func starts(_ word: [UInt32], like typed: [UInt32], kept: Int, _ engine: SuggestionEngine) -> Bool {
        let dictionary = engine.dictionary
        return zip(word, typed).prefix(kept).enumerated().allSatisfy { depth, letters in
            dictionary.foldClass(ofCode: letters.0) == dictionary.foldClass(ofCode: letters.1)
                || (depth == 0 && engine.geometry.areNeighbours(letters.0, letters.1))
        }
    }

    @Test func lettersTheLayoutCannotTypeAreNeverTakenForTypos() throws {
        // "hеllo" with a Cyrillic е: one substitution from "hallo", but no key of en-US types е.
        let engine = try SuggestionTests.engine([("hello", 100), ("h\u{435}llo", 100_000), ("café", 50)])
        #expect(SuggestionTests.texts(engine.suggestions(for: "so hallo", count: 3)) == ["hello", "hallo"])
        // Accented letters come from callouts: a missing accent is still cheap.
        #expect(engine.suggestions(for: "so cafe", count: 2).first?.text == "café")
        // Without a layout every letter counts.
        let anyLetter = try SuggestionTests.engine([("hello", 100), ("h\u{435}llo", 100_000)], layout: false)
        #expect(SuggestionTests.texts(anyLetter.suggestions(for: "so hallo", count: 3)).contains("h\u{435}llo"))
    }

    @Test func aWordOneEditAwayOutranksAFrequentWordTwoEditsAway() throws {
        // "your" is two neighbouring keys from "houe" (y for h, r for e), "house" one letter away.
        // "ok", the rarest, makes the classes span a million to one, as in a real corpus.
        let engine = try SuggestionTests.engine([("your", 1_000_000), ("house", 20_000), ("hour", 10_000), ("ok", 1)])
        #expect(engine.suggestions(for: "so houe", count: 3).first == Suggestion(text: "house", typed: "houe", isAutocorrect: true))
        // With nothing one edit away, two are searched.
        #expect(engine.suggestions(for: "so yoyr", count: 3).contains { $0.text == "your" })
        // The first letter too may be a neighbouring key's (t for y), as a thumb lands beside the
        // first key as often as beside any; a distant one (p for y) is not searched.
        #expect(engine.suggestions(for: "so toyr", count: 3).contains { $0.text == "your" })
        #expect(!engine.suggestions(for: "so poyr", count: 3).contains { $0.text == "your" })
    }
}
