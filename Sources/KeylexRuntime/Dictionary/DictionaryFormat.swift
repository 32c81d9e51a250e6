/// The layout of a dictionary's sections: the single source of truth for the encoder and the reader.
///
/// A dictionary is a minimal acyclic automaton (a DAWG) over a small per-dictionary alphabet.
/// See `docs/FORMAT.md` for the byte-level description of each section.
public enum DictionaryFormat {
    /// Byte offsets of the fields of the `DICT` section (all `UInt32`).
    public enum HeaderField {
        public static let wordCount = 0
        public static let stateCount = 4
        public static let arcCount = 8
        public static let alphabetSize = 12
        public static let rootOffset = 16
        public static let maxWordLength = 20
        public static let topKFanout = 24
        /// ``Options`` (files before minor version 11 have zero here, a reserved field).
        public static let options = 28
        public static let size = 32
    }

    /// What the dictionary asks of the engine that reads it, in the `DICT` header's options field.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// German umlauts and ß may be typed as their two-letter spellings ("ae" for "ä", "ss" for
        /// "ß"), as AOSP's German lists ask.
        public static let umlautSpellings = Options(rawValue: 1 << 0)

        /// Russian ё may be written е (since 1.15): Russian spelling leaves it out at will, so
        /// `дается` is the word `даётся`, not a misspelling of it.
        public static let optionalYo = Options(rawValue: 1 << 1)

        /// The options a dictionary's source attributes ask for (`value` gives an attribute's
        /// value): umlaut spellings for AOSP's `REQUIRES_GERMAN_UMLAUT_PROCESSING=1` or
        /// `options=…:german_umlaut_processing`, optional ё for a `locale` of Russian (`ru`,
        /// `ru_RU`). How the compiler sets them, and how a file before minor version 11, which has
        /// only its attributes, is read.
        public init(attributes value: (String) -> String?) {
            let umlauts =
                value("REQUIRES_GERMAN_UMLAUT_PROCESSING") == "1"
                || value("options")?.split(separator: ":").contains("german_umlaut_processing") == true
            let language = value("locale")?.split(whereSeparator: { $0 == "_" || $0 == "-" }).first?.lowercased()
            self = []
            if umlauts { insert(.umlautSpellings) }
            if language == "ru" { insert(.optionalYo) }
        }
    }

    /// The first minor version whose `DICT` header has the options field.
    public static let firstOptionsVersion: UInt16 = 11

    /// The longest word, in Unicode scalars, that the compiler accepts and the reader walks.
    public static let maxWordLength = 100

    /// The most distinct Unicode scalars a dictionary's words may use: `FOLD` gives each a 16-bit
    /// class, and the `ALPH` table's 0xFFFF means "no code".
    public static let maxAlphabetSize = 65_535

    /// Labels with these many most frequent codes are stored inside the arc's first byte.
    public static let inlineLabelCount = 24

    /// The `ALPH` section: `UInt32` scalar count, a 256-entry `UInt16` table from Latin-1 scalars to
    /// codes (`noCode` where absent), ``inlineLabelCount`` `UInt32` codes for inline labels, then the
    /// sorted scalars (`UInt32` each); a scalar's code is its index in that list.
    public enum AlphabetLayout {
        public static let directTableOffset = 4
        public static let directTableEntries = 256
        public static let inlineTableOffset = directTableOffset + 2 * directTableEntries
        public static let scalarsOffset = inlineTableOffset + 4 * inlineLabelCount
        public static let noCode: UInt16 = 0xFFFF
    }

    /// How an arc's first byte is built: `kind * labelSlots + labelSlot`.
    ///
    /// `labelSlot` 0 means an explicit label (a LEB128 code) follows; 1…``inlineLabelCount`` name
    /// an inline label. `kind` is `isLast + 2 * target`, with `target` one of ``ArcTarget``.
    public static let labelSlots = inlineLabelCount + 1

    /// The first byte of a dense state's arcs (arc bytes never reach it). A dense state lists one
    /// fixed-size slot per label code from its first label to its last, so a lookup indexes it
    /// directly: the marker, a LEB128 first code, a LEB128 slot count, a byte `width`, then per slot
    /// a kind byte (`isLast + 2 * target`, or ``emptySlot``) and a `width`-byte pointer (padded
    /// LEB128, zeros when the arc needs none). Dense states have no `next` arcs.
    public static let denseStateMarker: UInt8 = 250
    /// The first byte of a bitmap state's arcs (since 1.13, with feature ``ContainerFeatures/bitmapStates``):
    /// a dense state whose empty slots are left out. After the marker, the first code, the slot
    /// count and the width as in a dense state, a bitmap of `(slots + 7) / 8` bytes (bit `i % 8` of
    /// byte `i / 8` set when slot `i` has an arc), then the slots that have one, in order. A lookup
    /// finds its slot by counting the bits before it.
    public static let bitmapStateMarker: UInt8 = 251
    /// The kind byte of a slot whose label has no arc.
    public static let emptySlot: UInt8 = 0xFF
    /// States with at least this many arcs are tables: dense when they cover at least half of their
    /// label range, bitmap states otherwise (a wide alphabet's letters, digits and signs after a
    /// prefix). (Measured on English: 24 keeps the file within 2% of an all-sparse one and cuts the
    /// instructions per lookup by a quarter; 8 cuts them by 40% but grows the file by 17%.)
    public static let tableMinimumArcs = 24

    /// The optional `rank` section: for each dense or bitmap state of more than ``rankInterval`` slots, the
    /// number of words reached through its slots before every ``rankInterval``-th slot, so that the
    /// rank of a word (its number) adds up at most ``rankInterval`` - 1 slots of a wide state. A
    /// `UInt32` state count `D`; `D + 1` records of two `UInt32`s, the offset of a state's arcs in
    /// `AUTM` (strictly increasing; the closing record's is ignored) and the index of its first
    /// sample; then the samples (`UInt32`). State `i` has the samples `first[i]..<first[i + 1]`, sample
    /// `k` counting the words through slots `0..<(k + 1) · rankInterval`.
    public enum RankField {
        public static let stateCount = 0, records = 4, recordSize = 8
    }
    /// Slots between two samples of the `rank` section.
    public static let rankInterval = 16

    /// What a pointer counts from: its LEB128 value is `distance * 3 + base`.
    public enum PointerBase: UInt8, Sendable, CaseIterable {
        /// The target's offset in the `AUTM` section.
        case absolute = 0
        /// The target lies `distance` bytes after the first arc of the arc's own state.
        case forward = 1
        /// The target lies `distance` bytes before the first arc of the arc's own state.
        case backward = 2
    }

    /// Where an arc leads, and whether a word ends on it.
    public enum ArcTarget: UInt8, Sendable {
        /// A LEB128 pointer (see ``PointerBase``) follows; no word ends here. The target stores its word count.
        case explicit = 0
        /// A LEB128 pointer follows; a word ends here.
        case explicitFinal = 1
        /// The target state starts right after this arc (only on a state's last arc, to a state with
        /// no other parent); it stores no word count. No word ends here.
        case next = 2
        /// As `next`, and a word ends here.
        case nextFinal = 3
        /// The arc leads nowhere further: a word ends here and no longer word continues it.
        case stop = 4

        public var isFinal: Bool {
            @inline(__always) get { rawValue & 1 == 1 || self == .stop }
        }
    }

    /// The `FOLD` section: a `UInt32` count (the alphabet's size), then one `UInt16` class per
    /// alphabet code. Two codes share a class when their scalars are equal once lowercased and
    /// stripped of diacritics (e, é, É); classes are numbered in the order of their folded text.
    public enum FoldLayout {
        public static let classesOffset = 4
    }

    /// The fan-out of the `TOPK` maxima tree: each node covers this many nodes of the level below.
    public static let topKFanout = 32

    /// The number of nodes on each level of the maxima tree above the per-word level, bottom up.
    /// The top level has one node (for more than one word).
    public static func topKLevelSizes(wordCount: Int, fanout: Int = topKFanout) -> [Int] {
        var sizes: [Int] = []
        var n = wordCount
        while n > 1 {
            n = (n + fanout - 1) / fanout
            sizes.append(n)
        }
        return sizes
    }

    /// Per-word flags in the `FLAG` section (a `UInt32` count, then sorted `(word, flags)` `UInt32` pairs).
    public struct WordFlags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// On the locale's blocklist: known, never suggested.
        public static let blocked = WordFlags(rawValue: 1 << 0)
        /// AOSP's `possibly_offensive`: known, never suggested.
        public static let possiblyOffensive = WordFlags(rawValue: 1 << 1)
        /// AOSP's `not_a_word`: known, never suggested.
        public static let notAWord = WordFlags(rawValue: 1 << 2)

        /// Flags that keep a word out of suggestions.
        public static let neverSuggested: WordFlags = [.blocked, .possiblyOffensive, .notAWord]
    }

    /// The frequency of a shortcut that replaces the typed word on space (AOSP's `f=whitelist`);
    /// other shortcuts have 0…14 and are offered as suggestions.
    public static let whitelistShortcut: UInt8 = 15
    /// The longest shortcut target, in Unicode scalars.
    public static let maxShortcutLength = 255

    /// The class of a word that must never be suggested. Suggestible words have classes 1…255,
    /// 255 for the most frequent word of the corpus.
    public static let neverSuggestedClass: UInt8 = 0
    /// The class every suggestible word has in a dictionary built from plain word lists.
    public static let uniformClass: UInt8 = 255
}
