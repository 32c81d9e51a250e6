import Foundation
import KeylexRuntime

/// The words of a dictionary in Unicode scalar order, each once: what the sort/merge stage gives
/// and the automaton is built from. Held in memory when the words fitted the memory limit, else
/// in files of a temporary folder that is removed with the last copy of this value (one merged
/// file, or runs that follow each other); or the caller's own list, when it was given in order.
/// It can be read any number of times.
public struct SortedWords: Sequence {
    /// One word and what the corpora said of it.
    public struct Word {
        public let word: String
        /// The sum of its counts (0 when no source gave one).
        public let count: UInt64
        public let flags: DictionaryFormat.WordFlags
    }

    /// A word as a caller gives it to the compiler.
    public typealias Entry = (word: String, count: UInt64, flags: DictionaryFormat.WordFlags)

    private enum Storage {
        case memory(RecordArena)
        case files([String], SpillFolder)
        case entries([Entry])
    }

    private let storage: Storage
    /// The number of words.
    public let count: Int
    /// The distinct Unicode scalars of the words, ascending.
    public let alphabet: [UInt32]

    /// The words of `arena` (in any order) in memory, equal words merged. The arena is taken, not
    /// copied: sorting a copy would first duplicate all its bytes.
    init(_ arena: consuming RecordArena) {
        arena.sortAndMerge()
        var alphabet = ScalarSet()
        arena.addScalars(to: &alphabet)
        storage = .memory(arena)
        count = arena.count
        self.alphabet = alphabet.scalars
    }

    /// The words of `entries` as they are, when each comes after the one before it (a sorted list,
    /// each word once); `nil` otherwise. Nothing is copied.
    init?(inOrder entries: [Entry]) {
        var alphabet = ScalarSet()
        var previous = ""
        for entry in entries {
            var word = entry.word
            // After the word before it; the first word, after "", is not empty.
            let inOrder = word.withUTF8 { bytes in
                previous.withUTF8 { WordRecord.compare(UnsafeRawBufferPointer($0), UnsafeRawBufferPointer(bytes)) < 0 }
            }
            guard inOrder else { return nil }
            word.withUTF8 { alphabet.add(UnsafeRawBufferPointer($0)) }
            previous = word
        }
        storage = .entries(entries)
        count = entries.count
        self.alphabet = alphabet.scalars
    }

    /// The words of the run in the files `paths` of `folder`, read one after the other.
    init(paths: [String], in folder: SpillFolder, count: Int, alphabet: [UInt32]) {
        storage = .files(paths, folder)
        self.count = count
        self.alphabet = alphabet
    }

    public struct Iterator: IteratorProtocol {
        fileprivate let reader: WordRunReader?
        fileprivate var entries: IndexingIterator<[Entry]>?

        public mutating func next() -> Word? {
            if entries != nil { return entries?.next().map { Word(word: $0.word, count: $0.count, flags: $0.flags) } }
            return reader?.next()
        }
    }

    /// The words in order. If the files cannot be read to their end (one was removed or damaged
    /// underneath), the words stop early; the compiled dictionary then fails its verification.
    public func makeIterator() -> Iterator {
        if case .entries(let entries) = storage { return Iterator(reader: nil, entries: entries.makeIterator()) }
        return Iterator(reader: reader())
    }

    /// Calls `body` with each word's UTF-8 bytes (valid only during the call), count and flags, in
    /// order, as the iterator gives them but without making a string of each word.
    func forEachWord(_ body: (UnsafeRawBufferPointer, UInt64, DictionaryFormat.WordFlags) -> Void) {
        if case .entries(let entries) = storage {
            for entry in entries {
                var word = entry.word
                word.withUTF8 { body(UnsafeRawBufferPointer($0), entry.count, entry.flags) }
            }
            return
        }
        guard let reader = reader() else { return }
        while reader.nextInPlace(body) {}
    }

    private func reader() -> WordRunReader? {
        switch storage {
        case .memory(let arena): arena.reader()
        case .files(let paths, _): try? WordRunReader(paths: paths)
        case .entries: nil
        }
    }
}

/// The distinct Unicode scalars of words: a bit per scalar value (136 KiB), so that adding a word
/// costs no hashing.
struct ScalarSet {
    private var bits = [UInt64](repeating: 0, count: 0x110000 / 64)

    /// Adds the scalars of the UTF-8 bytes `word`.
    mutating func add(_ word: UnsafeRawBufferPointer) {
        bits.withUnsafeMutableBufferPointer { bits in
            var ascii: (UInt64, UInt64) = (0, 0)  // bits 0 and 1, kept in registers
            word.forEachScalar { scalar in
                switch scalar >> 6 {
                case 0: ascii.0 |= 1 << scalar
                case 1: ascii.1 |= 1 << (scalar & 63)
                default: bits[Int(scalar >> 6)] |= 1 << (scalar & 63)
                }
            }
            bits[0] |= ascii.0
            bits[1] |= ascii.1
        }
    }

    /// The scalars added, in order.
    var scalars: [UInt32] {
        var scalars: [UInt32] = []
        for (index, word) in bits.enumerated() where word != 0 {
            scalars += (0..<UInt32(64)).filter { word & (1 << $0) != 0 }.map { UInt32(index) << 6 | $0 }
        }
        return scalars
    }
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
