#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import KeylexRuntime

/// The container layer: checksums, varints and the header checks that run on open.
@Suite struct ContainerTests {
    @Test func crc32cMatchesTheStandardCheckValues() {
        // The check value of CRC-32C (RFC 3720, appendix B.4) and the iSCSI test vectors.
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum((0..<32).map { UInt8($0) }) == 0x46DD_794E)
        let bytes = Array("The quick brown fox jumps over the lazy dog".utf8)
        let whole = CRC32C.checksum(bytes)
        let split = bytes.withUnsafeBytes { b in
            CRC32C.checksum(UnsafeRawBufferPointer(rebasing: b[13...]),
                            continuing: CRC32C.checksum(UnsafeRawBufferPointer(rebasing: b[..<13])))
        }
        #expect(whole == split)
    }

    @Test func varintsDecodeAndRejectOverlongOrTruncatedNumbers() {
        let cases: [([UInt8], UInt32?)] = [
            ([0x00], 0), ([0x7F], 127), ([0x80, 0x01], 128), ([0xE5, 0x8E, 0x26], 624_485),
            ([0x85, 0x80, 0x00], 5),  // padded with continuation bytes, as the encoder writes
            ([0xFF, 0xFF, 0xFF, 0xFF, 0x0F], UInt32.max),
            ([0x80], nil), ([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], nil),
        ]
        for (bytes, expected) in cases {
            bytes.withUnsafeBytes { raw in
                let view = ByteView(base: raw.baseAddress!, count: raw.count)
                var offset = 0
                #expect(view.varint(&offset) == expected, "\(bytes)")
            }
        }
    }

    /// A minimal valid container with no sections (`trailing` zero bytes after its header make it
    /// invalid, the header's length and checksum counting them).
    static func emptyContainer(features: UInt32 = 0, trailing: Int = 0) -> [UInt8] {
        var bytes = ContainerFormat.magic + [UInt8](repeating: 0, count: ContainerFormat.headerSize - 8 + trailing)
        func put(_ value: UInt64, _ offset: Int, _ width: Int) {
            for i in 0..<width { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
        }
        put(UInt64(ContainerFormat.majorVersion), ContainerFormat.HeaderField.majorVersion, 2)
        put(UInt64(features), ContainerFormat.HeaderField.features, 4)
        put(UInt64(bytes.count), ContainerFormat.HeaderField.fileLength, 8)
        let crc = Array(bytes.prefix(ContainerFormat.headerSize)).withUnsafeBytes { Container.headerChecksum($0) }
        put(UInt64(crc), ContainerFormat.HeaderField.headerChecksum, 4)
        return bytes
    }

    @Test func openingChecksMagicVersionLengthAndHeaderChecksum() throws {
        let good = Self.emptyContainer()
        let container = try Container(bytes: good)
        #expect(container.sections.isEmpty)
        #expect(throws: KeylexError.badMagic) { try Container(bytes: [0x6B] + good.dropFirst()) }
        #expect(throws: KeylexError.truncated("header")) { try Container(bytes: good.prefix(20)) }
        var flipped = good
        flipped[ContainerFormat.HeaderField.sectionCount + 3] ^= 0  // no change: still valid
        _ = try Container(bytes: flipped)
        flipped[ContainerFormat.HeaderField.minorVersion] ^= 1
        #expect(throws: KeylexError.checksumMismatch(section: "header")) { try Container(bytes: flipped) }
        var longer = good
        longer.append(0)
        #expect(throws: KeylexError.truncated("file length differs from the header's")) { try Container(bytes: longer) }
        #expect(throws: KeylexError.unsupportedFeatures(1 << 31)) { try Container(bytes: Self.emptyContainer(features: 1 << 31)) }
        #expect(throws: KeylexError.missingSection("DICT")) { try WordDictionary(bytes: Self.emptyContainer()) }
        // Bytes after the last section (here, after the header), counted in the header's length
        // and checksum: refused on opening, not only by verifyChecksums().
        #expect(throws: KeylexError.malformed("8 bytes after the last section")) { try Container(bytes: Self.emptyContainer(trailing: 8)) }
    }

    @Test func missingFilesAreIOErrors() {
        #expect(throws: KeylexError.io(path: "/nonexistent/x.klx", operation: "open", errno: 2)) {
            try Container(contentsOf: "/nonexistent/x.klx")
        }
    }

    /// Only a regular file is read. A FIFO no one writes to hung the open; a directory read as
    /// "cannot mmap: No such device"; a pipe (`<(cat en.klx)`) or a device as a truncated file.
    @Test func aDirectoryAFIFOOrADeviceIsAnError() throws {
        let directory = "/tmp/keylex-test-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        #expect(mkdir(directory, 0o700) == 0)
        defer { unlink(directory + "/fifo"); rmdir(directory) }
        #expect(mkfifo(directory + "/fifo", 0o600) == 0)
        #expect(throws: KeylexError.io(path: directory, operation: "open", errno: EISDIR)) { try Container(contentsOf: directory) }
        for path in [directory + "/fifo", "/dev/zero"] {
            #expect(throws: KeylexError.io(path: path, operation: "map a FIFO, a device or a socket", errno: ENODEV)) {
                try Container(contentsOf: path)
            }
            #expect(throws: KeylexError.io(path: path, operation: "map a FIFO, a device or a socket", errno: ENODEV)) {
                try UserDictionary(path: path)
            }
        }
    }
}
