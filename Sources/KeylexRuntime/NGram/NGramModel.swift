/// The `ngrm` section (see ``NGramFormat``), opened: a back-off model of how likely a word is after
/// the one or two before it, over the dictionary's word numbers, backing off to the unigram
/// probability that a word's frequency class gives.
struct NGramModel: Sendable {
    /// The dictionary's word count; the number `wordCount` stands for the start of a sentence.
    let wordCount: Int
    private let intercept: Float
    private let slope: Float
    /// The two codebooks: log-probabilities, then back-off weights.
    private let codebooks: ByteView
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
        var offset = NGramFormat.tablesOffset
        let bigramWidths = NGramFormat.Widths.bigrams(wordCount: wordCount, entries: bigramCount)
        let trigramWidths = NGramFormat.Widths.trigrams(wordCount: wordCount, bigrams: bigramCount, entries: trigramCount)
        guard
            let bigrams = NGramLevel(
                section, offset: &offset, contexts: bigramContexts, entries: bigramCount, widths: bigramWidths,
                keyLimit: wordCount + 1, maxWord: wordCount - 1),
            let trigrams = NGramLevel(
                section, offset: &offset, contexts: trigramContexts, entries: trigramCount, widths: trigramWidths,
                keyLimit: bigramCount, maxWord: wordCount - 1),
            offset == section.count
        else { return nil }
        self.wordCount = wordCount
        self.intercept = intercept
        self.slope = slope
        self.codebooks = codebooks
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

    /// The words before the one to predict, found in the model once per query.
    struct Context {
        /// The bigram context of the last word, if it has one.
        var last: Int?
        /// The trigram context of the last two words, if they have one.
        var pair: Int?
        /// The back-off weights of the last word and of the last two words.
        var lastBackoff: Float = 0
        var pairBackoff: Float = 0
    }

    /// The context of `last` (a word number, or ``wordCount`` for the start of a sentence), after
    /// `previous` when known.
    func context(previous: Int?, last: Int?) -> Context {
        var context = Context()
        guard let last, let index = bigrams.context(last) else { return context }
        context.last = index
        context.lastBackoff = backoff(bigrams.backoffCode(index))
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
}
