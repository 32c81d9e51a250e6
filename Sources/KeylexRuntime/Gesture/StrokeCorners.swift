/// Where a stroke turns sharply: a finger turns at the keys of its word, so a corner far from
/// every key of a word is one the word does not explain (`code` for a stroke that turns at h and
/// s, `chose`). The corners are points of a path resampled at even spacing
/// (``SwipeSearch/dense``).
struct StrokeCorners {
    /// The corners, x and y.
    let points: [Float]

    /// How many points before and after a point its direction is measured over.
    static let span = 2

    /// The corners of `path` (x, y pairs, evenly spaced): the points where the cosine between the
    /// direction the path comes from and the one it goes on in is below `cosine` and lowest of
    /// the two points either side.
    init(of path: [Float], below cosine: Float) {
        let n = path.count / 2, k = Self.span
        guard n > 2 * k else {
            points = []
            return
        }
        var turns = [Float](repeating: 1, count: n)
        for i in k..<(n - k) { turns[i] = Self.cosine(path, i - k, i, i + k) }
        var corners: [Float] = []
        for i in k..<(n - k) where turns[i] < cosine {
            let around = max(0, i - 2)...min(n - 1, i + 2)
            if around.allSatisfy({ turns[$0] > turns[i] || (turns[$0] == turns[i] && $0 >= i) }) {
                corners.append(path[2 * i])
                corners.append(path[2 * i + 1])
            }
        }
        points = corners
    }

    /// The cosine between the directions from point `a` to `b` and from `b` to `c` of `path`; 1
    /// where it hardly moves (the product of the two lengths below 0.01: where it turns back, the
    /// points either side of the turn).
    private static func cosine(_ path: [Float], _ a: Int, _ b: Int, _ c: Int) -> Float {
        let ax = path[2 * b] - path[2 * a], ay = path[2 * b + 1] - path[2 * a + 1]
        let bx = path[2 * c] - path[2 * b], by = path[2 * c + 1] - path[2 * b + 1]
        let lengths = ((ax * ax + ay * ay) * (bx * bx + by * by)).squareRoot()
        return lengths >= 0.01 ? (ax * bx + ay * by) / lengths : 1
    }

    /// How many corners lie farther than `radius` from every key of `keys` (indices into
    /// `centres`, x and y pairs).
    func unexplained(by keys: ArraySlice<Int32>, centres: [Float], radius: Float) -> Int {
        stride(from: 0, to: points.count, by: 2).count { c in
            !keys.contains { key in
                StrokePath.distance(points[c], points[c + 1], centres[2 * Int(key)], centres[2 * Int(key) + 1]) <= radius
            }
        }
    }
}
