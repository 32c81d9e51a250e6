/// How a stroke approaches each key, computed once a decoding so that following a prefix along
/// the stroke costs a lookup, not a scan: the distance from every point of the stroke (resampled
/// evenly, ``SwipeSearch/dense``) to every key's centre, and from each point the next one within
/// ``GestureDecoder/Parameters/nearKey`` and within ``GestureDecoder/Parameters/farKey`` of it.
struct KeyApproaches {
    /// The stroke's points.
    let count: Int
    /// Per key, per point: the distance between them (`key * count + point`).
    private let distances: [Float]
    /// Per key, per point: the first point from it on within the near radius, or `count`.
    private let nextNear: [Int32]
    /// The same within the far radius.
    private let nextFar: [Int32]
    private let nearKey: Float

    /// The approaches of `path` (x, y pairs) to the keys centred at `centres` (x, y pairs).
    init(path: [Float], centres: [Float], parameters: GestureDecoder.Parameters) {
        let count = path.count / 2, keys = centres.count / 2
        var distances = [Float](repeating: 0, count: keys * count)
        for key in 0..<keys {
            for j in 0..<count {
                distances[key * count + j] = StrokePath.distance(path[2 * j], path[2 * j + 1], centres[2 * key], centres[2 * key + 1])
            }
        }
        self.count = count
        self.distances = distances
        nextNear = Self.nextWithin(parameters.nearKey, distances, count: count)
        nextFar = Self.nextWithin(parameters.farKey, distances, count: count)
        nearKey = parameters.nearKey
    }

    /// Per key, per point, the first point from it on whose distance is within `radius`, or
    /// `count`.
    private static func nextWithin(_ radius: Float, _ distances: [Float], count: Int) -> [Int32] {
        var next = [Int32](repeating: Int32(count), count: distances.count)
        for row in stride(from: 0, to: distances.count, by: max(count, 1)) {
            var following = Int32(count)
            for j in stride(from: count - 1, through: 0, by: -1) {
                if distances[row + j] <= radius { following = Int32(j) }
                next[row + j] = following
            }
        }
        return next
    }

    /// The distance between point `j` and `key`'s centre.
    func distance(_ j: Int, _ key: Int32) -> Float { distances[Int(key) * count + j] }

    /// Whether the stroke comes within the near or far radius of `key` anywhere.
    func reaches(_ key: Int32) -> Bool {
        count > 0 && (nextNear[Int(key) * count] < count || nextFar[Int(key) * count] < count)
    }

    /// The stroke's first point, if within the near radius of `key`.
    func firstPass(_ key: Int32) -> (point: Int, distance: Float)? {
        guard count > 0 else { return nil }
        let d = distance(0, key)
        return d <= nearKey ? (0, d) : nil
    }

    /// Where the stroke, from point `start` on, passes `key`: the first point within the near
    /// radius, or the nearer ones that follow; else, if `far`, the first point within the far
    /// radius or the nearer ones that follow it; `nil` when it passes neither.
    func pass(_ key: Int32, from start: Int, far: Bool) -> (point: Int, distance: Float)? {
        guard start < count else { return nil }
        let row = Int(key) * count
        if nextNear[row + start] < count { return nearest(key, from: Int(nextNear[row + start])) }
        guard far, nextFar[row + start] < count else { return nil }
        return nearest(key, from: Int(nextFar[row + start]))
    }

    /// From point `start` on, the point nearest `key` before the stroke moves away from it.
    private func nearest(_ key: Int32, from start: Int) -> (point: Int, distance: Float) {
        var j = start, d = distance(start, key)
        while j + 1 < count {
            let next = distance(j + 1, key)
            guard next < d else { break }
            d = next
            j += 1
        }
        return (j, d)
    }
}
