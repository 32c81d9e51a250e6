/// The word being typed in a script written without spaces between words (Thai, Lao, Khmer,
/// Myanmar): the end of the run of letters since the last space, found by splitting the run into
/// the dictionary's words.
///
/// A run such as `สวัสดีคร` is one token to ``CurrentWord``, but two words to a reader: `สวัสดี`
/// and `คร`, the start of `ครับ`. The run is split into as few pieces as can be, each a word of the
/// dictionary, except the last, which may be the start of one (it is being typed); among splits
/// into as many pieces, the one of more frequent words (the last piece counting as its most
/// frequent completion): `ขอบคุณคร` is `ขอบคุณ` and `คร`, not `ขอบ` and `คุณคร` (of `คุณครู`). A
/// letter that starts no word is a piece of its own, dearer than any two words. The word being
/// typed is the last piece, or, when the run ends in letters that start no word (a typing slip),
/// those letters after the last known word.
enum UnspacedWords {
    /// The most characters of a run read back from its end.
    static let maxRunLength = 64

    /// What a word of the split costs, less its frequency class (0 to 255): more than any class,
    /// so that fewer pieces come first and frequency decides between as many.
    static let pieceCost = 256

    /// What a letter that starts no word costs: more than any two words.
    static let unknownLetterCost = 2 * pieceCost + 255

    /// Whether `character` belongs to a script written without spaces between words.
    static func isUnspaced(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        switch value {
        case 0x0E00...0x0E7F, 0x0E80...0x0EFF, 0x1780...0x17FF, 0x19E0...0x19FF, 0x1000...0x109F: return true
        default: return false
        }
    }

    /// The word being typed at the end of `word`, a run of letters of a script written without
    /// spaces, as the dictionary splits it; `word` itself when it is not such a run or is one piece.
    static func lastWord(of word: CurrentWord, in dictionary: WordDictionary) -> CurrentWord {
        let last = lastPieces(of: word.text, in: dictionary).last!
        return last.startIndex == word.start ? word : CurrentWord(text: last)
    }

    /// The last word of `word` (all of it, unless it is a run of a script written without spaces
    /// that splits into more than one), after the word before it in the run when that is a word of
    /// the dictionary: one or two pieces, in order.
    static func lastPieces(of word: Substring, in dictionary: WordDictionary) -> [Substring] {
        guard let last = word.last, isUnspaced(last) else { return [word] }
        let run = Array(word.indices.suffix(maxRunLength))
        let split = splitPoint(run.map { word[$0] }, dictionary)
        let end = run[split.last]
        return (split.previous.map { [word[run[$0]..<end]] } ?? []) + [word[end...]]
    }

    /// Where the last piece of `characters` starts (see ``UnspacedWords``), and the piece before it
    /// when that is a word.
    static func splitPoint(_ characters: [Character], _ dictionary: WordDictionary) -> (last: Int, previous: Int?) {
        let n = characters.count
        guard n > 1 else { return (0, nil) }
        let pieces = (0..<n).map { words(from: $0, of: characters, dictionary) }
        // cost[i]: the cheapest split of the first i characters; piece[i]: where its last piece
        // starts, nil for a letter that starts no word (which wins a tie).
        var cost = [Int](repeating: .max, count: n + 1)
        var piece = [Int?](repeating: nil, count: n + 1)
        cost[0] = 0
        for start in 0..<n {
            if cost[start] + unknownLetterCost <= cost[start + 1] {
                cost[start + 1] = cost[start] + unknownLetterCost
                piece[start + 1] = nil
            }
            for word in pieces[start].words where cost[start] + word.cost < cost[word.end] {
                cost[word.end] = cost[start] + word.cost
                piece[word.end] = start
            }
        }
        // The last piece: the start of a word (or a word) after the cheapest split, the longest.
        let last = (0..<n).compactMap { start in pieces[start].completion.map { (start, cost[start] + $0) } }
        if let best = last.min(by: { $0.1 < $1.1 }) { return (best.0, piece[best.0]) }
        // No piece that ends the run starts a word: the letters after the last known word.
        var end = n
        while end > 0, piece[end] == nil { end -= 1 }
        return (end, piece[end])
    }

    /// The words of the dictionary that start at `start` of `characters`: where each ends and what
    /// it costs; and what the characters from `start` to the end cost as the start of a word (its
    /// most frequent completion's cost), `nil` when they start none.
    private static func words(
        from start: Int, of characters: [Character], _ dictionary: WordDictionary
    ) -> (words: [(end: Int, cost: Int)], completion: Int?) {
        let alphabet = dictionary.automaton.alphabet
        var walk = dictionary.rootWalk
        var words: [(end: Int, cost: Int)] = []
        for i in start..<characters.count {
            for scalar in characters[i].unicodeScalars {
                guard dictionary.step(&walk, alphabet.code(of: scalar) ?? .max, ranking: true) else { return (words, nil) }
            }
            if walk.isWord { words.append((i + 1, pieceCost - Int(dictionary.frequencyClass(at: walk.rank)))) }
        }
        var best = 255
        dictionary.topK?.best(1, in: walk.rank..<(walk.rank + walk.count + (walk.isWord ? 1 : 0))) { _, frequencyClass in
            best = Int(frequencyClass)
        }
        return (words, pieceCost - best)
    }
}

extension CurrentWord {
    /// The word `text`, a part of the text before the cursor.
    init(text: Substring) {
        self.text = text
        start = text.startIndex
    }
}
