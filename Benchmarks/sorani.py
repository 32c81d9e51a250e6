#!/usr/bin/env python3
"""Real Sorani misspellings: the ckb bundle against hunspell with Sina Ahmadi's Sorani dictionary,
in one run, on the two spelling test sets that KurdishHunspell evaluates with (from AsoSoft's
Central-Kurdish-Spelling-dataset: Amani's and NeteweNet's misspellings, each with its correction).

    swift build -c release && .build/release/keylex build
    apt-get install hunspell
    git clone https://github.com/sinaahmadi/KurdishHunspell    # measuring only: never committed
    python3 Benchmarks/sorani.py --kurdish-hunspell KurdishHunspell [--bundle OTHER.klx] [--markdown docs/BENCHMARKS.md]

Kept: pairs whose correction is one word and differs from the misspelling, and that the set does
not mark (`NotKurdish`, `NotCentralKurdish`, `RealWord`: a real word used wrongly, `Correct`,
`Unknown`). Each misspelling is typed after `ئەو ` ("that"), as is each correction for the correct
words replaced. Reported: top-1 and top-3 corrections (the typed word aside), autocorrect on space
right and wrong, and how many corrections, typed as they are, are replaced. The ckb bundle's words
were not chosen on these pairs (corpora/README.md says where they come from).
"""
import argparse
import os

import misspellings as common
import phonetypos
from marked import replace_part

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SETS = ["experiments/Kurdish-Spelling-TestSet-Amani.tsv", "experiments/Kurdish-Spelling-TestSet-NeteweNet.tsv"]
CONTEXT = "ئەو"


def load_pairs(clone):
    """(misspelling, correction) of both test sets, as the docstring says."""
    pairs = []
    for name in SETS:
        lines = open(os.path.join(clone, name), encoding="utf-8").read().splitlines()
        header = lines[1].split("\t")
        for line in lines[2:]:
            row = dict(zip(header, line.split("\t")))
            word, fix = row.get("Word", "").strip(), (row.get("Corrected") or row.get("Corrected A") or "").strip()
            if word and fix and word != fix and " " not in fix and not row.get("Desc", "").strip():
                pairs.append((word, fix))
    return sorted(set(pairs))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kurdish-hunspell", default="KurdishHunspell", help="a clone of sinaahmadi/KurdishHunspell")
    parser.add_argument("--bundle", default=os.path.join(ROOT, "build", "ckb.klx"))
    parser.add_argument("--markdown")
    args = parser.parse_args()
    pairs = [(word, fix, CONTEXT) for word, fix in load_pairs(args.kurdish_hunspell)]
    k = phonetypos.keylex_errors(pairs, bundle=args.bundle)
    dictionary = os.path.join(args.kurdish_hunspell, "ckb", "ckb-Arab")
    h = phonetypos.peer_scores(lambda words: common.ispell_pipe(["hunspell", "-d", dictionary, "-a"], words), pairs)
    fixes = sorted({fix for _, fix, _ in pairs})
    replaced = phonetypos.replaced_correct_words([(phonetypos.query(CONTEXT, fix), fix) for fix in fixes], bundle=args.bundle)
    lines = [f"Command: `python3 Benchmarks/sorani.py` ({len(pairs)} Sorani misspellings of AsoSoft's spelling test sets, "
             f"{os.path.basename(args.bundle)}).", "",
             "| corrector | autocorrect right | autocorrect wrong | top-1 | top-3 |", "|---|---|---|---|---|",
             f"| Keylex | {k['right']:.1%} | {k['wrong']:.1%} | {k['top1']:.1%} | {k['top3']:.1%} |",
             f"| hunspell (KurdishHunspell's ckb-Arab) | – | – | {h['top1']:.1%} | {h['top3']:.1%} |", "",
             f"- The corrections typed as they are ({len(fixes)}), replaced on space by Keylex: "
             f"{len(replaced) / len(fixes):.1%} ({len(replaced)})."]
    report = "\n".join(lines)
    print(report)
    if args.markdown:
        replace_part(args.markdown, "sorani", report)


if __name__ == "__main__":
    main()
