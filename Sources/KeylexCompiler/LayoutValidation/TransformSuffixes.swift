/// For each of a list of texts, the first text of the list that is a proper suffix of it (by
/// UTF-8 bytes): what shadows a transform, since the first transform whose text ends the input
/// applies. O(total bytes × log n): the texts' reversed bytes are sorted, so that the texts ending a
/// text are the chain of its prefixes met before it, kept on a stack.
struct TransformSuffixes {
    /// For each distinct text (by bytes: a composed and a decomposed é differ), the index of the
    /// first text that is a proper suffix of it.
    private var first: [[UInt8]: Int] = [:]

    init(_ texts: [String]) {
        var index: [[UInt8]: Int] = [:]
        for (i, text) in texts.enumerated() where index[Array(text.utf8)] == nil { index[Array(text.utf8)] = i }
        let reversed = index.map { (bytes: Array($0.key.reversed()), text: $0.key, index: $0.value) }
            .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        // The chain of texts ending the current one: each with the earliest index along the chain.
        var chain: [(bytes: [UInt8], earliest: Int)] = []
        for entry in reversed {
            while let top = chain.last, !entry.bytes.starts(with: top.bytes) { chain.removeLast() }
            if let top = chain.last { first[entry.text] = top.earliest }
            chain.append((entry.bytes, min(entry.index, chain.last?.earliest ?? .max)))
        }
    }

    /// The index of the first text that is a proper suffix of `text` (one of the texts), if any.
    func firstProperSuffix(of text: String) -> Int? { first[Array(text.utf8)] }
}
