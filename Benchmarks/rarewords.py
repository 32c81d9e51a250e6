#!/usr/bin/env python3
"""Rare correct words replaced on space, language by language: what Keylex's autocorrect costs a
user who types a real word that the shipped dictionary lacks, in English, German, French, Spanish,
Russian, Italian, Portuguese, Czech and Polish (the misspellings benchmark measures English only).

    swift build -c release && .build/release/keylex build
    apt-get install hunspell hunspell-en-us hunspell-de-de hunspell-fr hunspell-es hunspell-ru hunspell-it hunspell-pt-br hunspell-cs hunspell-pl
    python3 Benchmarks/rarewords.py [--keylex OTHER_BINARY] [--markdown docs/BENCHMARKS.md]

For each language: the words of ranks 20,000 to 80,000 of wordfreq's list (Benchmarks/wordfreq/,
wordfreq 3.1.1) that are three letters or more, that the locale's bundle lacks (as written and
with a capital) and that Debian's hunspell dictionary of the language accepts; 1,000 of them drawn
with a fixed seed, each typed after the language's definite article (`the`, `die`, `le`, `el`,
`il`, `o`), or after `это` or `to` (this) in Russian, Czech and Polish. Reported: how many are
replaced on space (autocorrect), with examples. `--keylex` names a second binary measured on the
same words in the same run (an engine before a change: the bundles are read by both). `--before
DIR` names the bundles before a change (a copy of build/): the words are drawn from those they lack,
and the second binary (or the same one) reads them, so that a change that adds words is measured on
the same words.
"""
import argparse
import os
import random
import re

import misspellings
from marked import replace_part

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LANGUAGES = {  # wordfreq list: (bundle, hunspell dictionary, what the word is typed after)
    "en": ("en-US", "en_US", "the "),
    "de": ("de-DE", "de_DE", "die "),
    "fr": ("fr-FR", "fr_FR", "le "),
    "es": ("es-ES", "es_ES", "el "),
    "ru": ("ru-RU", "ru_RU", "это "),
    "it": ("it-IT", "it_IT", "il "),
    "pt": ("pt-BR", "pt_BR", "o "),
    "cs": ("cs", "cs_CZ", "to "),
    "pl": ("pl-PL", "pl_PL", "to "),
}
WORD = re.compile(r"^[^\W\d_]{3,}$")


def rare_words(language, bundle, dictionary, count=1000):
    rows = [line.split("\t")[0] for line in open(os.path.join(HERE, "wordfreq", f"{language}.tsv"), encoding="utf-8")
            if not line.startswith("#")]
    band = [w for w in rows[20000:80000] if WORD.match(w)]
    known = misspellings.keylex_known(band + [w[:1].upper() + w[1:] for w in band], bundle)
    unknown = [w for w in band if w not in known and w[:1].upper() + w[1:] not in known]
    rejected = misspellings.hunspell_rejects(unknown, dictionary)
    words = [w for w in unknown if w not in rejected]
    return sorted(random.Random(11).sample(words, min(count, len(words))))


def replaced(binary, bundle, before, words):
    misspellings.KEYLEX = binary
    answers = misspellings.keylex_suggest([before + w for w in words], bundle=bundle)
    return [(w, a[0][0]) for w, a in zip(words, answers) if a and "autocorrect" in a[0][1] and a[0][0].lower() != w]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--keylex", help="a second keylex binary, measured on the same words")
    parser.add_argument("--before", help="a folder of the bundles before a change: the words are drawn from those they lack, "
                                         "and the second binary (or this one) reads them")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    other = os.path.abspath(args.keylex) if args.keylex else misspellings.KEYLEX
    binaries = [("Keylex", misspellings.KEYLEX)] + ([("the other binary", other)] if args.keylex or args.before else [])
    options = (" --keylex OTHER_BINARY" if args.keylex else "") + (" --before BUNDLES_BEFORE" if args.before else "")
    drawn = "drawn from the words the bundles before lack" if args.before else "the shipped bundles"
    lines = [f"Command: `python3 Benchmarks/rarewords.py{options}` (1,000 words a language, or all there are; {drawn}).", "",
             "| language | rare correct words | " + " | ".join(f"replaced by {name}" for name, _ in binaries) + " | examples |",
             "|---|--:|" + "--:|" * len(binaries) + "---|"]
    for language, (locale, dictionary, before) in LANGUAGES.items():
        bundle = os.path.join(ROOT, "build", f"{locale}.klx")
        bundles = [bundle, os.path.join(args.before, f"{locale}.klx") if args.before else bundle]
        words = rare_words(language, bundles[-1], dictionary)
        results = [replaced(binary, b, before, words) for (_, binary), b in zip(binaries, bundles)]
        shares = " | ".join(f"{len(r) / max(1, len(words)):.1%}" for r in results)
        examples = ", ".join(f"{w} → {s}" for w, s in results[0][:5])
        lines.append(f"| {language} ({locale}) | {len(words):,} | {shares} | {examples} |")
    report = "\n".join(lines)
    print(report)
    if args.markdown:
        replace_part(args.markdown, "rarewords", report)


if __name__ == "__main__":
    main()
