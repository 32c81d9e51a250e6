#!/usr/bin/env python3
"""Real Russian misspellings: the ru-RU bundle against hunspell, aspell, pyspellchecker and symspellpy, in one run.

    swift build -c release && .build/release/keylex build
    apt-get install hunspell hunspell-ru aspell aspell-ru
    python3 -m venv .venv-bench && .venv-bench/bin/pip install symspellpy pyspellchecker
    git clone https://github.com/dkulagin/kartaslov Benchmarks/.work/kartaslov    # measuring only: never committed
    .venv-bench/bin/python Benchmarks/russiantypos.py [--half tuning] [--markdown docs/BENCHMARKS.md]

Data nobody here wrote: Kartaslov's orthographic errors and typos (`dataset/orfo_and_typos/
orfo_and_typos.L1_5.csv`, CC BY-NC-SA 4.0, so used for measuring only): Russian words and the ways
people misspelt them in text Kartaslov collected, each with how often the misspelling was met beside
the word. Kept: pairs of lower-case Cyrillic words of three letters or more whose misspelling
hunspell's ru_RU rejects (a real word typed for another needs context) and whose correction every
corrector knows (hunspell accepts it, pyspellchecker's Russian list holds it, and the ru-RU bundle
holds it: asked after the sample is drawn). Left out: a misspelling Kartaslov gives two corrections
(`вка`: `вера`, `вода`), and one that holds a word one or two letters shorter (`корабльъ` holds
`корабль`): Kartaslov never pairs a misspelling with a word it holds, so such a one is paired with
another form (`корабле`). Then a deterministic sample, drawn before the bundle is asked (so that
one with more words is measured on the same misspellings), split in two halves by the CRC-32 of the
misspelling: settings are chosen on the even half (`--half tuning`), the odd half is reported. `е`
and `ё` count as the same letter (Russian is mostly written without `ё`). Each misspelling is typed
after `это ` ("this"), as is each correction for the correct words replaced.
"""
import argparse
import csv
import os
import random
import re
import zlib

import misspellings as common
import phonetypos
from marked import replace_part

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PAIRS = os.path.join("dataset", "orfo_and_typos", "orfo_and_typos.L1_5.csv")
CONTEXT = "это"
WORD = re.compile(r"^[а-яё]{3,}$")


def folded(word):
    return word.replace("ё", "е")


def hunspell(words):
    return common.ispell_pipe(["hunspell", "-d", "ru_RU", "-a"], words)


def aspell(words):
    return common.ispell_pipe(["aspell", "-a", "--lang=ru", "--encoding=utf-8"], words)


def pyspell_peer():
    from spellchecker import SpellChecker
    spell = SpellChecker(language="ru")

    def suggest(words):
        return [sorted(spell.candidates(w) or set(), key=lambda c: (-spell.word_usage_frequency(c), c))[:3] for w in words]
    return suggest, spell


def symspell_peer(spell):
    """symspellpy over pyspellchecker's Russian words and counts (symspellpy ships no Russian list)."""
    from symspellpy import SymSpell, Verbosity
    sym = SymSpell(max_dictionary_edit_distance=2, prefix_length=7)
    for word, count in spell.word_frequency.items():
        sym.create_dictionary_entry(word, count)

    def suggest(words):
        return [[s.term for s in sym.lookup(w, Verbosity.CLOSEST, max_edit_distance=2)][:3] for w in words]
    return suggest


def shorter_parts(typo):
    """The runs of `typo` one or two letters shorter than it (of three letters or more)."""
    return [typo[i:i + n] for n in (len(typo) - 1, len(typo) - 2) if n >= 3 for i in range(len(typo) - n + 1)]


def load_pairs(clone, count, half, bundle, known_to_peers):
    """(misspelling, correction) pairs as the docstring says."""
    rows = list(csv.reader(open(os.path.join(clone, PAIRS), encoding="utf-8"), delimiter=";"))[1:]
    pairs = sorted({(row[1], row[0]) for row in rows
                    if len(row) >= 2 and WORD.match(row[0]) and WORD.match(row[1]) and folded(row[0]) != folded(row[1])})
    corrections = {}
    for typo, fix in pairs:
        corrections.setdefault(typo, set()).add(folded(fix))
    pairs = [(t, f) for t, f in pairs if len(corrections[t]) == 1]
    rejects = common.hunspell_rejects([typo for typo, _ in pairs], "ru_RU")
    inside = {t: shorter_parts(t) for t, _ in pairs}
    words = set(sum(inside.values(), []))
    words -= common.hunspell_rejects(sorted(words), "ru_RU")
    pairs = [(t, f) for t, f in pairs if not words.intersection(inside[t])]
    fixes = sorted({fix for _, fix in pairs})
    accepted = set(fixes) - common.hunspell_rejects(fixes, "ru_RU")
    pairs = [(t, f) for t, f in pairs if t in rejects and f in accepted and known_to_peers(f)]
    # Drawn before the bundle is asked, so that a bundle with more words is measured on the same
    # misspellings (and on those of them whose correction it has).
    pairs = sorted(random.Random(7).sample(pairs, min(count, len(pairs))))
    known = common.keylex_known(sorted({fix for _, fix in pairs}), bundle=bundle)
    parity = 0 if half == "tuning" else 1
    return [(t, f) for t, f in pairs if f in known and zlib.crc32(t.encode()) % 2 == parity]


def same(a, b):
    """Whether two spellings are one word: case aside, `е` and `ё` alike."""
    return folded(a.lower()) == folded(b.lower())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kartaslov", default=os.path.join(HERE, ".work", "kartaslov"), help="a clone of dkulagin/kartaslov")
    parser.add_argument("--bundle", default=os.path.join(ROOT, "build", "ru-RU.klx"))
    parser.add_argument("--pairs", type=int, default=4000, help="pairs drawn before the halves are split")
    parser.add_argument("--half", choices=["tuning", "held-out"], default="held-out")
    parser.add_argument("--keylex-only", action="store_true", help="skip the peers (to try settings)")
    parser.add_argument("--keylex", help="another keylex binary to measure (an engine before a change)")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    if args.keylex:
        common.KEYLEX = os.path.abspath(args.keylex)
    pyspell, spell = pyspell_peer()
    pairs = load_pairs(args.kartaslov, args.pairs, args.half, args.bundle, lambda word: word in spell)
    typed = [(typo, fix, CONTEXT) for typo, fix in pairs]
    k = phonetypos.keylex_errors(typed, bundle=args.bundle, same=same)
    fixes = sorted({fix for _, fix in pairs})
    replaced = phonetypos.replaced_correct_words([(f"{CONTEXT} {fix}", fix) for fix in fixes], bundle=args.bundle)
    precision = k["right"] / max(k["right"] + k["wrong"], 1e-9)
    lines = [f"Command: `python3 Benchmarks/russiantypos.py` ({len(pairs):,} pairs of Kartaslov's Russian misspellings, "
             f"the {args.half} half; {os.path.basename(args.bundle)}).", "",
             "| corrector | autocorrect right | autocorrect wrong | top-1 | top-3 |", "|---|---|---|---|---|",
             f"| Keylex | {k['right']:.1%} | {k['wrong']:.1%} | {k['top1']:.1%} | {k['top3']:.1%} |"]
    if not args.keylex_only:
        for name, suggest in [("hunspell (ru_RU)", hunspell), ("aspell (ru)", aspell), ("pyspellchecker (ru)", pyspell),
                              ("symspellpy (pyspellchecker's Russian words)", symspell_peer(spell))]:
            p = phonetypos.peer_scores(suggest, typed, same=same)
            lines.append(f"| {name} | – | – | {p['top1']:.1%} | {p['top3']:.1%} |")
    lines += ["", f"- Keylex's replacements on space are right for {precision:.1%} of those it makes.",
              f"- The corrections typed as they are ({len(fixes):,}), replaced on space by Keylex: "
              f"{len(replaced) / len(fixes):.2%} ({len(replaced)}"
              + (": " + ", ".join(f"{w} → {s}" for w, s in replaced[:6]) if replaced else "") + ")."]
    report = "\n".join(lines)
    print(report)
    if args.markdown:
        replace_part(args.markdown, "russiantypos", report)


if __name__ == "__main__":
    main()
