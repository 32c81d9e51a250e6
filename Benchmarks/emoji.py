#!/usr/bin/env python3
"""Emoji benchmark: for the 200 most common emoji keywords of English, German, French and Spanish,
whether the suggestion bar offers an emoji after the keyword, and the latency of an emoji
keyboard's search typed letter by letter; against the emoji lists AOSP's keyboard shipped (English
and French), the only other open keyword-to-emoji data a keyboard here has.

    swift build -c release && .build/release/keylex build
    python3 Benchmarks/emoji.py [--markdown docs/BENCHMARKS.md]

A language's emoji keywords are CLDR's (emoji/<language>.tsv.gz), one word each, lower-cased; the
200 most common are those most frequent in wordfreq's list of the language
(Benchmarks/wordfreq/<language>.tsv), text nobody here wrote.
"""
import argparse
import gzip
import json
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import marked  # noqa: E402

LANGUAGES = [("en", "en-US"), ("de", "de-DE"), ("fr", "fr-FR"), ("es", "es-ES")]
AOSP = os.path.join(ROOT, "..", "shared", "corpus", "dictionaries-aosp", "{}_emoji.combined.gz")
COUNT = 200


def keywords(language):
    """CLDR's one-word keywords of `language`, lower-cased."""
    found = set()
    with gzip.open(os.path.join(ROOT, "emoji", language + ".tsv.gz"), "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            _, name, words = line.rstrip("\n").split("\t")[:3]
            found.update(w.lower() for w in words.split("|") + [name] if " " not in w)
    return found


def most_common(language, candidates):
    """The COUNT of `candidates` most frequent in wordfreq's list of `language`."""
    ranked = []
    with open(os.path.join(ROOT, "Benchmarks", "wordfreq", language + ".tsv"), encoding="utf-8") as f:
        for line in f:
            word = line.split("\t")[0].lower()
            if not line.startswith("#") and word in candidates and word not in ranked:
                ranked.append(word)
                if len(ranked) == COUNT:
                    break
    return ranked


def aosp_keywords(language):
    """The words AOSP's emoji list of `language` gives an emoji (None when there is no list)."""
    path = AOSP.format(language)
    if not os.path.exists(path):
        return None
    words, word = set(), None
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith(" word="):
                word = line[6:].split(",")[0].lower()
            elif line.startswith("  shortcut=") and word:
                words.add(word)
    return words


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", help="write the table into this file, between <!-- emoji --> markers")
    args = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "keylex-emoji-bench"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    rows, examples = [], []
    for language, locale in LANGUAGES:
        common = most_common(language, keywords(language))
        path = os.path.join(ROOT, ".build", "keylex-emoji-" + language + ".txt")
        with open(path, "w", encoding="utf-8") as out:
            out.write("\n".join(common) + "\n")
        result = json.loads(subprocess.run([os.path.join(ROOT, ".build", "release", "keylex-emoji-bench"),
                                            os.path.join(ROOT, "build", locale + ".klx"), path],
                                           check=True, capture_output=True, text=True).stdout)
        aosp = aosp_keywords(language)
        aosp_cell = f"{sum(w in aosp for w in common) / len(common):.1%}" if aosp is not None else "no list"
        rows.append(f"| {locale} | {result['emoji']:,} | {result['offered'] / len(common):.1%} | "
                    f"{result['offered_after_space'] / len(common):.1%} | {result['search_found'] / len(common):.1%} | "
                    f"{aosp_cell} | {result['queries']:,} | {result['p50_us']:.1f} µs | {result['p99_us']:.1f} µs |")
        examples.append(f"- {locale}: " + ", ".join(result["examples"]))
    table = "\n".join([
        f"The {COUNT} most common one-word emoji keywords of each language (CLDR's keywords ranked by wordfreq): "
        "the share after which the bar offers an emoji (typed after a word, and after its space), the share a "
        "search finds, the share AOSP's emoji list covers, and the latency of the search box over every prefix "
        "of every keyword (three rounds, in-process).",
        "",
        "| bundle | emoji | bar offers one | after the space | search finds | AOSP's list | searches | p50 | p99 |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|",
        *rows,
        "",
        "The first keywords and the emoji the bar offers (– none):",
        "",
        *examples,
    ])
    print(table)
    if args.markdown:
        marked.replace_part(args.markdown, "emoji", table)


if __name__ == "__main__":
    main()
