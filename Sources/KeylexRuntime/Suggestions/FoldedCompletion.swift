extension WordSearch {
    /// Finds the best completions of `typed` (comparison codes) ignoring case and accents, but for
    /// a mark typed on a letter (``WordDictionary/completes(_:with:)``): every path of the automaton
    /// whose letters complete the typed ones, then the best words below them by the maxima tree. A
    /// completion's cost is its prefix's case and accent differences. `more`, when given, is called
    /// with each such prefix's range of word numbers and cost, to add other candidates from it (the
    /// words that the context predicts).
    func completeFolded(
        _ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, count: Int, budget: Int,
        into candidates: inout CandidateList, alsoIn more: ((Range<Int>, Float, Bool, inout CandidateList) -> Void)? = nil
    ) {
        let n = typed.count
        guard n > 0, n <= dictionary.maxWordLength else { return }
        let maxPaths = 16
        withUnsafeTemporaryAllocation(of: Int.self, capacity: n + 1) { differences in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: n * (maxPaths + 1)) { labels in
                withUnsafeTemporaryAllocation(of: (Int, Bool).self, capacity: maxPaths) { paths in
                    // The paths found: their labels (`n` per path, after the walk's own), their
                    // number of letters differing by case or accent, and whether they are words.
                    var found = 0
                    var remaining = budget
                    differences[0] = 0
                    walkTree(maxDepth: n, budget: &remaining, where: { dictionary.completes(typed[$0], with: $1) }) { arc in
                        let t = typed[arc.depth]
                        labels[arc.depth] = arc.code
                        differences[arc.depth + 1] = differences[arc.depth] + (arc.code == t ? 0 : 1)
                        guard arc.depth + 1 == n else { return true }
                        if found < maxPaths {
                            found += 1
                            paths[found - 1] = (differences[n], arc.isFinal)
                            for j in 0..<n { labels[found * n + j] = labels[j] }
                        }
                        return false
                    }
                    for p in 0..<found {
                        let (different, prefixIsWord) = paths[p]
                        let range = dictionary.prefixRange(ofCodes: UnsafeBufferPointer(rebasing: labels[((p + 1) * n)..<((p + 2) * n)]))
                        let cost = Float(different) * costs.caseOrAccent
                        forEachBest(count, in: range) { number, frequencyClass in
                            let isCompletion = number != range.lowerBound || !prefixIsWord
                            candidates.add(
                                Candidate(number: number, frequencyClass: frequencyClass, cost: cost, isCompletion: isCompletion))
                        }
                        more?(range, cost, prefixIsWord, &candidates)
                    }
                }
            }
        }
    }

    /// How many of the first `typed` letters (comparison codes) some word of the dictionary starts
    /// with, case and accents ignored.
    func longestFoldedPrefix(of typed: UnsafeBufferPointer<UInt32>, budget: Int) -> Int {
        var longest = 0, remaining = budget
        walkTree(maxDepth: typed.count, budget: &remaining, where: { dictionary.completes(typed[$0], with: $1) }) { arc in
            longest = max(longest, arc.depth + 1)
            return true
        }
        return longest
    }

    /// The best `count` suggestible words in `range`, by frequency class (shortest first without
    /// frequencies).
    func forEachBest(_ count: Int, in range: Range<Int>, _ body: (_ number: Int, _ frequencyClass: UInt8) -> Void) {
        if let topK = dictionary.topK {
            topK.best(count, in: range, body)
        } else {
            dictionary.forEachShortest(count, in: range, body)
        }
    }
}
