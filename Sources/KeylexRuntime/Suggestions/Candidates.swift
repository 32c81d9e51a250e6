/// A dictionary word found for what was typed: by completion or by correction.
struct Candidate {
    var number: Int
    var frequencyClass: UInt8
    /// The edit cost (see ``EditCosts``) from the word to what was typed; for a completion, the
    /// cost of the typed prefix's case and accent differences.
    var cost: Float
    /// Whether the word is longer than what was typed (a completion, not a correction).
    var isCompletion: Bool
    /// Whether the word was found by its sound (see ``PhoneticIndex``), not within the edits
    /// searched: offered, never applied.
    var isSoundAlike: Bool
    /// The ranking score: the frequency class less ``costWeight`` per edit, a second edit
    /// counting double (two errors in one word are much rarer than one).
    var score: Float
    /// What sounding like the typed word added to ``score`` (see ``EditCosts/sameSound``): it
    /// ranks the word higher, but autocorrection is judged on ``editScore``, without it.
    var soundBonus: Float = 0
    /// What the words before added to ``score`` (see ``CandidateList/rankInContext(_:)``): like
    /// the sound bonus, it ranks but does not decide autocorrection.
    var contextBonus: Float = 0
    /// The part of ``contextBonus`` given when the candidate was added, so that it is kept among
    /// the best before it is ranked in context (a word of a low class that the text before used): ranking
    /// in context replaces it by the bonus it computes.
    var entryBonus: Float = 0

    /// Frequency classes one edit is worth: a correction one edit away must be about 48 classes
    /// (in a corpus spanning a million to one, about 14 times) more frequent to outrank an exact match.
    static let costWeight: Float = 48
    /// What a completion pays for not being the whole word yet, in edits.
    static let completionCost: Float = 0.25

    init(number: Int, frequencyClass: UInt8, cost: Float, isCompletion: Bool, isSoundAlike: Bool = false) {
        self.number = number
        self.frequencyClass = frequencyClass
        self.cost = cost
        self.isCompletion = isCompletion
        self.isSoundAlike = isSoundAlike
        let total = cost + (isCompletion ? Candidate.completionCost : 0)
        score = Float(frequencyClass) - Candidate.costWeight * (total + max(0, total - 1))
    }
}

extension Candidate {
    /// Ranks the candidate as if of frequency class `contextClass` where that is above its own,
    /// as its ``entryBonus``: what the words before make of it, until ranking in context replaces
    /// it.
    mutating func addEntryBonus(towards contextClass: Float) {
        entryBonus = max(0, contextClass - Float(frequencyClass))
        contextBonus = entryBonus
        score += entryBonus
    }

    /// Whether the word may replace the typed one on space: a correction within the edits searched,
    /// not a completion nor a word found by its sound.
    var mayReplace: Bool { !isCompletion && !isSoundAlike }
    /// Whether the word may replace the typed one and sounds like it, one edit from it or less: the
    /// typed word spells it by its sound (`absense`, `absence`).
    var isSpellingBySound: Bool { mayReplace && soundBonus > 0 && cost <= 1 }
    /// The score from the frequency and the edit cost alone.
    var editScore: Float { score - soundBonus - contextBonus }
    /// The score from the frequency, the edit cost and the words before: which of the words that
    /// fit the typed letters the context prefers.
    var contextScore: Float { score - soundBonus }
}

/// The best candidates seen so far, best first, in a fixed buffer.
struct CandidateList {
    private(set) var items: UnsafeMutableBufferPointer<Candidate>
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<Candidate>) { items = buffer }

    /// The score a new candidate must beat to be kept: none while the list has room.
    var entryScore: Float { count < items.count || count == 0 ? -.infinity : items[count - 1].score }

    /// Adds `candidate`, or improves the entry of the same word.
    mutating func add(_ candidate: Candidate) {
        if let i = (0..<count).first(where: { items[$0].number == candidate.number }) {
            guard candidate.score > items[i].score else { return }
            remove(at: i)
        }
        guard count < items.count || candidate.score > items[count - 1].score else { return }
        var i = min(count, items.count - 1)
        if count < items.count { count += 1 }
        while i > 0 && items[i - 1].score < candidate.score {
            items[i] = items[i - 1]
            i -= 1
        }
        items[i] = candidate
    }

    /// Ranks the correction of word `number`, if the list has one, as if it cost `amount` less (not
    /// below 0): see ``Candidate/soundBonus``.
    mutating func rankAsCheaper(word number: Int, by amount: Float) {
        guard let i = (0..<count).first(where: { items[$0].number == number && !items[$0].isCompletion }) else { return }
        var candidate = items[i]
        remove(at: i)
        let cheaper = Candidate(
            number: number, frequencyClass: candidate.frequencyClass, cost: max(0, candidate.cost - amount), isCompletion: false)
        candidate.soundBonus += cheaper.score - candidate.score
        candidate.score = cheaper.score
        add(candidate)
    }

    /// Adds `bonus(candidate)` to each candidate's score and ``Candidate/contextBonus`` in place
    /// of its ``Candidate/entryBonus``, and sorts the list again.
    mutating func rankInContext(_ bonus: (Candidate) -> Float) {
        for i in 0..<count {
            let amount = bonus(items[i]) - items[i].entryBonus
            items[i].entryBonus = 0
            items[i].contextBonus += amount
            items[i].score += amount
        }
        for i in 0..<count {
            let candidate = items[i]
            var j = i
            while j > 0 && items[j - 1].score < candidate.score {
                items[j] = items[j - 1]
                j -= 1
            }
            items[j] = candidate
        }
    }

    private mutating func remove(at index: Int) {
        for i in index..<(count - 1) { items[i] = items[i + 1] }
        count -= 1
    }

    subscript(i: Int) -> Candidate { items[i] }
    /// The candidates, best first.
    var all: UnsafeBufferPointer<Candidate> { UnsafeBufferPointer(rebasing: items[..<count]) }
}
