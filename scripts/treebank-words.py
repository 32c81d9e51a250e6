#!/usr/bin/env python3
"""Finds the common words a locale's word list lacks in the text of the treebank its n-gram model is
counted from (corpora/treebanks.tsv) and writes them to `corpora/<locale>/<name>.added.tsv`: AOSP's
Greek list has no `η` (the feminine article), its Danish list no `vi` (we), its Turkish list no
`üç` (three), so a keyboard "corrected" them. A word is added when the counted parts hold it at
least MIN_COUNT times (in lower case, or as written when that is how the text mostly writes it),
the word list has it neither as written nor in lower case (a spelling without an accent is another
word: Turkish `üç` is not `uç`, Greek `η` not `ή`), and Debian's spelling dictionary of the language (the table's last column) accepts it.
Left out: a word with an apostrophe (French elisions, Turkish suffixes of names), and a word of one
letter but a lower-case one that is at least one in SINGLE_SHARE of the text's words (Greek `η`;
spelling dictionaries accept every letter, initials and abbreviations among them). Its count is the median count, in the word
list, of the words the text holds about as often (within a factor of 1.5), so it ranks among them
(on the scale keylex reads an AOSP list's `f` on: scripts/wordlists.py).

    apt-get install hunspell hunspell-el hunspell-da …   # the table's dictionaries
    swift build -c release --product keylex
    scripts/treebank-words.py TREEBANKS [LOCALE…]

Run it before scripts/treebank-counts.py, whose counts are made over the word lists these files
join. TREEBANKS holds the clones, as for scripts/treebank-counts.py.
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

import treebanks
from treebanks import ROOT
from wordlists import CountRanker, list_counts, spelled

KEYLEX = os.path.join(ROOT, ".build", "release", "keylex")
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
MIN_COUNT = 10
SINGLE_SHARE = 500


def known(words, lists):
    """The words of `words` a dictionary of the word lists holds."""
    with tempfile.TemporaryDirectory() as work:
        bundle = os.path.join(work, "words.klx")
        subprocess.run([KEYLEX, "dict", *lists, "-o", bundle], check=True, capture_output=True)
        out = subprocess.run([KEYLEX, "query", bundle], input="\n".join(words) + "\n", capture_output=True, text=True).stdout
    return {line.split("\t")[0] for line in out.splitlines() if not line.endswith("\t-")}


def text_counts(locale, clone, parts):
    """How often the counted parts write each word, in lower case, and their most usual spelling."""
    with tempfile.TemporaryDirectory() as work:
        text = os.path.join(work, "text.txt")
        subprocess.run(treebanks.text_command(locale, text, [treebanks.conllu(clone, p) for p in parts]), check=True, capture_output=True)
        words = WORD.findall(open(text, encoding="utf-8").read())
    counts, forms = collections.Counter(w.lower() for w in words), collections.Counter(words)
    spelling = {}
    for form, n in forms.items():
        if n > forms.get(spelling.get(form.lower(), ""), 0):
            spelling[form.lower()] = form
    return counts, spelling


def candidate(word, text):
    """Whether a word the text holds often enough may be added (see the module's comment)."""
    if "'" in word or "’" in word:
        return False
    return len(word) > 1 or (word.islower() and text[word] * SINGLE_SHARE >= sum(text.values()))


def added(clones, locale, repository, parts, name, dictionary):
    lists = [w for w in treebanks.word_lists(locale) if not w.endswith(f"/{name}.added.tsv")]
    listed = {}
    for path in lists:
        listed.update({w.lower(): n for w, n in list_counts(path).items()})
    text, spelling = text_counts(locale, os.path.join(clones, repository), parts)
    common = [spelling[w] for w, n in text.most_common() if n >= MIN_COUNT and candidate(spelling[w], text)]
    have = known(common + [w.lower() for w in common], lists)
    missing = [w for w in common if w not in have and w.lower() not in have]
    lines, ranked = [], CountRanker(text, listed)
    for word in sorted(spelled(missing, dictionary), key=lambda w: -text[w.lower()]):
        count = ranked(text[word.lower()])
        if count is not None:
            lines.append(f"{word}\t{count}\t{text[word.lower()]} times in the text")
    output = os.path.join(ROOT, "corpora", locale, f"{name}.added.tsv")
    if not lines:
        if os.path.exists(output):
            os.remove(output)
        return
    with open(output, "w", encoding="utf-8") as out:
        out.write(f"# Words of {repository}'s counted text (at least {MIN_COUNT} times) that the locale's word list lacks and\n"
                  f"# hunspell's {dictionary} accepts, each with the median count of the list's words as frequent in the text\n"
                  "# (scripts/treebank-words.py).\n")
        out.write("\n".join(lines) + "\n")
    print(f"{locale}: {len(lines)} words: {', '.join(l.split(chr(9))[0] for l in lines)}")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    wanted = set(sys.argv[2:])
    for locale, repository, _, parts, name, dictionary in treebanks.rows():
        if (not wanted or locale in wanted) and dictionary != "-":
            added(sys.argv[1], locale, repository, parts, name, dictionary)


if __name__ == "__main__":
    main()
