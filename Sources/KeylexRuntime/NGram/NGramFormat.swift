/// The layout of the optional `ngrm` section: a back-off word bigram and trigram model over the
/// dictionary's word numbers, for next-word prediction and ranking in context. The single source of
/// truth for the compiler's encoder and the runtime's reader (see `docs/FORMAT.md`).
///
/// Every integer is little-endian:
/// - a header of ``headerSize`` bytes: `UInt32` word count (the dictionary's; word number
///   `wordCount` stands for the start of a sentence, `<s>`, and from ``firstNumberVersion``
///   `wordCount + 1` for a number, `<num>`: both are contexts only), `UInt32` counts of bigram contexts,
///   bigrams, trigram contexts and trigrams, then `Float32` `a` and `b`: a word of frequency class
///   `c` has the unigram log-probability `a + b·c` (base 10);
/// - two codebooks of 256 `Float32`: log-probabilities, then back-off weights (base 10);
/// - the bigram level, then the trigram level. A level is four tables, each padded with zero bytes
///   to a multiple of 4: its contexts' keys, sorted (bigram contexts: a word number; trigram
///   contexts: the index of the bigram `w1 w2` they extend); the index of each context's first
///   entry, then one more, the entry count (the entries of context `i` are `first[i]..<first[i + 1]`);
///   a back-off code (`UInt8`) per context; the entries, sorted by word within their context: the
///   word above its 8-bit log-probability code (``entry(word:code:)``).
///
/// Keys, first indices and entries are packed numbers (``PackedNumbers``), each table's numbers as
/// wide as its largest possible value needs (``Widths``).
public enum NGramFormat {
    /// The section's tag.
    public static let tag = SectionTag("ngrm")
    /// The header: five `UInt32` counts and two `Float32`.
    public static let headerSize = 28
    /// Entries in each codebook.
    public static let codebookSize = 256
    /// The most words a model can number: an entry holds a word number (or `<s>`) and a code in 32 bits.
    public static let maxWords = (1 << 24) - 1

    /// The first minor version whose bigram contexts may be `<num>` (``maxContextWord(wordCount:minorVersion:)``).
    public static let firstNumberVersion: UInt16 = 14

    /// The largest number a bigram context may have: `<num>` (`wordCount + 1`) from
    /// ``firstNumberVersion``, `<s>` (`wordCount`) before.
    public static func maxContextWord(wordCount: Int, minorVersion: UInt16) -> Int {
        minorVersion >= firstNumberVersion ? wordCount + 1 : wordCount
    }

    /// Header fields.
    public enum Field {
        public static let wordCount = 0, bigramContexts = 4, bigrams = 8, trigramContexts = 12, trigrams = 16, classIntercept = 20,
            classSlope = 24
    }

    /// The entry of `word` with log-probability code `code`.
    public static func entry(word: Int, code: UInt8) -> Int { word << 8 | Int(code) }

    /// The bytes of a table of `count` numbers of `bits` bits each, packed (``PackedNumbers``) and
    /// zero-padded to a multiple of 4.
    public static func packedSize(count: Int, bits: Int) -> Int { (count * bits + 31) / 32 * 4 }

    /// The bytes of a back-off code table of `count` codes, padded.
    public static func codesSize(_ count: Int) -> Int { (count + 3) & ~3 }

    /// The widths of one level's packed tables.
    public struct Widths: Equatable, Sendable {
        public let key: Int, first: Int, entry: Int

        /// The bigram level's: keys are word numbers up to `maxKey` (``maxContextWord(wordCount:minorVersion:)``).
        public static func bigrams(wordCount: Int, maxKey: Int, entries: Int) -> Widths {
            Widths(
                key: PackedNumbers.width(for: maxKey), first: PackedNumbers.width(for: entries),
                entry: PackedNumbers.width(for: wordCount) + 8)
        }

        /// The trigram level's: keys are bigram indices.
        public static func trigrams(wordCount: Int, bigrams: Int, entries: Int) -> Widths {
            Widths(
                key: PackedNumbers.width(for: bigrams - 1), first: PackedNumbers.width(for: entries),
                entry: PackedNumbers.width(for: wordCount) + 8)
        }
    }

    /// The size of one level's tables: `contexts` contexts, their first entries (and the closing
    /// one), their back-off codes and `entries` entries.
    public static func levelSize(contexts: Int, entries: Int, widths: Widths) -> Int {
        packedSize(count: contexts, bits: widths.key) + packedSize(count: contexts + 1, bits: widths.first)
            + codesSize(contexts) + packedSize(count: entries, bits: widths.entry)
    }

    /// Where the tables start.
    public static let tablesOffset = headerSize + 2 * 4 * codebookSize
}
