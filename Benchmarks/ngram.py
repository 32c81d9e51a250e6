#!/usr/bin/env python3
"""Next-word prediction benchmark: the n-gram model on held-out real text, per shipped language.

    apt-get install fortunes fortunes-min fortunes-it fortunes-es   # once (Benchmarks/setup.sh does it)
    python3 Benchmarks/ngram.py [--words N] [--language en|it|es]…

For each language (English, Italian, Spanish: the bundles that ship a model), splits Debian's
fortunes (scripts/fortunes-text.py: every tenth fortune held out), counts the training part with
`keylex count`, and compiles the shipped word list four times: with no model, with a model of
unigram counts only (it predicts the most frequent words), of unigrams and bigrams, and of up to
trigrams (pruned to the default 3 MB budget). keylex-ngram-bench then types the held-out fortunes
with three suggestions on each. The peer: IRSTLM (Debian's `irstlm`) estimates a trigram model from
the same training sentences (`tlm -lm=msb`, modified shift-beta smoothing), read through
`keylex dict --ngrams model.arpa` with the same budget. Prints a markdown table per language.

`--scale` measures the size goal instead: a 100,000-word dictionary (en-US's most frequent words)
with the n-grams of the English fortunes and of the text of the system's manual pages (section 1,
rendered by `man`), pruned to the default 3 MB budget: how many n-grams the model keeps, and its
bytes per n-gram.
"""
import argparse
import glob
import gzip
import json
import os
import re
import struct
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work", "ngram")
KEYLEX = os.path.join(ROOT, ".build", "release", "keylex")
BENCH = os.path.join(ROOT, ".build", "release", "keylex-ngram-bench")
TLM = "/usr/lib/irstlm/bin/tlm"
WORDS = {"en": "en-US/en_US.combined.gz", "it": "it/it.combined.gz", "es": "es/es.combined.gz", "de": "de/de.combined.gz",
         "ru": "ru/ru.combined.gz"}


def run(*command):
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def sentences(text_path, out_path):
    """One sentence a line between <s> and </s>, words only, split as keylex count splits text
    (docs/PREDICTION.md): IRSTLM's input."""
    word = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
    out = []
    for fortune in open(text_path, encoding="utf-8").read().split("\n%\n"):
        for paragraph in re.split(r"\n\s*\n", fortune):
            run = []
            for token in paragraph.split():
                core = re.sub(r"^[^\w]+|[^\w]+$", "", token)
                if core and word.fullmatch(core):
                    run.append(core)
                elif core and run:
                    out.append(run)
                    run = []
                if re.search(r"[.!?…][^\w]*$", token) and run:
                    out.append(run)
                    run = []
            if run:
                out.append(run)
    with open(out_path, "w", encoding="utf-8") as f:
        f.writelines("<s> " + " ".join(run) + " </s>\n" for run in out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--words", type=int, default=20000, help="held-out words to type")
    parser.add_argument("--language", choices=sorted(WORDS), action="append", help="the languages to measure (default: all)")
    parser.add_argument("--scale", action="store_true", help="measure the model's size at scale instead")
    parser.add_argument("--manual-pages", type=int, default=1500, help="manual pages rendered for --scale")
    args = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "keylex"], cwd=ROOT, check=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "keylex-ngram-bench"], cwd=ROOT, check=True)
    if args.scale:
        return scale(args.manual_pages)
    for language in args.language or ["en", "it", "es"]:
        measure(language, args.words)


def measure(language, words):
    """Prints the table of one language: its word list with each model, typing its held-out fortunes."""
    work = os.path.join(WORK, language)
    os.makedirs(work, exist_ok=True)
    word_list = os.path.join(ROOT, "corpora", WORDS[language])
    run("python3", os.path.join(ROOT, "scripts", "fortunes-text.py"), work, language)
    counts = os.path.join(work, "train.counts")
    run(KEYLEX, "count", os.path.join(work, "train.txt"), "-o", counts)
    lines = open(counts, encoding="utf-8").read().splitlines(keepends=True)
    models = {"no model": None, "unigram": 1, "bigram": 2, "trigram": 3}
    rows = []
    for name, order in models.items():
        bundle = os.path.join(work, name.replace(" ", "-") + ".klx")
        command = [KEYLEX, "dict", word_list, "-o", bundle]
        if order:
            path = os.path.join(work, f"order{order}.counts")
            with open(path, "w", encoding="utf-8") as f:
                f.writelines(l for l in lines if l.split("\t")[0].count(" ") < order)
            command += ["--ngrams", path]
        run(*command)
        result = json.loads(run(BENCH, bundle, os.path.join(work, "test.txt"), str(words)))
        rows.append((name, os.path.getsize(bundle), result))
    if os.path.exists(TLM):
        sentences(os.path.join(work, "train.txt"), os.path.join(work, "train.sentences"))
        arpa = os.path.join(work, "irstlm.arpa")
        subprocess.run([TLM, "-tr=" + os.path.join(work, "train.sentences"), "-n=3", "-lm=msb", "-o=" + arpa],
                       cwd=work, check=True, capture_output=True)
        bundle = os.path.join(work, "irstlm.klx")
        run(KEYLEX, "dict", word_list, "--ngrams", arpa, "-o", bundle)
        result = json.loads(run(BENCH, bundle, os.path.join(work, "test.txt"), str(words)))
        rows.append(("IRSTLM trigram (ARPA)", os.path.getsize(bundle), result))
    base = rows[0][1]
    print(f"\n{language}: held-out words typed: {rows[0][2]['words']}\n")
    print("| model | next-word top-3 | keystroke savings | model size | next word p50 / p99 | while typing p50 / p99 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, size, r in rows:
        print(f"| {name} | {100 * r['nextWordTop3']:.1f}% | {100 * r['keystrokeSavings']:.1f}% | {(size - base) / 1e6:.2f} MB "
              f"| {r['nextWordP50us']:.0f} / {r['nextWordP99us']:.0f} µs | {r['typingP50us']:.0f} / {r['typingP99us']:.0f} µs |")


def scale(pages):
    """Prints the n-grams that a 100,000-word dictionary's model keeps within the default budget."""
    work = os.path.join(WORK, "scale")
    os.makedirs(work, exist_ok=True)
    with gzip.open(os.path.join(ROOT, "corpora", WORDS["en"]), "rt", encoding="utf-8") as f:
        lines = f.read().splitlines()
    entries = [l for l in lines if l.startswith(" word=")]
    top = sorted(entries, key=lambda l: -int(re.search(r",f=(\d+)", l).group(1)))[:100000]
    word_list = os.path.join(work, "top100k.combined")
    with open(word_list, "w", encoding="utf-8") as f:
        f.write("\n".join([lines[0]] + top) + "\n")
    run("python3", os.path.join(ROOT, "scripts", "fortunes-text.py"), work, "en")
    manual = os.path.join(work, "manual.txt")
    with open(manual, "w", encoding="utf-8") as out:
        for page in sorted(glob.glob("/usr/share/man/man1/*.1.gz"))[:pages]:
            rendered = subprocess.run(["man", "-E", "UTF-8", "-l", page], capture_output=True, text=True,
                                      env=dict(os.environ, MANWIDTH="2000", MAN_KEEP_FORMATTING="0")).stdout
            out.write(re.sub(r".\x08", "", rendered) + "\n\n")
    counts = os.path.join(work, "all.counts")
    run(KEYLEX, "count", os.path.join(work, "all.txt"), manual, "-o", counts)
    ngrams = sum(1 for l in open(counts, encoding="utf-8") if " " in l.split("\t")[0])
    bundle = os.path.join(work, "scale.klx")
    run(KEYLEX, "dict", word_list, "--ngrams", counts, "-o", bundle)
    header, size = ngrm_header(bundle)
    kept = header[2] + header[4]
    print(f"\nA {header[0]:,}-word dictionary; {ngrams:,} n-grams counted (fortunes and {pages} manual pages); "
          f"the model keeps {header[2]:,} bigrams and {header[4]:,} trigrams ({kept:,} n-grams) in {size:,} bytes "
          f"(default budget 3 MB): {size / kept:.2f} bytes per n-gram, {500000 * size / kept / 1e6:.2f} MB for 500,000.")


def ngrm_header(bundle):
    """The five counts of the bundle's `ngrm` section (docs/FORMAT.md), and its length."""
    data = open(bundle, "rb").read()
    for i in range(struct.unpack_from("<I", data, 16)[0]):
        tag, _, offset, length = struct.unpack_from("<4sIQQ", data, 32 + 24 * i)
        if tag == b"ngrm":
            return struct.unpack_from("<5I", data, offset), length
    raise SystemExit(f"{bundle} has no n-gram model")


if __name__ == "__main__":
    main()
