import KeylexRuntime

/// Encodes a ``BackoffModel`` as an `ngrm` section (see ``KeylexRuntime/NGramFormat``), with its
/// log-probabilities and back-off weights quantised to 256 values each.
enum NGramEncoder {
    static func section(_ model: BackoffModel) -> [UInt8] {
        let histories = model.bigrams.keys.sorted()
        var pairIndex: [Int: Int] = [:]
        var bigramEntries: [BackoffModel.Entry] = []
        for history in histories {
            for entry in model.bigrams[history]! {
                pairIndex[BackoffModel.pairKey(history, entry.word)] = bigramEntries.count
                bigramEntries.append(entry)
            }
        }
        // A trigram's history is the bigram it extends, by index; one without its bigram cannot be stored.
        let pairs = model.trigrams.keys.compactMap { key in pairIndex[key].map { (index: $0, key: key) } }.sorted { $0.index < $1.index }
        let trigramEntries = pairs.flatMap { model.trigrams[$0.key]! }
        let probabilities = Quantizer(bigramEntries.map(\.logProbability) + trigramEntries.map(\.logProbability), range: -99...0)
        let bigramBackoffs = histories.map { model.bigramBackoffs[$0] ?? 0 }
        let trigramBackoffs = pairs.map { model.trigramBackoffs[$0.key] ?? 0 }
        let backoffs = Quantizer(bigramBackoffs + trigramBackoffs, range: -99...99)

        var bytes: [UInt8] = []
        for count in [model.wordCount, histories.count, bigramEntries.count, pairs.count, trigramEntries.count] {
            bytes.append(littleEndian: UInt32(count))
        }
        bytes.append(littleEndian: model.intercept.bitPattern)
        bytes.append(littleEndian: model.slope.bitPattern)
        for value in probabilities.centres + backoffs.centres { bytes.append(littleEndian: value.bitPattern) }
        appendLevel(
            to: &bytes, keys: histories, sizes: histories.map { model.bigrams[$0]!.count }, backoffs: bigramBackoffs.map(backoffs.code),
            entries: bigramEntries, probabilities: probabilities,
            widths: .bigrams(wordCount: model.wordCount, maxKey: model.maxContextWord, entries: bigramEntries.count))
        appendLevel(
            to: &bytes, keys: pairs.map(\.index), sizes: pairs.map { model.trigrams[$0.key]!.count },
            backoffs: trigramBackoffs.map(backoffs.code), entries: trigramEntries, probabilities: probabilities,
            widths: .trigrams(wordCount: model.wordCount, bigrams: bigramEntries.count, entries: trigramEntries.count))
        return bytes
    }

    /// Appends one level: the contexts' keys, their first entries and the closing one, their
    /// back-off codes, the entries.
    private static func appendLevel(
        to bytes: inout [UInt8], keys: [Int], sizes: [Int], backoffs: [UInt8],
        entries: [BackoffModel.Entry], probabilities: Quantizer, widths: NGramFormat.Widths
    ) {
        appendPacked(keys, bits: widths.key, to: &bytes)
        appendPacked(sizes.reduce(into: [0]) { firsts, size in firsts.append(firsts.last! + size) }, bits: widths.first, to: &bytes)
        bytes += backoffs + [UInt8](repeating: 0, count: NGramFormat.codesSize(backoffs.count) - backoffs.count)
        let codes = entries.map { NGramFormat.entry(word: $0.word, code: probabilities.code($0.logProbability)) }
        appendPacked(codes, bits: widths.entry, to: &bytes)
    }

    /// Appends `values` as a packed table of `bits`-bit numbers.
    private static func appendPacked(_ values: [Int], bits: Int, to bytes: inout [UInt8]) {
        var packer = BitPacker()
        for value in values { packer.append(value, width: bits) }
        bytes += packer.bytes + [UInt8](repeating: 0, count: NGramFormat.packedSize(count: values.count, bits: bits) - packer.bytes.count)
    }
}

/// Maps values to 256 codes: 256 bins of equal width between the smallest value (or `floor`, if
/// higher: values below it take the lowest bin) and the largest, each coded as the mean of its
/// values. The error is at most half a bin everywhere, where the likeliest words are too (bins of
/// equally many values would be wide there, where values are few).
struct Quantizer {
    /// The value of each code, ascending.
    let centres: [Float]
    private let low: Float
    private let width: Float

    init(_ values: [Float], range: ClosedRange<Float>, floor: Float = -8) {
        let clamped = values.map { min(max($0, range.lowerBound), range.upperBound) }
        let bins = NGramFormat.codebookSize
        low = max(clamped.min() ?? 0, floor)
        width = max(((clamped.max() ?? 0) - low) / Float(bins), .leastNormalMagnitude)
        var sums = [Double](repeating: 0, count: bins), counts = [Int](repeating: 0, count: bins)
        for value in clamped.sorted() {  // sorted, so that the sums are the same on every run
            let bin = Self.bin(value, low: low, width: width)
            sums[bin] += Double(value)
            counts[bin] += 1
        }
        let (low, width) = (low, width)
        centres = (0..<bins).map { bin in
            let centre = counts[bin] > 0 ? Float(sums[bin] / Double(counts[bin])) : low + (Float(bin) + 0.5) * width
            return min(max(centre, range.lowerBound), range.upperBound)
        }
    }

    private static func bin(_ value: Float, low: Float, width: Float) -> Int {
        min(max(Int(((value - low) / width).rounded(.down)), 0), NGramFormat.codebookSize - 1)
    }

    /// The code of `value`'s bin.
    func code(_ value: Float) -> UInt8 { UInt8(Self.bin(value, low: low, width: width)) }
}
