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
    /// What the dictionary asks of the engine that reads it.
    public let options: DictionaryFormat.Options
    let frequencies: ByteView?
    let topK: TopKTree?
    let flagEntries: ByteView?
    /// One `UInt16` folding class per alphabet code, when the file has them.
    let foldClasses: ByteView?
    /// The optional sections this runtime reads (absent or damaged ones read as empty).
    let shortcutTable: TextTable?
    let labelTable: TextTable?
    let metadataTable: TextTable?

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
        typealias HeaderField = DictionaryFormat.HeaderField
        guard container.features.contains(.dictionary) else { throw .missingSection("DICT") }
        let header = try container.requiredSection(.dictionaryHeader)
        guard header.count >= HeaderField.size else { throw .truncated("DICT") }
        let alphabet = try Alphabet(section: container.requiredSection(.alphabet))
        let bytes = try container.requiredSection(.automaton)
        let automaton = Automaton(bytes: bytes, alphabet: alphabet, ranks: DenseRanks(container: container))
        let words = Int(header.u32(HeaderField.wordCount)!)
        let root = Int(header.u32(HeaderField.rootOffset)!)
        let maxLength = Int(header.u32(HeaderField.maxWordLength)!)
        let fanout = Int(header.u32(HeaderField.topKFanout)!)
        guard Int(header.u32(HeaderField.alphabetSize)!) == alphabet.size else { throw .malformed("alphabet size") }
        let rootState = StateRef(offset: root, hasCount: true)
        guard root < bytes.count, automaton.wordCount(rootState) == words else {
            throw .malformed("root state does not hold \(words) words")
        }
        guard maxLength <= 255 else { throw .malformed("maximum word length \(maxLength)") }
        // Every state and every arc takes at least a byte of the automaton: larger counts are forged.
        let states = Int(header.u32(HeaderField.stateCount)!), arcs = Int(header.u32(HeaderField.arcCount)!)
        guard states <= bytes.count, arcs <= bytes.count else {
            throw .malformed("DICT counts \(states) states and \(arcs) arcs in \(bytes.count) bytes")
        }
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
        shortcutTable = Self.optionalTable(container, .shortcuts)
        labelTable = Self.optionalTable(container, .labels)
        metadataTable = Self.optionalTable(container, .metadata)
        self.container = container
        self.automaton = automaton
        self.root = rootState
        wordCount = words
        stateCount = states
        arcCount = arcs
        maxWordLength = maxLength
        options = DictionaryFormat.Options(rawValue: header.u32(HeaderField.options)!)
    }

    /// An optional section's table, or `nil` when the file has none or it is damaged: optional
    /// sections only add to what the dictionary offers, so a bad one is skipped.
    private static func optionalTable(_ container: Container, _ tag: SectionTag) -> TextTable? {
        container.section(tag).flatMap { try? TextTable(section: $0, name: tag.description) }
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
        /// The number of letters walked.
        var length: Int
    }

    /// Follows the scalars of `text` from the root (see ``walk(codes:ranking:)``), decoded from its
    /// UTF-8 bytes, in place where the string holds them contiguously (native strings, small ones
    /// included): iterating a small string's scalar view reloads its bytes at each step.
    @inline(__always)
    func walk(_ text: String, ranking: Bool) -> Walk? {
        text.utf8.withContiguousStorageIfAvailable { walk(utf8: $0, ranking: ranking) }
            ?? Array(text.utf8).withUnsafeBufferPointer { walk(utf8: $0, ranking: ranking) }
    }

    @inline(__always)
    private func walk(utf8 bytes: UnsafeBufferPointer<UInt8>, ranking: Bool) -> Walk? {
        // A loop of its own rather than a lazy map into walk(codes:): the closure would copy `self`.
        let alphabet = automaton.alphabet
        var walk = rootWalk
        var i = 0
        while i < bytes.count {
            let code = Unicode.Scalar(Self.scalarValue(in: bytes, at: &i)).flatMap { alphabet.code(of: $0) } ?? .max
            guard step(&walk, code, ranking: ranking) else { return nil }
        }
        return walk
    }

    /// The value of the scalar that starts at `i` of the valid UTF-8 `bytes` (a string's); moves `i`
    /// past it.
    @inline(__always)
    private static func scalarValue(in bytes: UnsafeBufferPointer<UInt8>, at i: inout Int) -> UInt32 {
        let lead = bytes[i]
        i += 1
        guard lead >= 0x80 else { return UInt32(lead) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for _ in 1..<length where i < bytes.count {
            value = value << 6 | UInt32(bytes[i] & 0x3F)
            i += 1
        }
        return value
    }

    /// Follows the alphabet codes `codes` from the root (`.max` matches no arc); see ``step(_:_:ranking:)``.
    @inline(__always)
    func walk(codes: some Sequence<UInt32>, ranking: Bool) -> Walk? {
        var walk = rootWalk
        for code in codes {
            guard step(&walk, code, ranking: ranking) else { return nil }
        }
        return walk
    }

    /// The walk over the empty prefix.
    var rootWalk: Walk { Walk(state: root, isWord: false, rank: 0, count: wordCount, length: 0) }

    /// Extends `walk` by the arc labelled `code`; `false` when there is none. With `ranking`, also
    /// counts the words before the prefix and below it; a state that stores no count gets it from
    /// its parent's, less its other arcs' words.
    @inline(__always)
    func step(_ walk: inout Walk, _ code: UInt32, ranking: Bool) -> Bool {
        guard walk.length < maxWordLength, walk.state != .stop, let arcs = automaton.arcs(of: walk.state) else { return false }
        if walk.isWord && ranking { walk.rank += 1 }
        let before = walk.rank
        guard let arc = automaton.find(code, arcs: arcs, rank: &walk.rank, ranking: ranking) else { return false }
        if ranking {
            if arc.isLast {
                walk.count -= walk.rank - before + (arc.isFinal ? 1 : 0)
            } else {
                guard let below = automaton.wordCount(arc.target) else { return false }
                walk.count = below
            }
            guard walk.count >= 0 else { return false }
        }
        walk.state = arc.target
        walk.isWord = arc.isFinal
        walk.length += 1
        return true
    }

    // MARK: Membership, numbers, classes

    /// Whether `word` is in the dictionary (blocked words included).
    public func contains(_ word: String) -> Bool {
        walk(word, ranking: false)?.isWord ?? false
    }

    /// The number of `word`: its position in lexicographic (Unicode scalar) order, from 0.
    public func number(of word: String) -> Int? {
        Self.number(walk(word, ranking: true))
    }

    static func number(_ walk: Walk?) -> Int? {
        guard let walk, walk.isWord else { return nil }
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

    /// Writes the letters of word `number` into `scalars` (which holds ``maxWordLength``); returns
    /// their count, or `nil` for a number out of range.
    func scalars(ofWord number: Int, into scalars: UnsafeMutableBufferPointer<Unicode.Scalar>) -> Int? {
        guard number >= 0, number < wordCount else { return nil }
        return automaton.select(rank: number, from: root, into: scalars, length: 0)
    }

    /// Writes the alphabet codes of word `number` into `codes` (which holds ``maxWordLength``);
    /// returns their count, or `nil` for a number out of range.
    func comparisonCodes(ofWord number: Int, into codes: UnsafeMutableBufferPointer<UInt32>) -> Int? {
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: max(maxWordLength, 1)) { buffer in
            guard let length = scalars(ofWord: number, into: buffer), length <= codes.count else { return nil }
            for i in 0..<length { codes[i] = comparisonCode(ofTyped: buffer[i]) }
            return length
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
        let count = entries.count / 8
        let found = lowerBound(in: 0..<count) { Int(entries.u32($0 * 8)!) < number }
        guard found < count, Int(entries.u32(found * 8)!) == number else { return [] }
        return .init(rawValue: entries.u32(found * 8 + 4)!)
    }

    /// The word numbers of the words that start with `prefix`: a contiguous range (empty when none).
    public func prefixRange(_ prefix: String) -> Range<Int> {
        Self.range(walk(prefix, ranking: true))
    }

    /// The word numbers of the words that start with the alphabet codes `codes`.
    func prefixRange(ofCodes codes: UnsafeBufferPointer<UInt32>) -> Range<Int> {
        Self.range(walk(codes: codes, ranking: true))
    }

    private static func range(_ walk: Walk?) -> Range<Int> {
        guard let walk else { return 0..<0 }
        return walk.rank..<(walk.rank + walk.count + (walk.isWord ? 1 : 0))
    }
}

// MARK: Optional sections

extension WordDictionary {
    /// The shortcuts of word `number` (AOSP's `shortcut=`): texts offered for the word, with their
    /// frequency (0…14, or ``DictionaryFormat/whitelistShortcut`` to replace the typed word).
    public func shortcuts(at number: Int) -> [(target: String, frequency: UInt8)] {
        (shortcutTable?.entries(for: number) ?? []).map { ($0.text, $0.kind) }
    }

    /// The number of shortcuts in the dictionary.
    public var shortcutCount: Int { shortcutTable?.count ?? 0 }

    /// Every shortcut, by word number.
    public var allShortcuts: [TextTable.Entry] { shortcutTable.map { t in (0..<t.count).compactMap(t.entry) } ?? [] }

    /// Every label, by word number.
    public var allLabels: [TextTable.Entry] { labelTable.map { t in (0..<t.count).compactMap(t.entry) } ?? [] }

    /// The words that have flags, with them, by number.
    public var flaggedWords: [(number: Int, flags: DictionaryFormat.WordFlags)] {
        guard let entries = flagEntries else { return [] }
        return (0..<entries.count / 8).compactMap { i in
            guard let number = entries.u32(i * 8), let raw = entries.u32(i * 8 + 4) else { return nil }
            return (Int(number), DictionaryFormat.WordFlags(rawValue: raw))
        }
    }

    /// The labels of word `number` (AOSP's `flags=`: `abbreviation`, `medical`, …).
    public func labels(at number: Int) -> [String] {
        (labelTable?.entries(for: number) ?? []).map(\.text)
    }

    /// The source's attributes (locale, description, version, options), in source order.
    public var attributes: [(key: String, value: String)] {
        guard let table = metadataTable else { return [] }
        return (0..<table.count).compactMap { table.entry($0) }.map { entry in
            let parts = entry.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The value of the source attribute `key`, if present.
    public func attribute(_ key: String) -> String? {
        attributes.first { $0.key == key }?.value
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
