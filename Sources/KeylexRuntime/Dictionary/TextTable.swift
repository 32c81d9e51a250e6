/// A table of texts keyed by number, the layout of the optional sections `shrt` (a word number →
/// its shortcuts), `labl` (a word number → its labels) and `meta` (entry number → `key=value`).
///
/// A `UInt32` entry count, then per entry `key: UInt32`, `offset: UInt32`, `length: UInt16`,
/// `kind: UInt8`, one zero byte; then the UTF-8 texts, `offset` counting from the end of the
/// entries. Entries are sorted by key (stable: a key's entries keep their source order).
/// Reading checks only the entry count; each entry's bytes are checked when it is read.
public struct TextTable: Sendable {
    /// Byte offsets of an entry's fields, and the entry size.
    public enum EntryField {
        public static let key = 0
        public static let offset = 4
        public static let length = 8
        public static let kind = 10
        public static let size = 12
    }

    /// One text of the table.
    public struct Entry: Sendable, Equatable {
        public let key: Int
        public let text: String
        /// What the text is, per section: a shortcut's frequency (0…15), 0 elsewhere.
        public let kind: UInt8
    }

    let entries: ByteView
    let pool: ByteView

    /// The number of entries.
    public var count: Int { entries.count / EntryField.size }

    init(section: ByteView, name: String) throws(KeylexError) {
        guard let count = section.u32(0) else { throw .truncated(name) }
        let size = Int(count) * EntryField.size
        guard size <= section.count - 4 else { throw .truncated("\(name) entries") }
        entries = try section.slice(4, size, name)
        pool = try section.slice(4 + size, section.count - 4 - size, name)
    }

    /// Entry `index`, or `nil` when its text lies outside the section.
    public func entry(_ index: Int) -> Entry? {
        guard index >= 0, index < count else { return nil }
        let base = index * EntryField.size
        guard let key = entries.u32(base + EntryField.key),
            let offset = entries.u32(base + EntryField.offset), let length = entries.u16(base + EntryField.length),
            let kind = entries.u8(base + EntryField.kind),
            let bytes = try? pool.slice(Int(offset), Int(length), "text")
        else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(start: bytes.base, count: bytes.count), as: UTF8.self)
        return Entry(key: Int(key), text: text, kind: kind)
    }

    /// The entries whose key is `key`, in order.
    public func entries(for key: Int) -> [Entry] {
        var low = lowerBound(in: 0..<count) { entries.u32($0 * EntryField.size).map { Int($0) < key } ?? false }
        var result: [Entry] = []
        while let entry = entry(low), entry.key == key {
            result.append(entry)
            low += 1
        }
        return result
    }
}
