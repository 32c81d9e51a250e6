#!/usr/bin/env python3
"""Splits the fortune files of Debian's fortune packages into training and held-out text for the
n-gram benchmark: every tenth fortune is held out (`test.txt`), the rest is for training
(`train.txt`); `all.txt` has every fortune, for the shipped models (corpora/<locale>/fortunes.counts.gz).
Fortunes are separated by lines of a single %, which the counter takes as sentence ends.

    scripts/fortunes-text.py OUTPUT_DIR [LANGUAGE]

LANGUAGE picks the packages (corpora/FORTUNES-NOTICE has their licences):
  en (default)  fortunes, fortunes-min (BSD)
  it            fortunes-it (public domain)
  es            fortunes-es (the fortunes presumed public domain)
  de            fortunes-de (GPL-2+: for measuring only, never shipped)
  ru            fortunes-ru (GPL-2: for measuring only, never shipped)
(apt-get install fortunes fortunes-min fortunes-it fortunes-es fortunes-de fortunes-ru)
"""
import os
import subprocess
import sys

FOLDER = "/usr/share/games/fortunes"
PACKAGES = {"en": ["fortunes", "fortunes-min"], "it": ["fortunes-it"], "es": ["fortunes-es"], "de": ["fortunes-de"],
            "ru": ["fortunes-ru"]}


def fortune_files(language):
    """The packages' fortune files (each once, in the order of their names): the UTF-8 version
    (`.u8`) of a file where the package has one."""
    listed = subprocess.run(["dpkg", "-L"] + PACKAGES[language], capture_output=True, text=True, check=True).stdout.split()
    files = {}
    for path in sorted(listed):
        if not path.startswith(FOLDER + "/") or path.endswith((".dat", ".u8")) or not os.path.isfile(path):
            continue
        # The offensive fortunes (fortunes-es's off/) are stored in ROT13, and are not text to learn from.
        if "/off/" in path:
            continue
        name = os.path.basename(path)
        if language == "en" and "." in name:
            continue
        real = os.path.realpath(path)
        files.setdefault(real, real + ".u8" if os.path.exists(real + ".u8") else real)
    return [files[real] for real in sorted(files)]


def main():
    out = sys.argv[1]
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    os.makedirs(out, exist_ok=True)
    fortunes = []
    for path in fortune_files(language):
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
