#!/usr/bin/env python3
"""Real phone typing errors: Keylex's autocorrect and corrections against hunspell, aspell and
symspellpy, in one run, on the development pairs of typing37k (../shared/typing/README.md).

    swift build -c release && .build/release/keylex build
    apt-get install hunspell hunspell-en-us aspell aspell-en
    python3 -m venv .venv-bench && .venv-bench/bin/pip install symspellpy
    # the data, as ../shared/typing/README.md says (never committed: measuring only):
    #   git --git-dir=SNAPSHOT show HEAD:data/typing/datasets/empirical_data_trial_min11.csv > FILE.csv
    #   python3 ../shared/typing/make_tsv.py FILE.csv Benchmarks/.work/typing
    .venv-bench/bin/python Benchmarks/phonetypos.py [--typing Benchmarks/.work/typing] [--markdown docs/BENCHMARKS.md]

What it measures, each word typed after the words before it in its sentence:
- the errors (`pairs.dev.tsv`: typed, intended, the words before): how often Keylex replaces the
  typed word on space with the intended one (right) or with another word (wrong), and whether the
  intended word is the first or among the first three corrections offered (the typed word aside);
  the peers only offer corrections, so for them top-1 and top-3 alone;
- the correct words (every word of the development sentences as intended, typed after the words
  before it): how many Keylex replaces on space. A word is a letter run with apostrophes inside;
  answers are compared without regard to case or to the kind of apostrophe;
- the development transcriptions with errors, whole (`sentence_pairs.tsv`): each typed through a
  keyboard's suggestion bar (`keylex type`, a space after its last word), its word errors against
  the intended sentence (words split at spaces, the kind of apostrophe aside; and again without
  regard to case or to punctuation at the words' ends) as typed and as the keyboard leaves them:
  what autocorrect changes in whole messages, slips of every kind together.

Palin et al. 2019 (typing37k, Aalto University) is the source of the data; it is used for
measuring only.
"""
import argparse
import os
import re
import subprocess
import sys
import time

from marked import replace_part
import misspellings as common

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "typing")
TOKEN = re.compile(r"^[\"'(\[]*([A-Za-z][A-Za-z'’]*[A-Za-z]|[A-Za-z])[\"')\].,;:!?]*$")


def same(a, b):
    return a.replace("’", "'").lower() == b.replace("’", "'").lower()


def query(before, typed):
    return f"{before} {typed}" if before else typed


def load_pairs(folder):
    pairs = []
    for line in open(os.path.join(folder, "pairs.dev.tsv"), encoding="utf-8"):
        typed, intended, before = line.rstrip("\n").split("\t")
        pairs.append((typed, intended, before))
    return pairs


def dev_ids():
    """The ids of the development sentences (../shared/typing/dev_sentence_ids.txt)."""
    return set(open(os.path.join(SHARED, "dev_sentence_ids.txt")).read().split())


def load_sentences(folder):
    """The development sentences as intended (recovered by make_tsv.py)."""
    dev = dev_ids()
    sentences = []
    for line in open(os.path.join(folder, "sentences.tsv"), encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        if fields[0] in dev:
            sentences.append(fields[1])
    return sentences


def load_transcriptions(folder):
    """The development transcriptions with errors: (typed, intended) sentences."""
    dev = dev_ids()
    rows = []
    with open(os.path.join(folder, "sentence_pairs.tsv"), encoding="utf-8") as f:
        header = next(f).rstrip("\n").split("\t")
        sentence, typed, intended = header.index("SENTENCE_ID"), header.index("typed"), header.index("intended")
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if fields[sentence] in dev:
                rows.append((fields[typed], fields[intended]))
    return rows


def word_errors(text, intended, loose=False):
    """The word-level edit distance between two sentences (split at spaces, apostrophes alike);
    `loose`, without regard to case or to punctuation at the words' ends."""
    def words(sentence):
        tokens = sentence.replace("’", "'").split()
        return [t.strip(".,!?;:\"()").lower() for t in tokens] if loose else tokens
    a, b = words(text), words(intended)
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
        previous = current
    return previous[-1]


def keyboard_sentences(rows, bundle=common.BUNDLE):
    """Each typed sentence as Keylex's keyboard leaves it (`keylex type`), a space ending its last word."""
    out = subprocess.run([common.KEYLEX, "type", bundle], input="".join(typed + " \n" for typed, _ in rows),
                         capture_output=True, text=True, check=True).stdout.split("\n")
    return [line.rstrip(" ") for line in out[:len(rows)]]


def sentence_line(rows):
    """The report's line on whole transcriptions typed through the keyboard."""
    triples = [(typed, text, intended) for text, (typed, intended) in zip(keyboard_sentences(rows), rows)]
    words = sum(len(intended.split()) for _, _, intended in triples)
    # Per transcription: errors as typed, as left, and both again loosely.
    errors = [[word_errors(s, intended, loose) for loose in (False, True) for s in (typed, text)] for typed, text, intended in triples]
    before, after, loose_before, loose_after = (sum(e[k] for e in errors) for k in range(4))
    worse = [(typed, text) for (typed, text, _), e in zip(triples, errors) if e[1] > e[0]]
    shown = "; ".join(f"{typed} → {text}" for typed, text in worse[:3])
    return (f"- The {len(rows):,} development transcriptions with errors ({words:,} intended words), each typed through "
            f"a keyboard's suggestion bar (`keylex type`): word errors {before / words:.1%} of the intended words as typed, "
            f"{after / words:.1%} as the keyboard leaves them ({loose_before / words:.1%} and {loose_after / words:.1%} without "
            f"regard to case or to punctuation at the words' ends, which a keyboard's shift and the user's full stops "
            f"decide); {len(worse)} made worse ({shown}).")


def correct_words(sentences):
    """(text before and the word, the word) for every plain word of the sentences."""
    queries = []
    for sentence in sentences:
        tokens = sentence.split()
        for i, token in enumerate(tokens):
            m = TOKEN.match(token)
            if m and token.startswith(m.group(1)):
                queries.append((query(" ".join(tokens[:i]), m.group(1)), m.group(1)))
    return queries


def keylex_errors(pairs, bundle=common.BUNDLE, same=same):
    """Keylex's replacements on space, right and wrong, and its top-1 and top-3 corrections (the
    typed word left out), as shares of `pairs` (typed, intended, words before); `same` compares
    two spellings."""
    results = common.keylex_suggest([query(before, typed) for typed, _, before in pairs], n=4, bundle=bundle)
    right = wrong = top1 = top3 = 0
    misses = []
    for (typed, intended, _), items in zip(pairs, results):
        auto = [text for text, flags in items if "autocorrect" in flags]
        offered = [text for text, flags in items if not same(text, typed)][:3]
        if auto:
            right += same(auto[0], intended)
            wrong += not same(auto[0], intended)
        elif not any(same(t, intended) for t in offered[:3]):
            misses.append((typed, intended))
        top1 += bool(offered) and same(offered[0], intended)
        top3 += any(same(t, intended) for t in offered)
    n = len(pairs)
    return {"right": right / n, "wrong": wrong / n, "top1": top1 / n, "top3": top3 / n, "misses": misses}


def peer_scores(suggest, pairs, same=same):
    top1 = top3 = 0
    for (typed, intended, _), offered in zip(pairs, suggest([typed for typed, _, _ in pairs])):
        offered = [t for t in (offered or []) if not same(t, typed)][:3]
        top1 += bool(offered) and same(offered[0], intended)
        top3 += any(same(t, intended) for t in offered)
    return {"top1": top1 / len(pairs), "top3": top3 / len(pairs)}


def symspell(words):
    suggest, _ = common.symspell_peer()
    return [suggest(w.lower()) for w in words]


def replaced_correct_words(queries, bundle=common.BUNDLE):
    results = common.keylex_suggest([q for q, _ in queries], n=1, bundle=bundle)
    return [(word, items[0][0]) for (_, word), items in zip(queries, results)
            if items and "autocorrect" in items[0][1] and not same(items[0][0], word)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--typing", default=os.path.join(HERE, ".work", "typing"),
                        help="the folder make_tsv.py wrote (pairs.dev.tsv, sentences.tsv)")
    parser.add_argument("--markdown")
    parser.add_argument("--keylex-only", action="store_true", help="skip the peers (to try settings)")
    parser.add_argument("--misses", type=int, default=0, help="print this many of Keylex's misses")
    args = parser.parse_args()
    start = time.time()
    pairs = load_pairs(args.typing)
    results = {"Keylex": keylex_errors(pairs)}
    if not args.keylex_only:
        for name, suggest in [("hunspell", common.hunspell), ("aspell", common.aspell), ("symspellpy", symspell)]:
            results[name] = peer_scores(suggest, pairs)
    words = correct_words(load_sentences(args.typing))
    replaced = replaced_correct_words(words)
    k = results["Keylex"]
    lines = [f"Command: `.venv-bench/bin/python Benchmarks/phonetypos.py` ({len(pairs):,} typing37k development pairs, "
             f"en-US bundle; Palin et al. 2019).", "",
             "| corrector | autocorrect right | autocorrect wrong | top-1 | top-3 |", "|---|---|---|---|---|"]
    for name, r in results.items():
        auto = f"{r['right']:.1%} | {r['wrong']:.1%}" if "right" in r else "– | –"
        lines.append(f"| {name} | {auto} | {r['top1']:.1%} | {r['top3']:.1%} |")
    lines += ["", f"- Correct words of the development sentences ({len(words):,}, each typed after the words before it) "
              f"replaced on space: {len(replaced) / max(1, len(words)):.2%} ({len(replaced)})"
              + (": " + ", ".join(f"{w} → {s}" for w, s in replaced[:10]) if replaced else "") + ".",
              sentence_line(load_transcriptions(args.typing))]
    report = "\n".join(lines)
    print(report)
    for typed, intended in k["misses"][:args.misses]:
        print(f"miss\t{typed}\t{intended}", file=sys.stderr)
    print(f"[{time.time() - start:.0f} s]", file=sys.stderr)
    if args.markdown:
        replace_part(args.markdown, "phonetypos", report)


if __name__ == "__main__":
    main()
