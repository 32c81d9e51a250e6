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
        case memory(RecordArena)
        case file(String, SpillFolder)
    }

    private let storage: Storage
    /// The number of words.
    public let count: Int
    /// The distinct Unicode scalars of the words, ascending.
    public let alphabet: [UInt32]

    /// The words of `arena` (in any order) in memory, equal words merged.
    init(_ arena: RecordArena) {
        var arena = arena
        arena.sortAndMerge()
        var alphabet = ScalarSet()
        arena.forEachRecord { record in alphabet.add(WordRecord.fields(record, at: 0)!.word) }
        storage = .memory(arena)
        count = arena.count
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
            reader?.next()
        }
    }

    /// The words in order. If the merged file cannot be read to its end (it was removed or damaged
    /// underneath), the words stop early; the compiled dictionary then fails its verification.
    public func makeIterator() -> Iterator { Iterator(reader: reader()) }

    /// Calls `body` with each word's UTF-8 bytes (valid only during the call), count and flags, in
    /// order, as the iterator gives them but without making a string of each word.
    func forEachWord(_ body: (UnsafeRawBufferPointer, UInt64, DictionaryFormat.WordFlags) -> Void) {
        guard let reader = reader() else { return }
        while reader.nextInPlace(body) {}
    }

    private func reader() -> WordRunReader? {
        switch storage {
        case .memory(let arena): arena.reader()
        case .file(let path, _): try? WordRunReader(path: path)
        }
    }
}

/// The distinct Unicode scalars of words, ASCII read as bytes.
struct ScalarSet {
    private var ascii = [Bool](repeating: false, count: 128)
    private var others = Set<UInt32>()

    /// Adds the scalars of the UTF-8 bytes `word`.
    mutating func add(_ word: UnsafeRawBufferPointer) {
        word.forEachScalar { scalar in
            if scalar < 0x80 { ascii[Int(scalar)] = true } else { others.insert(scalar) }
        }
    }

    var scalars: [UInt32] { ascii.indices.filter { ascii[$0] }.map(UInt32.init) + others.sorted() }
}

extension UnsafeRawBufferPointer {
    /// Calls `body` with the value of each Unicode scalar of these UTF-8 bytes (U+FFFD for bytes
    /// that are not UTF-8, as `String(decoding:as:)` reads them), ASCII a byte at a time.
    @inline(__always)
    func forEachScalar(_ body: (UInt32) -> Void) {
        var ascii = 0
        while ascii < count, self[ascii] < 0x80 {
            body(UInt32(self[ascii]))
            ascii += 1
        }
        guard ascii < count else { return }
        var iterator = UnsafeRawBufferPointer(rebasing: self[ascii...]).makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): body(scalar.value)
            case .error: body(0xFFFD)
            case .emptyInput: return
            }
        }
    }
}
