/// A swipe while the finger draws it: points are fed as they come (``add(_:)``), the word the
/// stroke so far spells is there whenever asked (``wordUnderFinger()``: a keyboard shows it under
/// the finger), and when the finger lifts, ``finish(count:)`` gives the words of the whole stroke,
/// the same as ``GestureDecoder/words(for:keys:before:count:)`` for all its points.
///
/// The word under the finger is decoded again only once the stroke has grown by
/// ``refreshDistance`` key sizes since it last was: a keyboard may ask at every touch event (60 to
/// 120 a second) and pays one decoding per step of the finger, each of a stroke no longer than the
/// whole one. Of more than ``maxPoints`` points, every other one is dropped (the first and the last
/// kept), so a stroke that never ends holds bounded memory.
public struct GestureInProgress: Sendable {
    public let decoder: GestureDecoder
    public let keys: GestureKeys
    public let textBeforeCursor: String
    /// How far the stroke must grow, in key sizes, before the word under the finger is decoded again.
    public var refreshDistance: Float = 0.5
    /// The points fed so far (thinned past ``maxPoints``).
    public private(set) var points: [GesturePoint] = []
    /// How many times the word under the finger was decoded.
    public private(set) var decodings = 0

    /// The most points kept: twice what the decoder reads of one stroke.
    public static let maxPoints = 2 * StrokePath.maxPoints

    /// The length of the stroke so far, in key sizes, over its usable points.
    private var travelled: Float = 0
    private var lastUsable: (x: Float, y: Float)?
    /// `travelled` when the word under the finger was last decoded, and that word.
    private var decodedAt: Float?
    private var shown: Suggestion?

    /// A swipe drawn over `keys` with `decoder`, after `textBeforeCursor`.
    public init(decoder: GestureDecoder, keys: GestureKeys, before textBeforeCursor: String = "") {
        self.decoder = decoder
        self.keys = keys
        self.textBeforeCursor = textBeforeCursor
    }

    /// Adds the next touch point.
    public mutating func add(_ point: GesturePoint) {
        if points.count >= Self.maxPoints {
            points = points.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
        }
        points.append(point)
        guard let usable = StrokePath.usable(point, keys: keys) else { return }
        if let last = lastUsable { travelled += StrokePath.distance(last.x, last.y, usable.x, usable.y) }
        lastUsable = usable
    }

    /// The best word of the stroke so far, decoded again when the stroke has grown by
    /// ``refreshDistance`` since the last decoding; `nil` while the stroke is a tap or spells no word.
    public mutating func wordUnderFinger() -> Suggestion? {
        if let at = decodedAt, travelled - at < refreshDistance { return shown }
        decodedAt = travelled
        decodings += 1
        shown = decoder.words(for: points, keys: keys, before: textBeforeCursor, count: 1).first
        return shown
    }

    /// The words of the whole stroke, best first, at most `count`: what the decoder gives for all
    /// its points at once.
    public func finish(count: Int = 4) -> [Suggestion] {
        decoder.words(for: points, keys: keys, before: textBeforeCursor, count: count)
    }
}
