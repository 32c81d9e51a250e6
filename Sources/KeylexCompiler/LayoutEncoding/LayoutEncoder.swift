import KeylexRuntime

/// Encodes resolved locales as the `STRS` and `LAYT` sections described by ``LayoutFormat``.
struct LayoutEncoder {
    let locales: [ResolvedLocale]

    /// The sections, in file order. The same locales always give the same bytes.
    func sections() -> [(SectionTag, [UInt8])] {
        let strings = StringPool(locales)
        var tables = LayoutFormat.Table.allCases.map { _ in [UInt8]() }
        // Rows with the same keys (capsLocked and uppercased, the bottom rows of several layers)
        // share one run of key records.
        var keyRuns: [[UInt8]: Int] = [:]
        var counts = LayoutFormat.Table.allCases.map { _ in 0 }
        func append(_ table: LayoutFormat.Table, _ record: [UInt8]) {
            precondition(record.count == table.recordSize)
            tables[table.rawValue] += record
            counts[table.rawValue] += 1
        }
        for (localeIndex, locale) in locales.enumerated() {
            let firstCallout = counts[LayoutFormat.Table.callouts.rawValue]
            var calloutIndex: [String: Int] = [:]
            for callout in locale.callouts {
                calloutIndex[callout.character] = counts[LayoutFormat.Table.callouts.rawValue]
                var record = Record(size: LayoutFormat.Table.callouts.recordSize)
                typealias C = LayoutFormat.CalloutField
                record.put(strings.index(callout.character), at: C.character)
                record.put(UInt32(counts[LayoutFormat.Table.variants.rawValue]), at: C.firstVariant)
                record.put(UInt16(clamping: callout.variants.count), at: C.variantCount)
                record.put(UInt16(clamping: callout.defaultIndex), at: C.defaultIndex)
                append(.callouts, record.bytes)
                for variant in callout.variants { append(.variants, Record.u32(strings.index(variant))) }
            }
            var locRecord = Record(size: LayoutFormat.Table.locales.recordSize)
            typealias L = LayoutFormat.LocaleField
            locRecord.put(strings.index(locale.tag), at: L.tag)
            locRecord.put(locale.name.map(strings.index) ?? LayoutFormat.noString, at: L.name)
            locRecord.put(UInt32(counts[LayoutFormat.Table.layouts.rawValue]), at: L.firstLayout)
            locRecord.put(UInt32(firstCallout), at: L.firstCallout)
            locRecord.put(UInt16(clamping: locale.layouts.count), at: L.layoutCount)
            locRecord.put(locale.direction.rawValue, at: L.direction)
            locRecord.put(UInt32(locale.callouts.count), at: L.calloutCount)
            append(.locales, locRecord.bytes)

            for layout in locale.layouts {
                var record = Record(size: LayoutFormat.Table.layouts.recordSize)
                typealias Y = LayoutFormat.LayoutField
                record.put(UInt32(counts[LayoutFormat.Table.layers.rawValue]), at: Y.firstLayer)
                record.put(UInt32(localeIndex), at: Y.locale)
                record.put(UInt16(clamping: layout.layers.count), at: Y.layerCount)
                record.put(layout.formFactor.rawValue, at: Y.formFactor)
                append(.layouts, record.bytes)
                let layerIds = layout.layers.map(\.id)
                for layer in layout.layers {
                    var layerRecord = Record(size: LayoutFormat.Table.layers.recordSize)
                    typealias A = LayoutFormat.LayerField
                    layerRecord.put(strings.index(layer.id), at: A.name)
                    layerRecord.put(UInt32(counts[LayoutFormat.Table.rows.rawValue]), at: A.firstRow)
                    layerRecord.put(UInt16(clamping: layer.rows.count), at: A.rowCount)
                    layerRecord.put((layer.isDerived ? LayoutFormat.LayerFlags.derived : 0) | (layer.isCustom ? LayoutFormat.LayerFlags.custom : 0), at: A.flags)
                    append(.layers, layerRecord.bytes)
                    for row in layer.rows {
                        let metrics = RowMetrics(row)
                        let keys = row.keys.flatMap { keyRecord($0, strings: strings, layerIds: layerIds, callouts: calloutIndex) }
                        let firstKey = keyRuns[keys] ?? counts[LayoutFormat.Table.keys.rawValue]
                        if keyRuns[keys] == nil {
                            keyRuns[keys] = firstKey
                            tables[LayoutFormat.Table.keys.rawValue] += keys
                            counts[LayoutFormat.Table.keys.rawValue] += row.keys.count
                        }
                        var rowRecord = Record(size: LayoutFormat.Table.rows.recordSize)
                        typealias R = LayoutFormat.RowField
                        rowRecord.put(UInt32(firstKey), at: R.firstKey)
                        rowRecord.put(UInt16(clamping: row.keys.count), at: R.keyCount)
                        rowRecord.put(UInt16(clamping: metrics.availableCount), at: R.availableCount)
                        rowRecord.put(metrics.inputUnits.bitPattern, at: R.inputUnits)
                        rowRecord.put(metrics.fixedFraction.bitPattern, at: R.fixedFraction)
                        rowRecord.put(metrics.fixedPoints.bitPattern, at: R.fixedPoints)
                        append(.rows, rowRecord.bytes)
                    }
                }
            }
        }
        var layt: [UInt8] = []
        for count in counts { layt.append(littleEndian: UInt32(count)) }
        while layt.count < LayoutFormat.headerSize { layt.append(0) }
        for table in tables { layt += table }
        return [(.strings, strings.bytes()), (.layouts, layt)]
    }

    private func keyRecord(_ key: Key, strings: StringPool, layerIds: [String], callouts: [String: Int]) -> [UInt8] {
        typealias K = LayoutFormat.KeyField
        var record = Record(size: LayoutFormat.Table.keys.recordSize)
        let width = (key.width ?? .input).encoded
        record.put(key.action.rawValue, at: K.action)
        record.put(width.kind.rawValue, at: K.widthKind)
        switch key.action {
        case .primary:
            let type = key.value.flatMap(ReturnKeyType.named) ?? .return
            record.put(type.rawValue, at: K.argument)
        case .keyboardType:
            record.put(UInt8(clamping: layerIds.firstIndex(of: key.value ?? "") ?? 0), at: K.argument)
        default: break
        }
        record.put(width.value.bitPattern, at: K.width)
        let output = key.action == .primary ? nil : key.value
        record.put(output.map(strings.index) ?? LayoutFormat.noString, at: K.output)
        record.put(key.label.map(strings.index) ?? LayoutFormat.noString, at: K.label)
        let callout = key.action == .character ? key.value.flatMap { callouts[$0] } : nil
        record.put(callout.map { UInt32($0) } ?? LayoutFormat.noCallout, at: K.callout)
        return record.bytes
    }
}

/// What the runtime needs of a row to compute key frames without looking at its keys twice.
struct RowMetrics {
    var availableCount = 0
    var inputUnits: Float = 0
    var fixedFraction: Float = 0
    var fixedPoints: Float = 0

    init(_ row: Row) {
        for key in row.keys {
            let width = (key.width ?? .input).encoded
            switch width.kind {
            case .input, .inputPercentage: inputUnits += width.value
            case .percentage: fixedFraction += width.value
            case .points: fixedPoints += width.value
            case .available: availableCount += 1
            }
        }
    }
}

/// The `STRS` section: distinct strings sorted by UTF-8 bytes, found by index.
struct StringPool {
    private let strings: [String]
    private let indices: [String: UInt32]

    init(_ locales: [ResolvedLocale]) {
        var all = Set<String>()
        for locale in locales {
            all.insert(locale.tag)
            if let name = locale.name { all.insert(name) }
            for callout in locale.callouts { all.insert(callout.character); all.formUnion(callout.variants) }
            for layout in locale.layouts {
                for layer in layout.layers {
                    all.insert(layer.id)
                    for row in layer.rows {
                        for key in row.keys {
                            if let value = key.value, key.action != .primary { all.insert(value) }
                            if let label = key.label { all.insert(label) }
                        }
                    }
                }
            }
        }
        strings = all.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var indices: [String: UInt32] = [:]
        for (i, string) in strings.enumerated() { indices[string] = UInt32(i) }
        self.indices = indices
    }

    func index(_ string: String) -> UInt32 { indices[string]! }

    /// `UInt32` count, `count + 1` `UInt32` offsets into the bytes that follow, then the UTF-8 bytes.
    func bytes() -> [UInt8] {
        var result: [UInt8] = []
        result.append(littleEndian: UInt32(strings.count))
        var offset = 0
        for string in strings {
            result.append(littleEndian: UInt32(offset))
            offset += string.utf8.count
        }
        result.append(littleEndian: UInt32(offset))
        for string in strings { result += string.utf8 }
        return result
    }
}

/// A fixed-size little-endian record being filled in.
struct Record {
    private(set) var bytes: [UInt8]

    init(size: Int) { bytes = [UInt8](repeating: 0, count: size) }

    mutating func put<T: FixedWidthInteger>(_ value: T, at offset: Int) { bytes.store(value, at: offset) }

    static func u32(_ value: UInt32) -> [UInt8] {
        var record = Record(size: 4)
        record.put(value, at: 0)
        return record.bytes
    }
}
