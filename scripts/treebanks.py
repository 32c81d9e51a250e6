"""corpora/treebanks.tsv, the Universal Dependencies treebanks the shipped n-gram models are counted
from, and what the scripts that read it share: its rows, a locale's word lists and a clone's parts.
Imported by scripts/treebank-counts.py, scripts/treebank-words.py and Benchmarks/keystrokes.py.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "corpora", "treebanks.tsv")
TEXT = os.path.join(ROOT, "scripts", "treebank-text.py")  # a treebank's parts as running text


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


def text_command(locale, output, files):
    """The command that writes the running text of `files` (CoNLL-U) to `output` in the script of
    `locale`'s dictionary (scripts/treebank-text.py)."""
    return [sys.executable, TEXT, "--locale", locale, output, *files]


def clone_at(treebanks, repository, commit):
    """The clone of `repository` in the folder `treebanks`; exits when it is not at `commit`."""
    clone = os.path.join(treebanks, repository)
    head = subprocess.run(["git", "-C", clone, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    if head != commit:
        sys.exit(f"{clone}: at {head or 'no commit'}, corpora/treebanks.tsv names {commit}")
    return clone


def conllu(clone, part):
    """The clone's file of `part` (train, dev, test)."""
    names = [f for f in os.listdir(clone) if f.endswith(f"-ud-{part}.conllu")]
    if len(names) != 1:
        sys.exit(f"{clone}: expected one *-ud-{part}.conllu, found {len(names)}")
    return os.path.join(clone, names[0])
