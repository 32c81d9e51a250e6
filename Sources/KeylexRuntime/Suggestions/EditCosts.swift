/// What each kind of typing error costs in the correction search, in edits (a plain substitution,
/// omission or extra letter costs 1). Candidates have at most ``maxEdits`` edits and cost at most
/// ``maxCost``.
///
/// The defaults make the errors people make on touch keyboards cheap: a neighbouring key, a
/// missing accent or capital, a doubled or dropped repeated letter, two letters swapped.
public struct EditCosts: Sendable, Equatable {
    /// A letter typed in place of another, far away on the keyboard (or with no layout known).
    public var substitution: Float = 1
    /// A letter typed in place of one whose key is next to it (centres at most 1.25 key widths apart).
    public var neighbouringKey: Float = 0.7
    /// A letter typed in place of one whose key is near (centres at most 2.25 key widths apart): by
    /// default no cheaper than ``substitution``, a finger seldom lands two keys off (0.8 before
    /// 2026-12-02; docs/SUGGESTIONS.md).
    public var nearKey: Float = 1
    /// A letter typed in place of one whose key is distant (centres more than 3 key widths apart,
    /// `recieve` read as `relieve`: c for l): neither a slip of the finger nor a confusion of sounds
    /// that the layout would explain, so dearer than a substitution with no layout known. At 1.6
    /// rather than 1.2, real phone typos had the right word first for 69.6% instead of 69.2%, and
    /// codespell's misspellings for 91.07% instead of 90.87% (docs/SUGGESTIONS.md).
    public var distantKey: Float = 1.6
    /// A vowel of the Latin alphabet typed in place of another (`seperate`, `definately`): people
    /// misspell vowels far more than consonants, wherever the keys are.
    public var vowelSubstitution: Float = 0.6
    /// A letter typed without its accent or in another case (e for é, E for e).
    public var caseOrAccent: Float = 0.25
    /// A letter of the word not typed: the most common error in real misspellings, so a little
    /// cheaper than a letter typed for another.
    public var omission: Float = 0.7
    /// A repeated letter typed once ("leter" for "letter").
    public var repeatedOmission: Float = 0.35
    /// A letter typed that the word does not have.
    public var insertion: Float = 1
    /// A letter typed twice ("helllo").
    public var doubledInsertion: Float = 0.35
    /// A space not typed between two words (`responsibilityfor`), or typed as a letter whose key lies
    /// over the space bar (`againstbthe`): the correction is two words.
    public var spaceOmission: Float = 1
    /// A space typed inside a word: too many (`with out`), or for a letter whose key lies over the
    /// space bar (`starti g`): the correction joins the two words typed.
    public var spaceInsertion: Float = 1
    /// Two neighbouring letters typed in the wrong order (a Damerau–Levenshtein transposition).
    public var transposition: Float = 0.75
    /// An apostrophe or hyphen of the word not typed ("cest" for "c'est", "изза" for "из-за"): one
    /// edit, but a cheap one, as people leave them out on purpose.
    public var joinerOmission: Float = 0.25
    /// A German umlaut or ß typed as its two-letter spelling ("ae" for "ä", "ss" for "ß"): one edit,
    /// a cheap one. Used only when ``spellsUmlauts`` is set (the engine sets it when the dictionary's
    /// source asks for German umlaut processing).
    public var umlautSpelling: Float = 0.25
    /// Whether ``umlautSpelling`` applies.
    public var spellsUmlauts = false
    /// The most edits a correction may have (a letter differing only by case or accent is not
    /// an edit): Damerau–Levenshtein distance 2. The engine takes values below 0 as 0 and above
    /// ``maxSupportedEdits`` as that (each edit multiplies the search).
    public var maxEdits = 2
    /// The most edits the engine searches.
    public static let maxSupportedEdits = 3
    /// The most edits for a typed word of ``longWordLength`` letters or more when nothing within
    /// ``maxEdits`` was found (`inturpratasion` → `interpretation`); that search keeps the first three
    /// typed letters. At most ``maxSupportedEdits``; no more than ``maxEdits`` turns it off.
    public var longWordEdits = 3
    /// How long a typed word must be for ``longWordEdits``.
    public static let longWordLength = 8
    /// The most a correction may cost: two full edits.
    public var maxCost: Float = 2
    /// A word that sounds like the typed one (the same phonetic key, see ``PhoneticRules``) but
    /// is not within the edits searched (`bisnes` → `business`) costs this, plus
    /// ``soundAlikeWordEdit`` times its weighted edit cost (a word more than ``maxSupportedEdits``
    /// edits away counts as one edit more), plus ``soundAlikeKeyEdit`` if its key is one edit from
    /// the typed word's (`skitsofrinic` → `schizophrenic`); such
    /// words are offered, never applied. Used when the dictionary has a phonetic index.
    public var soundAlike: Float = 1
    /// See ``soundAlike``.
    public var soundAlikeWordEdit: Float = 0.5
    /// What a sound-alike word adds for each edit between its key and the typed word's (at most
    /// one is searched, for keys of three letters or more).
    public var soundAlikeKeyEdit: Float = 1
    /// How much cheaper a correction found within the edits searched ranks when it also sounds like
    /// the typed word (the same phonetic key: `cashe` → `cache`, `installes` → `installs`): two kinds
    /// of evidence agree. Whether it is applied on space is judged without it. Words found only by
    /// their sound cost ``soundAlike`` and more.
    public var sameSound: Float = 0.3
    /// How long a typed word must be, in letters, to be searched by its sound.
    public var soundAlikeLength = 4

    public init() {}
}

/// Where the keys of a layout are, per alphabet code of a dictionary: what makes a neighbouring-key
/// substitution cheaper than a distant one, and which letters the layout can type at all.
struct KeyGeometry: Sendable {
    /// The key of each alphabet code (an index into ``centres``), or -1 when no key types it.
    let keyOfCode: [Int32]
    /// The keys of letters no word has, by comparison code (see
    /// ``WordDictionary/comparisonCode(ofTyped:)``): they can still be typed.
    private let keyOfOther: [UInt32: Int32]
    /// The centre of each key, in key widths: `x` at `2 * key`, `y` at `2 * key + 1`. Distances are
    /// computed when needed, so memory grows with the keys, not with their pairs.
    let centres: [Float]
    /// Per alphabet code, whether some key or callout of the layout types the letter, in some case
    /// or with some accent; empty when every letter counts as typable (no layout).
    let typable: [Bool]
    /// The keys of the row above the space bar that lie over it (`c v b n` on QWERTY): a thumb
    /// that misses the space bar types them.
    private let nextToSpace: Set<Int32>
    /// The letters those keys type, in key order.
    let lettersOverSpace: [Unicode.Scalar]
    /// The letters of the first ten keys of the top letter row, which phone keyboards mark with the
    /// digits 1 to 9 and 0 (long-press hints, or a number row right above): the letter a digit typed
    /// by mistake stands for, digit 1's first; `nil` for a key that types no letter.
    let lettersUnderDigits: [Unicode.Scalar?]

    /// No geometry: every substitution is a plain one, every letter typable.
    static let none = KeyGeometry(
        keyOfCode: [], keyOfOther: [:], centres: [], typable: [], nextToSpace: [], lettersOverSpace: [],
        lettersUnderDigits: [])

    private init(
        keyOfCode: [Int32], keyOfOther: [UInt32: Int32], centres: [Float], typable: [Bool], nextToSpace: Set<Int32>,
        lettersOverSpace: [Unicode.Scalar], lettersUnderDigits: [Unicode.Scalar?]
    ) {
        self.keyOfCode = keyOfCode
        self.keyOfOther = keyOfOther
        self.centres = centres
        self.typable = typable
        self.nextToSpace = nextToSpace
        self.lettersOverSpace = lettersOverSpace
        self.lettersUnderDigits = lettersUnderDigits
    }

    /// The character keys of `layout`'s lowercased layer, for each code of `dictionary`'s alphabet
    /// whose letter a key types (or, for accented letters, whose folded letter a key types); and the
    /// letters typed by any key or callout of any layer.
    init(layout: KeyboardLayout, dictionary: WordDictionary) {
        guard let layer = layout.layer(.lowercased) else { self = .none; return }
        let size = dictionary.automaton.alphabet.size
        var keyOfCode = [Int32](repeating: -1, count: size)
        var keyOfOther: [UInt32: Int32] = [:]
        var keyOfFold: [UInt32: Int32] = [:]
        var centres: [Float] = []
        var letters: [Unicode.Scalar] = []
        var rows: [Int] = []
        let width = 1000.0, height = 100.0
        let unit = layer.inputUnitWidth(keyboardWidth: width)
        guard unit > 0 else { self = .none; return }
        var spaceBar: (row: Int, from: Float, to: Float)?
        layer.forEachKeyFrame(keyboardWidth: width, rowHeight: height) { frame, key in
            if key.action == .space, spaceBar == nil {
                spaceBar = (frame.row, Float(frame.x / unit), Float((frame.x + frame.width) / unit))
            }
            guard key.action == .character, let output = key.output else { return }
            let scalars = output.description.unicodeScalars
            guard scalars.count == 1 else { return }
            let code = dictionary.comparisonCode(ofTyped: scalars.first!)
            let index = Int32(centres.count / 2)
            letters.append(scalars.first!)
            rows.append(frame.row)
            // Rows are about one key width apart in height, as on real keyboards.
            centres.append(Float((frame.x + frame.width / 2) / unit))
            centres.append(Float(frame.row) + 0.5)
            guard Int(code) < size else { keyOfOther[code] = index; return }
            keyOfCode[Int(code)] = index
            keyOfFold[dictionary.foldClass(ofCode: code)] = index
        }
        for code in 0..<size where keyOfCode[code] < 0 {
            keyOfCode[code] = keyOfFold[dictionary.foldClass(ofCode: UInt32(code))] ?? -1
        }
        let nextToSpace =
            spaceBar.map { bar in
                Set(
                    (0..<Int32(centres.count / 2)).filter { key in
                        let x = centres[2 * Int(key)], y = centres[2 * Int(key) + 1]
                        return y == Float(bar.row) - 0.5 && x >= bar.from && x <= bar.to
                    })
            } ?? []
        self.init(
            keyOfCode: keyOfCode, keyOfOther: keyOfOther, centres: centres, typable: Self.typableCodes(layout, dictionary),
            nextToSpace: nextToSpace, lettersOverSpace: nextToSpace.sorted().map { letters[Int($0)] },
            lettersUnderDigits: Self.lettersUnderDigits(letters, rows: rows))
    }

    /// The outputs of the first ten character keys of the highest row that types a letter, digit
    /// 1's first, `nil` for those that type no letter.
    private static func lettersUnderDigits(_ outputs: [Unicode.Scalar], rows: [Int]) -> [Unicode.Scalar?] {
        guard let top = zip(outputs, rows).filter({ $0.0.properties.isAlphabetic }).map(\.1).min() else { return [] }
        return zip(outputs, rows).filter { $0.1 == top }.prefix(10).map { $0.0.properties.isAlphabetic ? $0.0 : nil }
    }

    /// The letter whose key shows `digit` (see ``lettersUnderDigits``), if any.
    func letter(under digit: Unicode.Scalar) -> Unicode.Scalar? {
        guard ("0"..."9").contains(digit) else { return nil }
        let index = digit == "0" ? 9 : Int(digit.value - 0x31)
        return index < lettersUnderDigits.count ? lettersUnderDigits[index] : nil
    }

    /// Per alphabet code, whether a letter of its folding class is the output of a character key
    /// or a callout variant on some layer of `layout`.
    private static func typableCodes(_ layout: KeyboardLayout, _ dictionary: WordDictionary) -> [Bool] {
        var folds = Set<UInt32>()
        func add(_ text: KeyText) {
            for scalar in text.description.unicodeScalars {
                if let code = dictionary.code(ofTyped: scalar) { folds.insert(dictionary.foldClass(ofCode: code)) }
            }
        }
        // Keys share callouts (every layer's "e" has the same): each is read once.
        var calloutsRead = Set<Int>()
        for layer in layout.layers {
            for row in layer.rows {
                for key in row where key.action == .character {
                    if let output = key.output { add(output) }
                    if let callout = key.callout, calloutsRead.insert(callout.index).inserted { for variant in callout { add(variant) } }
                }
            }
        }
        return (0..<UInt32(dictionary.automaton.alphabet.size)).map { folds.contains(dictionary.foldClass(ofCode: $0)) }
    }

    /// Whether the key of comparison code `code` lies over the space bar, in the row above it.
    func isNextToSpace(_ code: UInt32) -> Bool {
        let key = key(ofCode: code)
        return key >= 0 && nextToSpace.contains(key)
    }

    /// The key of comparison code `code`, or -1.
    func key(ofCode code: UInt32) -> Int32 {
        Int(code) < keyOfCode.count ? keyOfCode[Int(code)] : keyOfOther[code] ?? -1
    }

    /// How far apart, in key widths, the centres of two neighbouring keys are at most.
    static let neighbourDistance: Float = 1.25
    /// How far apart the centres of two near keys are at most.
    static let nearDistance: Float = 2.25
    /// How far apart the centres of two keys are at most before they are distant.
    static let distantDistance: Float = 3

    /// What a letter typed for another costs when their keys' centres are `distance` key widths
    /// apart: a neighbouring, near, plain or distant key's substitution.
    static func substitutionCost(distance: Float, _ costs: EditCosts) -> Float {
        switch distance {
        case ...neighbourDistance: return costs.neighbouringKey
        case ...nearDistance: return costs.nearKey
        case ...distantDistance: return costs.substitution
        default: return costs.distantKey
        }
    }

    /// Whether the keys of comparison codes `a` and `b` are different neighbouring keys; false
    /// when either has no key.
    func areNeighbours(_ a: UInt32, _ b: UInt32) -> Bool {
        let (ka, kb) = (Int(key(ofCode: a)), Int(key(ofCode: b)))
        guard ka >= 0, kb >= 0, ka != kb else { return false }
        return Self.distance(centres, ka, kb) <= Self.neighbourDistance
    }

    /// How far apart, in key widths, the centres of keys `a` and `b` are (see ``centres``).
    @inline(__always)
    static func distance<Centres: RandomAccessCollection<Float>>(_ centres: Centres, _ a: Int, _ b: Int) -> Float
    where Centres.Index == Int {
        let dx = centres[2 * a] - centres[2 * b], dy = centres[2 * a + 1] - centres[2 * b + 1]
        return (dx * dx + dy * dy).squareRoot()
    }
}
