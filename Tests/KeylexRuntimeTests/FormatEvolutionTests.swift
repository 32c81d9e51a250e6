import Testing
@testable import KeylexRuntime

/// The rule that lets the format grow: a section whose tag starts with a lower-case letter is
/// optional and skipped by readers that do not know it; any other unknown section is required, and
/// a reader that does not know it refuses the file, naming it. Checked on hand-made "future" files.
@Suite struct FormatEvolutionTests {
    /// A container of `sections` (tag, bytes) with minor version `minor`, built by hand.
    static func container(_ sections: [(String, [UInt8])], minor: UInt16 = 7, features: UInt32 = 0) -> [UInt8] {
        let tableEnd = ContainerFormat.headerSize + sections.count * ContainerFormat.sectionEntrySize
        var bytes = [UInt8](repeating: 0, count: tableEnd)
        func put(_ value: UInt64, _ offset: Int, _ width: Int) {
            for i in 0..<width { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
        }
        for (i, (tag, body)) in sections.enumerated() {
            while bytes.count % ContainerFormat.sectionAlignment != 0 { bytes.append(0) }
            let entry = ContainerFormat.headerSize + i * ContainerFormat.sectionEntrySize
            let tagValue = tag.utf8.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
            put(UInt64(tagValue), entry + ContainerFormat.EntryField.tag, 4)
            put(UInt64(CRC32C.checksum(body)), entry + ContainerFormat.EntryField.checksum, 4)
            put(UInt64(bytes.count), entry + ContainerFormat.EntryField.offset, 8)
            put(UInt64(body.count), entry + ContainerFormat.EntryField.length, 8)
            bytes += body
        }
        bytes.replaceSubrange(0..<8, with: ContainerFormat.magic)
        put(UInt64(ContainerFormat.majorVersion), ContainerFormat.HeaderField.majorVersion, 2)
        put(UInt64(minor), ContainerFormat.HeaderField.minorVersion, 2)
        put(UInt64(features), ContainerFormat.HeaderField.features, 4)
        put(UInt64(sections.count), ContainerFormat.HeaderField.sectionCount, 4)
        put(UInt64(bytes.count), ContainerFormat.HeaderField.fileLength, 8)
        let crc = bytes.withUnsafeBytes { Container.headerChecksum(UnsafeRawBufferPointer(rebasing: $0[0..<tableEnd])) }
        put(UInt64(crc), ContainerFormat.HeaderField.headerChecksum, 4)
        return bytes
    }

    @Test func tagsThatStartWithALowerCaseLetterAreOptional() {
        #expect(SectionTag("shrt").isOptional)
        #expect(SectionTag("meta").isOptional)
        #expect(!SectionTag("DICT").isOptional)
        #expect(!SectionTag("Xtra").isOptional)
        #expect(!SectionTag("1abc").isOptional)
    }

    @Test func aNewerMinorVersionWithUnknownOptionalSectionsOpens() throws {
        let file = Self.container([("ngrm", [1, 2, 3]), ("xyzw", [])], minor: 42)
        let container = try Container(bytes: file)
        #expect(container.minorVersion == 42)
        #expect(container.sections.map(\.tag.description) == ["ngrm", "xyzw"])
        try container.verifyChecksums()
    }

    @Test func anUnknownRequiredSectionIsRefusedByName() {
        #expect(throws: KeylexError.unsupportedSection("NGRM")) { try Container(bytes: Self.container([("meta", []), ("NGRM", [0])])) }
        #expect(KeylexError.unsupportedSection("NGRM").description.contains("NGRM"))
    }

    @Test func damagedOptionalSectionsReadAsAbsent() throws {
        // An empty section, and a text table whose count promises more entries than it holds.
        #expect(throws: KeylexError.truncated("shrt")) { try TextTable(section: ByteView(base: UnsafeRawPointer(bitPattern: 8)!, count: 0), name: "shrt") }
        let bytes: [UInt8] = [200, 0, 0, 0, 1, 2]
        bytes.withUnsafeBytes { raw in
            #expect(throws: KeylexError.self) { try TextTable(section: ByteView(base: raw.baseAddress!, count: raw.count), name: "shrt") }
        }
        // An entry pointing past the texts reads as nothing, not a trap.
        var entry: [UInt8] = [1, 0, 0, 0]
        entry += [0, 0, 0, 0] + [0xFF, 0xFF, 0, 0] + [9, 0] + [3, 0] + Array("abc".utf8)
        entry.withUnsafeBytes { raw in
            let table = try? TextTable(section: ByteView(base: raw.baseAddress!, count: raw.count), name: "shrt")
            #expect(table?.count == 1)
            #expect(table?.entry(0) == nil)
            #expect(table?.entries(for: 0) == [])
        }
    }
}
