import KeylexRuntime

/// Encodes resolved locales as the `STRS` and `LAYT` sections described by ``LayoutFormat``, the
/// optional `hint` section when a key has a hint label, `gest` when one has flicks or multi-tap
/// outputs, `trns` when a locale has transforms and `styl` when one has a theme.
struct LayoutEncoder {
    let locales: [ResolvedLocale]

    /// The sections, in file order. The same locales always give the same bytes.
    func sections() -> [(SectionTag, [UInt8])] {
        let strings = StringPool(locales)
        var tables = LayoutTableWriter(strings: strings)
        for (index, locale) in locales.enumerated() { tables.append(locale, index: index) }
        var sections = [(SectionTag.strings, strings.bytes()), (SectionTag.layouts, tables.layt())]
        if !tables.hints.isEmpty { sections.append((.keyHints, tables.hints)) }
        if !tables.transforms.isEmpty { sections.append((.transforms, tables.transforms)) }
        if !tables.gestures.isEmpty { sections.append((.gestures, tables.gestures)) }
        if !tables.styles.isEmpty { sections.append((.styles, tables.styles.section())) }
        return sections
    }
}

/// The `LAYT` tables, the `hint`, `gest` and `trns` records and the `styl` tables, filled in
/// locale by locale.
private struct LayoutTableWriter {
    typealias Table = LayoutFormat.Table
    let strings: StringPool
    private var tables = Table.allCases.map { _ in [UInt8]() }
    private var counts = Table.allCases.map { _ in 0 }
    /// Rows with the same keys (capsLocked and uppercased, the bottom rows of several layers)
    /// share one run of key records: the first key of each run, by its records and hints.
    private var keyRuns: [[UInt8]: Int] = [:]
    /// The keys the rows name so far, shared runs counted each time: a reader refuses a file whose
    /// rows name more keys than its layout section has bytes (a guard against forged sharing), so
    /// a run is shared only while that holds for the key records written.
    private var keysOfRows = 0
    private(set) var hints: [UInt8] = []
    private(set) var transforms: [UInt8] = []
    private(set) var gestures: [UInt8] = []
    private(set) var styles: StyleEncoder

    init(strings: StringPool) {
        self.strings = strings
        styles = StyleEncoder(strings: strings)
    }

    /// The `LAYT` section: the record counts, padded, then the tables.
    func layt() -> [UInt8] {
        var layt: [UInt8] = []
        for count in counts { layt.append(littleEndian: UInt32(count)) }
        while layt.count < LayoutFormat.headerSize { layt.append(0) }
        for table in tables { layt += table }
        return layt
    }

    private mutating func append(_ table: Table, _ record: RecordBuilder) {
        precondition(record.bytes.count == table.recordSize)
        tables[table.rawValue] += record.bytes
        counts[table.rawValue] += 1
    }

    private func next(_ table: Table) -> UInt32 { UInt32(counts[table.rawValue]) }

    /// Appends the locale numbered `index`: its callouts (its characters', then its keys' own,
    /// outside the range the locale record names), its record, and its layouts.
    mutating func append(_ locale: ResolvedLocale, index: Int) {
        typealias LocaleField = LayoutFormat.LocaleField
        let firstCallout = next(.callouts)
        var callouts: [String: Int] = [:]
        for callout in locale.callouts { callouts[callout.character] = appendCallout(callout) }
        for layout in locale.layouts {
            for key in layout.layers.flatMap({ $0.rows.flatMap(\.keys) }) where !key.callout.isEmpty {
                guard let name = Self.calloutName(key), callouts[name] == nil else { continue }
                callouts[name] = appendCallout(Callout(character: key.value ?? "", variants: key.callout, origin: key.calloutOrigin))
            }
        }
        var record = RecordBuilder(size: Table.locales.recordSize)
        record.put(strings.index(locale.tag), at: LocaleField.tag)
        record.put(locale.name.map(strings.index) ?? LayoutFormat.noString, at: LocaleField.name)
        record.put(next(.layouts), at: LocaleField.firstLayout)
        record.put(firstCallout, at: LocaleField.firstCallout)
        record.put(UInt16(clamping: locale.layouts.count), at: LocaleField.layoutCount)
        record.put(locale.direction.rawValue, at: LocaleField.direction)
        record.put(UInt32(locale.callouts.count), at: LocaleField.calloutCount)
        append(.locales, record)
        styles.appendLocale(locale)
        for layout in locale.layouts { append(layout, locale: index, callouts: callouts) }
        for transform in locale.transforms {
            transforms += [UInt32(index), strings.index(transform.from), strings.index(transform.to)].flatMap {
                RecordBuilder.u32($0).bytes
            }
        }
    }

    /// Appends a callout and its variants; returns its index.
    private mutating func appendCallout(_ callout: Callout) -> Int {
        typealias CalloutField = LayoutFormat.CalloutField
        let index = Int(next(.callouts))
        var record = RecordBuilder(size: Table.callouts.recordSize)
        record.put(strings.index(callout.character), at: CalloutField.character)
        record.put(next(.variants), at: CalloutField.firstVariant)
        record.put(UInt16(clamping: callout.variants.count), at: CalloutField.variantCount)
        record.put(UInt16(clamping: callout.defaultIndex), at: CalloutField.defaultIndex)
        append(.callouts, record)
        for variant in callout.variants { append(.variants, RecordBuilder.u32(strings.index(variant))) }
        return index
    }

    /// What names a key's callout among a locale's: its own variants with its output, else the
    /// character it types (`nil` for a key with neither).
    private static func calloutName(_ key: KeyModel) -> String? {
        if !key.callout.isEmpty, key.typesValue { return "\u{0}" + (key.value ?? "") + "\u{0}" + key.callout.joined(separator: "\u{1}") }
        return key.action == .character ? key.value : nil
    }

    private mutating func append(_ layout: LayoutModel, locale: Int, callouts: [String: Int]) {
        typealias LayoutField = LayoutFormat.LayoutField
        typealias LayerField = LayoutFormat.LayerField
        var record = RecordBuilder(size: Table.layouts.recordSize)
        record.put(next(.layers), at: LayoutField.firstLayer)
        record.put(UInt32(locale), at: LayoutField.locale)
        record.put(UInt16(clamping: layout.layers.count), at: LayoutField.layerCount)
        record.put(layout.formFactor.rawValue, at: LayoutField.formFactor)
        record.put(layout.field.rawValue, at: LayoutField.field)
        append(.layouts, record)
        let layerIds = layout.layers.map(\.id)
        for layer in layout.layers {
            var record = RecordBuilder(size: Table.layers.recordSize)
            record.put(strings.index(layer.id), at: LayerField.name)
            record.put(next(.rows), at: LayerField.firstRow)
            record.put(UInt16(clamping: layer.rows.count), at: LayerField.rowCount)
            record.put(
                (layer.isDerived ? LayoutFormat.LayerFlags.derived : 0) | (layer.isCustom ? LayoutFormat.LayerFlags.custom : 0),
                at: LayerField.flags)
            append(.layers, record)
            for row in layer.rows { append(row, keys: keyRun(row, layerIds: layerIds, callouts: callouts)) }
        }
    }

    private mutating func append(_ row: RowModel, keys firstKey: Int) {
        typealias RowField = LayoutFormat.RowField
        let metrics = RowMetrics(row)
        var record = RecordBuilder(size: Table.rows.recordSize)
        record.put(UInt32(firstKey), at: RowField.firstKey)
        record.put(UInt16(clamping: row.keys.count), at: RowField.keyCount)
        record.put(UInt16(clamping: metrics.availableCount), at: RowField.availableCount)
        record.put(metrics.inputUnits.bitPattern, at: RowField.inputUnits)
        record.put(metrics.fixedFraction.bitPattern, at: RowField.fixedFraction)
        record.put(metrics.fixedPoints.bitPattern, at: RowField.fixedPoints)
        append(.rows, record)
    }

    /// The first key of the run of `row`'s key records: one written before, or appended now with
    /// the keys' hints and gestures.
    private mutating func keyRun(_ row: RowModel, layerIds: [String], callouts: [String: Int]) -> Int {
        let records = row.keys.map { keyRecord($0, layerIds: layerIds, callouts: callouts) }
        let hintStrings = row.keys.map { $0.hint.map(strings.index) ?? LayoutFormat.noString }
        let gestureRecords = row.keys.map(gestureRecords)
        let run =
            records.flatMap(\.bytes) + hintStrings.flatMap { RecordBuilder.u32($0).bytes }
            + gestureRecords.flatMap {
                [UInt8(clamping: $0.count)] + $0.flatMap { [$0.kind, $0.action] + RecordBuilder.u32($0.string).bytes }
            }
        keysOfRows += row.keys.count
        if let first = keyRuns[run], keysOfRows <= counts[Table.keys.rawValue] * Table.keys.recordSize { return first }
        let first = counts[Table.keys.rawValue]
        keyRuns[run] = first
        for (i, record) in records.enumerated() {
            append(.keys, record)
            for gesture in gestureRecords[i] {
                gestures +=
                    RecordBuilder.u32(UInt32(first + i)).bytes + [gesture.kind, gesture.action, 0, 0]
                    + RecordBuilder.u32(gesture.string).bytes
            }
            guard hintStrings[i] != LayoutFormat.noString else { continue }
            hints += RecordBuilder.u32(UInt32(first + i)).bytes + RecordBuilder.u32(hintStrings[i]).bytes
        }
        return first
    }

    /// A key's `gest` records: its flicks by direction, then its multi-tap outputs and callout
    /// actions in order.
    private func gestureRecords(_ key: KeyModel) -> [(kind: UInt8, action: UInt8, string: UInt32)] {
        typealias GestureField = LayoutFormat.GestureField
        return key.flicks.sorted { $0.direction.rawValue < $1.direction.rawValue }.map {
            ($0.direction.rawValue, 0, strings.index($0.output))
        }
            + key.multiTap.map { (GestureField.multiTapKind, 0, strings.index($0)) }
            + key.calloutActions.map {
                (GestureField.calloutActionKind, $0.action.rawValue, $0.value.map(strings.index) ?? LayoutFormat.noString)
            }
    }

    private func keyRecord(_ key: KeyModel, layerIds: [String], callouts: [String: Int]) -> RecordBuilder {
        typealias KeyField = LayoutFormat.KeyField
        var record = RecordBuilder(size: Table.keys.recordSize)
        let width = (key.width ?? .input).encoded
        record.put(key.action.rawValue, at: KeyField.action)
        record.put(width.kind.rawValue, at: KeyField.widthKind)
        switch key.action {
        case .primary:
            let type = key.value.flatMap(ReturnKeyType.named) ?? .return
            record.put(type.rawValue, at: KeyField.argument)
        case .keyboardType:
            record.put(UInt8(clamping: layerIds.firstIndex(of: key.value ?? "") ?? 0), at: KeyField.argument)
        default: break
        }
        record.put(width.value.bitPattern, at: KeyField.width)
        let output = key.action == .primary ? nil : key.value
        record.put(output.map(strings.index) ?? LayoutFormat.noString, at: KeyField.output)
        record.put(key.label.map(strings.index) ?? LayoutFormat.noString, at: KeyField.label)
        let callout = Self.calloutName(key).flatMap { callouts[$0] }
        record.put(callout.map { UInt32($0) } ?? LayoutFormat.noCallout, at: KeyField.callout)
        return record
    }
}

/// What the runtime needs of a row to compute key frames without looking at its keys twice.
struct RowMetrics {
    var availableCount = 0
    var inputUnits: Float = 0
    var fixedFraction: Float = 0
    var fixedPoints: Float = 0

    init(_ row: RowModel) {
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
            for transform in locale.transforms { all.insert(transform.from); all.insert(transform.to) }
            if let theme = locale.theme {
                all.insert(theme.id)
                all.formUnion(theme.rules.compactMap(\.value))
                for case .text(let text) in theme.rules.flatMap(\.properties.values) { all.insert(text) }
            }
            for layout in locale.layouts {
                for layer in layout.layers {
                    all.insert(layer.id)
                    for row in layer.rows {
                        for key in row.keys {
                            if let value = key.value, key.action != .primary { all.insert(value) }
                            if let label = key.label { all.insert(label) }
                            if let hint = key.hint { all.insert(hint) }
                            all.formUnion(key.flicks.map(\.output) + key.multiTap + key.callout + key.calloutActions.compactMap(\.value))
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
struct RecordBuilder {
    private(set) var bytes: [UInt8]

    init(size: Int) { bytes = [UInt8](repeating: 0, count: size) }

    mutating func put<T: FixedWidthInteger>(_ value: T, at offset: Int) { bytes.store(value, at: offset) }

    static func u32(_ value: UInt32) -> RecordBuilder {
        var record = RecordBuilder(size: 4)
        record.put(value, at: 0)
        return record
    }
}
