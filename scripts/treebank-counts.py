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
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "corpora", "treebanks.tsv")
KEYLEX = os.path.join(ROOT, ".build", "release", "keylex")
TEXT = os.path.join(ROOT, "scripts", "treebank-text.py")


def rows():
    """The table's rows: (locale, repository, commit, parts, name, spelling dictionary)."""
    with open(TABLE, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                locale, repository, commit, parts, name, dictionary = line.rstrip("\n").split("\t")
                yield locale, repository, commit, parts.split(), name, dictionary


def word_lists(locale):
    """The locale's word lists, as `keylex build` finds them: the .txt, .tsv and .combined files of
    its corpus folder (gzip-compressed or not) but its blocklist."""
    folder = os.path.join(ROOT, "corpora", locale)
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder))
            if re.search(r"\.(txt|tsv|combined)(\.gz)?$", f) and f != "blocklist.txt"]


def conllu(clone, part):
    """The clone's file of `part` (train, dev, test)."""
    names = [f for f in os.listdir(clone) if f.endswith(f"-ud-{part}.conllu")]
    if len(names) != 1:
        sys.exit(f"{clone}: expected one *-ud-{part}.conllu, found {len(names)}")
    return os.path.join(clone, names[0])


def count(treebanks, locale, repository, commit, parts, name):
    clone = os.path.join(treebanks, repository)
    head = subprocess.run(["git", "-C", clone, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    if head != commit:
        sys.exit(f"{clone}: at {head or 'no commit'}, corpora/treebanks.tsv names {commit}")
    with tempfile.TemporaryDirectory() as work:
        text, counts = os.path.join(work, "text.txt"), os.path.join(work, "text.counts")
        subprocess.run([sys.executable, TEXT, text] + [conllu(clone, p) for p in parts], check=True)
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
