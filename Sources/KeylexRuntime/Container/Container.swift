/// An opened Keylex container: its header checked, its sections located, nothing else parsed.
///
/// Opening costs O(number of sections): the header, the section table and its checksum are
/// checked; section checksums are checked only by ``verifyChecksums()``.
public struct Container: Sendable {
    let storage: FileStorage
    /// The format version the file was written with.
    public let majorVersion: UInt16
    public let minorVersion: UInt16
    /// The features the file uses.
    public let features: ContainerFeatures
    /// The sections, in table order.
    public let sections: [Section]

    /// One entry of the section table.
    public struct Section: Sendable {
        public let tag: SectionTag
        public let checksum: UInt32
        public let offset: Int
        public let length: Int
    }

    /// Maps the file at `path` read-only and checks its header.
    public init(contentsOf path: String) throws(KeylexError) {
        try self.init(storage: FileStorage.map(path: path))
    }

    /// Copies `bytes` and checks their header.
    public init(bytes: some Collection<UInt8>) throws(KeylexError) {
        try self.init(storage: FileStorage.copy(bytes))
    }

    /// Uses `bytes` in place, without copying; the caller keeps them alive and unchanged
    /// for as long as the container or anything opened from it is in use.
    public init(borrowing bytes: UnsafeRawBufferPointer) throws(KeylexError) {
        try self.init(storage: FileStorage.borrowing(bytes))
    }

    init(storage: FileStorage) throws(KeylexError) {
        self.storage = storage
        let file = storage.view
        for (i, byte) in ContainerFormat.magic.enumerated() where i < file.count && file.u8(i) != byte {
            throw .badMagic
        }
        guard file.count >= ContainerFormat.headerSize else { throw .truncated("header") }
        let major = file.u16(ContainerFormat.HeaderField.majorVersion)!
        let minor = file.u16(ContainerFormat.HeaderField.minorVersion)!
        guard major == ContainerFormat.majorVersion else { throw .unsupportedVersion(major: major, minor: minor) }
        let features = ContainerFeatures(rawValue: file.u32(ContainerFormat.HeaderField.features)!)
        guard features.isSubset(of: .known) else {
            throw .unsupportedFeatures(features.subtracting(.known).rawValue)
        }
        let count = Int(file.u32(ContainerFormat.HeaderField.sectionCount)!)
        guard count <= ContainerFormat.maxSections else { throw .malformed("\(count) sections") }
        guard file.u64(ContainerFormat.HeaderField.fileLength)! == UInt64(file.count) else {
            throw .truncated("file length differs from the header's")
        }
        let tableEnd = ContainerFormat.headerSize + count * ContainerFormat.sectionEntrySize
        let headerBytes = try file.slice(0, tableEnd, "section table")
        guard Container.headerChecksum(headerBytes.buffer) == file.u32(ContainerFormat.HeaderField.headerChecksum)! else {
            throw .checksumMismatch(section: "header")
        }
        var sections: [Section] = []
        sections.reserveCapacity(count)
        var previousEnd = tableEnd
        for i in 0..<count {
            let entry = ContainerFormat.headerSize + i * ContainerFormat.sectionEntrySize
            let tag = SectionTag(rawValue: file.u32(entry + ContainerFormat.EntryField.tag)!)
            let offset = file.u64(entry + ContainerFormat.EntryField.offset)!
            let length = file.u64(entry + ContainerFormat.EntryField.length)!
            guard offset % UInt64(ContainerFormat.sectionAlignment) == 0, offset >= UInt64(previousEnd),
                length <= UInt64(file.count), offset <= UInt64(file.count) - length
            else { throw .malformed("section \(tag) at \(offset)+\(length) is misplaced") }
            guard !sections.contains(where: { $0.tag == tag }) else { throw .malformed("section \(tag) twice") }
            guard tag.isOptional || SectionTag.knownRequired.contains(tag) else { throw .unsupportedSection(tag.description) }
            sections.append(
                Section(
                    tag: tag, checksum: file.u32(entry + ContainerFormat.EntryField.checksum)!,
                    offset: Int(offset), length: Int(length)))
            previousEnd = Int(offset + length)
        }
        // The last section ends the file: what follows it is no part of a Keylex file.
        guard previousEnd == file.count else { throw .malformed("\(file.count - previousEnd) bytes after the last section") }
        self.majorVersion = major
        self.minorVersion = minor
        self.features = features
        self.sections = sections
    }

    /// The CRC32C of the header and section table, with the header checksum field counted as zero.
    public static func headerChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        let field = ContainerFormat.HeaderField.headerChecksum
        var crc = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<field]))
        crc = withUnsafeBytes(of: UInt32(0)) { CRC32C.checksum($0, continuing: crc) }
        return CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[(field + 4)...]), continuing: crc)
    }

    /// The total size of the file in bytes.
    public var byteCount: Int { storage.view.count }

    /// The bytes of the section named `tag`, or `nil` when the file has none.
    public func section(_ tag: SectionTag) -> ByteView? {
        guard let s = sections.first(where: { $0.tag == tag }) else { return nil }
        return ByteView(base: storage.view.base + s.offset, count: s.length)
    }

    /// The bytes of the section named `tag`, or an error when the file has none.
    func requiredSection(_ tag: SectionTag) throws(KeylexError) -> ByteView {
        guard let view = section(tag) else { throw .missingSection(tag.description) }
        return view
    }

    /// Checks every section's CRC32C, and that the padding between sections is zero: O(file size).
    public func verifyChecksums() throws(KeylexError) {
        let file = storage.view
        var paddingStart = ContainerFormat.headerSize + sections.count * ContainerFormat.sectionEntrySize
        for s in sections {
            for i in paddingStart..<s.offset where file.u8(i) != 0 { throw .malformed("non-zero padding at byte \(i)") }
            let bytes = UnsafeRawBufferPointer(start: file.base + s.offset, count: s.length)
            guard CRC32C.checksum(bytes) == s.checksum else { throw .checksumMismatch(section: s.tag.description) }
            paddingStart = s.offset + s.length
        }
        guard paddingStart == file.count else { throw .malformed("\(file.count - paddingStart) bytes after the last section") }
    }
}
