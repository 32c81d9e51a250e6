extension WordSearch {
    /// Runs `body` with the substitution costs of one query: for each letter, the cost of typing each
    /// typed letter in its place (equal: 0; same letter but for case or accent; neighbouring,
    /// near or distant key), computed the first time the letter is met.
    func withSubstitutionCosts<R>(
        _ typed: UnsafeBufferPointer<UInt32>, costs: EditCosts, geometry: KeyGeometry,
        _ body: (inout SubstitutionCosts) -> R
    ) -> R {
        let n = typed.count, size = dictionary.automaton.alphabet.size
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: (size + 1) * SubstitutionCosts.stride(n)) { table in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: size) { filled in
                withUnsafeTemporaryAllocation(of: (UInt32, Int32).self, capacity: n) { typedLetters in
                    filled.initialize(repeating: false)
                    for j in 0..<n { typedLetters[j] = (dictionary.foldClass(ofCode: typed[j]), geometry.key(ofCode: typed[j])) }
                    return geometry.keyOfCode.withUnsafeBufferPointer { keyOfCode in
                        geometry.centres.withUnsafeBufferPointer { centres in
                            geometry.typable.withUnsafeBufferPointer { typable in
                                var substitution = SubstitutionCosts(
                                    dictionary: dictionary, typed: typed, typedLetters: UnsafeBufferPointer(typedLetters),
                                    costs: costs, keyOfCode: keyOfCode, centres: centres,
                                    typable: typable, table: table, filled: filled,
                                    vowelFolds: VowelFolds(dictionary))
                                return body(&substitution)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The substitution costs of one query, filled lazily per letter (see
/// ``WordSearch/withSubstitutionCosts(_:costs:geometry:_:)``).
struct SubstitutionCosts {
    let dictionary: WordDictionary
    let typed: UnsafeBufferPointer<UInt32>
    /// Per typed letter: its folding class and its key (-1 for none).
    let typedLetters: UnsafeBufferPointer<(UInt32, Int32)>
    let costs: EditCosts
    let keyOfCode: UnsafeBufferPointer<Int32>
    /// See ``KeyGeometry/centres``.
    let centres: UnsafeBufferPointer<Float>
    /// See ``KeyGeometry/typable``.
    let typable: UnsafeBufferPointer<Bool>
    /// One row (``stride(_:)`` costs) per alphabet code, and one more for codes outside it.
    let table: UnsafeMutableBufferPointer<Float>
    let filled: UnsafeMutableBufferPointer<Bool>
    /// The folding classes of the Latin vowels (see ``EditCosts/vowelSubstitution``).
    let vowelFolds: VowelFolds

    /// The length of a row for `n` typed letters.
    static func stride(_ n: Int) -> Int { 3 * n + 2 }

    /// The two-letter spellings of German umlauts and ß, by letter (lower case).
    static let umlautSpellings: [Unicode.Scalar: (Unicode.Scalar, Unicode.Scalar)] = [
        "ä": ("a", "e"), "ö": ("o", "e"), "ü": ("u", "e"), "ß": ("s", "s"),
    ]

    /// Apostrophes and hyphens: the letters that join the parts of a word.
    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}" || scalar == "-" || scalar == "\u{2010}"
    }

    /// Whether the layout can type the letter of `code` (always, without a layout).
    @inline(__always)
    func isTypable(_ code: UInt32) -> Bool {
        typable.isEmpty || (Int(code) < typable.count && typable[Int(code)])
    }

    /// The costs of letter `code` (see ``SubstitutionCosts``) for the `n` typed letters:
    /// - `n` costs in place of each typed letter without an edit: 0 for the same letter,
    ///   ``EditCosts/caseOrAccent`` for the same but for case or accent, infinite otherwise;
    /// - `n` costs as a substitution, by key distance;
    /// - the cost of leaving the letter out, then of leaving it out after itself (cheap for an
    ///   apostrophe or a hyphen);
    /// - `n` costs of typing the letter as its two-letter spelling ending at each typed letter
    ///   (``EditCosts/umlautSpelling``, or infinite).
    ///
    /// A letter the layout cannot type is never an edit: its edit costs are infinite.
    @inline(__always)
    mutating func row(_ code: UInt32) -> UnsafeMutablePointer<Float> {
        let n = typed.count
        let index = Int(code) < filled.count ? Int(code) : filled.count
        let row = table.baseAddress! + index * Self.stride(n)
        if index < filled.count && filled[index] { return row }
        let fold = dictionary.foldClass(ofCode: code)
        let key = Int(code) < keyOfCode.count ? keyOfCode[Int(code)] : -1
        let typable = isTypable(code)
        let isVowel = typable && vowelFolds.contains(fold)
        for j in 0..<n {
            let (typedFold, typedKey) = typedLetters[j]
            if typed[j] == code {
                row[j] = 0
            } else if typedFold == fold {
                row[j] = costs.caseOrAccent
            } else {
                row[j] = .infinity
            }
            if row[j] < .infinity {
                row[n + j] = row[j]
            } else if !typable {
                row[n + j] = .infinity
            } else if key >= 0, typedKey >= 0 {
                let distance = KeyGeometry.distance(centres, Int(key), Int(typedKey))
                row[n + j] = KeyGeometry.substitutionCost(distance: distance, costs)
            } else {
                row[n + j] = costs.substitution
            }
            if isVowel && vowelFolds.contains(typedFold) { row[n + j] = min(row[n + j], costs.vowelSubstitution) }
        }
        let scalar = index < filled.count ? dictionary.automaton.alphabet.scalar(of: code) : nil
        let joiner = scalar.map(Self.isJoiner) ?? false
        row[2 * n] = joiner ? costs.joinerOmission : typable ? costs.omission : .infinity
        row[2 * n + 1] = joiner ? costs.joinerOmission : typable ? costs.repeatedOmission : .infinity
        fillSpellings(row + 2 * n + 2, scalar)
        if index < filled.count { filled[index] = true }
        return row
    }

    /// The costs of typing `scalar` as its two-letter spelling, ending at each typed letter.
    @inline(__always)
    private func fillSpellings(_ costsAt: UnsafeMutablePointer<Float>, _ scalar: Unicode.Scalar?) {
        // Read only when umlauts are spelt (see EditTable.fillRow).
        guard costs.spellsUmlauts else { return }
        let n = typed.count
        for k in 0..<n { costsAt[k] = .infinity }
        guard let scalar, let lower = scalar.properties.lowercaseMapping.unicodeScalars.first,
            let (a, b) = Self.umlautSpellings[lower]
        else { return }
        let first = dictionary.foldClass(ofCode: dictionary.comparisonCode(ofTyped: a))
        let second = dictionary.foldClass(ofCode: dictionary.comparisonCode(ofTyped: b))
        for k in Swift.stride(from: 1, to: n, by: 1) where typedLetters[k - 1].0 == first && typedLetters[k].0 == second {
            costsAt[k] = costs.umlautSpelling
        }
    }
}

/// The folding classes of a, e, i, o, u and y in a dictionary (classes no letter has when its
/// alphabet is not Latin).
struct VowelFolds {
    private let folds: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    init(_ dictionary: WordDictionary) {
        func fold(_ scalar: Unicode.Scalar) -> UInt32 { dictionary.foldClass(ofCode: dictionary.comparisonCode(ofTyped: scalar)) }
        folds = (fold("a"), fold("e"), fold("i"), fold("o"), fold("u"), fold("y"))
    }

    @inline(__always)
    func contains(_ fold: UInt32) -> Bool {
        fold == folds.0 || fold == folds.1 || fold == folds.2 || fold == folds.3 || fold == folds.4 || fold == folds.5
    }
}
