#!/usr/bin/env python3
"""Writes `corpora/de/wordfreq.added.tsv`: common German words of two kinds that AOSP's German list
lacks, from wordfreq.

- Words that start with a lower-case ä, ö or ü. The list has the nouns (`Änderung`, `Öffnung`,
  `Übersicht`), but of the other words only 63: `überhaupt`, `überall`, `ändern`, `öffnen`,
  `öffentlich` are missing, so a keyboard flagged them as unknown or "corrected" them (`ändern`
  became `andern`). Of wordfreq's 20,000 most frequent German words, the list lacks 8% of those
  that start with a lower-case a–z and 66% of those that start with a lower-case ä, ö or ü; no
  other AOSP list has such a gap.
- The second person singular of verbs whose third person the list has: `verstehst` (`versteht`),
  `schreibst`, `spielst`, `arbeitest`, `hattest`. The list has the commonest (`bist`, `hast`,
  `kannst`) but few others, which chat is full of, and a keyboard corrected them to the third
  person (`akzeptierst` became `akzeptiert`).

A word is added when it is among wordfreq's WORDS most frequent German words (its "large" list,
3.1.1), is of one of those kinds (a second person: ends in `st`, five letters or more, and the
list or the first kind has the word with `t` for `st`), has two letters or more and no apostrophe,
the list has it in no casing, and Debian's German spelling dictionary (hunspell-de-de) accepts it.
wordfreq folds `ß` to `ss` (`äusserst`): a word the dictionary rejects so is added in the one
spelling with `ß` it accepts (`äußerst`), if there is one. Its count is the median count, in the
list, of the list's words that wordfreq counts about as often (scripts/wordlists.py), so it ranks
among them. wordfreq's data is CC BY-SA 4.0 (corpora/README.md).

    apt-get install hunspell hunspell-de-de
    python3 -m venv .venv-corpora && .venv-corpora/bin/pip install wordfreq==3.1.1
    .venv-corpora/bin/python scripts/german-words.py

Run it before scripts/treebank-counts.py, whose German counts are made over the word lists this
file joins.
"""
import itertools
import os
import sys

from treebanks import ROOT
from wordlists import list_counts, ranked_count, spelled

WORDS = 100_000
LIST = os.path.join(ROOT, "corpora", "de", "de.combined.gz")
OUTPUT = os.path.join(ROOT, "corpora", "de", "wordfreq.added.tsv")


def folded(word):
    """`word` as wordfreq writes it: in lower case, `ß` as `ss`."""
    return word.casefold()


def with_eszett(word):
    """Every spelling of `word` with some of its `ss` written `ß`, `word` itself first."""
    parts = word.split("ss")
    for joins in itertools.product(("ss", "ß"), repeat=len(parts) - 1):
        yield parts[0] + "".join(j + p for j, p in zip(joins, parts[1:]))


def frequent_words():
    """wordfreq's WORDS most frequent German words, with their frequencies per billion words."""
    import wordfreq
    frequencies = wordfreq.get_frequency_dict("de", "large")
    words = itertools.islice(wordfreq.iter_wordlist("de", "large"), WORDS)
    return {w: round(frequencies[w] * 1e9) for w in words}


def spelling(word, accepted):
    """The spelling of wordfreq's `word` to add: itself when the dictionary accepts it, else its
    one accepted spelling with `ß`; None when there is none, or more than one."""
    if word in accepted:
        return word
    found = [s for s in with_eszett(word) if s in accepted]
    return found[0] if len(found) == 1 else None


def is_second_person(word, known):
    """Whether `word` reads as a verb's second person singular whose third person is in `known`."""
    return word.endswith("st") and len(word) >= 5 and word[:-2] + "t" in known


def additions(text, listed, accepted, candidates):
    """The lines of the file for `candidates` (wordfreq's spelling), in their order."""
    lines = []
    for word in candidates:
        added, count = spelling(word, accepted), ranked_count(text[word], text, listed)
        if added and count is not None:
            lines.append(f"{added}\t{count}\t{text[word]} per billion words in wordfreq")
    return lines


def main():
    text = frequent_words()
    listed = {}
    for word, count in list_counts(LIST).items():
        listed.setdefault(folded(word), count)
    new = [w for w in text if len(w) > 1 and "'" not in w and w not in listed]
    umlauts = [w for w in new if w[0] in "äöü"]
    known = set(listed) | set(umlauts)
    persons = [w for w in new if w[0] not in "äöü" and is_second_person(w, known)]
    accepted = spelled([s for w in umlauts + persons for s in with_eszett(w)], "de_DE")
    first, second = additions(text, listed, accepted, umlauts), additions(text, listed, accepted, persons)
    with open(OUTPUT, "w", encoding="utf-8") as out:
        out.write(f"# German words among wordfreq 3.1.1's {WORDS:,} most frequent that AOSP's list lacks and hunspell's de_DE\n"
                  "# accepts: those that start with a lower-case ä, ö or ü, then second persons singular whose third person\n"
                  "# the list has; each with the median count of the list's words as frequent (scripts/german-words.py).\n"
                  "# Data: wordfreq, CC BY-SA 4.0 (corpora/README.md).\n")
        out.write("\n".join(first + second) + "\n")
    print(f"de: {len(first)} words that start with ä, ö or ü, {len(second)} second persons", file=sys.stderr)


if __name__ == "__main__":
    main()
