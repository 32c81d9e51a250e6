#!/usr/bin/env python3
"""Correction benchmark: the suggestion engine against symspellpy and a Levenshtein search over an
FST (fuzzyfst), on the same typos, in one run.

    swift build -c release
    pip install symspellpy==6.10.1 fuzzyfst==0.2.0 wordfreq==3.1.1
    python3 Benchmarks/typos.py [--typos 1000] [--markdown docs/BENCHMARKS.md]

For each shipped corpus (with its locale's phone layout) and for wordfreq's large English list
(321,141 words, with the en-US layout), words are drawn by frequency (three letters or more) and
each gets one realistic error, cycling through: a neighbouring key on the layout, a dropped letter,
a doubled letter, two neighbouring letters swapped, a missing accent (when the word has one). Typos
that are words of the dictionary are drawn again. As many correctly typed words are drawn too.

Keylex is timed natively (keylex-suggest-bench); the peers are timed from Python, so their times
include the interpreter's overhead. All three get the same words and counts. Ranking for the
peers: distance, then frequency (symspellpy's own order).
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time
import unicodedata
import xml.etree.ElementTree as ElementTree

from marked import replace_part

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work", "typos")
KEYLEX = os.path.join(ROOT, ".build", "release", "keylex")
DRIVER = os.path.join(ROOT, ".build", "release", "keylex-suggest-bench")
DATASETS = [("en", "en-US"), ("de", "de-DE"), ("fr", "fr-FR"), ("es", "es-ES"), ("sv", "sv-SE"), ("ru", "ru-RU"),
            ("wordfreq-en-large", "en-US")]


def corpus(name):
    if name == "wordfreq-en-large":
        import wordfreq
        freqs = wordfreq.get_frequency_dict("en", "large")
        rows = {}
        for word, f in freqs.items():
            word = unicodedata.normalize("NFC", word)
            if word and len(word) <= 100 and not any(unicodedata.category(c)[0] in "CZ" for c in word):
                rows[word] = rows.get(word, 0) + max(1, round(f * 1e9))
        return sorted(rows.items())
    rows = []
    for line in open(os.path.join(HERE, "wordfreq", name + ".tsv"), encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        word, count = line.rstrip("\n").split("\t")[:2]
        rows.append((word, int(count)))
    return rows


def layout_rows(tag):
    """The character rows of the phone lowercased layer of a shipped layout."""
    base = os.path.join(ROOT, "layouts", tag)
    rows = []
    if os.path.exists(base + ".json"):
        doc = json.load(open(base + ".json", encoding="utf-8"))
        layer = [l for l in doc["layouts"] if l["formFactor"] == "phone"][0]["layers"][0]
        for row in layer["rows"]:
            items = [row] if isinstance(row, str) else row
            rows.append([c for item in items if isinstance(item, str) for c in item if not c.isspace()])
    else:
        root = ElementTree.parse(base + ".xml").getroot()
        layer = [l for l in root.iter("layout") if l.get("formFactor") == "phone"][0].find("layer")
        for row in layer.iter("row"):
            chars = list(row.get("chars", ""))
            for item in row:
                if item.tag == "chars":
                    chars += list(item.get("value"))
                elif item.tag == "key" and item.get("action", "character") == "character":
                    chars.append(item.get("value"))
            rows.append(chars)
    return [r for r in rows if r]


def neighbours(rows):
    widest = max(len(r) for r in rows)
    place = {}
    for y, row in enumerate(rows):
        offset = (widest - len(row)) / 2
        for i, c in enumerate(row):
            place[c] = (offset + i + 0.5, y)
    result = {}
    for c, (x, y) in place.items():
        result[c] = [d for d, (u, v) in place.items() if d != c and ((u - x) ** 2 + (v - y) ** 2) ** 0.5 <= 1.25]
    return result


def strip_accent(ch):
    base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.category(c).startswith("M"))
    return unicodedata.normalize("NFC", base)


def make_typo(word, kind, near, rng):
    letters = list(word)
    positions = [i for i, c in enumerate(letters) if c.isalpha()]
    if kind == "accent":
        accented = [i for i in positions if strip_accent(letters[i]) != letters[i]]
        if not accented:
            return None
        i = rng.choice(accented)
        letters[i] = strip_accent(letters[i])
    elif kind == "neighbour":
        choices = [i for i in positions if near.get(letters[i])]
        if not choices:
            return None
        i = rng.choice(choices)
        letters[i] = rng.choice(near[letters[i]])
    elif kind == "drop":
        i = rng.choice(positions[1:]) if len(positions) > 1 else None
        if i is None:
            return None
        del letters[i]
    elif kind == "double":
        i = rng.choice(positions)
        letters.insert(i, letters[i])
    elif kind == "swap":
        pairs = [i for i in range(len(letters) - 1) if letters[i] != letters[i + 1] and letters[i].isalpha() and letters[i + 1].isalpha()]
        if not pairs:
            return None
        i = rng.choice(pairs)
        letters[i], letters[i + 1] = letters[i + 1], letters[i]
    return "".join(letters)


def draw(rows, count, rng, minimum):
    words = [w for w, c in rows if len(w) >= minimum and all(ch.isalpha() or ch in "'-" for ch in w)]
    weights = [c for w, c in rows if len(w) >= minimum and all(ch.isalpha() or ch in "'-" for ch in w)]
    return rng.choices(words, weights=weights, k=count)


def typo_set(rows, tag, count, seed):
    rng = random.Random(seed)
    near = neighbours(layout_rows(tag))
    present = {w for w, _ in rows}
    kinds = ["neighbour", "drop", "double", "swap", "accent"]
    typos = []
    while len(typos) < count:
        for word in draw(rows, count, rng, 3):
            kind = kinds[len(typos) % len(kinds)]
            typo = make_typo(word, kind, near, rng) or make_typo(word, "neighbour", near, rng)
            if typo and typo not in present and len(typos) < count:
                typos.append((typo, word))
    correct = draw(rows, count, rng, 2)
    prefixes = [w[:rng.randint(1, min(3, len(w)))] for w in draw(rows, count, rng, 1)]
    return typos, correct, prefixes


def rank(found, counts):
    return [w for w, _ in sorted(found, key=lambda p: (p[1], -counts.get(p[0], 0), p[0]))]


def measure_peer(name, search, typos, correct):
    top1 = top3 = 0
    times = []
    for typo, intended in typos:
        start = time.perf_counter()
        best = search(typo)[:3]
        times.append((time.perf_counter() - start) * 1e6)
        top1 += bool(best) and best[0] == intended
        top3 += intended in best
    false = 0
    for word in correct:
        start = time.perf_counter()
        best = search(word)[:1]
        times.append((time.perf_counter() - start) * 1e6)
        false += best != [word]
    times.sort()
    return {"top1": top1 / len(typos), "top3": top3 / len(typos), "falseCorrections": false / len(correct),
            "p50": times[len(times) // 2], "p99": times[int(len(times) * 0.99)]}


def run(name, tag, count):
    folder = os.path.join(WORK, name)
    os.makedirs(folder, exist_ok=True)
    rows = corpus(name)
    counts = dict(rows)
    typos, correct, prefixes = typo_set(rows, tag, count, seed=sum(map(ord, name)))
    with open(os.path.join(folder, "typos.tsv"), "w", encoding="utf-8") as out:
        out.writelines(f"{t}\t{w}\n" for t, w in typos)
    with open(os.path.join(folder, "correct.txt"), "w", encoding="utf-8") as out:
        out.writelines(w + "\n" for w in correct)
    with open(os.path.join(folder, "prefixes.txt"), "w", encoding="utf-8") as out:
        out.writelines(p + "\n" for p in prefixes)
    tsv = os.path.join(folder, "words.tsv")
    with open(tsv, "w", encoding="utf-8") as out:
        out.writelines(f"{w}\t{c}\n" for w, c in rows)
    dictionary = os.path.join(folder, "dictionary.klx")
    subprocess.run([KEYLEX, "dict", tsv, "-o", dictionary], check=True, capture_output=True)
    bundles = os.path.join(WORK, "bundles")
    if not os.path.exists(os.path.join(bundles, tag + ".klx")):
        subprocess.run([KEYLEX, "build", "--layouts", os.path.join(ROOT, "layouts"), "--corpora", os.path.join(ROOT, "corpora"),
                        "--output", bundles], check=True, capture_output=True)
    # The memory check makes a million calls on the largest dictionary, 100,000 on the others.
    calls = 1_000_000 if name == "wordfreq-en-large" else 100_000
    out = subprocess.run([DRIVER, dictionary, os.path.join(bundles, tag + ".klx")] +
                         [os.path.join(folder, f) for f in ("typos.tsv", "correct.txt", "prefixes.txt")],
                         check=True, capture_output=True, text=True, env=dict(os.environ, KEYLEX_MEMORY_CALLS=str(calls))).stdout
    ours = json.loads(out.strip().splitlines()[-1])

    from symspellpy import SymSpell, Verbosity
    symspell = SymSpell(max_dictionary_edit_distance=2, prefix_length=7)
    for word, c in rows:
        symspell.create_dictionary_entry(word, c)
    symspell_result = measure_peer("symspellpy", lambda t: [s.term for s in symspell.lookup(t, Verbosity.ALL, max_edit_distance=2)],
                                   typos, correct)

    import fuzzyfst
    fst_path = os.path.join(folder, "words.fst")
    fuzzyfst.build(fst_path, [w for w, _ in rows])
    fst = fuzzyfst.Fst.open(fst_path)
    fst_result = measure_peer("fuzzyfst", lambda t: rank(fst.fuzzy_search(t, max_distance=2, metric="damerau"), counts),
                              typos, correct)
    return {"name": name, "words": len(rows), "keylex": ours, "symspellpy": symspell_result, "fuzzyfst": fst_result}


def table(results):
    lines = ["| dictionary | words | top-1 Keylex / symspellpy / fst | top-3 Keylex / symspellpy / fst | correct words changed (Keylex / symspellpy / fst) | Keylex p50 / p99 µs | symspellpy p50 / p99 µs | fst p50 / p99 µs | Keylex completion p99 µs | Keylex autocorrect rate / precision | peak memory growth over 10⁵ calls (10⁶ on the largest) |",
             "|---|---:|---|---|---|---|---|---|---:|---|---:|"]
    pct = lambda v: f"{100 * v:.1f}%"
    for r in results:
        k, s, f = r["keylex"], r["symspellpy"], r["fuzzyfst"]
        lines.append(f"| {r['name']} | {r['words']} | {pct(k['top1'])} / {pct(s['top1'])} / {pct(f['top1'])} | "
                     f"{pct(k['top3'])} / {pct(s['top3'])} / {pct(f['top3'])} | {pct(k['falseCorrections'])} / {pct(s['falseCorrections'])} / {pct(f['falseCorrections'])} | "
                     f"{k['p50']:.0f} / {k['p99']:.0f} | {s['p50']:.0f} / {s['p99']:.0f} | {f['p50']:.0f} / {f['p99']:.0f} | "
                     f"{k['completionP99']:.1f} | {pct(k['autocorrected'])} / {pct(k['autocorrectPrecision'])} | {k['memoryGrowthKB']} KB |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--typos", type=int, default=1000)
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--markdown", help="replace the table between <!-- typos --> markers in this file")
    args = parser.parse_args()
    results = []
    for name, tag in DATASETS:
        if args.only and name not in args.only:
            continue
        print(f"{name}…", file=sys.stderr, flush=True)
        results.append(run(name, tag, args.typos))
    with open(os.path.join(WORK, "results.json"), "w") as out:
        json.dump(results, out, indent=1, sort_keys=True)
    text = table(results)
    print(text)
    if args.markdown:
        replace_part(args.markdown, "typos", text)


if __name__ == "__main__":
    main()
