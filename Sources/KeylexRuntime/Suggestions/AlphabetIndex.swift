/// What the correction search needs per letter of a dictionary's alphabet, computed once per
/// engine so that no query repeats it:
/// - the codes of each folding class (letters equal but for case or accent), so that a typed
///   letter's variants are looked up in a wide state instead of scanned for;
/// - the walk after each first letter (its state, and the number of the words before it), so that
///   numbering a found word does not sum the counts of the root's arcs again.
struct AlphabetIndex: Sendable {
    /// The codes, grouped by folding class, in code order within a class.
    private let codes: [UInt32]
    /// Per alphabet code: where its class begins in `codes`, and how many codes it has.
    private let classes: [(start: Int32, count: Int32)]
    /// Per alphabet code: the walk over the one-letter prefix, or `nil` when no word starts with it.
    private let firstLetters: [WordDictionary.Walk?]

    init(dictionary: WordDictionary) {
        let size = dictionary.automaton.alphabet.size
        let folds = (0..<UInt32(size)).map(dictionary.foldClass(ofCode:))
        codes = (0..<UInt32(size)).sorted { (folds[Int($0)], $0) < (folds[Int($1)], $1) }
        var classes = [(start: Int32, count: Int32)](repeating: (0, 0), count: size)
        var start = 0
        while start < codes.count {
            var end = start + 1
            while end < codes.count && folds[Int(codes[end])] == folds[Int(codes[start])] { end += 1 }
            for i in start..<end { classes[Int(codes[i])] = (Int32(start), Int32(end - start)) }
            start = end
        }
        self.classes = classes
        firstLetters = Self.firstLetterWalks(dictionary)
    }

    /// Runs `body` with the index's codes.
    func withCodes<R>(_ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        codes.withUnsafeBufferPointer(body)
    }

    /// The range of the codes that share `code`'s class (empty for a code outside the alphabet).
    func range(of code: UInt32) -> Range<Int> {
        guard Int(code) < classes.count else { return 0..<0 }
        let (start, count) = classes[Int(code)]
        return Int(start)..<Int(start + count)
    }

    /// Runs `body` with the walks over each one-letter prefix, by code.
    func withFirstLetters<R>(_ body: (UnsafeBufferPointer<WordDictionary.Walk?>) -> R) -> R {
        firstLetters.withUnsafeBufferPointer(body)
    }
}

extension AlphabetIndex {
    /// Per alphabet code, the ranking walk over the one-letter prefix (`nil` when no word starts
    /// with it): one pass over the root's arcs.
    private static func firstLetterWalks(_ dictionary: WordDictionary) -> [WordDictionary.Walk?] {
        let automaton = dictionary.automaton
        var walks = [WordDictionary.Walk?](repeating: nil, count: automaton.alphabet.size)
        guard let arcs = automaton.arcs(of: dictionary.root), var cursor = automaton.cursor(arcs: arcs) else { return walks }
        var rank = 0, remaining = dictionary.wordCount
        while let arc = automaton.next(&cursor, where: { _ in true }) {
            let below: Int
            if arc.isLast {
                below = remaining - (arc.isFinal ? 1 : 0)
            } else {
                guard let count = automaton.wordCount(arc.target) else { break }
                below = count
            }
            guard Int(arc.label) < walks.count, below >= 0 else { break }
            walks[Int(arc.label)] = WordDictionary.Walk(state: arc.target, isWord: arc.isFinal, rank: rank, count: below, length: 1)
            rank += below + (arc.isFinal ? 1 : 0)
            remaining -= below + (arc.isFinal ? 1 : 0)
        }
        return walks
    }
}
