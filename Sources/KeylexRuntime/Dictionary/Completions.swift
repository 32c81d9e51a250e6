/// A word that completes a prefix, with its frequency class and number.
public struct Completion: Sendable, Hashable {
    /// The whole word, prefix included.
    public let word: String
    /// Its frequency class: 1…255, rarest to most frequent.
    public let frequencyClass: UInt8
    /// Its number in the dictionary.
    public let number: Int

    public init(word: String, frequencyClass: UInt8, number: Int) {
        self.word = word
        self.frequencyClass = frequencyClass
        self.number = number
    }
}

extension WordDictionary {
    /// Calls `body` with each word that starts with `prefix`, in lexicographic order, and its number,
    /// until `body` returns `false`. The buffer is only valid during the call. Allocates nothing.
    /// On a malformed file the walk stops early instead of looping.
    public func forEachWord(
        withPrefix prefix: String,
        _ body: (_ word: UnsafeBufferPointer<Unicode.Scalar>, _ number: Int) -> Bool
    ) {
        guard let walk = walk(prefix, ranking: true),
            let arcs = automaton.arcs(of: walk.state)
        else { return }
        let end = walk.rank + walk.count + (walk.isWord ? 1 : 0)
        let capacity = maxWordLength
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: max(capacity, 1)) { word in
            // Per depth: the next arc to read (its cursor's `next` is -1 when none is left).
            withUnsafeTemporaryAllocation(of: Automaton.ArcCursor.self, capacity: capacity + 1) { stack in
                var base = 0
                for scalar in prefix.unicodeScalars {
                    word[base] = scalar
                    base += 1
                }
                var number = walk.rank
                if walk.isWord {
                    guard body(UnsafeBufferPointer(rebasing: word[..<base]), number) else { return }
                    number += 1
                }
                guard walk.state != .stop, base < capacity, let first = automaton.cursor(arcs: arcs) else { return }
                var depth = 0
                stack[0] = first
                // Each word's path has at most `capacity` arcs; a walk longer than that per word means
                // the bytes are malformed (a cycle), so stop rather than wander.
                var budget = (end - number + 1) &* (capacity + 1)
                while depth >= 0 && number < end && budget > 0 {
                    budget -= 1
                    if stack[depth].next < 0 {
                        depth -= 1
                        continue
                    }
                    guard let arc = automaton.next(&stack[depth], where: { _ in true }) else { return }
                    let length = base + depth + 1
                    word[length - 1] = automaton.alphabet.scalar(of: arc.label)
                    if arc.isFinal {
                        guard body(UnsafeBufferPointer(rebasing: word[..<length]), number) else { return }
                        number += 1
                    }
                    if arc.target != .stop {
                        guard length < capacity, let next = automaton.arcs(of: arc.target),
                            let cursor = automaton.cursor(arcs: next)
                        else { return }
                        depth += 1
                        stack[depth] = cursor
                    }
                }
            }
        }
    }

    /// The words that start with `prefix`, in lexicographic order, at most `limit` of them.
    public func words(withPrefix prefix: String, limit: Int = .max) -> [String] {
        var result: [String] = []
        guard limit > 0 else { return result }
        forEachWord(withPrefix: prefix) { word, _ in
            result.append(String(scalars: word))
            return result.count < limit
        }
        return result
    }

    /// The most completions one call gives: a larger `count` is taken as this.
    public static let maxCompletions = 1_024

    /// Calls `body` with the `count` best completions of `prefix` (at most ``maxCompletions``),
    /// best first: highest frequency class, then lexicographic order (without frequencies: shortest,
    /// then lexicographic order). Words that are never
    /// suggested (class 0: blocked, possibly offensive, not a word) are skipped. The prefix itself
    /// counts when it is a word. Allocates nothing for small counts; the buffer is only valid
    /// during the call.
    public func forEachCompletion(
        of prefix: String, count: Int,
        _ body: (_ word: UnsafeBufferPointer<Unicode.Scalar>, _ number: Int, _ frequencyClass: UInt8) -> Void
    ) {
        guard count > 0 else { return }
        let count = min(count, Self.maxCompletions)
        guard let walk = walk(prefix, ranking: true) else { return }
        let range = walk.rank..<(walk.rank + walk.count + (walk.isWord ? 1 : 0))
        guard let topK else {
            withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: max(maxWordLength, 1)) { word in
                forEachShortest(count, in: range) { number, frequencyClass in
                    guard let length = automaton.select(rank: number, from: root, into: word, length: 0) else { return }
                    body(UnsafeBufferPointer(rebasing: word[..<length]), number, frequencyClass)
                }
            }
            return
        }
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: max(maxWordLength, 1)) { word in
            var base = 0
            for scalar in prefix.unicodeScalars {
                word[base] = scalar
                base += 1
            }
            topK.best(count, in: range) { number, frequencyClass in
                var rank = number - range.lowerBound
                if walk.isWord {
                    if rank == 0 {
                        body(UnsafeBufferPointer(rebasing: word[..<base]), number, frequencyClass)
                        return
                    }
                    rank -= 1
                }
                guard let length = automaton.select(rank: rank, from: walk.state, into: word, length: base) else { return }
                body(UnsafeBufferPointer(rebasing: word[..<length]), number, frequencyClass)
            }
        }
    }

    /// How many words of a range a dictionary without frequencies looks at for its shortest ones.
    static let shortestScan = 2_048

    /// A dictionary without frequencies (a spelling dictionary's word list) ranks words by length:
    /// calls `body` with the `count` shortest suggestible words among the first ``shortestScan`` of
    /// `range` (words numbered in lexicographic order), shortest first, then by number. A short word
    /// is more likely the one meant than the long words it starts; the scan bounds the work, and
    /// walks the range's words once in order (``Automaton/forEachLength(below:depth:maxLength:skip:count:budget:_:)``).
    func forEachShortest(_ count: Int, in range: Range<Int>, _ body: (_ number: Int, _ frequencyClass: UInt8) -> Void) {
        var best: [(length: Int, number: Int)] = []
        let first = max(range.lowerBound, 0), scan = min(range.count, Self.shortestScan)
        guard scan > 0 else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: scan) { lengths in
            // The lengths first, then the frequencies: the walk's closure captures no copy of the
            // dictionary. The budget is enough for the range's words: each reads at most a path of
            // arcs, and the path to the first passes at most the alphabet's arcs at each letter.
            var skip = first, left = scan, found = 0, budget = (scan + automaton.alphabet.size) * (maxWordLength + 1)
            _ = automaton.forEachLength(below: root, depth: 0, maxLength: maxWordLength, skip: &skip, count: &left, budget: &budget) {
                length in
                lengths[found] = length
                found += 1
            }
            for (offset, length) in lengths[..<found].enumerated() {
                guard frequencyClass(at: first + offset) != DictionaryFormat.neverSuggestedClass,
                    best.count < count || length < best[best.count - 1].length
                else { continue }
                best.insert((length, first + offset), at: best.firstIndex { $0.length > length } ?? best.count)
                if best.count > count { best.removeLast() }
            }
        }
        for entry in best { body(entry.number, frequencyClass(at: entry.number)) }
    }

    /// The `count` best completions of `prefix`, best first (see ``forEachCompletion(of:count:_:)``).
    public func completions(of prefix: String, count: Int = 10) -> [Completion] {
        var result: [Completion] = []
        forEachCompletion(of: prefix, count: count) { word, number, frequencyClass in
            result.append(Completion(word: String(scalars: word), frequencyClass: frequencyClass, number: number))
        }
        return result
    }
}
