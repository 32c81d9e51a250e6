/// Decodes swipes (gesture typing): the words a stroke drawn over the keys may spell, best first,
/// from the engine's dictionary, ranked by the words before (its n-gram model) and the user's words.
///
/// The decoder follows SHARK² (Kristensson and Zhai, 2004): a word's ideal path is the polyline
/// through its keys' centres; a stroke is compared with it point by point, in place (the location
/// channel) and in shape (both scaled to the same size), after both are resampled to the same
/// number of points, and along their best alignment (dynamic time warping, which pairs a corner
/// with a corner however unevenly the finger moved). The words compared are found by walking the dictionary's automaton: a prefix
/// is followed only while the stroke passes near each of its keys in order, its first key near the
/// stroke's start; a word is compared only when its last key lies near the stroke's end. A word's
/// score is its frequency class less ``Parameters/geometryWeight`` times its mismatch; the words
/// before then rank the candidates as they rank corrections.
///
/// Decoding reads only the points and the keys: every stroke, however hostile (points that are not
/// finite, huge or without end, clocks going backwards), gives words or none in bounded time. A
/// stroke that travels less than ``Parameters/minimumLength`` key sizes is a tap, not a swipe, and
/// gives none (see ``isSwipe(_:keys:)``).
public struct GestureDecoder: Sendable {
    /// What the decoding weighs; a length is in key sizes (widths across, heights down).
    public struct Parameters: Sendable, Equatable {
        /// How near a key the stroke must pass for the key to count as passed (and the stroke's
        /// first point for a word's first key).
        public var nearKey: Float = 1.1
        /// How near one key of a word, not its first, may be passed instead: a stroke that cuts a
        /// corner short or hurries past a key still spells its word, at the cost of how far it
        /// passed.
        public var farKey: Float = 1.8
        /// How near the stroke's last point must be to a word's last key (run on by
        /// ``overshoot``).
        public var endNearKey: Float = 1.8
        /// How far past a word's last key, on along the way to it, a stroke ends: a finger slides
        /// on as it lifts. The word's ideal path is compared with the stroke run on by as much.
        public var overshoot: Float = 0.25
        /// What a key height down counts for, in key sizes. Keys are taller than wide (How We
        /// Swipe's are 35 × 58 points) and a finger misses them by about as many points down as
        /// across: by fewer key heights than key widths. Counted at 1, a miss down weighs too
        /// little; at the keys' height over their width (points, in key widths), too much.
        public var heightWeight: Float = 1.3
        /// The typical distance at which a stroke passes a key of its word.
        public var passSpread: Float = 1
        /// Where the stroke turns sharply: the cosine between its directions before and after a
        /// point (each over 0.4 key sizes) below this (−0.17: a turn of more than 100°).
        public var cornerCosine: Float = -0.17
        /// How near one of a word's keys each corner of the stroke must lie; each corner farther
        /// from all of them adds ``cornerCost`` to the word's mismatch.
        public var cornerNearKey: Float = 1
        /// What a corner of the stroke that no key of the word explains adds to its mismatch.
        public var cornerCost: Float = 1
        /// The typical mean distance between a stroke and its word's ideal path, in place.
        public var locationSpread: Float = 0.85
        /// The typical mean distance between a stroke and its word's ideal path in shape (both
        /// scaled so that the larger side of their bounding box is 1).
        public var shapeSpread: Float = 0.14
        /// The typical distance between a stroke and its word's ideal path along their best
        /// alignment (dynamic time warping), per step.
        public var warpSpread: Float = 0.18
        /// How far apart in order two points may be paired in that alignment, in samples (0 to
        /// ``samples``: 0 pairs them in place).
        public var warpBand = 6
        /// How much of the difference between a word's class in context (after the words before,
        /// by the n-gram model) and its own class ranking takes (see
        /// ``SuggestionEngine/suggestions(for:count:)``).
        public var contextWeight: Float = 0.5
        /// Frequency classes one unit of mismatch is worth.
        public var geometryWeight: Float = 38
        /// Points each stroke and ideal path are resampled to for comparing them (2 to 4,096).
        public var samples = 32
        /// The spacing of the points the stroke is followed by while walking the dictionary.
        public var pruningSpacing: Float = 0.2
        /// The most of those points.
        public var maxDensePoints = 1_024
        /// The shortest stroke taken for a swipe: a finger that moves less tapped.
        public var minimumLength: Float = 1
        /// The most arcs of the automaton one decoding visits.
        public var budget = 400_000

        public init() {}
    }

    public let engine: SuggestionEngine
    public var parameters = Parameters()

    /// A decoder of the words of `engine`'s dictionary, ranked with its model and user dictionary.
    public init(engine: SuggestionEngine) {
        self.engine = engine
    }

    /// The most words one call gives.
    public static let maxWords = 32

    /// Whether `points` travel far enough over `keys` to be a swipe (``Parameters/minimumLength``
    /// key sizes); a stroke that does not is a tap on the key under its first point.
    public func isSwipe(_ points: [GesturePoint], keys: GestureKeys) -> Bool {
        !keys.keys.isEmpty && StrokePath(points, keys: keys).length >= parameters.minimumLength
    }

    /// The words `points` may spell over `keys`, after `textBeforeCursor`, best first: at most
    /// `count` (and ``maxWords``), capitalised at a sentence's start. Empty for a tap or a stroke
    /// near no word's keys.
    public func words(for points: [GesturePoint], keys: GestureKeys, before textBeforeCursor: String = "", count: Int = 4) -> [Suggestion] {
        let count = min(count, Self.maxWords)
        let stroke = StrokePath(points, keys: keys)
        guard count > 0, !keys.keys.isEmpty, stroke.length >= parameters.minimumLength else { return [] }
        let user = engine.userDictionary?.snapshot
        let before = TypingContext.readable(textBeforeCursor).flatMap { engine.wordsBefore($0, user: user) }
        let ignored = user?.ignored ?? []
        return withUnsafeTemporaryAllocation(of: Candidate.self, capacity: count + SuggestionEngine.spareCandidates) { buffer in
            var candidates = CandidateList(buffer)
            let learned = search(stroke, keys: keys, user: user, into: &candidates)
            if let before { engine.rankInContext(&candidates, before, weight: parameters.contextWeight) }
            let capitalise =
                before?.startsSentence ?? TypingContext.readable(textBeforeCursor).map { $0.allSatisfy(TextSegmentation.isSpace) } ?? true
            var result: [Suggestion] = []
            for candidate in candidates.all where result.count < count {
                let word = candidate.number >= 0 ? engine.dictionary.word(at: candidate.number) : learned[-candidate.number - 1]
                guard let word, !ignored.contains(word) else { continue }
                let text = capitalise ? engine.capitalised(word) : word
                if !result.contains(where: { $0.text == text }) { result.append(Suggestion(text: text, typed: "")) }
            }
            return result
        }
    }

    /// The ideal path of `word` over `keys`, the polyline a stroke is compared with (which runs on
    /// past its end by ``Parameters/overshoot``): the centres of the keys it is drawn through, in
    /// points (a letter repeated on one key once, an apostrophe or a hyphen on none). Empty when
    /// one of its letters has no key.
    public func idealPath(of word: String, keys: GestureKeys) -> [GesturePoint] {
        let keyOfCode = SwipeSearch.keysOfCodes(engine.dictionary, keys)
        var path: [GesturePoint] = [], previous = SwipeSearch.noKey
        for scalar in word.unicodeScalars {
            let code = Int(engine.dictionary.comparisonCode(ofTyped: scalar))
            let key = code < keyOfCode.count ? keyOfCode[code] : SwipeSearch.noKey
            guard key != SwipeSearch.noKey else { return [] }
            guard key != SwipeSearch.joiner, key != previous else { continue }
            previous = key
            let frame = keys.keys[Int(key)]
            path.append(GesturePoint(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2))
        }
        return path
    }

    /// Walks the dictionary for the words `stroke` may spell over `keys`, and adds the user's
    /// learned words the dictionary lacks that it may spell (numbered `-1`, `-2`, … in the order of
    /// the array returned).
    private func search(_ stroke: StrokePath, keys: GestureKeys, user: UserWords?, into candidates: inout CandidateList) -> [String] {
        let dictionary = engine.dictionary
        var search = SwipeSearch(dictionary: dictionary, keys: keys, stroke: stroke, parameters: parameters)
        var budget = parameters.budget
        engine.search.withNumberCache(maxDepth: dictionary.maxWordLength) { numbers in
            var numbers = numbers
            engine.search.walkTree(maxDepth: dictionary.maxWordLength, budget: &budget, where: { _, code in search.mayMeet(code) }) { arc in
                search.visit(arc, numbers: &numbers, into: &candidates)
            }
        }
        var learned: [String] = []
        guard let user else { return learned }
        for (word, _) in user.learnedInOrder where !dictionary.contains(word) {
            learned.append(word)
            search.addLearned(word, number: -learned.count, frequencyClass: user.frequencyClass(of: word), into: &candidates)
        }
        return learned
    }
}
