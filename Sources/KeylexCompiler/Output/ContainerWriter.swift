import KeylexRuntime

/// Assembles sections into one Keylex container (header, section table, aligned sections), the
/// inverse of ``KeylexRuntime/Container``.
struct ContainerWriter: Sendable {
    private(set) var features: ContainerFeatures = []
    private(set) var sections: [(SectionTag, [UInt8])] = []

    mutating func add(_ tag: SectionTag, _ bytes: [UInt8]) {
        precondition(!sections.contains { $0.0 == tag }, "section \(tag) added twice")
        sections.append((tag, bytes))
    }

    mutating func insert(_ feature: ContainerFeatures) {
        features.insert(feature)
    }

    /// The file's bytes. The same sections in the same order give the same bytes.
    func bytes() -> [UInt8] {
        typealias HeaderField = ContainerFormat.HeaderField
        typealias EntryField = ContainerFormat.EntryField
        let tableEnd = ContainerFormat.headerSize + sections.count * ContainerFormat.sectionEntrySize
        var file = [UInt8](repeating: 0, count: tableEnd)
        var offsets: [Int] = []
        for (_, bytes) in sections {
            while file.count % ContainerFormat.sectionAlignment != 0 { file.append(0) }
            offsets.append(file.count)
            file += bytes
        }
        for (i, entry) in sections.enumerated() {
            let base = ContainerFormat.headerSize + i * ContainerFormat.sectionEntrySize
            file.store(entry.0.rawValue, at: base + EntryField.tag)
            file.store(CRC32C.checksum(entry.1), at: base + EntryField.checksum)
            file.store(UInt64(offsets[i]), at: base + EntryField.offset)
            file.store(UInt64(entry.1.count), at: base + EntryField.length)
        }
        file.replaceSubrange(0..<8, with: ContainerFormat.magic)
        file.store(ContainerFormat.majorVersion, at: HeaderField.majorVersion)
        file.store(ContainerFormat.minorVersion, at: HeaderField.minorVersion)
        file.store(features.rawValue, at: HeaderField.features)
        file.store(UInt32(sections.count), at: HeaderField.sectionCount)
        file.store(UInt64(file.count), at: HeaderField.fileLength)
        let checksum = file.withUnsafeBytes { Container.headerChecksum(UnsafeRawBufferPointer(rebasing: $0[0..<tableEnd])) }
        file.store(checksum, at: HeaderField.headerChecksum)
        return file
    }
}
