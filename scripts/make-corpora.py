#!/usr/bin/env python3
"""Regenerate the frequency-list corpora of the locales AOSP has no word list for (Ukrainian,
Arabic), corpora/<locale>/words.tsv, from wordfreq's "large" word lists, cleaned.

    apt-get install hunspell hunspell-uk hunspell-ar
    python3 -m venv .venv-corpora && .venv-corpora/bin/pip install wordfreq==3.1.1
    .venv-corpora/bin/python scripts/make-corpora.py [--words 100000]

For each locale it keeps the most frequent tokens that are words (letters of the locale's script
and marks, with an apostrophe or hyphen allowed inside), that the shipped layouts of the locale
can type, and that are not rare misspellings: a word Debian's hunspell dictionary for the language
rejects is kept only when it is frequent (at least one in a million words: names, loanwords).
It writes them as a Keyman-style frequency list: word<TAB>count, where count is the word's
frequency per billion words. See corpora/README.md.

`--locales en,de,fr,es,sv,ru --flat --out Benchmarks/wordfreq --no-spellcheck` remakes the
benchmarks' lists (Benchmarks/wordfreq/<locale>.tsv), made by this script before the AOSP lists
replaced them as shipped corpora.
"""
import subprocess
import argparse
import json
import os
import unicodedata
import xml.etree.ElementTree as ElementTree

import wordfreq

LOCALES = ["uk", "ar"]
# Debian's hunspell dictionary of each locale, the reference spell checker.
HUNSPELL = {"uk": "uk_UA", "ar": "ar", "en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "sv": "sv_SE", "ru": "ru_RU"}
# Below this many per billion words, a word the spell checker rejects is taken for a misspelling.
RARE = 1000
# The script each locale's words are written in: tokens with letters of another script (Greek
# symbols in French text, Latin words in Russian text) are left out, as the locale's keyboards
# cannot type them.
SCRIPTS = {"en": "LATIN", "de": "LATIN", "fr": "LATIN", "es": "LATIN", "sv": "LATIN", "ru": "CYRILLIC",
           "uk": "CYRILLIC", "ar": "ARABIC"}


def rejected(words, locale):
    """The words hunspell's dictionary for `locale` rejects."""
    out = subprocess.run(["hunspell", "-d", HUNSPELL[locale], "-l"], input="\n".join(words) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return set(out.split("\n"))


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
    parser.add_argument("--locales", default=",".join(LOCALES))
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "corpora"))
    parser.add_argument("--flat", action="store_true", help="write OUT/<locale>.tsv instead of OUT/<locale>/words.tsv")
    parser.add_argument("--no-spellcheck", action="store_true", help="keep words hunspell rejects")
    parser.add_argument("--layouts", default=os.path.join(os.path.dirname(__file__), "..", "layouts"))
    args = parser.parse_args()
    for locale in args.locales.split(","):
        typable = typable_characters(args.layouts, locale)
        frequencies = wordfreq.get_frequency_dict(locale, "large")
        candidates = []
        for token in wordfreq.iter_wordlist(locale, "large"):
            word = unicodedata.normalize("NFC", token)
            count = round(frequencies[token] * 1e9)
            if count <= 0:
                break
            if is_word(word, SCRIPTS[locale]) and set(word) <= typable:
                candidates.append((word, count))
            if len(candidates) >= 2 * args.words:
                break
        bad = set() if args.no_spellcheck else rejected([w for w, c in candidates if c < RARE], locale)
        rows = [(w, c) for w, c in candidates if w not in bad][:args.words]
        path = os.path.join(args.out, locale + ".tsv") if args.flat else os.path.join(args.out, locale, "words.tsv")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(f"# {locale}: the {len(rows)} most frequent words of wordfreq 3.1.1 ('large' list)"
                      + ("" if args.no_spellcheck else f", rare words {HUNSPELL[locale]} hunspell rejects left out") + "\n")
            out.write("# count = frequency per billion words. Data: CC BY-SA 4.0, see corpora/README.md.\n")
            for word, count in rows:
                out.write(f"{word}\t{count}\n")
        print(f"{locale}: {len(rows)} words ({len(bad)} rare words rejected by hunspell left out)")


if __name__ == "__main__":
    main()
