/// One touch point of a swipe: where, in the app's points from the keyboard's top left (the same
/// space as the key frames of ``GestureKeys``), and when, in milliseconds.
public struct GesturePoint: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var t: Double

    public init(x: Double, y: Double, t: Double = 0) {
        self.x = x
        self.y = y
        self.t = t
    }
}

/// A stroke as the decoder reads it: its usable points in key widths across and key heights down
/// (see ``GestureKeys/keyWidth``), and their path. Points that are not finite or lie beyond
/// ``GestureKeys/maxCoordinate`` are dropped; of more than ``maxPoints``, evenly spaced ones are
/// kept. Time is not read: a word is told by where the finger went, and clocks that jump or go
/// backwards change nothing.
struct StrokePath {
    /// The points, in key sizes: `x` at `2 * i`, `y` at `2 * i + 1`.
    private(set) var coordinates: [Float] = []
    /// The length of the path through them, in key sizes.
    private(set) var length: Float = 0

    /// The most points read of one stroke (a second of touches at 120 Hz is 120).
    static let maxPoints = 4_096

    init(_ points: [GesturePoint], keys: GestureKeys) {
        let usable = points.compactMap { Self.usable($0, keys: keys) }
        let step = max(1, (usable.count + Self.maxPoints - 1) / Self.maxPoints)
        coordinates.reserveCapacity(2 * min(usable.count, Self.maxPoints))
        for (i, point) in usable.enumerated() where i % step == 0 || i == usable.count - 1 {
            coordinates.append(point.x)
            coordinates.append(point.y)
        }
        length = Self.length(of: coordinates)
    }

    /// `point` in key widths across and key heights down, or `nil` when it is not finite or lies
    /// beyond ``GestureKeys/maxCoordinate``.
    static func usable(_ point: GesturePoint, keys: GestureKeys) -> (x: Float, y: Float)? {
        guard point.x.isFinite, point.y.isFinite, abs(point.x) <= GestureKeys.maxCoordinate, abs(point.y) <= GestureKeys.maxCoordinate
        else { return nil }
        return (Float(point.x / keys.keyWidth), Float(point.y / keys.keyHeight))
    }

    var count: Int { coordinates.count / 2 }
    var first: (x: Float, y: Float) { (coordinates[0], coordinates[1]) }
    var last: (x: Float, y: Float) { (coordinates[coordinates.count - 2], coordinates[coordinates.count - 1]) }

    /// The length of the polyline through `coordinates` (x, y pairs).
    static func length(of coordinates: [Float]) -> Float {
        var total: Float = 0
        for i in stride(from: 2, to: coordinates.count - 1, by: 2) {
            total += distance(coordinates[i - 2], coordinates[i - 1], coordinates[i], coordinates[i + 1])
        }
        return total
    }

    static func distance(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) -> Float {
        ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
    }

    /// `count` points evenly spaced along the polyline `coordinates` (x, y pairs; at least one
    /// point), written to `output` (2 × `count` floats): the first and last points are the
    /// polyline's own. A polyline of no length gives `count` copies of its point.
    static func resample(_ coordinates: UnsafeBufferPointer<Float>, count: Int, into output: UnsafeMutableBufferPointer<Float>) {
        let points = coordinates.count / 2
        var total: Float = 0
        for i in 1..<max(1, points) {
            total += distance(coordinates[2 * i - 2], coordinates[2 * i - 1], coordinates[2 * i], coordinates[2 * i + 1])
        }
        let spacing = count > 1 ? total / Float(count - 1) : 0
        var segment = 1, covered: Float = 0
        for k in 0..<count {
            let target = spacing * Float(k)
            // Advance to the segment that holds the target distance.
            while segment < points {
                let d = distance(
                    coordinates[2 * segment - 2], coordinates[2 * segment - 1], coordinates[2 * segment], coordinates[2 * segment + 1])
                if covered + d >= target || segment == points - 1 {
                    let f = d > 0 ? min(1, max(0, (target - covered) / d)) : 0
                    output[2 * k] = coordinates[2 * segment - 2] + f * (coordinates[2 * segment] - coordinates[2 * segment - 2])
                    output[2 * k + 1] = coordinates[2 * segment - 1] + f * (coordinates[2 * segment + 1] - coordinates[2 * segment - 1])
                    break
                }
                covered += d
                segment += 1
            }
            if points < 2 {
                output[2 * k] = coordinates[0]
                output[2 * k + 1] = coordinates[1]
            }
        }
        if points >= 2, count > 0 {
            output[2 * count - 2] = coordinates[2 * points - 2]
            output[2 * count - 1] = coordinates[2 * points - 1]
        }
    }
}
