import KeylexRuntime

/// The `lseq` section (see ``LetterSequencesFormat``): every run of four letters of the words,
/// framed by their boundaries, as a Bloom filter of about ``LetterSequencesFormat/bitsPerRun`` bits
/// a run.
enum LetterSequencesEncoder {
    private typealias Format = LetterSequencesFormat
    /// The section for `words`.
    static func section(_ words: SortedWords) -> [UInt8] {
        let keys = runKeys(words)
        let bits = min(max(Format.minBits, (keys.count * Format.bitsPerRun + 7) / 8 * 8), Format.maxBits)
        var filter = [UInt8](repeating: 0, count: bits / 8)
        for key in keys {
            for i in 0..<Format.hashes {
                let bit = Format.bit(i, of: key, bits: bits)
                filter[bit >> 3] |= 1 << UInt8(bit & 7)
            }
        }
        var section: [UInt8] = [UInt8(Format.hashes), 0, 0, 0]
        section.append(littleEndian: UInt32(bits))
        return section + filter
    }

    /// The keys of the runs the words hold, their letters as folding classes: each key is the one
    /// before shifted by a letter (``LetterSequencesFormat/key(_:)`` of the last four).
    private static func runKeys(_ words: SortedWords) -> Set<UInt64> {
        let classOf = FoldClassTable(words.alphabet)
        var keys = Set<UInt64>(minimumCapacity: words.count * 2)
        words.forEachWord { bytes, _, _ in
            var key = UInt64(Format.boundary), marks = 1
            var iterator = bytes.makeIterator(), decoder = UTF8()
            func add(_ foldClass: UInt32) {
                key = key << 16 | UInt64(foldClass)
                marks += 1
                if marks >= Format.length { keys.insert(key) }
            }
            while case .scalarValue(let scalar) = decoder.decode(&iterator) { add(classOf[scalar.value]) }
            add(Format.boundary)
        }
        return keys
    }

    /// The folding class of each scalar of an alphabet, found by a table lookup for the Basic
    /// Multilingual Plane.
    private struct FoldClassTable {
        private var basic = [UInt16](repeating: UInt16(LetterSequencesFormat.boundary), count: 0x10000)
        private var others: [UInt32: UInt32] = [:]

        init(_ alphabet: [UInt32]) {
            for (scalar, foldClass) in zip(alphabet, FoldClasses.classes(alphabet.map { Unicode.Scalar($0)! })) {
                if scalar < 0x10000 { basic[Int(scalar)] = foldClass } else { others[scalar] = UInt32(foldClass) }
            }
        }

        subscript(scalar: UInt32) -> UInt32 {
            scalar < 0x10000 ? UInt32(basic[Int(scalar)]) : others[scalar] ?? LetterSequencesFormat.boundary
        }
    }
}
