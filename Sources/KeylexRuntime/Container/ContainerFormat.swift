/// The layout of a Keylex container file: the single source of truth for writers and readers.
///
/// A file is a 32-byte header, a table of 24-byte section entries, then the sections, each
/// starting at a multiple of ``sectionAlignment``. Every integer is little-endian.
/// See `docs/FORMAT.md` for the full description.
public enum ContainerFormat {
    /// The first eight bytes of every file: `KEYLEX\r\n` (the CR LF catches text-mode mangling).
    public static let magic: [UInt8] = Array("KEYLEX\r\n".utf8)
    /// Files with another major version cannot be read.
    public static let majorVersion: UInt16 = 1
    /// Added to when the format gains sections that older readers may ignore.
    /// 1: optional sections (tags starting with a lower-case letter): `meta`, `shrt`, `labl`.
    /// 2: the optional `phon` section (words by sound).
    /// 3: the optional `hint` section (keys' hint labels).
    /// 4: the optional `trns` section (locales' simple transforms).
    /// 5: the optional `gest` section (keys' flicks and multi-tap outputs).
    /// 6: the optional `styl` section (styles from themes).
    /// 7: the optional `ngrm` section (the n-gram model).
    /// 8: `ngrm`'s tables bit-packed (a 1.7 reader finds such a model damaged and does without it).
    /// 9: the optional `rank` section (word counts sampled in wide dense states).
    /// 10: the emoji section `emji`.
    /// 11: `DICT`'s options field (umlaut spellings, which a 1.10 reader took from the source's
    ///     attributes in `meta`), and `phon`'s rules as a table instead of their source text (a 1.10
    ///     reader skips such a `phon`; a 1.11 reader skips an older one).
    /// 12: the optional `lseq` section (the runs of letters the words hold).
    /// 13: bitmap states in `AUTM` (feature bit 5, set only in a file that has one).
    /// 14: `ngrm`'s bigram contexts may be `<num>`, the words after a number (its keys one bit
    ///     wider when the dictionary's word count is one less than a power of two: a 1.13 reader
    ///     skips such a model).
    /// 15: `DICT`'s option bit 1, Russian ё that may be written е (a 1.14 reader ignores it).
    public static let minorVersion: UInt16 = 15
    /// Size of the fixed header.
    public static let headerSize = 32
    /// Size of one section table entry.
    public static let sectionEntrySize = 24
    /// Every section starts at a multiple of this.
    public static let sectionAlignment = 8
    /// At most this many sections: a guard against hostile headers.
    public static let maxSections = 64

    /// Byte offsets of the header's fields.
    public enum HeaderField {
        public static let magic = 0
        public static let majorVersion = 8
        public static let minorVersion = 10
        public static let features = 12
        public static let sectionCount = 16
        public static let headerChecksum = 20
        public static let fileLength = 24
    }

    /// Byte offsets of a section entry's fields.
    public enum EntryField {
        public static let tag = 0
        public static let checksum = 4
        public static let offset = 8
        public static let length = 16
    }
}

/// Feature flags in the header: what a reader must understand to use the file.
public struct ContainerFeatures: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The file holds a dictionary (sections `DICT`, `ALPH`, `AUTM`).
    public static let dictionary = ContainerFeatures(rawValue: 1 << 0)
    /// The dictionary has frequency classes (sections `FREQ` and `TOPK`).
    public static let frequencies = ContainerFeatures(rawValue: 1 << 1)
    /// The dictionary has per-word flags (section `FLAG`).
    public static let wordFlags = ContainerFeatures(rawValue: 1 << 2)

    /// The file holds keyboard layouts (sections `STRS` and `LAYT`).
    public static let layouts = ContainerFeatures(rawValue: 1 << 3)

    /// The dictionary has case and accent folding classes for its alphabet (section `FOLD`).
    public static let folding = ContainerFeatures(rawValue: 1 << 4)

    /// The automaton has bitmap states (see ``DictionaryFormat/bitmapStateMarker``), which older
    /// readers would take for damaged bytes.
    public static let bitmapStates = ContainerFeatures(rawValue: 1 << 5)

    /// Every feature this runtime understands.
    public static let known: ContainerFeatures = [.dictionary, .frequencies, .wordFlags, .layouts, .folding, .bitmapStates]
}

/// A four-letter section name, stored as its ASCII bytes read as a little-endian `UInt32`.
public struct SectionTag: Hashable, Sendable, CustomStringConvertible, Comparable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A tag from four ASCII characters.
    public init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount == 4, "section tags have four letters")
        let p = name.utf8Start
        rawValue = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
    }

    public var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * $0)) }
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return "0x" + String(rawValue, radix: 16)
    }

    public static func < (a: SectionTag, b: SectionTag) -> Bool { a.rawValue < b.rawValue }

    /// Whether a reader may skip the section when it does not know it: its tag starts with a
    /// lower-case letter (as PNG's ancillary chunks). A section whose tag starts otherwise is
    /// required, and a reader that does not know it refuses the file.
    public var isOptional: Bool {
        let first = UInt8(truncatingIfNeeded: rawValue)
        return first >= 0x61 && first <= 0x7A
    }

    /// The required sections this runtime understands.
    public static let knownRequired: Set<SectionTag> = [
        .dictionaryHeader, .alphabet, .automaton, .frequencies, .topK, .wordFlags, .folding, .strings, .layouts,
    ]

    /// Dictionary header: counts and the root state.
    public static let dictionaryHeader = SectionTag("DICT")
    /// The symbol alphabet: Unicode scalars and their codes.
    public static let alphabet = SectionTag("ALPH")
    /// The automaton's states and arcs.
    public static let automaton = SectionTag("AUTM")
    /// One frequency class byte per word number.
    public static let frequencies = SectionTag("FREQ")
    /// The maxima tree over the frequency classes, for top-k queries.
    public static let topK = SectionTag("TOPK")
    /// Sparse per-word flags (blocked, possibly offensive, not a word).
    public static let wordFlags = SectionTag("FLAG")
    /// The folding class of each alphabet code (case and accents ignored).
    public static let folding = SectionTag("FOLD")
    /// The string pool of the layouts.
    public static let strings = SectionTag("STRS")
    /// The layout tables: locales, layouts, layers, rows, keys, callouts.
    public static let layouts = SectionTag("LAYT")
    /// Optional: the source's attributes (locale, description, version, options), as key–value pairs.
    public static let metadata = SectionTag("meta")
    /// Optional: shortcuts, the replacements a word offers (`im` → `I'm`).
    public static let shortcuts = SectionTag("shrt")
    /// Optional: labels of words (`abbreviation`, `medical`, …).
    public static let labels = SectionTag("labl")
    /// Optional: the hint labels of layout keys (see ``LayoutFormat/HintField``).
    public static let keyHints = SectionTag("hint")
    /// Optional: the simple transforms (dead keys) of locales (see ``LayoutFormat/TransformField``).
    public static let transforms = SectionTag("trns")
    /// Optional: the flicks and multi-tap outputs of layout keys (see ``LayoutFormat/GestureField``).
    public static let gestures = SectionTag("gest")
    /// Optional: the styles of keys, keyboards and callouts from the locales' themes (see ``StyleFormat``).
    public static let styles = SectionTag("styl")
    /// Optional: sampled word counts of the wide tables (dense and bitmap states), so that ranking through them reads a
    /// few slots instead of all (see ``DictionaryFormat/RankField``).
    public static let denseRanks = SectionTag("rank")
}
