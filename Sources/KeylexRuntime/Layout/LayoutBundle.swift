/// The keyboard layouts in a compiled bundle, read in place from the mapped file.
///
/// Opening checks every table's size and every cross-reference once (O(records), a few thousand
/// for a locale), so that lookups afterwards cannot go out of bounds. Lookups decode fixed-size
/// records directly from the file and allocate nothing; strings come back as ``KeyText`` views
/// of the file's bytes.
public struct LayoutBundle: Sendable {
    let tables: LayoutTables

    /// The container the layouts were read from.
    public var container: Container { tables.container }

    /// Maps and opens the bundle at `path`.
    public init(contentsOf path: String) throws(KeylexError) {
        try self.init(container: Container(contentsOf: path))
    }

    /// Opens a copy of `bytes`.
    public init(bytes: some Collection<UInt8>) throws(KeylexError) {
        try self.init(container: Container(bytes: bytes))
    }

    /// Opens the layouts in an already opened container.
    public init(container: Container) throws(KeylexError) {
        tables = try LayoutTables(container: container)
    }

    /// The locales in the bundle, in tag order.
    public var locales: Locales { Locales(tables: tables) }

    /// The locale tagged `tag` (exactly as compiled), if the bundle has it.
    public func locale(_ tag: String) -> LayoutLocale? {
        locales.first { $0.tag == tag }
    }

    /// The layout of `formFactor` for a `field` field in the locale `tag`, or in the bundle's
    /// first locale (see ``LayoutLocale/layout(for:field:)``).
    public func layout(for formFactor: FormFactor, locale tag: String? = nil, field: FieldKind = .text) -> KeyboardLayout? {
        let locale = tag == nil ? locales.first : self.locale(tag!)
        return locale?.layout(for: formFactor, field: field)
    }

    /// The locales of a bundle.
    public struct Locales: RandomAccessCollection, Sendable {
        let tables: LayoutTables
        public var startIndex: Int { 0 }
        public var endIndex: Int { tables.count(.locales) }
        /// The `index`-th locale; an empty one when `index` is out of range.
        public subscript(index: Int) -> LayoutLocale {
            LayoutLocale(tables: tables, index: LayoutTables.index(index, of: endIndex, from: 0))
        }
    }

}

/// The tables of `LAYT` and the string pool, shared (by one reference) by every value read from
/// a bundle, which keeps the mapped file alive.
final class LayoutTables: Sendable {
    let container: Container
    let strings: StringTable
    private let locales, layouts, layers, rows, keys, callouts, variants: ByteView
    /// The `hint` records (`nil` when the bundle has none, or they are damaged).
    private let hints: ByteView?
    /// The `trns` records (`nil` when the bundle has none, or they are damaged).
    private let transforms: ByteView?
    /// The `gest` records (`nil` when the bundle has none, or they are damaged).
    private let gestures: ByteView?
    /// The `styl` tables (`nil` when the bundle has none, or they are damaged).
    let styles: StyleTables?

    init(container: Container) throws(KeylexError) {
        guard container.features.contains(.layouts) else { throw .missingSection("LAYT") }
        strings = try StringTable(section: container.requiredSection(.strings), storage: container.storage)
        let section = try container.requiredSection(.layouts)
        var offset = LayoutFormat.headerSize
        var views: [ByteView] = []
        for table in LayoutFormat.Table.allCases {
            guard let count = section.u32(table.rawValue * 4) else { throw .truncated("LAYT header") }
            let length = Int(count) * table.recordSize
            views.append(try section.slice(offset, length, "LAYT \(table) table"))
            offset += length
        }
        self.container = container
        (locales, layouts, layers, rows, keys, callouts, variants) = (views[0], views[1], views[2], views[3], views[4], views[5], views[6])
        let keyCount = keys.count / LayoutFormat.Table.keys.recordSize
        hints = container.section(.keyHints).flatMap { [strings] in
            Self.hintsAreValid($0, keys: keyCount, strings: strings.count) ? $0 : nil
        }
        gestures = container.section(.gestures).flatMap { [strings] in
            Self.gesturesAreValid($0, keys: keyCount, strings: strings.count) ? $0 : nil
        }
        let localeCount = locales.count / LayoutFormat.Table.locales.recordSize
        transforms = container.section(.transforms).flatMap { [strings] in
            Self.transformsAreValid($0, locales: localeCount, strings: strings) ? $0 : nil
        }
        styles = StyleTables(container.section(.styles), locales: localeCount, strings: strings)
        try checkReferences()
    }

    /// Whether `hints` holds whole records, in strictly increasing key order, naming keys and
    /// strings that exist. An optional section that is not is read as absent: O(records).
    private static func hintsAreValid(_ hints: ByteView, keys: Int, strings: Int) -> Bool {
        typealias HintField = LayoutFormat.HintField
        guard hints.count % HintField.recordSize == 0 else { return false }
        var previous = -1
        for offset in stride(from: 0, to: hints.count, by: HintField.recordSize) {
            guard let key = hints.u32(offset + HintField.key), let string = hints.u32(offset + HintField.string),
                Int(key) > previous, Int(key) < keys, Int(string) < strings
            else { return false }
            previous = Int(key)
        }
        return true
    }

    /// Whether `transforms` holds whole records, by locale, at most `LayoutFormat.maxCount` a
    /// locale (a keystroke tries them all), naming locales and strings that exist, none replacing
    /// empty text. An optional section that is not is read as absent: O(records).
    private static func transformsAreValid(_ transforms: ByteView, locales: Int, strings: StringTable) -> Bool {
        typealias TransformField = LayoutFormat.TransformField
        guard transforms.count % TransformField.recordSize == 0 else { return false }
        var previous = 0, run = 0
        for offset in stride(from: 0, to: transforms.count, by: TransformField.recordSize) {
            guard let locale = transforms.u32(offset + TransformField.locale), let from = transforms.u32(offset + TransformField.from),
                let to = transforms.u32(offset + TransformField.to),
                Int(locale) >= previous, Int(locale) < locales, Int(from) < strings.count, Int(to) < strings.count,
                strings[from].utf8Count > 0
            else { return false }
            run = Int(locale) == previous ? run + 1 : 1
            guard run <= LayoutFormat.maxCount else { return false }
            previous = Int(locale)
        }
        return true
    }

    /// The `trns` records of locale `index`: the first and the end of its range, found by binary
    /// search.
    func transformRange(ofLocale index: Int) -> Range<Int> {
        typealias TransformField = LayoutFormat.TransformField
        guard let transforms else { return 0..<0 }
        func firstRecord(atLeast locale: Int) -> Int {
            lowerBound(in: 0..<transforms.count / TransformField.recordSize) {
                Int(transforms.u32($0 * TransformField.recordSize + TransformField.locale) ?? 0) < locale
            }
        }
        return firstRecord(atLeast: index)..<firstRecord(atLeast: index + 1)
    }

    /// The `from` and `to` of transform record `i`.
    func transform(at i: Int) -> (from: KeyText, to: KeyText) {
        typealias TransformField = LayoutFormat.TransformField
        let offset = i * TransformField.recordSize
        return (
            strings[transforms?.u32(offset + TransformField.from) ?? LayoutFormat.noString],
            strings[transforms?.u32(offset + TransformField.to) ?? LayoutFormat.noString]
        )
    }

    /// Whether `gestures` holds whole records, ordered by key then kind (flicks of one key in
    /// strictly increasing direction), naming keys, kinds and strings that exist. An optional
    /// section that is not is read as absent: O(records).
    private static func gesturesAreValid(_ gestures: ByteView, keys: Int, strings: Int) -> Bool {
        typealias GestureField = LayoutFormat.GestureField
        guard gestures.count % GestureField.recordSize == 0 else { return false }
        var previous = (key: -1, kind: -1)
        for offset in stride(from: 0, to: gestures.count, by: GestureField.recordSize) {
            guard let key = gestures.u32(offset + GestureField.key).map(Int.init),
                let kind = gestures.u8(offset + GestureField.kind).map(Int.init),
                let action = gestures.u8(offset + GestureField.action), let string = gestures.u32(offset + GestureField.string), key < keys,
                kind <= Int(GestureField.calloutActionKind),
                kind == Int(GestureField.calloutActionKind) ? KeyActionKind(rawValue: action) != nil : action == 0,
                Int(string) < strings || kind == Int(GestureField.calloutActionKind) && string == LayoutFormat.noString,
                (key, kind) > previous || (key, kind) == previous && kind >= Int(GestureField.multiTapKind)
            else { return false }
            previous = (key, kind)
        }
        return true
    }

    /// The `gest` records of key `index`, found by binary search.
    func gestureRange(ofKey index: Int) -> Range<Int> {
        typealias GestureField = LayoutFormat.GestureField
        guard let gestures else { return 0..<0 }
        func firstRecord(atLeast key: Int) -> Int {
            lowerBound(in: 0..<gestures.count / GestureField.recordSize) {
                Int(gestures.u32($0 * GestureField.recordSize + GestureField.key) ?? 0) < key
            }
        }
        return firstRecord(atLeast: index)..<firstRecord(atLeast: index + 1)
    }

    /// The kind and output of gesture record `i`.
    func gesture(at i: Int) -> (kind: UInt8, output: KeyText) {
        typealias GestureField = LayoutFormat.GestureField
        return (
            gestures?.u8(i * GestureField.recordSize + GestureField.kind) ?? 0,
            strings[gestures?.u32(i * GestureField.recordSize + GestureField.string) ?? 0]
        )
    }

    /// The action and value of gesture record `i`, when it is a callout action.
    func calloutAction(at i: Int) -> (action: KeyActionKind, value: KeyText?)? {
        typealias GestureField = LayoutFormat.GestureField
        let offset = i * GestureField.recordSize
        guard gestures?.u8(offset + GestureField.kind) == GestureField.calloutActionKind,
            let action = gestures?.u8(offset + GestureField.action).flatMap(KeyActionKind.init)
        else { return nil }
        return (action, strings.optional(gestures?.u32(offset + GestureField.string) ?? LayoutFormat.noString))
    }

    /// The hint label of key `index`: a binary search of the `hint` records.
    func hint(ofKey index: Int) -> KeyText? {
        typealias HintField = LayoutFormat.HintField
        guard let hints else { return nil }
        let count = hints.count / HintField.recordSize
        let found = lowerBound(in: 0..<count) { Int(hints.u32($0 * HintField.recordSize + HintField.key) ?? 0) < index }
        guard found < count, Int(hints.u32(found * HintField.recordSize + HintField.key) ?? 0) == index else { return nil }
        return strings.optional(hints.u32(found * HintField.recordSize + HintField.string) ?? LayoutFormat.noString)
    }

    @inline(__always)
    private func view(_ table: LayoutFormat.Table) -> ByteView {
        switch table {
        case .locales: return locales
        case .layouts: return layouts
        case .layers: return layers
        case .rows: return rows
        case .keys: return keys
        case .callouts: return callouts
        case .variants: return variants
        }
    }

    /// The record `index` of `table` (checked by the caller or at open), or none for ``noRecord``.
    @inline(__always)
    func record(_ table: LayoutFormat.Table, _ index: Int) -> Record {
        Record(bytes: view(table), offset: index * table.recordSize)
    }

    /// The index of no record: every field of it reads as zero or, for a string or a callout, as
    /// none. What an index out of range of the public API reads, so that it gives an empty value.
    static let noRecord = -1

    /// The index of the `i`-th of the `count` records from `first` on, or ``noRecord`` when `i` is
    /// outside `0..<count`: an index out of range never traps and never reads a neighbour's record.
    @inline(__always)
    static func index(_ i: Int, of count: Int, from first: UInt32) -> Int {
        i >= 0 && i < count ? Int(first) + i : noRecord
    }

    /// The number of records of `table`.
    @inline(__always)
    func count(_ table: LayoutFormat.Table) -> Int { view(table).count / table.recordSize }

    /// Checks every index a record holds against the table it points into, and bounds what reading
    /// the whole bundle costs by its size, whatever its bytes: the ranges of one table's records
    /// into another come in record order without overlapping, but for rows, which may share keys
    /// (identical rows are written once), and the keys of all rows add up to no more than the
    /// section's bytes (overlapping ranges would let a small file describe billions of keys).
    private func checkReferences() throws(KeylexError) {
        // Per table pointed into (each by records of one table only), where the next range may start.
        var nextFree = [Int](repeating: 0, count: LayoutFormat.Table.allCases.count)
        func range(
            _ first: Int, _ count: Int, in table: LayoutFormat.Table, ordered: Bool = true,
            _ what: @autoclosure () -> String
        ) throws(KeylexError) {
            guard first >= 0, count >= 0, first <= self.count(table) - count else {
                throw .malformed("\(what()) points past the \(table) table")
            }
            guard ordered, count > 0 else { return }
            guard first >= nextFree[table.rawValue] else { throw .malformed("\(what()) overlaps an earlier record's \(table)") }
            nextFree[table.rawValue] = first + count
        }
        func string(_ index: UInt32, optional: Bool, _ what: @autoclosure () -> String) throws(KeylexError) {
            guard (optional && index == LayoutFormat.noString) || Int(index) < strings.count else {
                throw .malformed("\(what()) names string \(index)")
            }
        }
        typealias LocaleField = LayoutFormat.LocaleField
        typealias LayoutField = LayoutFormat.LayoutField
        typealias LayerField = LayoutFormat.LayerField
        typealias RowField = LayoutFormat.RowField
        typealias KeyField = LayoutFormat.KeyField
        typealias CalloutField = LayoutFormat.CalloutField
        for i in 0..<count(.locales) {
            let r = record(.locales, i)
            try string(r.u32(LocaleField.tag), optional: false, "locale \(i)")
            try string(r.u32(LocaleField.name), optional: true, "locale \(i)")
            try range(Int(r.u32(LocaleField.firstLayout)), Int(r.u16(LocaleField.layoutCount)), in: .layouts, "locale \(i)")
            try range(Int(r.u32(LocaleField.firstCallout)), Int(r.u32(LocaleField.calloutCount)), in: .callouts, "locale \(i)")
            guard TextDirection(rawValue: r.u8(LocaleField.direction)) != nil else { throw .malformed("locale \(i) direction") }
        }
        for i in 0..<count(.layouts) {
            let r = record(.layouts, i)
            try range(Int(r.u32(LayoutField.firstLayer)), Int(r.u16(LayoutField.layerCount)), in: .layers, "layout \(i)")
            guard Int(r.u32(LayoutField.locale)) < count(.locales), FormFactor(rawValue: r.u8(LayoutField.formFactor)) != nil else {
                throw .malformed("layout \(i)")
            }
        }
        for i in 0..<count(.layers) {
            let r = record(.layers, i)
            try string(r.u32(LayerField.name), optional: false, "layer \(i)")
            try range(Int(r.u32(LayerField.firstRow)), Int(r.u16(LayerField.rowCount)), in: .rows, "layer \(i)")
        }
        let sectionSize = LayoutFormat.Table.allCases.reduce(0) { $0 + view($1).count }
        var keysOfRows = 0
        for i in 0..<count(.rows) {
            let r = record(.rows, i)
            try range(Int(r.u32(RowField.firstKey)), Int(r.u16(RowField.keyCount)), in: .keys, ordered: false, "row \(i)")
            keysOfRows += Int(r.u16(RowField.keyCount))
            guard keysOfRows <= sectionSize else { throw .malformed("row \(i): the rows name more keys than the section holds bytes") }
        }
        for i in 0..<count(.keys) {
            let r = record(.keys, i)
            guard let action = KeyActionKind(rawValue: r.u8(KeyField.action)),
                KeyWidth(kind: r.u8(KeyField.widthKind), value: r.f32(KeyField.width)) != nil,
                action != .primary || ReturnKeyType(rawValue: r.u8(KeyField.argument)) != nil
            else { throw .malformed("key \(i)") }
            try string(r.u32(KeyField.output), optional: true, "key \(i)")
            try string(r.u32(KeyField.label), optional: true, "key \(i)")
            let callout = r.u32(KeyField.callout)
            guard callout == LayoutFormat.noCallout || Int(callout) < count(.callouts) else { throw .malformed("key \(i) callout") }
        }
        for i in 0..<count(.callouts) {
            let r = record(.callouts, i)
            try string(r.u32(CalloutField.character), optional: false, "callout \(i)")
            let variants = Int(r.u16(CalloutField.variantCount))
            try range(Int(r.u32(CalloutField.firstVariant)), variants, in: .variants, "callout \(i)")
            guard Int(r.u16(CalloutField.defaultIndex)) < max(variants, 1) else { throw .malformed("callout \(i) default") }
        }
        for i in 0..<count(.variants) {
            try string(record(.variants, i).u32(0), optional: false, "variant \(i)")
        }
    }
}

/// A fixed-size record of a layout table. Reads outside its table (the table sizes were checked at
/// open, so only ``LayoutTables/noRecord`` has them) give zero, and none for a string.
struct Record {
    let bytes: ByteView
    let offset: Int

    func u8(_ field: Int) -> UInt8 { bytes.u8(offset + field) ?? 0 }
    func u16(_ field: Int) -> UInt16 { bytes.u16(offset + field) ?? 0 }
    func u32(_ field: Int, missing: UInt32 = 0) -> UInt32 { bytes.u32(offset + field) ?? missing }
    func f32(_ field: Int) -> Float { Float(bitPattern: u32(field)) }
    /// A string field: an index into the string pool, or ``LayoutFormat/noString``.
    func string(_ field: Int) -> UInt32 { u32(field, missing: LayoutFormat.noString) }
}
