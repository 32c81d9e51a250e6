#!/usr/bin/env python3
"""Counts the running text of the Universal Dependencies treebanks that corpora/treebanks.tsv names
into the shipped n-gram counts, `corpora/<locale>/<name>.counts.gz`: the text of the parts it
lists (scripts/treebank-text.py), counted over the words of the locale's dictionary
(`keylex count --vocabulary`). The test parts are never counted: Benchmarks/keystrokes.py types
them as held-out text.

    swift build -c release --product keylex
    scripts/treebank-counts.py TREEBANKS [LOCALE…]

TREEBANKS holds a clone of each repository (github.com/UniversalDependencies/<repository>), checked
out at the table's commit; a clone at another commit is refused. Without LOCALE, every row is
counted.
"""
import os
import subprocess
import sys
import tempfile

from treebanks import ROOT, clone_at, conllu, rows, text_command, word_lists

KEYLEX = os.path.join(ROOT, ".build", "release", "keylex")


def count(treebanks, locale, repository, commit, parts, name):
    clone = clone_at(treebanks, repository, commit)
    with tempfile.TemporaryDirectory() as work:
        text, counts = os.path.join(work, "text.txt"), os.path.join(work, "text.counts")
        subprocess.run(text_command(locale, text, [conllu(clone, p) for p in parts]), check=True)
        vocabulary = [a for w in word_lists(locale) for a in ("--vocabulary", w)]
        subprocess.run([KEYLEX, "count", text, "-o", counts] + vocabulary, check=True)
        output = os.path.join(ROOT, "corpora", locale, f"{name}.counts.gz")
        with open(output, "wb") as out:
            subprocess.run(["gzip", "-9", "-n", "-c", counts], stdout=out, check=True)
    print(f"{locale}: {output}")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    wanted = set(sys.argv[2:])
    for locale, repository, commit, parts, name, _ in rows():
        if not wanted or locale in wanted:
            count(sys.argv[1], locale, repository, commit, parts, name)


if __name__ == "__main__":
    main()
