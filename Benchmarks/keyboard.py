#!/usr/bin/env python3
"""A keyboard process per shipped locale: suggestion latency and peak memory while typing.

    swift build -c release && .build/release/keylex build
    swift build -c release --product keylex-keyboard-bench -Xswiftc -static-executable --scratch-path .build/static
    python3 Benchmarks/keyboard.py [--bench .build/static/release/keylex-keyboard-bench]
        [--shared-bench .build/release/keylex-keyboard-bench] [--words 10000] [--only en-US] [--markdown docs/BENCHMARKS.md]

For every bundle of build/ of a layout locale that has a dictionary, `keylex-keyboard-bench` (Benchmarks/KeyboardBench/)
opens it as a keyboard extension would and types WORDS words of text a character at a time, asking
for suggestions after every keystroke and learning what was typed. The text is real where Debian
packages it for the locale's language: the fortune cookies of `fortunes`, `fortunes-de`, `-es`,
`-it`, `-pl`, `-ru`, `-cs`, `-bg` and `-br` (Portuguese), shuffled by fortune with a fixed seed.
Elsewhere it is words drawn from the locale's own shipped word list, weighted by their frequency
(2^(f/12) for an AOSP f, the count for a TSV list, alike for a plain list of words): real words, but not in a real order, so the
next-word model sees few contexts it knows. Prints a Markdown table (and replaces the part between
the `<!-- keyboard -->` markers of --markdown).

Linked as a static executable, the benchmark holds only the code it uses, as an iOS extension does
whose Swift runtime and system libraries live in the system's shared cache. Linked against the
shared libraries (the default build), a process also holds the pages of those libraries that it
touches or that the kernel maps around them; --shared-bench runs that build too, for its memory.

With --swipe, each word is swiped instead of typed (strokes through its keys' centres, fed a point
at a time with the word under the finger asked after each): what a keyboard process with the
gesture decoder costs, in time and memory, on every layout with a dictionary.
"""
import argparse
import gzip
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from marked import replace_part

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, ".build", "release", "keylex-keyboard-bench")
FORTUNES = {"en": "fortunes", "de": "fortunes-de", "es": "fortunes-es", "it": "fortunes-it", "pl": "fortunes-pl",
            "ru": "fortunes-ru", "cs": "fortunes-cs", "bg": "fortunes-bg", "pt": "fortunes-br"}


def fortune_texts(package):
    """The fortunes of a Debian package, as a list of texts; [] when it is not installed."""
    try:
        listing = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return []
    files = {p for p in listing if "/games/fortunes" in p and os.path.isfile(p) and not p.endswith(".dat")
             and not os.path.islink(p)}  # fortunes-cs links cz/ to cs/
    texts = []
    for base in sorted({p.removesuffix(".u8") for p in files}):
        # The UTF-8 copy (.u8) when there is a non-empty one (fortunes-pl's are empty), else the file.
        for path in [base + ".u8", base]:
            if path not in files or os.path.getsize(path) == 0:
                continue
            try:
                with open(path, encoding="utf-8") as f:
                    texts += [t.strip() for t in re.split(r"^%$", f.read(), flags=re.M) if t.strip()]
                break
            except UnicodeDecodeError:
                continue  # an old 8-bit file: left out
    return texts


def corpus_words(folder):
    """(word, weight) of a shipped word list."""
    pairs = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name.endswith(".combined.gz"):
            with gzip.open(path, "rt", encoding="utf-8") as f:
                for line in f:
                    m = re.match(r"^ word=([^,]+),f=(\d+)", line)
                    if m and "not_a_word=true" not in line and "possibly_offensive=true" not in line:
                        pairs.append((m.group(1), 2 ** (int(m.group(2)) / 12)))
        elif name.endswith(".tsv") or name.endswith(".tsv.gz"):
            with (gzip.open(path, "rt", encoding="utf-8") if name.endswith(".gz") else open(path, encoding="utf-8")) as f:
                for line in f:
                    fields = line.rstrip("\n").split("\t")
                    if not line.startswith("#") and len(fields) == 2 and fields[1].isdigit():
                        pairs.append((fields[0], int(fields[1])))
        elif name.endswith(".txt") or name.endswith(".txt.gz"):  # a word a line, no counts: all weigh alike
            with (gzip.open(path, "rt", encoding="utf-8") if name.endswith(".gz") else open(path, encoding="utf-8")) as f:
                pairs += [(line.strip(), 1) for line in f if line.strip() and not line.startswith("#")]
    return pairs


def corpus_folder(tag):
    """The corpus a locale's bundle is built from: its own folder or its nearest parent's."""
    parts = tag.split("-")
    while parts:
        folder = os.path.join(ROOT, "corpora", "-".join(parts))
        if os.path.isdir(folder):
            return folder
        parts.pop()
    return None


def text_for(tag, words):
    """(source name, text) to type for locale `tag`."""
    language = tag.split("-")[0]
    if language in FORTUNES:
        texts = fortune_texts(FORTUNES[language])
        random.Random(0).shuffle(texts)
        tokens = " ".join(texts).split()
        if len(tokens) >= words:
            return FORTUNES[language], " ".join(tokens[:words])
    folder = corpus_folder(tag)
    pairs = corpus_words(folder) if folder else []
    if not pairs:
        return None, None
    drawn = random.Random(0).choices([w for w, _ in pairs], weights=[c for _, c in pairs], k=words)
    return "words of " + os.path.relpath(folder, ROOT), " ".join(drawn)


def run(bench, bundle, text, words, swipe=False):
    with tempfile.TemporaryDirectory() as folder:
        text_path = os.path.join(folder, "text.txt")
        with open(text_path, "w", encoding="utf-8") as f:
            f.write(text)
        done = subprocess.run([bench, bundle, text_path, str(words), os.path.join(folder, "user-words")] + (["swipe"] if swipe else []),
                              capture_output=True, text=True)
    if done.returncode != 0:
        print(f"{bundle}: {done.stderr.strip()}", file=sys.stderr)
        return None
    return json.loads(done.stdout)


def table(rows):
    """The Markdown table of (tag, source, result, result of the shared-library build or None)."""
    mib = lambda kb: f"{kb / 1024:.1f}"
    shared = any(s for *_, s in rows)
    lines = ["| locale | text | keystrokes | suggestion p50 / p99 / max µs | learning p50 / p99 / max µs | open µs "
             "| bundle MiB | its pages resident MiB | peak RSS MiB | peak RSS − bundle pages MiB | written (anonymous) before → peak MiB |"
             + (" linked to shared libraries: peak RSS − bundle pages MiB |" if shared else ""),
             "|---|---|---:|---|---|---:|---:|---:|---:|---:|---|" + ("---:|" if shared else "")]
    for tag, source, r, s in rows:
        lines.append(f"| {tag} | {source} | {r['keystrokes']:,} | {r['suggestionP50']:.0f} / {r['suggestionP99']:.0f} / "
                     f"{r['suggestionMax']:.0f} | {r['learnP50']:.0f} / {r['learnP99']:.0f} / {r['learnMax']:.0f} "
                     f"| {r['openMicroseconds']:,} | {r['fileBytes'] / 2**20:.1f} | {mib(r['mappedResidentKB'])} "
                     f"| {mib(r['peakKB'])} | {mib(r['peakKB'] - r['mappedResidentKB'])} "
                     f"| {mib(r['baselineAnonymousKB'])} → {mib(r['peakAnonymousKB'])} |"
                     + (f" {mib(s['peakKB'] - s['mappedResidentKB']) if s else ''} |" if shared else ""))
    return "\n".join(lines)


def swipe_table(rows):
    """The Markdown table of (tag, source, result of a `swipe` run, None)."""
    mib = lambda kb: f"{kb / 1024:.1f}"
    lines = ["| locale | text | words swiped | first word the word (strokes through key centres) | decodings under the finger a swipe "
             "| under the finger p50 / p99 / max µs | the stroke's words p50 / p99 / max µs | bundle MiB | peak RSS − bundle pages MiB "
             "| of which the process before opening MiB | written (anonymous) before → peak MiB |",
             "|---|---|---:|---:|---:|---|---|---:|---:|---:|---|"]
    for tag, source, r, _ in rows:
        swipes = max(1, r["swipes"])
        lines.append(f"| {tag} | {source} | {r['swipes']:,} | {r['swipeHits'] / swipes:.1%} | {r['decodings'] / swipes:.1f} "
                     f"| {r['underFingerP50']} / {r['underFingerP99']} / {r['underFingerMax']:.0f} "
                     f"| {r['strokeP50']} / {r['strokeP99']} / {r['strokeMax']:.0f} | {r['fileBytes'] / 2**20:.1f} "
                     f"| {mib(r['peakKB'] - r['mappedResidentKB'])} | {mib(r['baselineKB'])} "
                     f"| {mib(r['baselineAnonymousKB'])} → {mib(r['peakAnonymousKB'])} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", default=BENCH, help="the keylex-keyboard-bench binary (default: the release build's)")
    parser.add_argument("--shared-bench", help="the same benchmark linked to shared libraries, run too for its memory")
    parser.add_argument("--words", type=int, default=10_000)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--only", action="append", help="a locale (repeatable)")
    parser.add_argument("--markdown", help="a file whose <!-- keyboard --> part to replace (<!-- keyboard-swipe --> with --swipe)")
    parser.add_argument("--swipe", action="store_true", help="swipe the words instead of typing them (see Benchmarks/KeyboardBench)")
    args = parser.parse_args()
    if not os.path.exists(args.bench):
        sys.exit(f"{args.bench}: build it first (swift build -c release --product keylex-keyboard-bench)")
    rows = []
    for name in sorted(os.listdir(args.build)):
        tag = name.removesuffix(".klx")
        if not name.endswith(".klx") or (args.only and tag not in args.only):
            continue
        if not any(os.path.exists(os.path.join(ROOT, "layouts", tag + ext)) for ext in (".xml", ".json")):
            continue  # a dictionary without a keyboard (bg.klx beside bg-BG.klx)
        source, text = text_for(tag, args.words)
        if text is None:
            continue  # a keyboard without a word list: no suggestions to time
        result = run(args.bench, os.path.join(args.build, name), text, args.words, args.swipe)
        if result:
            shared = run(args.shared_bench, os.path.join(args.build, name), text, args.words, args.swipe) if args.shared_bench else None
            rows.append((tag, source, result, shared))
            print(tag, json.dumps(result), file=sys.stderr)
    output = swipe_table(rows) if args.swipe else table(rows)
    print(output)
    if args.markdown:
        replace_part(args.markdown, "keyboard-swipe" if args.swipe else "keyboard", output)


if __name__ == "__main__":
    main()
