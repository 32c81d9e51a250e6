/// One decoding of a stroke over the dictionary (see ``GestureDecoder``): a depth-first walk of the
/// automaton that keeps a prefix only while the stroke passes near its letters' keys in order, and
/// scores each word that starts near the stroke's start and ends near its end by how well its ideal
/// path, the polyline through its keys' centres, matches the stroke.
struct SwipeSearch {
    let dictionary: WordDictionary
    let parameters: GestureDecoder.Parameters
    let keys: GestureKeys
    /// Per alphabet code, the key that types it (its folding class), ``joiner`` for a character
    /// no key needs (an apostrophe, a hyphen), or ``noKey``.
    let keyOfCode: [Int32]
    /// Per alphabet code, see ``mayMeet(_:)``.
    private let mayMeetCode: [Bool]
    /// How the stroke (``dense``) approaches each key.
    private let approaches: KeyApproaches
    /// The centres of the keys, x and y, in key sizes down and across, a row
    /// ``GestureDecoder/Parameters/heightWeight`` apart (as are the stroke's points below).
    private let centres: [Float]
    /// The stroke, resampled every ``GestureDecoder/Parameters/pruningSpacing`` key sizes (at most
    /// ``GestureDecoder/Parameters/maxDensePoints``).
    let dense: [Float]
    /// The stroke resampled to ``GestureDecoder/Parameters/samples`` points, as is and normalised
    /// for shape (see ``normalise(_:into:)``).
    let samples: [Float]
    let shape: [Float]
    /// Where the stroke turns sharply (see ``GestureDecoder/Parameters/cornerCosine``).
    let corners: StrokeCorners
    /// A prefix followed along the stroke: how many keys it has (consecutive repeats once), in
    /// ``keySequence``; the dense point where its last key was passed; the sum of the squares
    /// of how far from its keys the stroke passed; and whether it passed one of them farther than
    /// ``GestureDecoder/Parameters/nearKey`` (see ``GestureDecoder/Parameters/farKey``).
    struct Trace {
        var keys = 0
        var position = 0
        var passed: Float = 0
        var passedFar = false
    }

    /// The keys of the current prefix: `keySequence[..<traces[depth].keys]` (a subtree only writes
    /// past its root's keys, so an ancestor's stay as they were).
    private var keySequence: [Int32]
    /// Per depth, the current prefix's trace.
    private var traces: [Trace]
    /// The letters of the current path: `labels[1...depth]`.
    private var labels: [UInt32]
    /// Scratch for a word's ideal path, the polyline through its keys.
    private var polyline: [Float]
    /// Scratch for a word's ideal path resampled as ``samples`` is, and normalised as ``shape`` is.
    private var template: [Float]
    private var templateShape: [Float]
    /// Scratch for ``warpedDistance(_:_:band:within:rows:)``: two rows of the alignment's table.
    private var warpRows: [Float]

    static let noKey: Int32 = -1
    static let joiner: Int32 = -2

    init(dictionary: WordDictionary, keys: GestureKeys, stroke: StrokePath, parameters: GestureDecoder.Parameters) {
        self.dictionary = dictionary
        self.keys = keys
        self.parameters = parameters
        keyOfCode = Self.keysOfCodes(dictionary, keys)
        let weight = parameters.heightWeight.isFinite && parameters.heightWeight > 0 ? parameters.heightWeight : 1
        let points = Self.heightWeighted(stroke.coordinates, weight)
        centres = Self.heightWeighted(keys.centres, weight)
        dense = Self.resampled(points, count: Self.denseCount(StrokePath.length(of: points), parameters))
        corners = StrokeCorners(of: dense, below: parameters.cornerCosine)
        samples = Self.resampled(points, count: min(max(parameters.samples, 2), StrokePath.maxPoints))
        var shape = samples
        samples.withUnsafeBufferPointer { points in shape.withUnsafeMutableBufferPointer { Self.normalise(points, into: $0) } }
        self.shape = shape
        template = samples
        templateShape = samples
        warpRows = [Float](repeating: 0, count: samples.count + 2)
        let approaches = KeyApproaches(path: dense, centres: centres, parameters: parameters)
        self.approaches = approaches
        mayMeetCode = keyOfCode.map { $0 == Self.joiner || ($0 >= 0 && approaches.reaches($0)) }
        let depth = dictionary.maxWordLength + 2
        keySequence = [Int32](repeating: 0, count: depth)
        traces = [Trace](repeating: Trace(), count: depth)
        labels = [UInt32](repeating: 0, count: depth)
        polyline = []
        polyline.reserveCapacity(2 * depth)
    }

    /// How many points a stroke of `length` is followed by: one every
    /// ``GestureDecoder/Parameters/pruningSpacing``, 2 to ``GestureDecoder/Parameters/maxDensePoints``
    /// (and ``StrokePath/maxPoints``), whatever the parameters (a spacing of 0 or NaN included).
    private static func denseCount(_ length: Float, _ parameters: GestureDecoder.Parameters) -> Int {
        let most = min(max(parameters.maxDensePoints, 2), StrokePath.maxPoints)
        let wanted = length / parameters.pruningSpacing
        guard wanted >= 1 else { return 2 }
        return wanted < Float(most) ? Int(wanted) + 1 : most
    }

    /// Per alphabet code of `dictionary`, the key of `keys` that types its letter (in either case),
    /// else the key of a letter that folds like it (é on the e key), else the key whose long press
    /// types it (Kabyle ɣ on the g key): Russian й has a key of its own, though it folds like и.
    static func keysOfCodes(_ dictionary: WordDictionary, _ keys: GestureKeys) -> [Int32] {
        let size = dictionary.automaton.alphabet.size
        var keyOfCode = [Int32](repeating: noKey, count: size)
        var keyOfFold: [UInt32: Int32] = [:]
        for (i, letter) in keys.letters.enumerated() {
            let code = dictionary.comparisonCode(ofTyped: letter)
            guard Int(code) < size else { continue }
            if keyOfCode[Int(code)] == noKey { keyOfCode[Int(code)] = Int32(i) }
            let fold = dictionary.foldClass(ofCode: code)
            if keyOfFold[fold] == nil { keyOfFold[fold] = Int32(i) }
        }
        for (letter, key) in zip(keys.variantLetters, keys.variantKeys) {
            let code = Int(dictionary.comparisonCode(ofTyped: letter))
            if code < size, keyOfCode[code] == noKey, keyOfFold[dictionary.foldClass(ofCode: UInt32(code))] == nil {
                keyOfCode[code] = key
            }
        }
        return (0..<size).map { code in
            if keyOfCode[code] != noKey { return keyOfCode[code] }
            let scalar = dictionary.scalar(ofCode: UInt32(code))
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            if lower.count == 1, case let c = Int(dictionary.comparisonCode(ofTyped: lower.first!)), c < size, keyOfCode[c] != noKey {
                return keyOfCode[c]
            }
            if let key = keyOfFold[dictionary.foldClass(ofCode: UInt32(code))] { return key }
            return scalar.properties.isAlphabetic ? noKey : joiner
        }
    }

    /// `coordinates` (x, y pairs) with each y times `weight`.
    static func heightWeighted(_ coordinates: [Float], _ weight: Float) -> [Float] {
        var result = coordinates
        for i in stride(from: 1, to: result.count, by: 2) { result[i] *= weight }
        return result
    }

    static func resampled(_ coordinates: [Float], count: Int) -> [Float] {
        var output = [Float](repeating: 0, count: 2 * count)
        coordinates.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { StrokePath.resample(input, count: count, into: $0) }
        }
        return output
    }

    /// `points` moved so that their centroid is the origin and scaled so that the larger side of
    /// their bounding box is 1 (a path shorter than a hundredth of a key is only moved), written to
    /// `result` (as many floats).
    static func normalise(_ points: UnsafeBufferPointer<Float>, into result: UnsafeMutableBufferPointer<Float>) {
        let n = min(points.count, result.count) / 2
        guard n > 0 else { return }
        var cx: Float = 0, cy: Float = 0
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
        for i in 0..<n {
            cx += points[2 * i]
            cy += points[2 * i + 1]
            minX = min(minX, points[2 * i]); maxX = max(maxX, points[2 * i])
            minY = min(minY, points[2 * i + 1]); maxY = max(maxY, points[2 * i + 1])
        }
        cx /= Float(n)
        cy /= Float(n)
        let side = max(maxX - minX, maxY - minY)
        let scale: Float = side > 0.01 ? 1 / side : 1
        for i in 0..<n {
            result[2 * i] = (points[2 * i] - cx) * scale
            result[2 * i + 1] = (points[2 * i + 1] - cy) * scale
        }
    }

    /// Whether alphabet code `code` may be met in a word the stroke spells: a character no key
    /// needs, or a letter whose key the stroke passes near somewhere (the walk skips the others
    /// without decoding their arcs).
    func mayMeet(_ code: UInt32) -> Bool {
        Int(code) < mayMeetCode.count && mayMeetCode[Int(code)]
    }

    /// Visits an arc of the walk: follows the stroke to the arc's key, scores the word ending
    /// there, and says whether to search below it.
    mutating func visit(_ arc: TreeArc, numbers: inout NumberCache, into candidates: inout CandidateList) -> Bool {
        let d = arc.depth + 1
        guard d < labels.count, Int(arc.code) < keyOfCode.count,
            let trace = extend(traces[d - 1], by: keyOfCode[Int(arc.code)])
        else { return false }
        labels[d] = arc.code
        traces[d] = trace
        if arc.isFinal, let end = endDistance(of: trace),
            let number = labels.withUnsafeBufferPointer({ numbers.number(of: $0.baseAddress!, d, in: dictionary) })
        {
            let frequencyClass = dictionary.frequencyClass(at: number)
            if frequencyClass != DictionaryFormat.neverSuggestedClass, !dictionary.flags(at: number).contains(.notAWord) {
                add(number, frequencyClass: frequencyClass, trace: trace, end: end, into: &candidates)
            }
        }
        return true
    }

    /// Adds a word of the user's that the dictionary lacks, as candidate `number`, if the stroke
    /// passes its keys as it does a dictionary word's.
    mutating func addLearned(_ word: String, number: Int, frequencyClass: UInt8, into candidates: inout CandidateList) {
        var trace = Trace()
        for scalar in word.unicodeScalars {
            let code = Int(dictionary.comparisonCode(ofTyped: scalar))
            guard code < keyOfCode.count, trace.keys < keySequence.count, let next = extend(trace, by: keyOfCode[code]) else { return }
            trace = next
        }
        if let end = endDistance(of: trace) { add(number, frequencyClass: frequencyClass, trace: trace, end: end, into: &candidates) }
    }

    /// `trace` extended by a letter of `key`: the same trace for a joiner or the key just passed,
    /// else the key passed further along (written to ``keySequence``; see
    /// ``KeyApproaches/firstPass(_:)`` and ``KeyApproaches/pass(_:from:far:)``); `nil` when the
    /// letter has no key or the stroke does not pass it.
    private mutating func extend(_ trace: Trace, by key: Int32) -> Trace? {
        guard key != Self.noKey else { return nil }
        guard key != Self.joiner, trace.keys == 0 || keySequence[trace.keys - 1] != key else { return trace }
        guard
            let pass = trace.keys == 0
                ? approaches.firstPass(key) : approaches.pass(key, from: trace.position, far: !trace.passedFar)
        else { return nil }
        keySequence[trace.keys] = key
        return Trace(
            keys: trace.keys + 1, position: pass.point, passed: trace.passed + pass.distance * pass.distance,
            passedFar: trace.passedFar || pass.distance > parameters.nearKey)
    }

    /// How far the end of the ideal path through `keySequence[..<trace.keys]` lies from the
    /// stroke's end, or `nil` when it is no word to compare: fewer than two keys, or a last key
    /// not near the end.
    private func endDistance(of trace: Trace) -> Float? {
        guard trace.keys >= 2 else { return nil }
        let (x, y) = pathEnd(keys: trace.keys), last = dense.count / 2 - 1
        let end = StrokePath.distance(dense[2 * last], dense[2 * last + 1], x, y)
        return end <= parameters.endNearKey ? end : nil
    }

    /// Where the ideal path through `keySequence[..<count]` (two keys or more) ends: its last
    /// key's centre run on by ``GestureDecoder/Parameters/overshoot`` in the direction it was
    /// reached from.
    private func pathEnd(keys count: Int) -> (x: Float, y: Float) {
        let last = 2 * Int(keySequence[count - 1]), before = 2 * Int(keySequence[count - 2])
        let dx = centres[last] - centres[before], dy = centres[last + 1] - centres[before + 1]
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return (centres[last], centres[last + 1]) }
        return (centres[last] + parameters.overshoot * dx / length, centres[last + 1] + parameters.overshoot * dy / length)
    }

    /// Adds the word `number` whose trace is `trace` with its score: its frequency class less
    /// ``GestureDecoder/Parameters/geometryWeight`` times its mismatch with the stroke (see
    /// ``mismatch(keys:within:)``, plus its passes, how far its ideal path's end lies from the
    /// stroke's, and the corners of the stroke its keys do not explain).
    private mutating func add(_ number: Int, frequencyClass: UInt8, trace: Trace, end: Float, into candidates: inout CandidateList) {
        let unexplained = corners.unexplained(by: keySequence[..<trace.keys], centres: centres, radius: parameters.cornerNearKey)
        let passes =
            (trace.passed + end * end) / (parameters.passSpread * parameters.passSpread) + Float(unexplained) * parameters.cornerCost
        let limit = (Float(frequencyClass) - candidates.entryScore) / parameters.geometryWeight - passes
        // The word would not be kept, whatever its mismatch.
        guard !(limit <= 0) else { return }
        let cost = passes + mismatch(keys: trace.keys, within: limit)
        var candidate = Candidate(number: number, frequencyClass: frequencyClass, cost: cost, isCompletion: false)
        candidate.score = Float(frequencyClass) - parameters.geometryWeight * cost
        candidates.add(candidate)
    }

    /// How far the stroke is from the ideal path through `keySequence[..<count]` (two keys or
    /// more, run on past its end: see ``pathEnd(keys:)``): the squares of its
    /// mean distance in place (the location channel), in shape (both normalised, the shape
    /// channel) and along their best alignment (see ``warpedDistance(_:_:band:within:rows:)``), each over
    /// its spread (see ``GestureDecoder/Parameters``). The alignment, the dearest, is left out
    /// when the others alone pass `limit`, and given up once it would pass it (the word would not
    /// be kept either way).
    private mutating func mismatch(keys count: Int, within limit: Float) -> Float {
        polyline.removeAll(keepingCapacity: true)
        for i in 0..<count - 1 {
            polyline.append(centres[2 * Int(keySequence[i])])
            polyline.append(centres[2 * Int(keySequence[i]) + 1])
        }
        let (x, y) = pathEnd(keys: count)
        polyline.append(x)
        polyline.append(y)
        let n = samples.count / 2
        polyline.withUnsafeBufferPointer { line in
            template.withUnsafeMutableBufferPointer { StrokePath.resample(line, count: n, into: $0) }
        }
        template.withUnsafeBufferPointer { path in templateShape.withUnsafeMutableBufferPointer { Self.normalise(path, into: $0) } }
        let location = Self.meanDistance(samples, template) / parameters.locationSpread
        let form = Self.meanDistance(shape, templateShape) / parameters.shapeSpread
        let cheap = location * location + form * form
        guard cheap <= limit else { return cheap }
        let bound = (limit - cheap).squareRoot() * parameters.warpSpread
        let warped = samples.withUnsafeBufferPointer { a in
            template.withUnsafeBufferPointer { b in
                warpRows.withUnsafeMutableBufferPointer { Self.warpedDistance(a, b, band: parameters.warpBand, within: bound, rows: $0) }
            }
        }
        let elastic = warped / parameters.warpSpread
        return cheap + elastic * elastic
    }

    /// The distance between the points of `a` and `b` along their best alignment (dynamic time
    /// warping: each point of one paired with points of the other in order, at most `band` places
    /// from its own, 0 to their count), per step of the alignment: unlike ``meanDistance(_:_:)``, a
    /// stroke that hurries or lingers over part of its word is not taken for another word. An
    /// alignment that cannot end within `bound` is given up: what it returns then is more than
    /// `bound`. `rows` is scratch of at least two floats per point and two more.
    static func warpedDistance(
        _ a: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>, band: Int, within bound: Float,
        rows: UnsafeMutableBufferPointer<Float>
    ) -> Float {
        let n = min(a.count, b.count, max(rows.count - 2, 0)) / 2
        guard n > 0 else { return 0 }
        let band = min(max(band, 0), n)
        let width = n + 1, steps = Float(2 * n)
        // Cells never written stay infinite: each row's band starts and ends at or after the last one's.
        for j in 0..<2 * width { rows[j] = .infinity }
        rows[0] = 0
        var previous = 0, current = width
        for i in 1...n {
            let from = max(1, i - band)
            rows[current + from - 1] = .infinity
            var least = Float.infinity
            for j in from...min(n, i + band) {
                let d = StrokePath.distance(a[2 * i - 2], a[2 * i - 1], b[2 * j - 2], b[2 * j - 1])
                let cell = d + min(rows[previous + j], rows[current + j - 1], rows[previous + j - 1])
                rows[current + j] = cell
                least = min(least, cell)
            }
            // Every alignment passes through this row, and no step costs less than nothing.
            if least / steps > bound { return least / steps }
            swap(&previous, &current)
        }
        return rows[previous + n] / steps
    }

    /// The mean distance between the points of `a` and `b`, pair by pair.
    static func meanDistance(_ a: [Float], _ b: [Float]) -> Float {
        let n = min(a.count, b.count) / 2
        guard n > 0 else { return 0 }
        var total: Float = 0
        for i in 0..<n { total += StrokePath.distance(a[2 * i], a[2 * i + 1], b[2 * i], b[2 * i + 1]) }
        return total / Float(n)
    }
}
