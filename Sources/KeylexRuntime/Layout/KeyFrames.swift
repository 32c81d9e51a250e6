/// Where a key sits on the keyboard, in points from the keyboard's top left corner.
public struct KeyFrame: Sendable, Equatable {
    /// The key's row and its index in the row.
    public let row: Int
    public let index: Int
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double

    /// Whether the point lies in the frame (left and top edges included).
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }
}

extension KeyboardLayer {
    /// The width of one input unit on a keyboard `keyboardWidth` points wide, as KeyboardKit
    /// computes it: each row's room (the width less its percentage and point widths) divided by its
    /// input units; the row with the least room per unit sets it. O(rows).
    public func inputUnitWidth(keyboardWidth: Double) -> Double {
        var unit = Double.infinity
        for r in 0..<rowCount {
            let record = row(at: r).record
            let units = Double(record.f32(LayoutFormat.RowField.inputUnits))
            guard units > 0 else { continue }
            let room =
                keyboardWidth * (1 - Double(record.f32(LayoutFormat.RowField.fixedFraction)))
                - Double(record.f32(LayoutFormat.RowField.fixedPoints))
            unit = min(unit, max(0, room) / units)
        }
        return unit.isFinite ? unit : 0
    }

    /// Calls `body` with the frame of every key, row by row. Rows are `rowHeight` points high;
    /// `available` keys share what their row leaves; a row without one that does not fill the
    /// keyboard is centred. Keys are laid out left to right in the order their row lists them,
    /// whatever the locale's text direction: rows are written as keyboards are drawn, and real
    /// right-to-left keyboards (Hebrew, Arabic) are not mirrored (digits read 1 to 0 and backspace
    /// stays on the right, as on AOSP's, FlorisBoard's and iOS's). Allocates nothing.
    public func forEachKeyFrame(keyboardWidth: Double, rowHeight: Double, _ body: (KeyFrame, LayoutKey) -> Void) {
        let unit = inputUnitWidth(keyboardWidth: keyboardWidth)
        for r in 0..<rowCount {
            let row = row(at: r)
            var used = 0.0
            for key in row { used += Self.fixedWidth(key.width, unit: unit, keyboardWidth: keyboardWidth) }
            let availableCount = Int(row.record.u16(LayoutFormat.RowField.availableCount))
            let leftover = max(0, keyboardWidth - used)
            let availableWidth = availableCount > 0 ? leftover / Double(availableCount) : 0
            var x = availableCount > 0 ? 0 : leftover / 2
            for (i, key) in row.enumerated() {
                let width = key.width == .available ? availableWidth : Self.fixedWidth(key.width, unit: unit, keyboardWidth: keyboardWidth)
                body(KeyFrame(row: r, index: i, x: x, y: Double(r) * rowHeight, width: width, height: rowHeight), key)
                x += width
            }
        }
    }

    /// The key whose frame contains the point, if any: O(keys).
    public func key(atX x: Double, y: Double, keyboardWidth: Double, rowHeight: Double) -> (KeyFrame, LayoutKey)? {
        var found: (KeyFrame, LayoutKey)?
        forEachKeyFrame(keyboardWidth: keyboardWidth, rowHeight: rowHeight) { frame, key in
            if found == nil, frame.contains(x: x, y: y) { found = (frame, key) }
        }
        return found
    }

    private static func fixedWidth(_ width: KeyWidth, unit: Double, keyboardWidth: Double) -> Double {
        switch width {
        case .input: return unit
        case .inputPercentage(let factor): return unit * factor
        case .percentage(let fraction): return keyboardWidth * fraction
        case .points(let points): return points
        case .available: return 0
        }
    }
}
