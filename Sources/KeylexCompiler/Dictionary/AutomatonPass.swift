import KeylexRuntime

/// The first pass of compiling over sorted words: the minimal automaton, the longest word, the
/// range of counts, the words with flags, the numbers of the words the optional sections name, and
/// the samples that verification reads back. Only the automaton grows with the words (and
/// ``words``, when kept).
struct AutomatonPass {
    private(set) var dawg = DawgBuilder()
    private(set) var root: Int32 = 0
    private(set) var maxLength = 0
    private(set) var scale = FrequencyScale()
    /// The numbers and flags of the words with flags.
    private(set) var flagged: [(number: Int, flags: DictionaryFormat.WordFlags)] = []
    /// The numbers of the words asked for that the dictionary has.
    private(set) var numbers: [String: Int] = [:]
    private(set) var samples: [(number: Int, word: String)] = []
    /// Every word in number order, when kept (the phonetic index needs them).
    private(set) var words: [String] = []

    init(_ sorted: SortedWords, numbering wanted: Set<String>, keepingWords: Bool, progress: ((Double) -> Void)?) {
        let codes = ScalarCodes(sorted.alphabet)
        let step = max(1, sorted.count / CompiledDictionary.sampleCount)
        var scratch = [UInt32](repeating: 0, count: 64)
        var number = 0
        sorted.forEachWord { bytes, count, flags in
            if number & 0xFFFF == 0 { progress?(Double(number) / Double(sorted.count)) }
            // A word has no more scalars than bytes.
            if scratch.count < bytes.count { scratch = [UInt32](repeating: 0, count: bytes.count) }
            let length = scratch.withUnsafeMutableBufferPointer { buffer in
                let word = codes.codes(of: bytes, into: buffer)
                dawg.add(word)
                return word.count
            }
            maxLength = max(maxLength, length)
            scale.add(count)
            if !flags.isEmpty { flagged.append((number, flags)) }
            let sampled = number % step == 0 || number == sorted.count - 1
            if sampled || keepingWords || !wanted.isEmpty {  // the only words made into strings
                let text = String(decoding: bytes, as: UTF8.self)
                if wanted.contains(text) { numbers[text] = number }
                if sampled { samples.append((number, text)) }
                if keepingWords { words.append(text) }
            }
            number += 1
        }
        root = dawg.finish()
    }
}

/// The alphabet codes of the Unicode scalars of a dictionary's words (a scalar's index in the
/// sorted alphabet), those below U+3000 (the alphabets of most scripts) looked up in a table.
private struct ScalarCodes {
    private static let tableSize = 0x3000
    private var table = [UInt32](repeating: 0, count: tableSize)
    private var others: [UInt32: UInt32] = [:]

    init(_ alphabet: [UInt32]) {
        for (code, scalar) in alphabet.enumerated() {
            if scalar < Self.tableSize { table[Int(scalar)] = UInt32(code) } else { others[scalar] = UInt32(code) }
        }
    }

    /// Writes the codes of the scalars of the UTF-8 `bytes` (0 for one not in the alphabet) at the
    /// start of `codes`, which holds at least `bytes.count`; returns that part of it.
    func codes(of bytes: UnsafeRawBufferPointer, into codes: UnsafeMutableBufferPointer<UInt32>) -> UnsafeBufferPointer<UInt32> {
        var count = 0
        table.withUnsafeBufferPointer { table in
            bytes.forEachScalar { scalar in
                codes[count] = scalar < Self.tableSize ? table[Int(scalar)] : others[scalar] ?? 0
                count += 1
            }
        }
        return UnsafeBufferPointer(rebasing: codes[..<count])
    }
}
