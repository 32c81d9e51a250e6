import KeylexRuntime

/// A swipe drawn over the keys it was made on, to see why a word was picked: the stroke's points
/// (a blue line, a dot where it starts), the ideal path of the first word (the polyline through its
/// keys' centres that the decoder compared the stroke with: dashed orange, a ring on each key), and
/// the words found, best first, under the keys.
public struct SwipePicture {
    /// The layer drawn: the layout's lowercased one.
    public let layer: KeyboardLayer
    public let keyboardWidth: Double
    public let rowHeight: Double
    public let points: [GesturePoint]
    /// The words the stroke spells, best first.
    public let words: [Suggestion]
    /// The ideal path of the first word, in points; empty when there is no word.
    public let idealPath: [GesturePoint]

    /// The picture of `points` drawn over `layout` at `keyboardWidth` by `rowHeight` points, decoded
    /// by `decoder` after `before`; `nil` when the layout has no lowercased layer.
    public init?(
        decoder: GestureDecoder, layout: KeyboardLayout, keyboardWidth: Double, rowHeight: Double,
        points: [GesturePoint], before: String = ""
    ) {
        guard let layer = layout.layer(.lowercased) else { return nil }
        let keys = GestureKeys(layout: layout, keyboardWidth: keyboardWidth, rowHeight: rowHeight)
        self.layer = layer
        self.keyboardWidth = keyboardWidth
        self.rowHeight = rowHeight
        self.points = points.filter { abs($0.x) <= GestureKeys.maxCoordinate && abs($0.y) <= GestureKeys.maxCoordinate }
        words = decoder.words(for: points, keys: keys, before: before)
        idealPath = words.first.map { decoder.idealPath(of: $0.text, keys: keys) } ?? []
    }

    /// The picture, as SVG.
    public func svg() -> String {
        var overlay = ""
        if !idealPath.isEmpty {
            overlay +=
                "<polyline points=\"\(Self.coordinates(idealPath))\" fill=\"none\" stroke=\"#e8590c\" stroke-width=\"3\" stroke-dasharray=\"6 4\" opacity=\"0.9\"/>\n"
            overlay += idealPath.map {
                "<circle cx=\"\(LayoutPreview.number($0.x))\" cy=\"\(LayoutPreview.number($0.y))\" r=\"7\" fill=\"none\" stroke=\"#e8590c\" stroke-width=\"2\"/>\n"
            }.joined()
        }
        if let start = points.first {
            overlay +=
                "<polyline points=\"\(Self.coordinates(points))\" fill=\"none\" stroke=\"#0a64d8\" stroke-width=\"2.5\" stroke-linejoin=\"round\" opacity=\"0.85\"/>\n"
            overlay +=
                "<circle cx=\"\(LayoutPreview.number(start.x))\" cy=\"\(LayoutPreview.number(start.y))\" r=\"4\" fill=\"#0a64d8\"/>\n"
        }
        let caption = words.isEmpty ? "no word (a tap, or near no word's keys)" : words.map(\.text).joined(separator: " · ")
        return LayoutPreview.svg(layer, width: keyboardWidth, rowHeight: rowHeight, overlay: overlay, caption: caption)
    }

    private static func coordinates(_ points: [GesturePoint]) -> String {
        points.map { "\(LayoutPreview.number($0.x)),\(LayoutPreview.number($0.y))" }.joined(separator: " ")
    }
}
