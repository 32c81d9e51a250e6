#!/usr/bin/env python3
"""Regenerate the shipped corpora, corpora/<locale>/words.tsv, from wordfreq's "large" word lists.

    pip install wordfreq==3.1.1
    python3 scripts/make-corpora.py [--words 100000]

For each locale it keeps the most frequent tokens that are words (letters of the locale's script
and marks, with an apostrophe or hyphen allowed inside) and that the shipped layouts of the locale
can type (run scripts/make-layouts.py first), and writes them as a Keyman-style frequency list:
word<TAB>count, where count is the word's frequency per billion words. See corpora/README.md.
"""
import argparse
import json
import os
import unicodedata
import xml.etree.ElementTree as ElementTree

import wordfreq

LOCALES = ["en", "de", "fr", "es", "sv", "ru"]
# The script each locale's words are written in: tokens with letters of another script (Greek
# symbols in French text, Latin words in Russian text) are left out, as the locale's keyboards
# cannot type them.
SCRIPTS = {"en": "LATIN", "de": "LATIN", "fr": "LATIN", "es": "LATIN", "sv": "LATIN", "ru": "CYRILLIC"}


def is_word(token: str, script: str) -> bool:
    if not token or not token[0].isalpha() or not token[-1].isalpha():
        return False
    for ch in token:
        if ch in "'-’":
            continue
        if unicodedata.category(ch).startswith("M"):
            continue
        if not ch.isalpha() or not unicodedata.name(ch, "").startswith(script + " "):
            return False
    return True


def typable_characters(layouts: str, locale: str) -> set:
    """The characters the shipped layouts of `locale` and its sublocales (en-US, en-GB for en) can
    type, with their callouts, in both cases. Run scripts/make-layouts.py first."""
    chars = set()
    for name in sorted(os.listdir(layouts)):
        tag, ext = os.path.splitext(name)
        if tag != locale and not tag.startswith(locale + "-"):
            continue
        path = os.path.join(layouts, name)
        texts = []
        if ext == ".xml":
            root = ElementTree.parse(path).getroot()
            texts += [e.get("chars", "") for e in root.iter("row")] + [e.get("value", "") for e in root.iter("chars")]
            texts += [e.get("value", "") for e in root.iter("key") if e.get("action", "character") in ("character", "text")]
            texts += [e.get("variants", "") for e in root.iter("callout")]
        elif ext == ".json":
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
            for callout in doc.get("callouts", {}).get("keys", {}).values():
                texts.append(callout if isinstance(callout, str) else callout["variants"])
            for layout in doc.get("layouts", []):
                for layer in layout.get("layers", []):
                    for row in layer.get("rows", []):
                        keys = row["keys"] if isinstance(row, dict) else row
                        for item in [keys] if isinstance(keys, str) else keys:
                            if isinstance(item, str):
                                texts.append(item)
                            elif item.get("action", "character") in ("character", "text"):
                                texts.append(item.get("value", ""))
        for text in texts:
            chars.update(text)
    return chars | {c.upper() for c in chars}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=100_000, help="words per locale")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "corpora"))
    parser.add_argument("--layouts", default=os.path.join(os.path.dirname(__file__), "..", "layouts"))
    args = parser.parse_args()
    for locale in LOCALES:
        typable = typable_characters(args.layouts, locale)
        frequencies = wordfreq.get_frequency_dict(locale, "large")
        rows = []
        for token in wordfreq.iter_wordlist(locale, "large"):
            word = unicodedata.normalize("NFC", token)
            if not is_word(word, SCRIPTS[locale]) or not set(word) <= typable:
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
