/// How a stroke approaches each key, computed once a decoding so that following a prefix along
/// the stroke costs a lookup, not a scan: from each point of the stroke (resampled evenly,
/// ``SwipeSearch/dense``), the next one within ``GestureDecoder/Parameters/nearKey`` of each key's
/// centre and the next one within ``GestureDecoder/Parameters/farKey``, and the point where the
/// stroke, going on from it, stops nearing the key. Two bytes a point and key for each (a stroke
/// has at most ``StrokePath/maxPoints``).
struct KeyApproaches {
    /// The stroke's points and the keys' centres, x and y.
    private let path: [Float]
    private let centres: [Float]
    /// The stroke's point count.
    let count: Int
    /// Per key, per point (`key * count + point`): the first point from it on within the near
    /// radius of the key, or `count`.
    private let nextNear: [UInt16]
    /// The same within the far radius.
    private let nextFar: [UInt16]
    /// Per key, per point: the last point of the run of points from it on that each lie nearer
    /// the key than the one before (the point itself when the next is no nearer).
    private let nearestOn: [UInt16]
    private let nearKey: Float

    /// The approaches of `path` (x, y pairs, at most ``StrokePath/maxPoints``) to the keys centred
    /// at `centres` (x, y pairs).
    init(path: [Float], centres: [Float], parameters: GestureDecoder.Parameters) {
        self.path = path
        self.centres = centres
        count = min(path.count / 2, Int(UInt16.max))
        nearKey = parameters.nearKey
        let keys = centres.count / 2, sentinel = UInt16(count)
        var nextNear = [UInt16](repeating: sentinel, count: keys * count), nextFar = nextNear, nearestOn = nextNear
        for key in 0..<keys {
            var near = sentinel, far = sentinel, after = Float.infinity
            for j in stride(from: count - 1, through: 0, by: -1) {
                let d = StrokePath.distance(path[2 * j], path[2 * j + 1], centres[2 * key], centres[2 * key + 1])
                if d <= parameters.nearKey { near = UInt16(j) }
                if d <= parameters.farKey { far = UInt16(j) }
                nextNear[key * count + j] = near
                nextFar[key * count + j] = far
                nearestOn[key * count + j] = after < d ? nearestOn[key * count + j + 1] : UInt16(j)
                after = d
            }
        }
        self.nextNear = nextNear
        self.nextFar = nextFar
        self.nearestOn = nearestOn
    }

    /// The distance between point `j` and `key`'s centre.
    private func distance(_ j: Int, _ key: Int32) -> Float {
        StrokePath.distance(path[2 * j], path[2 * j + 1], centres[2 * Int(key)], centres[2 * Int(key) + 1])
    }

    /// Whether the stroke comes within the near or far radius of `key` anywhere.
    func reaches(_ key: Int32) -> Bool {
        count > 0 && (Int(nextNear[Int(key) * count]) < count || Int(nextFar[Int(key) * count]) < count)
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
        let near = Int(nextNear[Int(key) * count + start])
        if near < count { return nearest(key, from: near) }
        let farther = Int(nextFar[Int(key) * count + start])
        return far && farther < count ? nearest(key, from: farther) : nil
    }

    /// From point `start` on, the point nearest `key` before the stroke moves away from it.
    private func nearest(_ key: Int32, from start: Int) -> (point: Int, distance: Float) {
        let j = Int(nearestOn[Int(key) * count + start])
        return (j, distance(j, key))
    }
}
