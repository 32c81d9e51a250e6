import KeylexRuntime

/// Encodes a ``KeylexRuntime/TextTable`` section: entries sorted by key, then the UTF-8 texts.
enum TextTableEncoder {
    /// The section for `entries`, which must be sorted by key (the sort is stable for equal keys).
    static func encode(_ entries: [(key: Int, text: String, kind: UInt8)]) -> [UInt8] {
        let sorted = entries.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
        var section: [UInt8] = []
        var pool: [UInt8] = []
        var offsets: [String: Int] = [:]  // a text repeated (a label) is stored once
        section.append(littleEndian: UInt32(sorted.count))
        for entry in sorted {
            let text = Array(entry.text.utf8.prefix(Int(UInt16.max)))
            let offset = offsets[entry.text] ?? pool.count
            if offset == pool.count {
                offsets[entry.text] = offset
                pool += text
            }
            section.append(littleEndian: UInt32(entry.key))
            section.append(littleEndian: UInt32(offset))
            section.append(littleEndian: UInt16(text.count))
            section.append(entry.kind)
            section.append(0)
        }
        return section + pool
    }
}
