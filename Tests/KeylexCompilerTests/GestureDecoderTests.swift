import Foundation
@testable import KeylexRuntime
import Testing
@testable import KeylexCompiler

/// Swipes decoded on the shipped dictionaries and layouts. The strokes are drawn by the tests
/// through the centres of a word's keys, offset and bent as fingers draw them (How We Swipe's real
/// swipes may not be shipped: Benchmarks/gesture.py measures on them).
@Suite struct GestureDecoderTests {
    static let english = Result { try ShippedDictionaryTests.engine("en-US", "en-US") }

    /// The keys of `engine`'s phone layout on an iPhone-sized keyboard.
    static func keys(_ engine: SuggestionEngine, width: Double = 390, rowHeight: Double = 54) throws -> GestureKeys {
        let bundle = try LayoutBundle(container: engine.dictionary.container)
        return GestureKeys(layout: try #require(bundle.layout(for: .phone)), keyboardWidth: width, rowHeight: rowHeight)
    }

    /// A stroke through the centres of the keys of `word`'s letters (as `keys` folds them), a point
    /// every 4 points, shifted by `offset` (fingers land below the centres) and bowed sideways by
    /// `bow` points midway between keys, 8 ms apart.
    static func stroke(_ word: String, on keys: GestureKeys, offset: (x: Double, y: Double) = (0, 6), bow: Double = 4) throws -> [GesturePoint] {
        stroke(through: try centres(word, on: keys, offset: offset), bow: bow)
    }

    /// The centres of the keys of `word`'s letters, shifted by `offset`.
    static func centres(_ word: String, on keys: GestureKeys, offset: (x: Double, y: Double) = (0, 6)) throws -> [(x: Double, y: Double)] {
        try word.lowercased().unicodeScalars.map { letter in
            let key = try #require(keys.keys.first { $0.text.lowercased().unicodeScalars.first == letter }, "no key for \(letter)")
            return (x: key.x + key.width / 2 + offset.x, y: key.y + key.height / 2 + offset.y)
        }
    }

    /// A stroke through `centres`, a point every 4 points, bowed sideways by `bow` points midway
    /// between them, 8 ms apart.
    static func stroke(through centres: [(x: Double, y: Double)], bow: Double = 4) -> [GesturePoint] {
        var points = [GesturePoint(x: centres[0].x, y: centres[0].y, t: 0)]
        for (a, b) in zip(centres, centres.dropFirst()) {
            let length = hypot(b.x - a.x, b.y - a.y)
            let steps = max(1, Int(length / 4))
            for s in 1...steps {
                let f = Double(s) / Double(steps)
                let side = bow * sin(f * .pi) / max(length, 1)
                points.append(GesturePoint(x: a.x + f * (b.x - a.x) - side * (b.y - a.y), y: a.y + f * (b.y - a.y) + side * (b.x - a.x),
                                           t: Double(points.count) * 8))
            }
        }
        return points
    }

    @Test(arguments: ["hello", "world", "keyboard", "thanks", "people", "question", "because", "quickly"])
    func aStrokeThroughAWordsKeysSpellsIt(_ word: String) throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        let words = GestureDecoder(engine: engine).words(for: try Self.stroke(word, on: keys), keys: keys, before: "I said ")
        #expect(words.first?.text == word, "\(words)")
        #expect(words.allSatisfy { $0.typed.isEmpty && !$0.isAutocorrect })
    }

    @Test func theWordsBeforeAndTheSentenceDecide() throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        let decoder = GestureDecoder(engine: engine)
        let points = try Self.stroke("hello", on: keys)
        // At a sentence's start, capitalised; after "I said", not.
        #expect(decoder.words(for: points, keys: keys).first?.text == "Hello")
        #expect(decoder.words(for: points, keys: keys, before: "Well. ").first?.text == "Hello")
        #expect(decoder.words(for: points, keys: keys, before: "I said ").first?.text == "hello")
        // "in" and "on" are drawn alike (o lies next to i): the words before choose.
        let io = try Self.stroke("in", on: keys, offset: (-9, 6))
        #expect(decoder.words(for: io, keys: keys, before: "I live ", count: 2).map(\.text).contains("in"))
    }

    @Test func theUsersWordsAreSwipedToo() throws {
        let user = UserDictionary()
        try user.learnWord("Keylex")
        try user.ignoreWord("help")
        let engine = try ShippedDictionaryTests.engine("en-US", "en-US", user: user)
        let keys = try Self.keys(engine)
        let decoder = GestureDecoder(engine: engine)
        #expect(decoder.words(for: try Self.stroke("keylex", on: keys), keys: keys, before: "I use ").first?.text == "Keylex")
        let hello = decoder.words(for: try Self.stroke("hello", on: keys), keys: keys, before: "I said ").map(\.text)
        #expect(hello.first == "hello" && !hello.contains("help"), "\(hello)")
    }

    @Test func theAppsOwnKeyFramesDecideTheGeometry() throws {
        let engine = try Self.english.get()
        // A keyboard twice as large, with keys twice as tall as wide: the same word.
        let keys = try Self.keys(engine, width: 780, rowHeight: 216)
        let frames = GestureKeys(keys: keys.keys.map { GestureKeys.Key(text: $0.text, x: $0.x + 100, y: $0.y + 50, width: $0.width, height: $0.height) })
        let points = try Self.stroke("keyboard", on: frames)
        #expect(GestureDecoder(engine: engine).words(for: points, keys: frames, before: "my ").first?.text == "keyboard")
        // Keys that type no single letter are left out.
        let mixed = GestureKeys(keys: frames.keys + [GestureKeys.Key(text: "return", x: 0, y: 0, width: 80, height: 40),
                                                     GestureKeys.Key(text: "q", x: .nan, y: 0, width: 10, height: 10)])
        #expect(mixed.keys == frames.keys)
    }

    @Test(arguments: ["keyboard", "question", "people"])
    func theWordUnderTheFingerFollowsTheStrokeAndTheEndIsTheWholeStrokes(_ word: String) throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        let decoder = GestureDecoder(engine: engine)
        let points = try Self.stroke(word, on: keys)
        var swipe = GestureInProgress(decoder: decoder, keys: keys, before: "the ")
        var shown: [String] = []
        for point in points {
            swipe.add(point)
            if let word = swipe.wordUnderFinger()?.text, shown.last != word { shown.append(word) }
        }
        // Decoded once per half key the finger travels, not at every point; a tap at first, no word.
        #expect(swipe.decodings > 3 && swipe.decodings < points.count / 3, "\(swipe.decodings) of \(points.count)")
        // The words change as the finger goes, and the last shown is the word; the end is what the
        // whole stroke decodes to at once.
        #expect(shown.count >= 2 && shown.last == word, "\(shown)")
        #expect(swipe.finish(count: 4) == decoder.words(for: points, keys: keys, before: "the ", count: 4))
        #expect(swipe.points == points)
    }

    /// A stroke may pass one key of its word, not the first, farther than the others
    /// (`farKey`): a corner cut short. The word is found, at the cost of how far it passed.
    @Test func oneCornerCutShortStillSpellsTheWord() throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        var decoder = GestureDecoder(engine: engine)
        var centres = try Self.centres("question", on: keys)
        // From s to i, the stroke turns 1.3 key sizes below t, between f and g.
        centres[4].y += 1.3 / Double(decoder.parameters.heightWeight) * keys.keyHeight
        let points = Self.stroke(through: centres)
        let words = decoder.words(for: points, keys: keys, before: "a ").map(\.text)
        #expect(words.first == "question", "\(words)")
        decoder.parameters.farKey = decoder.parameters.nearKey
        #expect(!decoder.words(for: points, keys: keys, before: "a ").map(\.text).contains("question"))
    }

    /// A stroke's corners are where it turns sharply; a word whose keys lie far from one of them
    /// does not explain it (`cornerCost`).
    @Test func aStrokeTurnsAtItsCorners() {
        // Points 0.2 apart: right along y = 0 to x = 2, then back (a turn of 180°) or down (90°).
        func path(_ turn: (Float) -> (Float, Float)) -> [Float] {
            (0...10).flatMap { [Float($0) * 0.2, 0] } + (1...10).flatMap { i -> [Float] in let (x, y) = turn(Float(i) * 0.2); return [x, y] }
        }
        let back = StrokeCorners(of: path { (2 - $0, 0) }, below: -0.17)
        #expect(back.points == [2, 0])
        #expect(StrokeCorners(of: path { (2, $0) }, below: -0.17).points.isEmpty, "a right angle is no sharp corner")
        #expect(StrokeCorners(of: path { (2, $0) }, below: 0.5).points == [2, 0])
        #expect(StrokeCorners(of: path { (2 + $0, 0) }, below: 0.9).points.isEmpty, "a straight line has none")
        // Keys at (0, 0) and (2.5, 0): the corner at (2, 0) lies within 1 of the second only.
        let centres: [Float] = [0, 0, 2.5, 0]
        #expect(back.unexplained(by: [0, 1], centres: centres, radius: 1) == 0)
        #expect(back.unexplained(by: [0], centres: centres, radius: 1) == 1)
    }

    /// A decoding leaves unscored only the words that could not enter its candidates (an alignment
    /// is not made, or given up, once the word would be kept out: docs/GESTURE.md), so asking for
    /// more words never changes the first ones: fewer words asked for leave less room, and so more
    /// words unscored. Strokes drawn wide of their keys, so that many words compete.
    @Test(arguments: ["people", "question", "because", "thanks", "would", "there"])
    func askingForMoreWordsKeepsTheFirstOnes(_ word: String) throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        let decoder = GestureDecoder(engine: engine)
        let points = try Self.stroke(word, on: keys, offset: (0.3 * keys.keyWidth, 0.3 * keys.keyHeight), bow: 20)
        let all = decoder.words(for: points, keys: keys, count: GestureDecoder.maxWords).map(\.text)
        #expect(all.count > 4, "\(all)")
        for count in [1, 2, 4] {
            #expect(decoder.words(for: points, keys: keys, count: count).map(\.text) == Array(all.prefix(count)), "\(count)")
        }
    }

    /// The alignment of a stroke with a word's path, given a bound, is finished when it ends within
    /// it (the same distance as without one) and given up, with a distance beyond the bound, when
    /// it cannot.
    @Test func anAlignmentIsGivenUpOnlyWhenItCannotEndWithinItsBound() throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        let stroke = StrokePath(try Self.stroke("question", on: keys, bow: 20), keys: keys).coordinates
        let parameters = GestureDecoder.Parameters()
        var rows = [Float](repeating: 0, count: 2 * parameters.samples + 2)
        let a = SwipeSearch.resampled(stroke, count: parameters.samples)
        for other in ["question", "quest", "quotient", "wrestling"] {
            let path = try Self.centres(other, on: keys).flatMap { [Float($0.x / keys.keyWidth), Float($0.y / keys.keyHeight)] }
            let b = SwipeSearch.resampled(path, count: parameters.samples)
            func warped(within bound: Float) -> Float {
                a.withUnsafeBufferPointer { a in
                    b.withUnsafeBufferPointer { b in
                        rows.withUnsafeMutableBufferPointer {
                            SwipeSearch.warpedDistance(a, b, band: parameters.warpBand, within: bound, rows: $0)
                        }
                    }
                }
            }
            let full = warped(within: .infinity)
            #expect(full > 0, "\(other)")
            for bound in [0, full / 2, full * 0.99, full, full * 2] {
                let given = warped(within: bound)
                if full <= bound {
                    #expect(given == full, "\(other) within \(bound)")
                } else {
                    #expect(given > bound && given <= full, "\(other) within \(bound): \(given) of \(full)")
                }
            }
        }
    }

    /// A finger slides on past a word's last key as it lifts (`overshoot`): "has" run on towards
    /// d is still "has", not "had".
    @Test func aStrokeThatSlidesPastTheLastKeyEndsThere() throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        var decoder = GestureDecoder(engine: engine)
        var centres = try Self.centres("has", on: keys)
        centres[2].x += 0.55 * keys.keyWidth
        let points = Self.stroke(through: centres)
        #expect(decoder.words(for: points, keys: keys, before: "She ").first?.text == "has")
        decoder.parameters.overshoot = 0
        #expect(decoder.words(for: points, keys: keys, before: "She ").first?.text == "had")
    }

    @Test func theIdealPathRunsThroughTheWordsKeys() throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        let decoder = GestureDecoder(engine: engine)
        func centre(_ letter: String) throws -> GesturePoint {
            let key = try #require(keys.keys.first { $0.text == letter })
            return GesturePoint(x: key.x + key.width / 2, y: key.y + key.height / 2)
        }
        // A repeated letter is one key, a capital its small letter's, an apostrophe none, é the e key.
        #expect(decoder.idealPath(of: "Hello", keys: keys) == (try ["h", "e", "l", "o"].map(centre)))
        #expect(decoder.idealPath(of: "I'm", keys: keys) == (try ["i", "m"].map(centre)))
        #expect(decoder.idealPath(of: "café", keys: keys) == (try ["c", "a", "f", "e"].map(centre)))
        // A letter no key types: no path.
        #expect(decoder.idealPath(of: "λόγος", keys: keys).isEmpty)
    }

    @Test func aStrokeWithoutEndKeepsBoundedPoints() throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        var swipe = GestureInProgress(decoder: GestureDecoder(engine: engine), keys: keys)
        let hello = try Self.stroke("hello", on: keys)
        for i in 0..<(3 * GestureInProgress.maxPoints) {
            swipe.add(i % 50 == 0 ? GesturePoint(x: .nan, y: .infinity) : hello[i % hello.count])
        }
        #expect(swipe.points.count <= GestureInProgress.maxPoints)
        // Back and forth over the word's keys: words or none, without a trap.
        _ = swipe.wordUnderFinger()
        #expect(swipe.finish().count <= 4)
    }

    @Test func aTapIsNoSwipe() throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        let decoder = GestureDecoder(engine: engine)
        let key = try #require(keys.keys.first { $0.text == "a" })
        let tap = (0..<10).map { GesturePoint(x: key.x + 10 + Double($0 % 2), y: key.y + 20, t: Double($0) * 10) }
        #expect(!decoder.isSwipe(tap, keys: keys))
        #expect(decoder.words(for: tap, keys: keys).isEmpty)
        #expect(decoder.isSwipe(try Self.stroke("hello", on: keys), keys: keys))
        // A stroke far below the keys spells nothing: no guess.
        let below = (0..<50).map { GesturePoint(x: Double($0) * 6, y: 2_000, t: Double($0)) }
        #expect(decoder.words(for: below, keys: keys).isEmpty)
    }

    @Test func hostileStrokesGiveWordsOrNoneNeverATrap() throws {
        let engine = try Self.english.get()
        let keys = try Self.keys(engine)
        var decoder = GestureDecoder(engine: engine)
        let hello = try Self.stroke("hello", on: keys)
        // Points that are not finite or are huge are dropped; the rest still spell the word.
        let bad = [GesturePoint(x: .nan, y: 1, t: 0), GesturePoint(x: .infinity, y: -.infinity, t: .nan), GesturePoint(x: 1e300, y: 5, t: -1)]
        var spoiled: [GesturePoint] = []
        for (i, point) in hello.enumerated() {
            spoiled.append(point)
            if i % 5 == 0 { spoiled += bad }
        }
        #expect(decoder.words(for: spoiled, keys: keys, before: "I said ").first?.text == "hello")
        // Time going backwards changes nothing.
        let backwards = hello.enumerated().map { GesturePoint(x: $1.x, y: $1.y, t: -Double($0)) }
        #expect(decoder.words(for: backwards, keys: keys, before: "I said ").first?.text == "hello")
        // A million points back and forth across the keyboard: an answer in bounded time.
        let million = (0..<1_000_000).map { (i: Int) in GesturePoint(x: Double(i % 390), y: Double((i / 390) % 160), t: Double(i)) }
        _ = decoder.words(for: million, keys: keys)
        // Nothing at all, one point, keys with none of the letters, parameters out of range.
        #expect(decoder.words(for: [], keys: keys).isEmpty)
        #expect(decoder.words(for: [GesturePoint(x: 5, y: 5)], keys: keys).isEmpty)
        #expect(decoder.words(for: hello, keys: GestureKeys(keys: [])).isEmpty)
        #expect(decoder.words(for: hello, keys: keys, count: 0).isEmpty)
        // The alignment's band past its range is clamped (none: the points pair in place).
        for band in [-5, 0, Int.max] {
            decoder.parameters.warpBand = band
            #expect(decoder.words(for: hello, keys: keys, before: "I said ").first?.text == "hello", "band \(band)")
        }
        decoder.parameters.warpSpread = 0
        _ = decoder.words(for: hello, keys: keys)
        decoder.parameters.samples = -3
        decoder.parameters.maxDensePoints = Int.max
        decoder.parameters.pruningSpacing = 0
        decoder.parameters.nearKey = .nan
        decoder.parameters.farKey = .infinity
        decoder.parameters.overshoot = .nan
        _ = decoder.words(for: hello, keys: keys, count: Int.max)
    }

    /// Cyrillic, Greek, Hebrew and Arabic keyboards decode with their own geometry; accented
    /// letters are drawn through their base letter's key (Greek έ through ε), but a letter with a
    /// key of its own through that key (Russian и is not й, though they fold alike), and capitals
    /// through their small letter's.
    @Test(arguments: [("ru", "ru-RU", "спасибо"), ("ru", "ru-RU", "привет"), ("ru", "ru-RU", "Иван"), ("el", "el-GR", "καλημέρα"), ("he", "he", "שלום"), ("ar", "ar", "مرحبا")])
    func everyScriptDecodesWithItsOwnLayout(_ corpus: String, _ locale: String, _ word: String) throws {
        let engine = try ShippedDictionaryTests.engine(corpus, locale)
        let keys = try Self.keys(engine)
        let base = String(String.UnicodeScalarView(word.decomposedStringWithCanonicalMapping.unicodeScalars.filter { $0.properties.isAlphabetic }))
        let words = GestureDecoder(engine: engine).words(for: try Self.stroke(base, on: keys), keys: keys, before: "x ")
        #expect(words.prefix(2).map(\.text).contains(word), "\(words)")
    }

    /// A letter that a key types only on a long press is swiped through that key: Kabyle ɣ through
    /// g and ɛ through e (they fold to no letter of a key; before, no word with one was found).
    @Test(arguments: [("aɣrum", "agrum"), ("tiɣremt", "tigremt"), ("taɛrabt", "taerabt")])
    func aLongPressLetterIsSwipedThroughItsKey(_ word: String, _ path: String) throws {
        let engine = try ShippedDictionaryTests.engine("kab", "kab")
        let keys = try Self.keys(engine)
        let words = GestureDecoder(engine: engine).words(for: try Self.stroke(path, on: keys), keys: keys, before: "d ")
        #expect(words.prefix(2).map(\.text).contains(word), "\(words)")
    }
}
