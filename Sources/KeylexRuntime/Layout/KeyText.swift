/// The `STRS` string pool: strings by index, as views of the file's bytes that keep the file alive.
struct StringTable: Sendable {
    let section: ByteView
    let count: Int
    private let bytesStart: Int
    /// What keeps the section's bytes alive, handed to every ``KeyText``.
    private let storage: FileStorage

    init(section: ByteView, storage: FileStorage) throws(KeylexError) {
        guard let count = section.u32(0) else { throw .truncated("STRS") }
        let offsetsEnd = 4 + (Int(count) + 1) * 4
        guard count < 0x100_0000, offsetsEnd <= section.count else { throw .truncated("STRS offsets") }
        var previous: UInt32 = 0
        for i in 0...Int(count) {
            let offset = section.u32(4 + i * 4)!
            guard offset >= previous, Int(offset) <= section.count - offsetsEnd else { throw .malformed("STRS offset \(i)") }
            previous = offset
        }
        self.section = section
        self.storage = storage
        self.count = Int(count)
        bytesStart = offsetsEnd
    }

    /// The string at `index` (checked at open by the bundle's references).
    subscript(index: UInt32) -> KeyText {
        let i = Int(index)
        guard i < count, let start = section.u32(4 + i * 4), let end = section.u32(8 + i * 4),
            let view = try? section.slice(bytesStart + Int(start), Int(end - start), "string")
        else { return KeyText(bytes: ByteView(base: section.base, count: 0), storage: storage) }
        return KeyText(bytes: view, storage: storage)
    }

    /// The string at `index`, or `nil` for ``LayoutFormat/noString``.
    func optional(_ index: UInt32) -> KeyText? {
        index == LayoutFormat.noString ? nil : self[index]
    }
}

/// A string stored in a bundle: its UTF-8 bytes in the mapped file, which it keeps mapped for as
/// long as it lives (it may outlive its ``LayoutBundle``). Comparing it with a `String` allocates
/// nothing; ``description`` makes a `String`.
public struct KeyText: Sendable, Equatable, Hashable, CustomStringConvertible {
    let bytes: ByteView
    /// Keeps `bytes` alive.
    let storage: FileStorage

    /// The number of UTF-8 bytes.
    public var utf8Count: Int { bytes.count }

    /// Runs `body` with the UTF-8 bytes, which are valid only inside it.
    public func withUTF8<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(storage) { () throws(E) -> R in try body(bytes.buffer) }
    }

    /// The text as a `String` (invalid UTF-8, which the compiler never writes, is repaired).
    public var description: String { String(decoding: bytes.buffer, as: UTF8.self) }

    public static func == (a: KeyText, b: KeyText) -> Bool { a.bytes.buffer.elementsEqual(b.bytes.buffer) }
    public static func == (a: KeyText, b: String) -> Bool { a.bytes.buffer.elementsEqual(b.utf8) }
    public static func == (a: String, b: KeyText) -> Bool { b == a }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes: bytes.buffer) }

    /// Whether the text sorts before `other` by UTF-8 bytes.
    func precedes(_ other: String) -> Bool { bytes.buffer.lexicographicallyPrecedes(other.utf8) }
}

extension Optional where Wrapped == KeyText {
    /// Whether the text is present and equal to `b` (`key.output == "a"`).
    public static func == (a: KeyText?, b: String) -> Bool { a.map { $0 == b } ?? false }
}
