/// The layout of the optional `ngrm` section: a back-off word bigram and trigram model over the
/// dictionary's word numbers, for next-word prediction and ranking in context. The single source of
/// truth for the compiler's encoder and the runtime's reader (see `docs/FORMAT.md`).
///
/// Every integer is little-endian:
/// - a header of ``headerSize`` bytes: `UInt32` word count (the dictionary's; word number
///   `wordCount` stands for the start of a sentence, `<s>`), `UInt32` counts of bigram contexts,
///   bigrams, trigram contexts and trigrams, then `Float32` `a` and `b`: a word of frequency class
///   `c` has the unigram log-probability `a + b·c` (base 10);
/// - two codebooks of 256 `Float32`: log-probabilities, then back-off weights (base 10);
/// - bigram contexts, ``contextSize`` bytes each, sorted by word: the word (`UInt32`) and the index
///   of its first bigram (`UInt32`), then one more record whose index is the bigram count; the
///   bigrams of context `i` are `first[i]..<first[i + 1]`;
/// - one back-off code (`UInt8`) per bigram context, zero-padded to a multiple of 4;
/// - bigrams, 4 bytes each, sorted by word within their context: the word in the upper 24 bits and
///   its log-probability code in the lower 8 (``entry(word:code:)``);
/// - trigram contexts as bigram contexts, keyed by the index of the bigram (`w1 w2`) they extend,
///   with their back-off codes, then trigrams as bigrams.
public enum NGramFormat {
    /// The section's tag.
    public static let tag = SectionTag("ngrm")
    /// The header: five `UInt32` counts and two `Float32`.
    public static let headerSize = 28
    /// Entries in each codebook.
    public static let codebookSize = 256
    /// The size of a context record: key and first entry.
    public static let contextSize = 8
    /// The most words a model can number: word numbers (and `<s>`) take 24 bits.
    public static let maxWords = (1 << 24) - 1

    /// Header fields.
    public enum Field {
        public static let wordCount = 0, bigramContexts = 4, bigrams = 8, trigramContexts = 12, trigrams = 16, classIntercept = 20, classSlope = 24
    }

    /// The 4-byte entry of `word` with log-probability code `code`.
    public static func entry(word: Int, code: UInt8) -> UInt32 { UInt32(word) << 8 | UInt32(code) }

    /// The bytes of a back-off code table of `count` codes, padded.
    public static func codesSize(_ count: Int) -> Int { (count + 3) & ~3 }

    /// The size of one level's tables: `contexts` contexts (and the closing record), their back-off
    /// codes and `entries` entries.
    public static func levelSize(contexts: Int, entries: Int) -> Int {
        (contexts + 1) * contextSize + codesSize(contexts) + entries * 4
    }

    /// Where the tables start.
    public static let tablesOffset = headerSize + 2 * 4 * codebookSize
}
