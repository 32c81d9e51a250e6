/// The first pass of compiling over sorted words: the minimal automaton, the longest word, the
/// range of counts, the numbers of the words the optional sections name, and the samples that
/// verification reads back. Only the automaton grows with the words (and ``words``, when kept).
struct AutomatonPass {
    private(set) var dawg = DawgBuilder()
    private(set) var root: Int32 = 0
    private(set) var maxLength = 0
    private(set) var scale = FrequencyScale()
    /// The numbers of the words asked for that the dictionary has.
    private(set) var numbers: [String: Int] = [:]
    private(set) var samples: [(number: Int, word: String)] = []
    /// Every word in number order, when kept (the phonetic index needs them).
    private(set) var words: [String] = []

    init(_ sorted: SortedWords, numbering wanted: Set<String>, keepingWords: Bool, progress: ((Double) -> Void)?) {
        var codeOf = [UInt32: UInt32](minimumCapacity: sorted.alphabet.count)
        for (code, scalar) in sorted.alphabet.enumerated() { codeOf[scalar] = UInt32(code) }
        let step = max(1, sorted.count / CompiledDictionary.sampleCount)
        var codes: [UInt32] = []
        for (number, entry) in sorted.enumerated() {
            if number & 0xFFFF == 0 { progress?(Double(number) / Double(sorted.count)) }
            codes.removeAll(keepingCapacity: true)
            for scalar in entry.word.unicodeScalars { codes.append(codeOf[scalar.value] ?? 0) }
            maxLength = max(maxLength, codes.count)
            dawg.add(codes)
            scale.add(entry.count)
            if wanted.contains(entry.word) { numbers[entry.word] = number }
            if number % step == 0 || number == sorted.count - 1 { samples.append((number, entry.word)) }
            if keepingWords { words.append(entry.word) }
        }
        root = dawg.finish()
    }
}
