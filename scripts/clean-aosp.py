#!/usr/bin/env python3
"""Copies one AOSP combined word list (gzip-compressed), with the few lines that `keylex build`
would warn of mended as the compiler would mend them, and slips no key types left out, so that the
shipped corpora build with fewer warnings:

- a word listed again (bg: 17, en_AU: `colour`): the later entry is left out, and the word keeps the
  higher of the two frequencies (the compiler would add up their counts, though `f` is a 0–255
  scale, not a count);
- spaces around a word (en_AU: `Pinterest `): trimmed;
- a word with a soft hyphen (ro: one), a hyphenation hint: left out with its shortcuts, as the
  compiler leaves it out;
- a word whose letters come from two scripts (sr: 131, bg: 8, el: 5, ka: 1, ro: 1; `бројa` with a
  Latin `a`, `Διòς` with a Latin `ò`), or with a replacement character (bg: one): a typing or encoding
  slip in the list that no key of the locale types, and a twin on screen of the word spelt right
  (`броја`): left out with its shortcuts;
- a word that no key of the locale's layouts types, even without its accents (he: 66 English words,
  ro: `f´un` with an acute accent for an apostrophe, de: the Turkish `Rıza`), as
  `keylex validate --list-untypable` lists them (UNTYPABLE, its output; lines of OUTPUT's folder):
  left out with its shortcuts.

    scripts/clean-aosp.py SOURCE.combined.gz OUTPUT.combined.gz [UNTYPABLE]

Prints what it mended. Every other byte of the list is kept (scripts/import-aosp.sh calls it).
"""
import gzip
import os
import re
import sys
import unicodedata

WORD = re.compile(r"^ word=(.*?),f=(\d+)(.*)$")


def is_slip(word):
    """Whether `word` has letters of two scripts (by the first word of their Unicode names:
    LATIN, CYRILLIC, GREEK, GEORGIAN…) or a replacement character."""
    scripts = {unicodedata.name(c, "").split(" ")[0] for c in word if unicodedata.category(c).startswith("L")}
    return len(scripts) > 1 or "\ufffd" in word


def untypable(listing, output):
    """The words that `keylex validate --list-untypable` wrote to file `listing` (locale, corpus
    folder, word a line) for the corpus folder of `output`."""
    folder = os.path.basename(os.path.dirname(os.path.abspath(output)))
    with open(listing, encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f]
    return {row[2] for row in rows if len(row) == 3 and os.path.basename(row[1].rstrip("/")) == folder}


def reason_to_leave_out(word, untypable):
    """Why `word` is left out of the list, or `None`."""
    if "\u00ad" in word:
        return "a soft hyphen"
    if is_slip(word):
        return "two scripts, or a replacement character"
    if word in untypable:
        return "no key of the locale's layouts types it"
    return None


def clean(lines, untypable=frozenset()):
    """The lines with the repeats and spaces mended and the soft-hyphen, two-script and
    `untypable` words left out; and what was mended."""
    out, mended, first = [], [], {}
    skipping = False
    for line in lines:
        m = WORD.match(line)
        if not m:
            if not (skipping and line.startswith("  ")):  # a shortcut line belongs to the word above
                out.append(line)
            continue
        word, f, rest = m.group(1), int(m.group(2)), m.group(3)
        skipping = False
        reason = reason_to_leave_out(word, untypable)
        if reason:
            mended.append(f"left out {word!r}: {reason}")
            skipping = True
            continue
        if word != word.strip():
            mended.append(f"trimmed {word!r}")
            word = word.strip()
        if word in first:
            index, earlier = first[word]
            if f > earlier:
                out[index] = WORD.sub(lambda e: f" word={word},f={f}{e.group(3)}", out[index])
                first[word] = (index, f)
            mended.append(f"left out a repeat of {word!r}")
            skipping = True
            continue
        first[word] = (len(out), f)
        out.append(f" word={word},f={f}{rest}")
    return out, mended


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    with gzip.open(sys.argv[1], "rt", encoding="utf-8", newline="\n") as f:
        text = f.read()
    lines, mended = clean(text.split("\n"), untypable(sys.argv[3], sys.argv[2]) if len(sys.argv) == 4 else frozenset())
    if not mended:
        with open(sys.argv[1], "rb") as source, open(sys.argv[2], "wb") as out:
            out.write(source.read())  # unchanged, byte for byte
        return
    with open(sys.argv[2], "wb") as out:
        out.write(gzip.compress("\n".join(lines).encode("utf-8"), 9, mtime=0))
    for line in mended:
        print(f"{sys.argv[1]}: {line}")


if __name__ == "__main__":
    main()
