import Foundation
import KeylexRuntime

/// Builds Keylex rows from FlorisBoard layouts: a main layout framed by its modifier layout, each
/// key as FlorisBoard shows it for a field, with its shifted output and FlorisBoard's widths.
struct FlorisBoardLayers {
    let keys: FlorisBoardKeys
    let direction: TextDirection

    /// The rows of `main` inside `modifier`, as FlorisBoard merges them: the main layout's rows but
    /// the last, then the modifier's rows, the main layout's last row taking the place of the
    /// modifier's placeholder key (between shift and delete).
    static func framed(_ main: [[JSONNode]], by modifier: [[JSONNode]]) -> [[JSONNode]] {
        let isPlaceholder = { (node: JSONNode) in node["type"]?.text == "placeholder" }
        guard let spliced = modifier.firstIndex(where: { $0.contains(where: isPlaceholder) }), let last = main.last else {
            return main + modifier
        }
        return main.dropLast()
            + modifier.enumerated().map { i, row in
                i == spliced ? row.flatMap { isPlaceholder($0) ? last : [$0] } : row
            }
    }

    /// The keys of `rows` for a `field` field; with `shifted`, character keys whose shifted output
    /// is not their upper case carry it.
    func rows(_ rows: [[JSONNode]], field: FieldKind, shifted: Bool) -> [[KeyModel]] {
        Self.sized(rows.map { row in row.compactMap { key($0, field: field, shifted: shifted) } })
    }

    private func key(_ node: JSONNode, field: FieldKind, shifted: Bool) -> KeyModel? {
        var state = FlorisKeyState(field: field, direction: direction)
        guard let leaf = keys.leaf(node, state), var key = keys.key(leaf) else { return nil }
        guard shifted, key.action == .character || key.action == .text, let value = key.value else { return key }
        state.shifted = true
        if let output = keys.leaf(node, state).flatMap(keys.shiftedOutput), output != value.uppercased(with: keys.locale) {
            key.shifted = output
            key.shiftedOrigin = key.origin
        }
        return key
    }

    /// Widths as FlorisBoard draws them: the space bar takes what its row leaves; the function keys
    /// of the row with the delete key share what the longest row has more (at most three units each).
    static func sized(_ rows: [[KeyModel]]) -> [[KeyModel]] {
        let isInput = { (key: KeyModel) in key.action == .character || key.action == .text }
        let widest = rows.map { $0.count(where: isInput) }.max() ?? 0
        return rows.map { row in
            var row = row
            if let space = row.firstIndex(where: { $0.action == .space }) {
                row[space].width = .available
                return row
            }
            let inputs = row.count(where: isInput), others = row.count - inputs
            guard inputs > 0, others > 0, widest > inputs, row.contains(where: { $0.action == .backspace }) else { return row }
            let share = min(Double(widest - inputs) / Double(others), 3)
            guard share > 1 else { return row }
            for i in row.indices where !isInput(row[i]) { row[i].width = .inputPercentage((share * 100).rounded() / 100) }
            return row
        }
    }
}
