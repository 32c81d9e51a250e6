"""What the scripts that add words to a shipped word list share: reading a list's counts, asking
Debian's spelling dictionary (which words it accepts, their stems), and giving a new word the count
of the list's words as frequent as it.
Imported by scripts/treebank-words.py and scripts/wordfreq-words.py.
"""
import bisect
import gzip
import re
import statistics
import subprocess
import sys


def aosp_count(f):
    """The count that keylex reads an AOSP list's `f` (0–255, already logarithmic) as: it doubles
    every 8 steps (CorpusReader.count(fromAOSPFrequency:)). A .tsv file beside the list gives
    counts on this scale, or its words rank far below the list's (`f=137` is a count of 141,000)."""
    return round(2 ** (f / 8))


def list_counts(path):
    """The words of a .combined or .tsv word list with their counts, as keylex reads them."""
    counts = {}
    with (gzip.open if path.endswith(".gz") else open)(path, "rt", encoding="utf-8") as f:
        for line in f:
            combined = re.match(r" word=([^,]*),f=(\d+)", line)
            if combined:
                counts[combined.group(1)] = aosp_count(int(combined.group(2)))
            elif "\t" in line and not line.startswith("#"):
                word, count = line.split("\t")[:2]
                counts[word] = int(count)
    return counts


def offensive_words(path):
    """The words of an AOSP list (.combined) that it flags `possibly_offensive`."""
    flagged = re.compile(r" word=([^,]*),.*possibly_offensive=true")
    with (gzip.open if path.endswith(".gz") else open)(path, "rt", encoding="utf-8") as f:
        return {m.group(1) for m in map(flagged.match, f) if m}


def spelled(words, dictionary):
    """The words of `words` that hunspell's `dictionary` accepts. Exits when hunspell cannot open
    the dictionary, where it would accept every word."""
    run = subprocess.run(["hunspell", "-d", dictionary, "-l"], input="\n".join(words) + "\n", capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"hunspell -d {dictionary}: {run.stderr.strip()} (is its Debian package installed?)")
    return set(words) - set(run.stdout.split())


def hunspell_stems(words, dictionary):
    """The stems hunspell's `dictionary` gives each word of `words` it accepts (`hunspell -s`). Exits
    when hunspell cannot open the dictionary, where it would give none."""
    run = subprocess.run(["hunspell", "-d", dictionary, "-s"], input="\n".join(words) + "\n", capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"hunspell -d {dictionary}: {run.stderr.strip()} (is its Debian package installed?)")
    stems = {}
    for line in run.stdout.splitlines():
        fields = line.split()
        if len(fields) == 2:
            stems.setdefault(fields[0], set()).add(fields[1])
    return stems


class CountRanker:
    """Gives a new word the count of the list's words as frequent as it: called with `count`, the
    median list count of the words the text holds within a factor of 1.5 of it, or None when fewer
    than three (`text` and `listed` map the same spelling of a word, lower case, to its counts)."""

    def __init__(self, text, listed):
        pairs = sorted((n, listed[w]) for w, n in text.items() if w in listed)
        self.text_counts = [n for n, _ in pairs]
        self.list_counts = [c for _, c in pairs]

    def __call__(self, count):
        near = self.list_counts[bisect.bisect_left(self.text_counts, count / 1.5):bisect.bisect_right(self.text_counts, count * 1.5)]
        return int(statistics.median(near)) if len(near) >= 3 else None
