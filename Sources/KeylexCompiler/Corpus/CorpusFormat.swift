/// The kinds of word corpus the compiler reads.
public enum CorpusFormat: String, CaseIterable, Sendable {
    /// A word list: one word per line (`.txt`).
    case txt
    /// A frequency list: `word<TAB>count[<TAB>comment]`, as Keyman's lexical model compiler reads (`.tsv`).
    case tsv
    /// An AOSP combined word list: a `dictionary=…` header and ` word=…,f=…` lines (`.combined`).
    case combined
    /// Raw text, split into words at Unicode word boundaries and counted (`--format text` only).
    case text

    /// The format a file's extension names, or `nil` when it names none.
    public init?(path: String) {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.lowercased().hasSuffix(".gz") { name = String(name.dropLast(3)) }  // read decompressed
        guard let dot = name.lastIndex(of: "."), name.index(after: dot) != name.endIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "txt": self = .txt
        case "tsv": self = .tsv
        case "combined": self = .combined
        default: return nil
        }
    }

    /// Whether the format carries word counts.
    public var hasCounts: Bool { self != .txt }
}
