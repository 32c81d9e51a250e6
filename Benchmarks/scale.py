#!/usr/bin/env python3
"""Peak memory and time of building one dictionary from millions of words: Keylex against the peers.

    bash Benchmarks/setup.sh                      # once: peers, word lists, wordfreq, fst-driver
    swift build -c release --product keylex
    python3 Benchmarks/scale.py [--only TEXT] [--reuse] [--markdown docs/BENCHMARKS.md]

Two key sets of real words, NFC, unique, in byte order: "union", every corpus of Benchmarks/run.py
together (the shipped lists, Debian's wamerican-huge, wngerman, wfrench and wpolish, wordfreq's
large en, ru and ja lists), and "union+wordfreq", that union with wordfreq's large lists of every
other language it has (over 10 million words). Each contender builds the plain set from the sorted
file, one after the other, under /usr/bin/time -v: peak resident memory is the kernel's maximum RSS.
- Keylex: `keylex dict KEYS --format txt`, with the default memory limit (256 MiB) and with 64 MiB;
- fst: the crate's streaming SetBuilder into a file (`fst-driver --build`);
- marisa: Debian's `marisa-build` (three tries, as marisa-trie's default);
- dawg2 (dawgdic) from Python, fed by a generator.
"""
import argparse
import os
import re
import subprocess
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work", "scale")
sys.path.insert(0, HERE)
import run  # noqa: E402  (the benchmark's corpora)
from marked import replace_part  # noqa: E402

OTHER_LANGUAGES = ["ar", "bn", "ca", "cs", "de", "es", "fi", "fr", "he", "it", "mk", "nb", "nl", "pl", "pt", "sv", "uk", "zh"]


def keep(word):
    return word and len(word) <= 100 and not any(unicodedata.category(c)[0] in "CZ" for c in word)


def write_keys(name, words):
    folder = os.path.join(WORK, name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "keys.txt")
    ordered = sorted(words, key=lambda w: w.encode("utf-8"))
    with open(path, "w", encoding="utf-8") as out:
        for word in ordered:
            out.write(word + "\n")
    return path, len(ordered)


def reused():
    for name, folder in [("union", "union"), ("union+wordfreq", "union-wordfreq")]:
        path = os.path.join(WORK, folder, "keys.txt")
        with open(path, encoding="utf-8") as f:
            yield name, path, sum(1 for _ in f)


def key_sets():
    union = set()
    for name, load in run.DATASETS:
        print(f"reading {name}", file=sys.stderr, flush=True)
        union.update(w for w in (unicodedata.normalize("NFC", w) for w, _ in load()) if keep(w))
    yield ("union",) + write_keys("union", union)
    for lang in OTHER_LANGUAGES:
        print(f"reading wordfreq {lang}", file=sys.stderr, flush=True)
        union.update(w for w in (unicodedata.normalize("NFC", w) for w, _ in run.wordfreq_large(lang)) if keep(w))
    yield ("union+wordfreq",) + write_keys("union-wordfreq", union)


def measured(command, output):
    """Runs `command` under /usr/bin/time -v; returns peak RSS (MiB), wall seconds and output bytes."""
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed:\n{result.stderr[-2000:]}")
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", result.stderr).group(1)
    seconds = sum(float(part) * 60 ** i for i, part in enumerate(reversed(wall.split(":"))))
    return rss / 1024, seconds, os.path.getsize(output)


DAWG_BUILD = """import sys, dawg
def keys():
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            yield line.rstrip("\\n")
dawg.DAWG(keys()).save(sys.argv[2])
"""


def contenders(keys, folder):
    keylex = os.path.join(ROOT, ".build", "release", "keylex")
    driver = os.path.join(HERE, ".work", "fst-target", "release", "fst-driver")
    out = lambda name: os.path.join(folder, name)
    return [
        ("Keylex (256 MiB limit)", [keylex, "dict", keys, "--format", "txt", "-o", out("keylex.klx")], out("keylex.klx")),
        ("Keylex (64 MiB limit)", [keylex, "dict", keys, "--format", "txt", "--memory-limit", "64", "-o", out("keylex-64.klx")], out("keylex-64.klx")),
        ("fst (streaming SetBuilder)", [driver, "--build", keys, out("fst.set")], out("fst.set")),
        ("marisa-build", ["sh", "-c", f'marisa-build -o "{out("marisa.trie")}" < "{keys}"'], out("marisa.trie")),
        ("dawg2", [sys.executable, "-c", DAWG_BUILD, keys, out("dawg2.dawg")], out("dawg2.dawg")),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", help="a file whose <!-- scale --> part to replace with the table")
    parser.add_argument("--only", help="run only the contenders whose name holds this text (Keylex, fst, marisa, dawg2)")
    parser.add_argument("--reuse", action="store_true", help="reuse the key files an earlier run wrote")
    args = parser.parse_args()
    lines = ["| key set | words | contender | peak RSS MiB | bytes of RSS per word | wall s | M words/s | output bytes |",
             "|---|---:|---|---:|---:|---:|---:|---:|"]
    for name, keys, count in (reused() if args.reuse else key_sets()):
        folder = os.path.dirname(keys)
        for contender, command, output in contenders(keys, folder):
            if args.only and args.only.lower() not in contender.lower():
                continue
            print(f"{name}: {contender}", file=sys.stderr, flush=True)
            rss, seconds, size = measured(command, output)
            lines.append(f"| {name} | {count:,} | {contender} | {rss:,.0f} | {rss * 2**20 / count:.0f} | {seconds:.1f} | "
                         f"{count / seconds / 1e6:.2f} | {size:,} |")
    table = "\n".join(lines)
    print(table)
    if args.markdown:
        replace_part(args.markdown, "scale", table)


if __name__ == "__main__":
    main()
