#!/usr/bin/env python3
"""Takes the running text out of Universal Dependencies treebanks (CoNLL-U files) for the n-gram
models: each sentence's `# text =` line, a blank line after it (a sentence ends there, punctuated
or not), and a line of a single % between documents (`# newdoc`), as scripts/fortunes-text.py
writes fortunes. The annotations are not kept.

    scripts/treebank-text.py [--locale LOCALE] OUTPUT.txt FILE.conllu…

corpora/README.md names the treebanks shipped and how their parts are used (the training parts
for the shipped models, the test parts held out for the benchmarks). With `--locale sr`, the text,
which Serbian's treebank writes in Latin letters, is written in Cyrillic ones, as the sr dictionary
is (`to_serbian_cyrillic`).
"""
import re
import sys

# Serbian's two alphabets match letter for letter; lj, nj and dž are one letter each in Cyrillic.
SERBIAN_LATIN = ["lj", "nj", "dž", "a", "b", "c", "č", "ć", "d", "đ", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n",
                 "o", "p", "r", "s", "š", "t", "u", "v", "z", "ž"]
SERBIAN_CYRILLIC = ["љ", "њ", "џ", "а", "б", "ц", "ч", "ћ", "д", "ђ", "е", "ф", "г", "х", "и", "ј", "к", "л", "м", "н",
                    "о", "п", "р", "с", "ш", "т", "у", "в", "з", "ж"]
SERBIAN = dict(zip(SERBIAN_LATIN, SERBIAN_CYRILLIC))
SERBIAN_LETTERS = re.compile("|".join(sorted(SERBIAN_LATIN, key=len, reverse=True)), re.I)


def to_serbian_cyrillic(text):
    """`text` in Serbian Cyrillic: each word of Serbian Latin letters only, letter for letter (`Ljubav`
    → `Љубав`); a word with other letters (`Windows`, `Hollywood`) is a foreign one and stays."""
    def word(match):
        w = match.group(0)
        if SERBIAN_LETTERS.sub("", w):
            return w
        return SERBIAN_LETTERS.sub(lambda m: cased(SERBIAN[m.group(0).lower()], m.group(0)), w)
    return re.sub(r"[^\W\d_]+", word, text)


def cased(cyrillic, latin):
    """`cyrillic` in the case of `latin`'s first letter (`Lj` and `LJ` → `Љ`)."""
    return cyrillic.upper() if latin[0].isupper() else cyrillic


SCRIPTS = {"sr": to_serbian_cyrillic}


def documents(paths):
    """The sentences of the files, grouped by document, in order."""
    docs = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("# newdoc") or not docs:
                    if not docs or docs[-1]:
                        docs.append([])
                if line.startswith("# text ="):  # some treebanks leave out the space after "="
                    docs[-1].append(line[len("# text ="):].strip())
    return [doc for doc in docs if doc]


def main():
    args = sys.argv[1:]
    locale = args[1] if args[:1] == ["--locale"] else None
    args = args[2:] if locale else args
    if len(args) < 2:
        sys.exit(__doc__)
    docs = documents(args[1:])
    text = "\n%\n".join("\n\n".join(doc) for doc in docs) + "\n"
    with open(args[0], "w", encoding="utf-8") as out:
        out.write(SCRIPTS.get(locale, lambda t: t)(text))
    print(f"{sum(map(len, docs))} sentences in {len(docs)} documents")


if __name__ == "__main__":
    main()
