/// A locale's simple transforms, as CLDR's keyboard 3.0 `<transforms type="simple">` has them:
/// typing text that ends with a transform's `from` replaces that text with its `to` (a dead key:
/// `^` then `e` gives `ê`). Transforms are tried in order; the first that matches applies.
public struct LayoutTransforms: RandomAccessCollection, Sendable {
    let tables: LayoutTables
    let records: Range<Int>

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    /// The `i`-th transform: the text it replaces and its replacement (empty texts when `i` is out
    /// of range).
    public subscript(i: Int) -> (from: KeyText, to: KeyText) {
        tables.transform(at: LayoutTables.index(i, of: records.count, from: UInt32(records.lowerBound)))
    }

    /// What typing `input` (a key's output) after `context` (the text before the cursor, as
    /// `UITextDocumentProxy.documentContextBeforeInput` gives it) does once transforms apply:
    /// the end of `context` to delete and the text to insert instead of `input`; `nil` when no
    /// transform applies (insert `input` as it is). Texts are matched as UTF-8, without
    /// normalisation. O(transforms × their length); allocates only for the result.
    public func replacement(typing input: String, after context: String) -> TextReplacement? {
        let typed = Array(input.utf8)
        for i in indices {
            let (from, to) = self[i]
            let matched = from.withUTF8 { Self.ends(typed, context: context.utf8, with: $0) }
            guard matched else { continue }
            let length = from.utf8Count
            if length <= typed.count {
                return TextReplacement(
                    deleting: "", inserting: String(decoding: typed.prefix(typed.count - length), as: UTF8.self) + to.description)
            }
            return TextReplacement(
                deleting: String(decoding: context.utf8.suffix(length - typed.count), as: UTF8.self), inserting: to.description)
        }
        return nil
    }

    /// Whether `context` followed by `typed` ends with `from` (not empty).
    private static func ends(_ typed: [UInt8], context: String.UTF8View, with from: UnsafeRawBufferPointer) -> Bool {
        guard !from.isEmpty else { return false }
        var rest = from.count
        for byte in typed.reversed() where rest > 0 {
            rest -= 1
            if from[rest] != byte { return false }
        }
        guard rest > 0 else { return true }
        for byte in context.reversed() {
            rest -= 1
            if from[rest] != byte { return false }
            if rest == 0 { return true }
        }
        return false
    }
}

/// A change to the text before the cursor: delete `deleting` (the end of that text), then insert
/// `inserting`.
public struct TextReplacement: Sendable, Equatable {
    public let deleting: String
    public let inserting: String

    public init(deleting: String, inserting: String) {
        self.deleting = deleting
        self.inserting = inserting
    }
}
