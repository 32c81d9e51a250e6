import Foundation
import KeylexRuntime

/// The words of a dictionary in Unicode scalar order, each once: what the sort/merge stage gives
/// and the automaton is built from. Held in memory when the words fitted the memory limit, else
/// in one merged file of a temporary folder that is removed with the last copy of this value.
/// It can be read any number of times.
public struct SortedWords: Sequence {
    /// One word and what the corpora said of it.
    public struct Word {
        public let word: String
        /// The sum of its counts (0 when no source gave one).
        public let count: UInt64
        public let flags: DictionaryFormat.WordFlags
    }

    private enum Storage {
        case memory([UInt8])
        case file(String, SpillFolder)
    }

    private let storage: Storage
    /// The number of words.
    public let count: Int
    /// The distinct Unicode scalars of the words, ascending.
    public let alphabet: [UInt32]

    /// The words of `arena` (in any order) in memory, equal words merged.
    init(_ arena: RecordArena) {
        var bytes: [UInt8] = []
        var alphabet = Alphabet()
        var count = 0
        arena.forEachMerged { record in
            record.append(to: &bytes)
            alphabet.add(record.word)
            count += 1
        }
        storage = .memory(bytes)
        self.count = count
        self.alphabet = alphabet.scalars
    }

    /// The words of the merged run at `path` in `folder`.
    init(path: String, in folder: SpillFolder, count: Int, alphabet: [UInt32]) {
        storage = .file(path, folder)
        self.count = count
        self.alphabet = alphabet
    }

    public struct Iterator: IteratorProtocol {
        fileprivate let reader: WordRunReader?

        public mutating func next() -> Word? {
            reader?.next().map { Word(word: $0.word, count: $0.count, flags: $0.flags) }
        }
    }

    /// The words in order. If the merged file cannot be read to its end (it was removed or damaged
    /// underneath), the words stop early; the compiled dictionary then fails its verification.
    public func makeIterator() -> Iterator {
        switch storage {
        case .memory(let bytes): Iterator(reader: WordRunReader(bytes: bytes))
        case .file(let path, _): Iterator(reader: try? WordRunReader(path: path))
        }
    }
}

extension WordRecord {
    /// Adds the counts (saturating) and flags of `other`, the same word seen again.
    mutating func merge(_ other: WordRecord) {
        let (sum, overflow) = count.addingReportingOverflow(other.count)
        count = overflow ? .max : sum
        flags.formUnion(other.flags)
    }
}

/// The distinct Unicode scalars of words, ASCII read as bytes.
struct Alphabet {
    private var ascii = [Bool](repeating: false, count: 128)
    private var others = Set<UInt32>()

    mutating func add(_ word: String) {
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in word.utf8 { ascii[Int(byte)] = true }
        } else {
            for scalar in word.unicodeScalars {
                if scalar.value < 0x80 { ascii[Int(scalar.value)] = true } else { others.insert(scalar.value) }
            }
        }
    }

    var scalars: [UInt32] { ascii.indices.filter { ascii[$0] }.map(UInt32.init) + others.sorted() }
}
