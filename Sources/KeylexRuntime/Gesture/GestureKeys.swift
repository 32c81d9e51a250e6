/// The letter keys a swipe is drawn over: each key's frame, in the app's points from the keyboard's
/// top left, and the letter it types. Built from a bundle's layout at the size the app draws it, or
/// from the frames of the app's own keys. Keys that type no single letter (shift, space, return,
/// a key of several letters) are left out, and so are frames that are not finite or not positive.
public struct GestureKeys: Sendable, Equatable {
    /// One key: the text it types and its frame (Codable: `{"text", "x", "y", "width", "height"}`).
    public struct Key: Sendable, Equatable, Codable {
        public var text: String
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(text: String, x: Double, y: Double, width: Double, height: Double) {
            self.text = text
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The letter keys kept, at most ``maxKeys``.
    public let keys: [Key]
    /// The lengths distances are measured in: the median width and height of the letter keys, in
    /// points. Across, a distance counts in key widths, and down in key heights: a finger misses a
    /// tall key by more points than a wide one.
    public let keyWidth: Double
    public let keyHeight: Double
    /// The letter each key types.
    let letters: [Unicode.Scalar]
    /// The letters a key types on a long press (Kabyle ɣ on the g key, Polish ł on l), each with
    /// the index of its key in ``keys``: a swipe passes over that key to type them.
    let variantLetters: [Unicode.Scalar]
    let variantKeys: [Int32]
    /// The centre of each key, in key widths across and key heights down: `x` at `2 * key`, `y` at
    /// `2 * key + 1`.
    let centres: [Float]

    /// The most keys kept: more than any keyboard has.
    public static let maxKeys = 512
    /// The largest coordinate taken, in points: a frame beyond it is left out.
    public static let maxCoordinate = 1_000_000.0

    /// The keys of `keys` that type one letter (a scalar that is alphabetic), in order.
    public init(keys: [Key]) {
        self.init(keys: keys, variants: keys.map { _ in [] })
    }

    /// The keys of `keys` that type one letter, in order, with the letters of `variants` (one list
    /// per key of `keys`) that a long press on each types.
    init(keys: [Key], variants: [[Unicode.Scalar]]) {
        let kept = Array(zip(keys, variants).lazy.filter { Self.isUsable($0.0) }.prefix(Self.maxKeys))
        self.keys = kept.map(\.0)
        letters = self.keys.map { $0.text.unicodeScalars.first! }
        let pressed = kept.enumerated().flatMap { i, key in key.1.filter(\.properties.isAlphabetic).map { ($0, Int32(i)) } }
        variantLetters = pressed.map(\.0)
        variantKeys = pressed.map(\.1)
        let widths = self.keys.map(\.width).sorted(), heights = self.keys.map(\.height).sorted()
        let width = widths.isEmpty ? 1 : widths[widths.count / 2], height = heights.isEmpty ? 1 : heights[heights.count / 2]
        keyWidth = width
        keyHeight = height
        centres = self.keys.flatMap { [Float(($0.x + $0.width / 2) / width), Float(($0.y + $0.height / 2) / height)] }
    }

    /// The character keys of `layout`'s lowercased layer at `keyboardWidth` by `rowHeight` points
    /// (see ``KeyboardLayer/forEachKeyFrame(keyboardWidth:rowHeight:_:)``); none when the layout has
    /// no such layer or the sizes are not finite and positive.
    public init(layout: KeyboardLayout, keyboardWidth: Double, rowHeight: Double) {
        var keys: [Key] = []
        var variants: [[Unicode.Scalar]] = []
        if let layer = layout.layer(.lowercased), keyboardWidth.isFinite, rowHeight.isFinite, keyboardWidth > 0, rowHeight > 0,
            keyboardWidth <= Self.maxCoordinate, rowHeight <= Self.maxCoordinate
        {
            layer.forEachKeyFrame(keyboardWidth: keyboardWidth, rowHeight: rowHeight) { frame, key in
                guard key.action == .character, let output = key.output else { return }
                keys.append(Key(text: output.description, x: frame.x, y: frame.y, width: frame.width, height: frame.height))
                variants.append(key.callout.map(Self.singleScalars) ?? [])
            }
        }
        self.init(keys: keys, variants: variants)
    }

    /// The variants of `callout` that are one scalar each.
    private static func singleScalars(_ callout: KeyCallout) -> [Unicode.Scalar] {
        callout.compactMap { variant in
            let scalars = variant.description.unicodeScalars
            return scalars.count == 1 ? scalars.first : nil
        }
    }

    /// Whether `key` types one letter and has a finite, positive frame within ``maxCoordinate``.
    private static func isUsable(_ key: Key) -> Bool {
        let scalars = key.text.unicodeScalars
        guard scalars.count == 1, scalars.first!.properties.isAlphabetic else { return false }
        let values = [key.x, key.y, key.width, key.height]
        return values.allSatisfy { $0.isFinite && abs($0) <= maxCoordinate } && key.width > 0 && key.height > 0
    }
}
