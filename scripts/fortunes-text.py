#!/usr/bin/env python3
"""Splits the English fortune files of Debian's `fortunes` and `fortunes-min` packages (BSD
licence; apt-get install fortunes) into training and held-out text for the n-gram benchmark:
every tenth fortune is held out (`test.txt`), the rest is for training (`train.txt`); `all.txt`
has every fortune, for the shipped model (corpora/en-US/fortunes.counts.gz). Fortunes are
separated by lines of a single %, which the counter takes as sentence ends.

    scripts/fortunes-text.py OUTPUT_DIR
"""
import os
import subprocess
import sys

FOLDER = "/usr/share/games/fortunes"


def english_files():
    listed = subprocess.run(["dpkg", "-L", "fortunes", "fortunes-min"], capture_output=True, text=True, check=True).stdout
    names = {os.path.basename(p) for p in listed.split() if p.startswith(FOLDER + "/") and "." not in os.path.basename(p)}
    # The UTF-8 version of a file where the package has one.
    return [os.path.join(FOLDER, n + ".u8" if os.path.exists(os.path.join(FOLDER, n + ".u8")) else n) for n in sorted(names)
            if os.path.isfile(os.path.join(FOLDER, n))]


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    fortunes = []
    for path in english_files():
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        # Overstriking (x\bx) as the old files use it for bold and underline.
        while "\b" in text:
            i = text.index("\b")
            text = text[:max(i - 1, 0)] + text[i + 1:]
        fortunes += [part.strip("\n") for part in text.split("\n%\n") if part.strip()]
    train = [f for i, f in enumerate(fortunes) if i % 10 != 0]
    test = [f for i, f in enumerate(fortunes) if i % 10 == 0]
    for name, part in (("train.txt", train), ("test.txt", test), ("all.txt", fortunes)):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write("\n%\n".join(part) + "\n")
    print(f"{len(fortunes)} fortunes: {len(train)} for training, {len(test)} held out")


if __name__ == "__main__":
    main()
