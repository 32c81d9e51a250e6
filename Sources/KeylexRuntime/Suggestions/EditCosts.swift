/// What each kind of typing error costs in the correction search, in edits (a plain substitution,
/// omission or extra letter costs 1). Candidates cost at most ``maxCost``.
///
/// The defaults make the errors people make on touch keyboards cheap: a neighbouring key, a
/// missing accent or capital, a doubled or dropped repeated letter, two letters swapped.
public struct EditCosts: Sendable, Equatable {
    /// A letter typed in place of another, far away on the keyboard (or with no layout known).
    public var substitution: Float = 1
    /// A letter typed in place of one whose key is next to it (centres at most 1.25 key widths apart).
    public var neighbouringKey: Float = 0.5
    /// A letter typed in place of one whose key is near (centres at most 2.25 key widths apart).
    public var nearKey: Float = 0.8
    /// A letter typed without its accent or in another case (e for é, E for e).
    public var caseOrAccent: Float = 0.25
    /// A letter of the word not typed.
    public var omission: Float = 1
    /// A repeated letter typed once ("leter" for "letter").
    public var repeatedOmission: Float = 0.35
    /// A letter typed that the word does not have.
    public var insertion: Float = 1
    /// A letter typed twice ("helllo").
    public var doubledInsertion: Float = 0.35
    /// Two neighbouring letters typed in the wrong order (a Damerau–Levenshtein transposition).
    public var transposition: Float = 0.75
    /// The most a correction may cost: two full edits.
    public var maxCost: Float = 2

    public init() {}
}

/// Where the keys of a layout are, per alphabet code of a dictionary: what makes a neighbouring-key
/// substitution cheaper than a distant one.
struct KeyGeometry: Sendable {
    /// Key centres in key widths, per alphabet code; NaN when no key types the letter.
    private let x: [Float]
    private let y: [Float]
    /// The centres of keys whose letters no word has, by comparison code (see
    /// ``WordDictionary/comparisonCode(ofTyped:)``): they can still be typed.
    private let others: [UInt32: (Float, Float)]

    /// No geometry: every substitution is a plain one.
    static let none = KeyGeometry(x: [], y: [], others: [:])

    private init(x: [Float], y: [Float], others: [UInt32: (Float, Float)]) {
        self.x = x
        self.y = y
        self.others = others
    }

    /// The centres of the character keys of `layer`, for each code of `dictionary`'s alphabet whose
    /// letter a key types (or, for accented letters, whose folded letter a key types).
    init(layer: KeyboardLayer, dictionary: WordDictionary) {
        let size = dictionary.automaton.alphabet.size
        var x = [Float](repeating: .nan, count: size)
        var y = [Float](repeating: .nan, count: size)
        var byFold: [UInt32: (Float, Float)] = [:]
        var others: [UInt32: (Float, Float)] = [:]
        let width = 1000.0, height = 100.0
        let unit = layer.inputUnitWidth(keyboardWidth: width)
        guard unit > 0 else { self.init(x: [], y: [], others: [:]); return }
        layer.forEachKeyFrame(keyboardWidth: width, rowHeight: height) { frame, key in
            guard key.action == .character, let output = key.output else { return }
            let scalars = output.description.unicodeScalars
            guard scalars.count == 1 else { return }
            let code = dictionary.comparisonCode(ofTyped: scalars.first!)
            // Rows are about one key width apart in height, as on real keyboards.
            let centre = (Float((frame.x + frame.width / 2) / unit), Float(frame.row) + 0.5)
            guard Int(code) < size else { others[code] = centre; return }
            x[Int(code)] = centre.0
            y[Int(code)] = centre.1
            byFold[dictionary.foldClass(ofCode: code)] = centre
        }
        for code in 0..<size where x[code].isNaN {
            if let centre = byFold[dictionary.foldClass(ofCode: UInt32(code))] {
                x[code] = centre.0
                y[code] = centre.1
            }
        }
        self.init(x: x, y: y, others: others)
    }

    /// The centre of the key of comparison code `code`, if a key types it.
    @inline(__always)
    private func centre(_ code: UInt32) -> (Float, Float)? {
        let i = Int(code)
        if i < x.count { return x[i].isNaN ? nil : (x[i], y[i]) }
        return others.isEmpty ? nil : others[code]
    }

    /// The distance between the keys of two codes, in key widths; `nil` when either has no key.
    @inline(__always)
    func distance(_ a: UInt32, _ b: UInt32) -> Float? {
        guard let p = centre(a), let q = centre(b) else { return nil }
        let dx = p.0 - q.0, dy = p.1 - q.1
        return (dx * dx + dy * dy).squareRoot()
    }
}
