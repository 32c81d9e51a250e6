#!/usr/bin/env python3
"""Regenerate the shipped corpora, corpora/<locale>/words.tsv, from wordfreq's "large" word lists.

    pip install wordfreq==3.1.1
    python3 scripts/make-corpora.py [--words 100000]

For each locale it keeps the most frequent tokens that are words (letters and marks, with an
apostrophe or hyphen allowed inside), and writes them as a Keyman-style frequency list:
word<TAB>count, where count is the word's frequency per billion words. See corpora/README.md.
"""
import argparse
import os
import unicodedata

import wordfreq

LOCALES = ["en", "de", "fr", "es", "sv", "ru"]


def is_word(token: str) -> bool:
    if not token or not token[0].isalpha() or not token[-1].isalpha():
        return False
    for ch in token:
        if ch in "'-’":
            continue
        if not (ch.isalpha() or unicodedata.category(ch).startswith("M")):
            return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=100_000, help="words per locale")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "corpora"))
    args = parser.parse_args()
    for locale in LOCALES:
        frequencies = wordfreq.get_frequency_dict(locale, "large")
        rows = []
        for token in wordfreq.iter_wordlist(locale, "large"):
            word = unicodedata.normalize("NFC", token)
            if not is_word(word):
                continue
            count = round(frequencies[token] * 1e9)
            if count <= 0:
                break
            rows.append((word, count))
            if len(rows) == args.words:
                break
        folder = os.path.join(args.out, locale)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "words.tsv"), "w", encoding="utf-8", newline="\n") as out:
            out.write(f"# {locale}: the {len(rows)} most frequent words of wordfreq {wordfreq.__version__ if hasattr(wordfreq, '__version__') else '3.1.1'} ('large' list)\n")
            out.write("# count = frequency per billion words. Data: CC BY-SA 4.0, see corpora/README.md.\n")
            for word, count in rows:
                out.write(f"{word}\t{count}\n")
        print(f"{locale}: {len(rows)} words")


if __name__ == "__main__":
    main()
