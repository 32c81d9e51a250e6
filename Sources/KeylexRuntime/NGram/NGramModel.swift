#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `ngrm` section (see ``NGramFormat``), opened: a back-off model of how likely a word is after
/// the one or two before it, over the dictionary's word numbers, backing off to the unigram
/// probability that a word's frequency class gives.
struct NGramModel: Sendable {
    /// The dictionary's word count; the number `wordCount` stands for the start of a sentence.
    let wordCount: Int
    /// The context number of a sentence's start, `<s>`.
    var sentenceStart: Int { wordCount }
    /// The context number of a number, `<num>` (a file before ``NGramFormat/firstNumberVersion``
    /// has no such context).
    var numberStart: Int { wordCount + 1 }
    private let intercept: Float
    private let slope: Float
    /// The two codebooks: log-probabilities, then back-off weights.
    private let codebooks: ByteView
    /// The probability each log-probability code stands for (10 to its power): what a context's
    /// entries leave (``leftOver(_:of:)``) is summed without `pow`.
    private let probabilities: [Float]
    let bigrams: NGramLevel
    let trigrams: NGramLevel

    /// Opens the section of `container`, or `nil` when it has none or it is damaged (an optional
    /// section only adds to what the dictionary offers, so a bad one is skipped). Costs O(section).
    init?(container: Container, wordCount: Int) {
        typealias Field = NGramFormat.Field
        guard let section = container.section(NGramFormat.tag), section.u32(Field.wordCount).map(Int.init) == wordCount,
            wordCount < NGramFormat.maxWords,
            let bigramContexts = section.u32(Field.bigramContexts).map(Int.init),
            let bigramCount = section.u32(Field.bigrams).map(Int.init),
            let trigramContexts = section.u32(Field.trigramContexts).map(Int.init),
            let trigramCount = section.u32(Field.trigrams).map(Int.init),
            let intercept = section.u32(Field.classIntercept).map(Float.init(bitPattern:)),
            let slope = section.u32(Field.classSlope).map(Float.init(bitPattern:)), intercept.isFinite, slope.isFinite, slope > 0,
            let codebooks = try? section.slice(NGramFormat.headerSize, 8 * NGramFormat.codebookSize, "ngrm codebooks")
        else { return nil }
        let probabilities = (0..<NGramFormat.codebookSize).map { code in
            powf(10, codebooks.u32(code * 4).map(Float.init(bitPattern:)) ?? -100)
        }
        var offset = NGramFormat.tablesOffset
        let maxKey = NGramFormat.maxContextWord(wordCount: wordCount, minorVersion: container.minorVersion)
        let bigramWidths = NGramFormat.Widths.bigrams(wordCount: wordCount, maxKey: maxKey, entries: bigramCount)
        let trigramWidths = NGramFormat.Widths.trigrams(wordCount: wordCount, bigrams: bigramCount, entries: trigramCount)
        guard
            let bigrams = NGramLevel(
                section, offset: &offset, contexts: bigramContexts, entries: bigramCount, widths: bigramWidths,
                keyLimit: maxKey + 1, maxWord: wordCount - 1, probabilities: probabilities),
            let trigrams = NGramLevel(
                section, offset: &offset, contexts: trigramContexts, entries: trigramCount, widths: trigramWidths,
                keyLimit: bigramCount, maxWord: wordCount - 1),
            offset == section.count
        else { return nil }
        self.wordCount = wordCount
        self.intercept = intercept
        self.slope = slope
        self.codebooks = codebooks
        self.probabilities = probabilities
        self.bigrams = bigrams
        self.trigrams = trigrams
        let codes = UInt8.min...UInt8.max
        guard codes.allSatisfy({ probability($0) <= 0 && probability($0) > -100 && abs(backoff($0)) < 100 }) else { return nil }
    }

    /// The log-probability (base 10) that code `code` stands for.
    func probability(_ code: UInt8) -> Float {
        codebooks.u32(Int(code) * 4).map(Float.init(bitPattern:)) ?? -100
    }

    /// The back-off weight (base 10 logarithm) that code `code` stands for.
    func backoff(_ code: UInt8) -> Float {
        codebooks.u32((NGramFormat.codebookSize + Int(code)) * 4).map(Float.init(bitPattern:)) ?? 0
    }

    /// The unigram log-probability of a word of frequency class `frequencyClass`.
    func unigram(_ frequencyClass: UInt8) -> Float { intercept + slope * Float(frequencyClass) }

    /// The frequency class a word would need for its unigram probability to be `logProbability`:
    /// how a probability in context compares with the classes that rank words without one.
    func frequencyClass(equivalentTo logProbability: Float) -> Float { (logProbability - intercept) / slope }

    /// How far a word of class `frequencyClass` moves when it is ranked `weight` of the way towards
    /// the class its probability in context, `logProbability`, is worth.
    func classShift(_ logProbability: Float, from frequencyClass: UInt8, weight: Float) -> Float {
        weight * (self.frequencyClass(equivalentTo: logProbability) - Float(frequencyClass))
    }

    /// The words before the one to predict, found in the model once per query.
    struct Context {
        /// The bigram context of the last word, if it has one.
        var last: Int?
        /// The trigram context of the last two words, if they have one.
        var pair: Int?
        /// The back-off weights of the last word and of the last two words.
        var lastBackoff: Float = 0
        var pairBackoff: Float = 0
        /// What the last word's bigrams leave to the words they do not list (``leftOver(_:of:)``,
        /// from the sums the bigram level found when it was read).
        var lastShare: Float = 0
    }

    /// The context of `last` (a word number, ``sentenceStart`` or ``numberStart``), after
    /// `previous` when known.
    func context(previous: Int?, last: Int?) -> Context {
        var context = Context()
        guard let last, let index = bigrams.context(last) else { return context }
        context.last = index
        context.lastBackoff = backoff(bigrams.backoffCode(index))
        context.lastShare = Self.share(left: 1 - (bigrams.taken.indices.contains(index) ? bigrams.taken[index] : 0))
        if let previous, let p = bigrams.context(previous), let pairEntry = bigrams.entry(of: last, in: bigrams.entries(ofContext: p)),
            let pair = trigrams.context(pairEntry)
        {
            context.pair = pair
            context.pairBackoff = backoff(trigrams.backoffCode(pair))
        }
        return context
    }

    /// The log-probability (base 10) of word `number`, of class `frequencyClass`, in `context`:
    /// its trigram's, else the pair's back-off plus its bigram's, else both back-offs plus its
    /// unigram probability.
    func logProbability(of number: Int, frequencyClass: UInt8, in context: Context) -> Float {
        if let pair = context.pair, let e = trigrams.entry(of: number, in: trigrams.entries(ofContext: pair)) {
            return probability(trigrams.code(e))
        }
        return context.pairBackoff + bigramProbability(of: number, frequencyClass: frequencyClass, in: context)
    }

    /// The log-probability of `number` after the last word alone.
    func bigramProbability(of number: Int, frequencyClass: UInt8, in context: Context) -> Float {
        if let last = context.last, let e = bigrams.entry(of: number, in: bigrams.entries(ofContext: last)) {
            return probability(bigrams.code(e))
        }
        return context.lastBackoff + unigram(frequencyClass)
    }

    /// The share of the probability (base 10 logarithm) that the entries `range` of `level` leave
    /// to the words their context does not list: one less their probabilities, at least
    /// ``leastLeftOver`` (rounding may make the listed words take it all). Costs one pass over them.
    func leftOver(_ range: Range<Int>, of level: NGramLevel) -> Float {
        var taken: Float = 0
        level.forEachEntry(in: range) { _, _, code in
            taken += probabilities[Int(code)]
            return true
        }
        return Self.share(left: 1 - taken)
    }

    /// The share `left` as ``leftOver(_:of:)`` gives it: its logarithm, at least ``leastLeftOver``'s.
    private static func share(left: Float) -> Float { log10f(max(left, leastLeftOver)) }

    /// Calls `body` with each word that `context` lists (its last two words' trigrams and its last
    /// word's bigrams) and its log-probability there by the model interpolated (interpolated
    /// absolute discounting, docs/PREDICTION.md): its trigram's, if listed, plus the share the
    /// trigrams leave to the words they do not list times its probability after the last word
    /// alone, which is made the same way of its bigram's and its unigram's (`unigram(word)`).
    /// `body` returns the log-probability a word must now beat to count: the words a bound (a sum
    /// is at most twice its larger part) keeps under it are passed over unsummed. Returns what a
    /// word the context does not list gets besides its unigram log-probability: the two shares.
    func forEachInterpolated(
        in context: Context, unigram: (Int) -> Float, _ body: (_ word: Int, _ logProbability: Float) -> Float
    ) -> Float {
        let pairEntries = context.pair.map { trigrams.entries(ofContext: $0) } ?? 0..<0
        let pairShare = leftOver(pairEntries, of: trigrams), lastShare = context.lastShare
        let likeliestUnigramPart = lastShare + self.unigram(.max)
        var threshold = -Float.infinity
        /// Word `word`, with its trigram's and its bigram's log-probabilities (−∞ where not listed).
        func visit(_ word: Int, _ trigram: Float, _ bigram: Float) {
            func bound(_ unigramPart: Float) -> Float {
                let bigramLevel = bigram > -.infinity ? max(bigram, unigramPart) + Self.log10Of2 : unigramPart
                return trigram > -.infinity ? max(trigram, pairShare + bigramLevel) + Self.log10Of2 : pairShare + bigramLevel
            }
            // The first bound without the word's own unigram, which takes a read.
            guard bound(likeliestUnigramPart) > threshold else { return }
            let unigramPart = lastShare + unigram(word)
            guard bound(unigramPart) > threshold else { return }
            let bigramLevel = bigram > -.infinity ? Self.logSum(bigram, unigramPart) : unigramPart
            threshold = body(word, trigram > -.infinity ? Self.logSum(trigram, pairShare + bigramLevel) : pairShare + bigramLevel)
        }
        // Both lists are sorted by word: walked together, the long bigram list read as one run.
        var nextTrigram = pairEntries.lowerBound
        bigrams.forEachEntry(in: context.last.map { bigrams.entries(ofContext: $0) } ?? 0..<0) { _, word, code in
            var trigram = -Float.infinity
            while nextTrigram < pairEntries.upperBound {
                let entry = trigrams.entry(nextTrigram)
                guard entry.word <= word else { break }
                nextTrigram += 1
                guard entry.word < word else {
                    trigram = probability(entry.code)
                    break
                }
                visit(entry.word, probability(entry.code), -.infinity)
            }
            visit(word, trigram, probability(code))
            return true
        }
        trigrams.forEachEntry(in: nextTrigram..<pairEntries.upperBound) { _, word, code in
            visit(word, probability(code), -.infinity)
            return true
        }
        return pairShare + lastShare
    }

    /// Whether `context` lists word `number`: its last two words' trigrams or its last word's bigrams.
    func lists(_ number: Int, in context: Context) -> Bool {
        context.pair.map { trigrams.entry(of: number, in: trigrams.entries(ofContext: $0)) != nil } == true
            || context.last.map { bigrams.entry(of: number, in: bigrams.entries(ofContext: $0)) != nil } == true
    }

    /// log10(2): how far the sum of two probabilities can be above the larger (base 10 logarithms).
    static let log10Of2: Float = 0.30103

    /// The least share ``leftOver(_:of:)`` gives.
    static let leastLeftOver: Float = 0.01

    /// `log10(10^a + 10^b)`: two probabilities' sum, of their logarithms.
    static func logSum(_ a: Float, _ b: Float) -> Float {
        let (high, low) = a > b ? (a, b) : (b, a)
        return high + log10f(1 + powf(10, low - high))
    }
}
