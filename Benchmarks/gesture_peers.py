"""Peers of Keylex's gesture decoder, for Benchmarks/gesture.py (measuring only, never shipped):

- FlorisBoard's statistical glide typing classifier, ported for measuring from
  `app/src/main/kotlin/dev/patrickgold/florisboard/ime/text/gestures/StatisticalGlideTypingClassifier.kt`
  of florisboard/florisboard at commit e4a640ba4cfcb329550895e3202ad8d2ef2783cb (Apache-2.0), with its
  constants: a point is kept when it lies more than a quarter key width from the last one (at most
  500); words are pruned to those whose first and last letters' keys are among the two keys nearest
  the stroke's ends, then by ideal path length (within 8.42 key radii); each word's ideal path
  (and, for doubled letters, one with a loop) is resampled to 200 points as FlorisBoard does, and
  scored by 1 / (shape probability × location probability × frequency), Gaussian with the shape
  spread 22.08 (box-side normalised) and the location spread 0.5109 key radii, the frequency being
  the word list's f (0–255), lowest first.
- A plain SHARK²-style decoder (Kristensson and Zhai 2004): the words whose first and last keys lie
  within one key of the stroke's ends, each scored by its shape and location distances over 100
  points (Gaussian, spreads 0.1 of the box side and 0.5 key widths) and its frequency.

Both read the same word list as the en-US bundle (`corpora/en-US/en_US.combined.gz`).
"""
import gzip
import math
import os
import unicodedata

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
WORDS = os.path.join(os.path.dirname(HERE), "corpora", "en-US", "en_US.combined.gz")


def load_words():
    """(word, f) of the AOSP word list, without those marked not_a_word."""
    words = []
    with gzip.open(WORDS, "rt", encoding="utf-8") as f:
        for line in f:
            if not line.startswith(" word="):
                continue
            fields = dict(part.split("=", 1) for part in line.strip().split(",") if "=" in part)
            if "not_a_word" in fields and fields["not_a_word"] == "true":
                continue
            words.append((fields["word"], int(fields.get("f", "0"))))
    return words


def base(ch):
    return unicodedata.normalize("NFD", ch)[0]


class Keyboard:
    """The letter keys of one swipe's keyboard: label → (centre x, centre y, width, height)."""

    def __init__(self, keys):
        self.keys = {k["label"]: ((k["x"] + k["w"] / 2), (k["y"] + k["h"] / 2), k["w"], k["h"]) for k in keys if k["label"]}
        self.order = list(self.keys)
        self.centres = np.array([[self.keys[c][0], self.keys[c][1]] for c in self.order], dtype=np.float64)
        first = self.keys[self.order[0]]
        self.first_width = first[2]
        self.radius = min(first[2], first[3])

    def key_of(self, ch):
        lc = ch.lower()
        if lc in self.keys:
            return lc
        b = base(lc)
        return b if b in self.keys else None


# FlorisBoard -----------------------------------------------------------------------------------

F_PRUNING_LENGTH_THRESHOLD = 8.42
F_SAMPLING_POINTS = 200
F_SHAPE_STD = 22.08
F_LOCATION_STD = 0.5109
F_MAX_SIZE = 500


def f_length(xs, ys):
    return sum(math.hypot(xs[i] - xs[i - 1], ys[i] - ys[i - 1]) for i in range(1, len(xs)))


def f_resample(xs, ys, n):
    """FlorisBoard's Gesture.resample: steps of length/n along each segment, the rounding error
    carried over; at most 500 points."""
    out_x, out_y = [xs[0]], [ys[0]]
    step = f_length(xs, ys) / n
    last_x, last_y = xs[0], ys[0]
    error = 0.0
    if len(xs) == 1:
        out_x += [xs[0]] * F_SAMPLING_POINTS
        out_y += [ys[0]] * F_SAMPLING_POINTS
    for i in range(len(xs) - 1):
        dx, dy = xs[i + 1] - xs[i], ys[i + 1] - ys[i]
        norm = math.hypot(dx, dy)
        if norm == 0 or step == 0:
            dx = dy = float("nan")
            count = float("nan")
        else:
            dx, dy = dx / norm, dy / norm
            count = norm / step
        if math.isnan(count):
            continue
        error += count - int(count)
        if error > 1:
            count = float(int(count) + int(error))
            error %= 1
        for _ in range(int(count)):
            last_x += dx * step
            last_y += dy * step
            out_x.append(last_x)
            out_y.append(last_y)
    return out_x[:F_MAX_SIZE], out_y[:F_MAX_SIZE]


def f_normalise(xs, ys):
    width, height = max(xs + [-1.0]) - min(xs + [10000.0]), max(ys + [-1.0]) - min(ys + [10000.0])
    side = max(width, height, 0.00001)
    cx, cy = (width / 2 + min(xs + [10000.0])) / side, (height / 2 + min(ys + [10000.0])) / side
    return [x / side - cx for x in xs], [y / side - cy for y in ys]


def f_padded(xs, ys):
    """The first 200 points, a missing one read as (0, 0) as getOrElse does."""
    x = np.zeros(F_SAMPLING_POINTS)
    y = np.zeros(F_SAMPLING_POINTS)
    n = min(len(xs), F_SAMPLING_POINTS)
    x[:n], y[:n] = xs[:n], ys[:n]
    return x, y


def gaussian(value, std):
    return 1.0 / (std * math.sqrt(2 * math.pi)) * math.exp(-0.5 * (value / std) ** 2)


class FlorisBoard:
    name = "FlorisBoard (port)"

    def __init__(self, words):
        self.words = words
        self.frequency = dict(words)
        self.trees, self.cache = {}, {}

    def prepared(self, keyboard):
        """The words by (first key, last key), per set of key labels, and their ideal paths, per
        keyboard geometry (the last one's only)."""
        labels = tuple(sorted(keyboard.keys))
        if labels not in self.trees:
            tree = {}
            for word, _ in self.words:
                first, last = keyboard.key_of(word[0]), keyboard.key_of(word[-1])
                if first and last:
                    tree.setdefault((first, last), []).append(word)
            self.trees[labels] = tree
        signature = tuple(sorted(keyboard.keys.items()))
        if signature not in self.cache:
            self.cache = {signature: {}}
        return self.trees[labels], self.cache[signature]

    def ideal(self, word, keyboard, paths):
        if word not in paths:
            plain, loops = ([], []), ([], [])
            previous, has_loops = None, False
            for ch in word:
                key = keyboard.key_of(ch)
                if key is None:
                    continue
                x, y, w, h = keyboard.keys[key]
                lc = ch.lower()
                if previous == lc:
                    for sx, sy in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
                        loops[0].append(x + sx * w / 4)
                        loops[1].append(y + sy * h / 4)
                    has_loops = True
                else:
                    loops[0].append(x)
                    loops[1].append(y)
                plain[0].append(x)
                plain[1].append(y)
                previous = lc
            gestures = [plain, loops] if has_loops else [plain]
            prepared = []
            length = f_length(*plain)  # FlorisBoard caches one ideal length a word: the first path's
            for xs, ys in gestures:
                rx, ry = f_resample(xs, ys, F_SAMPLING_POINTS)
                nx, ny = f_normalise(rx, ry)
                prepared.append((length, f_padded(rx, ry), f_padded(nx, ny)))
            paths[word] = prepared
        return paths[word]

    def decode(self, points, keyboard, count=4):
        threshold = int(keyboard.first_width / 4) ** 2
        xs, ys = [], []
        for x, y, *_ in points:
            if not xs or (xs[-1] - x) ** 2 + (ys[-1] - y) ** 2 > threshold:
                if len(xs) < F_MAX_SIZE:
                    xs.append(x)
                    ys.append(y)
        if not xs:
            return []
        tree, paths = self.prepared(keyboard)
        radius = keyboard.radius

        def nearest(x, y):
            d = np.hypot(keyboard.centres[:, 0] - x, keyboard.centres[:, 1] - y)
            return [keyboard.order[i] for i in np.argsort(d, kind="stable")[:2]]

        candidates = []
        for s in nearest(xs[0], ys[0]):
            for e in nearest(xs[-1], ys[-1]):
                candidates += tree.get((s, e), [])
        user_length = f_length(xs, ys)
        ux, uy = f_resample(xs, ys, F_SAMPLING_POINTS)
        nx, ny = f_normalise(ux, uy)
        user, user_shape = f_padded(ux, uy), f_padded(nx, ny)
        scored = []
        for word in candidates:
            for length, location, shape in self.ideal(word, keyboard, paths):
                if abs(user_length - length) >= F_PRUNING_LENGTH_THRESHOLD * radius:
                    continue
                shape_distance = float(np.sum(np.hypot(shape[0] - user_shape[0], shape[1] - user_shape[1])))
                location_distance = float(np.sum(np.abs(location[0] - user[0]) + np.abs(location[1] - user[1]))) / F_SAMPLING_POINTS / 2
                probability = gaussian(shape_distance, F_SHAPE_STD) * gaussian(location_distance, F_LOCATION_STD * radius)
                frequency = float(self.frequency[word])
                product = probability * frequency
                scored.append((1.0 / product if product > 0 else math.inf, word))
        result = []
        for _, word in sorted(scored, key=lambda s: s[0]):
            if word not in result:
                result.append(word)
            if len(result) == count:
                break
        return result


# SHARK² ----------------------------------------------------------------------------------------

S_SAMPLES = 100
S_SHAPE_SPREAD = 0.1
S_LOCATION_SPREAD = 0.5


def s_resample(points, n):
    points = np.asarray(points, dtype=np.float64)
    if len(points) == 1:
        return np.repeat(points, n, axis=0)
    steps = np.hypot(*np.diff(points, axis=0).T)
    along = np.concatenate([[0], np.cumsum(steps)])
    if along[-1] == 0:
        return np.repeat(points[:1], n, axis=0)
    targets = np.linspace(0, along[-1], n)
    return np.stack([np.interp(targets, along, points[:, 0]), np.interp(targets, along, points[:, 1])], axis=1)


def s_normalise(path):
    side = max(np.ptp(path[:, 0]), np.ptp(path[:, 1]), 1e-6)
    return (path - path.mean(axis=0)) / side


class Shark2:
    name = "SHARK² (plain)"

    def __init__(self, words):
        self.words = words
        self.by_ends, self.cache = {}, {}

    def prepared(self, keyboard):
        labels = tuple(sorted(keyboard.keys))
        if labels not in self.by_ends:
            by_ends = {}
            for word, f in self.words:
                keys = [k for k in (keyboard.key_of(ch) for ch in word) if k]
                if len(keys) >= 2 and f > 0:
                    by_ends.setdefault((keys[0], keys[-1]), []).append((word, f, keys))
            self.by_ends[labels] = by_ends
        signature = tuple(sorted(keyboard.keys.items()))
        if signature not in self.cache:
            self.cache = {signature: {}}
        return self.by_ends[labels], self.cache[signature]

    def decode(self, points, keyboard, count=4):
        width = keyboard.first_width
        stroke = np.array([[p[0], p[1]] for p in points], dtype=np.float64) / width
        if len(stroke) == 0:
            return []
        by_ends, templates = self.prepared(keyboard)
        centres = {k: (v[0] / width, v[1] / width) for k, v in keyboard.keys.items()}
        near = lambda p: [k for k, c in centres.items() if math.hypot(c[0] - p[0], c[1] - p[1]) <= 1.0]
        user = s_resample(stroke, S_SAMPLES)
        user_shape = s_normalise(user)
        scored = []
        for s in near(stroke[0]):
            for e in near(stroke[-1]):
                for word, f, keys in by_ends.get((s, e), []):
                    if word not in templates:
                        path = s_resample([centres[k] for k in keys], S_SAMPLES)
                        templates[word] = (path, s_normalise(path))
                    path, shape = templates[word]
                    location = float(np.mean(np.hypot(*(path - user).T)))
                    form = float(np.mean(np.hypot(*(shape - user_shape).T)))
                    log_p = -0.5 * (form / S_SHAPE_SPREAD) ** 2 - 0.5 * (location / S_LOCATION_SPREAD) ** 2 + math.log(f + 1)
                    scored.append((-log_p, word))
        scored.sort()
        return [w for _, w in scored[:count]]
