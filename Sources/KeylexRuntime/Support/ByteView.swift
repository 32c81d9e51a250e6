/// A bounds-checked, read-only window on little-endian bytes that some owner keeps alive.
///
/// Reads that could run past the end return `nil` or throw instead of reading out of bounds.
/// The view is a pointer and a length, so copying it is free and it is safe to share between
/// threads as long as the owner of the bytes outlives it.
public struct ByteView: @unchecked Sendable {
    @usableFromInline let base: UnsafeRawPointer
    /// The number of bytes in the view.
    public let count: Int

    @inlinable init(base: UnsafeRawPointer, count: Int) {
        self.base = base
        self.count = count
    }

    /// The sub-view `offset..<offset+length`, or an error when it does not fit.
    @inlinable func slice(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws(KeylexError) -> ByteView {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw .truncated(what())
        }
        return ByteView(base: base + offset, count: length)
    }

    @inlinable func u8(_ offset: Int) -> UInt8? {
        guard UInt(bitPattern: offset) < UInt(bitPattern: count) else { return nil }  // also rejects negatives
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    @inlinable func u16(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        return UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inlinable func u32(_ offset: Int) -> UInt32? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inlinable func u64(_ offset: Int) -> UInt64? {
        guard offset >= 0, offset <= count - 8 else { return nil }
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Reads an unsigned LEB128 number of at most 32 bits at `offset`, advancing it.
    /// Returns `nil` when the number runs past the end or is longer than five bytes.
    @inlinable func varint(_ offset: inout Int) -> UInt32? {
        var result: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 35 {
            guard UInt(bitPattern: offset) < UInt(bitPattern: count) else { return nil }
            let byte = base.load(fromByteOffset: offset, as: UInt8.self)
            offset += 1
            result |= UInt32(truncatingIfNeeded: byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        return nil
    }

    /// The bytes as a buffer pointer (for checksums and copies).
    @inlinable var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
