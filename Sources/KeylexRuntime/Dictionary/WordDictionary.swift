/// A compiled word dictionary, read in place from a memory-mapped (or borrowed) file.
///
/// Opening checks the header and section table and reads a few counts: O(1), no parsing, no copy.
/// Lookups decode the automaton directly from the mapped bytes, allocate nothing (except the
/// `String`s and arrays the convenience methods return), and are safe from many threads at once.
/// Words are compared scalar by scalar: pass NFC text, as the compiler stores NFC.
public struct WordDictionary: Sendable {
    /// The container the dictionary was read from.
    public let container: Container
    let automaton: Automaton
    let root: StateRef
    /// The number of words.
    public let wordCount: Int
    /// The number of states of the minimal automaton (the final stop state not counted).
    public let stateCount: Int
    /// The number of arcs of the minimal automaton.
    public let arcCount: Int
    /// The longest word, in Unicode scalars, a lookup will walk.
    public let maxWordLength: Int
    let frequencies: ByteView?
    let topK: TopKTree?
    let flagEntries: ByteView?
    /// One `UInt16` folding class per alphabet code, when the file has them.
    let foldClasses: ByteView?

    /// Maps and opens the dictionary at `path`.
    public init(contentsOf path: String) throws(KeylexError) {
        try self.init(container: Container(contentsOf: path))
    }

    /// Opens a copy of `bytes`.
    public init(bytes: some Collection<UInt8>) throws(KeylexError) {
        try self.init(container: Container(bytes: bytes))
    }

    /// Opens the dictionary in an already opened container.
    public init(container: Container) throws(KeylexError) {
        typealias H = DictionaryFormat.HeaderField
        guard container.features.contains(.dictionary) else { throw .missingSection("DICT") }
        let header = try container.requiredSection(.dictionaryHeader)
        guard header.count >= H.size else { throw .truncated("DICT") }
        let alphabet = try Alphabet(section: container.requiredSection(.alphabet))
        let bytes = try container.requiredSection(.automaton)
        let automaton = Automaton(bytes: bytes, alphabet: alphabet)
        let words = Int(header.u32(H.wordCount)!)
        let root = Int(header.u32(H.rootOffset)!)
        let maxLength = Int(header.u32(H.maxWordLength)!)
        let fanout = Int(header.u32(H.topKFanout)!)
        guard Int(header.u32(H.alphabetSize)!) == alphabet.size else { throw .malformed("alphabet size") }
        let rootState = StateRef(offset: root, hasCount: true)
        guard root < bytes.count, automaton.wordCount(rootState) == words else {
            throw .malformed("root state does not hold \(words) words")
        }
        guard maxLength <= 255 else { throw .malformed("maximum word length \(maxLength)") }
        if container.features.contains(.frequencies) {
            let frequencies = try container.requiredSection(.frequencies)
            guard frequencies.count == words else { throw .malformed("FREQ has \(frequencies.count) classes for \(words) words") }
            guard (2...256).contains(fanout) else { throw .malformed("top-k fan-out \(fanout)") }
            self.frequencies = frequencies
            topK = try TopKTree(frequencies: frequencies, section: container.requiredSection(.topK), fanout: fanout)
        } else {
            frequencies = nil
            topK = nil
        }
        if container.features.contains(.wordFlags) {
            let section = try container.requiredSection(.wordFlags)
            guard let count = section.u32(0) else { throw .truncated("FLAG") }
            flagEntries = try section.slice(4, Int(count) * 8, "FLAG entries")
        } else {
            flagEntries = nil
        }
        if container.features.contains(.folding) {
            let section = try container.requiredSection(.folding)
            guard section.u32(0).map(Int.init) == alphabet.size else { throw .malformed("FOLD does not cover the alphabet") }
            foldClasses = try section.slice(DictionaryFormat.FoldLayout.classesOffset, alphabet.size * 2, "FOLD classes")
        } else {
            foldClasses = nil
        }
        self.container = container
        self.automaton = automaton
        self.root = rootState
        wordCount = words
        stateCount = Int(header.u32(H.stateCount)!)
        arcCount = Int(header.u32(H.arcCount)!)
        maxWordLength = maxLength
    }

    /// Whether the dictionary stores frequency classes (plain word lists have none).
    public var hasFrequencies: Bool { frequencies != nil }

    /// The Unicode scalars that occur in the dictionary's words, in scalar order.
    public var alphabet: [Unicode.Scalar] { automaton.alphabet.scalars }

    // MARK: Walking

    /// Where a walk over a prefix from the root ended.
    struct Walk {
        /// The state the last arc led to (the root for an empty prefix).
        var state: StateRef
        /// Whether the prefix itself is a word.
        var isWord: Bool
        /// The number of words before the first word starting with the prefix (when ranking).
        var rank: Int
        /// The number of words in the right language of `state` (when ranking).
        var count: Int
    }

    /// Follows `scalars` from the root. With `ranking`, also counts the words before the prefix and
    /// below it; a state that stores no count gets it from its parent's, less its other arcs' words.
    @inline(__always)
    func walk(_ scalars: some Sequence<Unicode.Scalar>, ranking: Bool) -> Walk? {
        var state = root
        var count = wordCount
        var isWord = false
        var rank = 0
        var length = 0
        for scalar in scalars {
            guard length < maxWordLength, let code = automaton.alphabet.code(of: scalar),
                  state != .stop, let arcs = automaton.header(state)?.arcs else { return nil }
            if isWord && ranking { rank += 1 }
            let before = rank
            guard let arc = automaton.find(code, arcs: arcs, rank: &rank, ranking: ranking) else { return nil }
            if ranking {
                if arc.isLast {
                    count -= rank - before + (arc.isFinal ? 1 : 0)
                } else {
                    guard let below = automaton.wordCount(arc.target) else { return nil }
                    count = below
                }
                guard count >= 0 else { return nil }
            }
            state = arc.target
            isWord = arc.isFinal
            length += 1
        }
        return Walk(state: state, isWord: isWord && length > 0, rank: rank, count: count)
    }

    // MARK: Membership, numbers, classes

    /// Whether `word` is in the dictionary (blocked words included).
    public func contains(_ word: String) -> Bool {
        walk(word.unicodeScalars, ranking: false)?.isWord ?? false
    }

    /// The number of `word`: its position in lexicographic (Unicode scalar) order, from 0.
    public func number(of word: String) -> Int? {
        guard let walk = walk(word.unicodeScalars, ranking: true), walk.isWord else { return nil }
        return walk.rank
    }

    /// The word numbered `number`, or `nil` when out of range.
    public func word(at number: Int) -> String? {
        guard number >= 0, number < wordCount else { return nil }
        return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: max(maxWordLength, 1)) { buffer in
            guard let length = automaton.select(rank: number, from: root, into: buffer, length: 0) else { return nil }
            return String(scalars: UnsafeBufferPointer(rebasing: buffer[..<length]))
        }
    }

    /// The frequency class of `word` (0 never suggested, 1…255 rarest to most frequent), or `nil` when unknown.
    public func frequencyClass(of word: String) -> UInt8? {
        number(of: word).map(frequencyClass(at:))
    }

    /// The frequency class of word `number`. Without a frequency section every word has
    /// ``DictionaryFormat/uniformClass`` unless its flags keep it out of suggestions.
    public func frequencyClass(at number: Int) -> UInt8 {
        if let frequencies { return frequencies.u8(number) ?? DictionaryFormat.neverSuggestedClass }
        return flags(at: number).isDisjoint(with: .neverSuggested)
            ? DictionaryFormat.uniformClass : DictionaryFormat.neverSuggestedClass
    }

    /// The flags of word `number` (blocked, possibly offensive, not a word).
    public func flags(at number: Int) -> DictionaryFormat.WordFlags {
        guard let entries = flagEntries, number >= 0 else { return [] }
        var low = 0
        var high = entries.count / 8
        while low < high {
            let mid = (low + high) / 2
            let candidate = Int(entries.u32(mid * 8)!)
            if candidate == number { return .init(rawValue: entries.u32(mid * 8 + 4)!) }
            if candidate < number { low = mid + 1 } else { high = mid }
        }
        return []
    }

    /// The word numbers of the words that start with `prefix`: a contiguous range (empty when none).
    public func prefixRange(_ prefix: String) -> Range<Int> {
        guard let walk = walk(prefix.unicodeScalars, ranking: true) else { return 0..<0 }
        return walk.rank..<(walk.rank + walk.count + (walk.isWord ? 1 : 0))
    }
}

extension String {
    /// A string of the given scalars.
    init(scalars: UnsafeBufferPointer<Unicode.Scalar>) {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        self = String(result)
    }
}
