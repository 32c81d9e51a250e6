#!/usr/bin/env python3
"""Typing in two languages at once: Keylex's multilingual engine (`keylex suggest en.klx de.klx`)
against each language's engine alone, on English and German texts that alternate (held-out
fortunes, which no model here was trained on).

    swift build -c release && python3 Benchmarks/keystrokes.py      # makes the bundles and texts
    python3 Benchmarks/multilingual.py [--words 1500] [--markdown docs/BENCHMARKS.md]

Reported: correct words of the mixed text replaced on space (every word of the texts is taken as
correct: it is what was written); keystroke savings with three slots on each language's texts
(the simulation of Benchmarks/keystrokes.py); and the latency of a query with one and two bundles.
The bundles are keystrokes.py's: the shipped word lists with models trained on the training part
of each language's fortunes.
"""
import argparse
import json
import os
import subprocess

import keystrokes
import misspellings
from marked import replace_part

WORK = keystrokes.WORK
LANGUAGES = ["en", "de"]


def texts(language, limit):
    """The held-out texts of `language`, up to `limit` words."""
    chosen, words = [], 0
    for text in open(os.path.join(WORK, language, "test.txt"), encoding="utf-8").read().split("\n%\n"):
        count = sum(bool(keystrokes.WORD.match(t)) for t in text.split())
        if count == 0:
            continue
        chosen.append(text)
        words += count
        if words >= limit:
            break
    return chosen


def steps_of(chosen):
    """The typing steps of `chosen` texts, each typed from its start (see keystrokes.plan)."""
    steps = []
    for text in chosen:
        before = ""
        for token in text.split():
            steps.append((before, token, bool(keystrokes.WORD.match(token))))
            before += token + " "
    return steps


def false_replacements(bundles, steps):
    """The correct words of `steps` that the engine over `bundles` would replace on space."""
    words = [(before, token) for before, token, is_word in steps if is_word]
    answers = misspellings.keylex_suggest([before + token for before, token in words], n=3, bundle=bundles[0], options=bundles[1:])
    replaced = [(token, items[0][0]) for (_, token), items in zip(words, answers)
                if items and "autocorrect" in items[0][1] and items[0][0] != token]
    return replaced, len(words)


def savings(bundles, steps):
    answers = keystrokes.keylex(bundles[0], keystrokes.queries(steps), *bundles[1:])
    return keystrokes.simulate(steps, answers, False)["ksr"]


def latency(bundles, steps):
    queries = keystrokes.queries(steps)[:4000]
    path = os.path.join(WORK, "multilingual-queries.txt")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(q.replace("\n", " ") for q in queries) + "\n")
    with open(path, encoding="utf-8") as queries_file:
        result = subprocess.run([os.path.join(keystrokes.ROOT, ".build", "release", "keylex-multilingual-bench"), *bundles],
                                stdin=queries_file, capture_output=True, text=True, check=True).stdout
    return json.loads(result)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=1500, help="held-out words per language")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "keylex-multilingual-bench"], cwd=keystrokes.ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    bundle = {language: os.path.join(WORK, language, "keylex.klx") for language in LANGUAGES}
    chosen = {language: texts(language, args.words) for language in LANGUAGES}
    mixed = [text for pair in zip(chosen["en"], chosen["de"]) for text in pair]
    engines = {"English alone": [bundle["en"]], "German alone": [bundle["de"]],
               "English and German (`suggest en de`)": [bundle["en"], bundle["de"]],
               "German and English (`suggest de en`)": [bundle["de"], bundle["en"]]}
    mixed_steps = steps_of(mixed)
    rows, examples = [], []
    for name, bundles in engines.items():
        replaced, total = false_replacements(bundles, mixed_steps)
        ksr = {language: savings(bundles, steps_of(chosen[language])) for language in LANGUAGES}
        timing = latency(bundles, mixed_steps)
        rows.append(f"| {name} | {len(replaced) / total:.2%} ({len(replaced)}) | {ksr['en']:.1%} | {ksr['de']:.1%} | "
                    f"{timing['p50_us']:.0f} µs | {timing['p99_us']:.0f} µs |")
        examples.append(f"- {name}: " + (", ".join(f"{a} → {b}" for a, b in replaced[:8]) or "none"))
    table = "\n".join([
        f"{sum(t for _, _, t in mixed_steps):,} words of English and German fortunes, alternating text by text "
        f"(held out; {args.words:,} words a language); three slots.",
        "",
        "| engine | correct words replaced | savings, English texts | savings, German texts | p50 | p99 |",
        "|---|--:|--:|--:|--:|--:|",
        *rows,
        "",
        "Correct words replaced, the first of each:",
        "",
        *examples,
    ])
    print(table)
    if args.markdown:
        replace_part(args.markdown, "multilingual", table)


if __name__ == "__main__":
    main()
