#!/usr/bin/env python3
"""Correct words of real text replaced on space, for a language with no misspelling data here:
every word of a Universal Dependencies treebank's sentences (text nobody here wrote, its words
marked by the treebank), or of a plain text's lines (one sentence a line, its words the tokens
between spaces, punctuation stripped), typed after the words before it in its sentence, with a
bundle.

    swift build -c release && .build/release/keylex build
    git clone https://github.com/UniversalDependencies/UD_Kyrgyz-KTMU Benchmarks/.work/UD_Kyrgyz-KTMU
    python3 Benchmarks/textwords.py build/ky.klx Benchmarks/.work/UD_Kyrgyz-KTMU/*.conllu
    git clone https://github.com/MohammedBelkacem/KabyleNLP Benchmarks/.work/KabyleNLP
    python3 Benchmarks/textwords.py build/kab.klx Benchmarks/.work/KabyleNLP/language-detection/kab.txt --lines 10000

A word is a token of letters (apostrophes and hyphens inside); answers are compared as typed,
case aside. Reported: the words typed, those the bundle knows, and those replaced, with examples;
with `--keystrokes N`, also the keystrokes that three suggestions save on the first N words, typed
letter by letter as `keystrokes.py` types them (the engine alone, case as written).
"""
import argparse
import re
import unicodedata

import keystrokes
import misspellings as common
import phonetypos

WORD = re.compile(r"^[^\W\d_]+(?:['’-][^\W\d_]+)*$")


def is_word(token):
    """Whether `token` is a word: letters and marks (the vowel signs of Indic scripts), with
    apostrophes and hyphens inside, a letter first."""
    letters = "".join(ch if not unicodedata.category(ch).startswith("M") else "a" for ch in token)
    return bool(WORD.match(letters)) and token[0].isalpha()


# What a plain text's token may carry around its word: quotes, brackets, sentence punctuation.
PUNCTUATION = ".,;:!?…\"'“”«»‘’()[]{}-–—*/"


def sentences(paths):
    """The sentences of CoNLL-U files, each as its list of tokens (multi-word tokens whole)."""
    result = []
    for path in paths:
        tokens, skip = [], 0
        for line in open(path, encoding="utf-8"):
            fields = line.rstrip("\n").split("\t")
            if not line.strip():
                if tokens:
                    result.append(tokens)
                tokens, skip = [], 0
            elif len(fields) == 10 and "-" in fields[0]:
                start, end = map(int, fields[0].split("-"))
                tokens.append(fields[1])
                skip = end - start + 1
            elif len(fields) == 10 and fields[0].isdigit():
                if skip:
                    skip -= 1
                else:
                    tokens.append(fields[1])
    return result


def text_sentences(paths, lines):
    """The first `lines` non-empty lines of plain text files, each as its list of tokens."""
    result = []
    for path in paths:
        for line in open(path, encoding="utf-8"):
            if len(result) == lines:
                return result
            tokens = [t.strip(PUNCTUATION) for t in unicodedata.normalize("NFC", line).split()]
            if tokens:
                result.append([t for t in tokens if t])
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("text", nargs="+", help="CoNLL-U files (.conllu) or plain text files")
    parser.add_argument("--lines", type=int, default=10_000, help="sentences read from plain text files")
    parser.add_argument("--keystrokes", type=int, default=0, help="also type this many words letter by letter")
    args = parser.parse_args()
    conllu = [p for p in args.text if p.endswith(".conllu")]
    plain = [p for p in args.text if not p.endswith(".conllu")]
    text = sentences(conllu) + text_sentences(plain, args.lines)
    queries = []
    for tokens in text:
        for i, token in enumerate(tokens):
            if is_word(token):
                queries.append((" ".join(tokens[:i] + [token]), token))
    known = common.keylex_known(sorted({w for _, w in queries}), bundle=args.bundle)
    replaced = phonetypos.replaced_correct_words(queries, bundle=args.bundle)
    known_share = sum(w in known or w.lower() in known for _, w in queries) / max(1, len(queries))
    print(f"{args.bundle}: {len(queries):,} words typed, {known_share:.1%} known to the bundle, "
          f"{len(replaced) / max(1, len(queries)):.2%} replaced on space ({len(replaced)})"
          + (": " + ", ".join(f"{w} → {s}" for w, s in replaced[:8]) if replaced else ""))
    if args.keystrokes:
        steps = keystrokes.steps_of(text, args.keystrokes, is_word)
        figures = keystrokes.simulate(steps, keystrokes.keylex(args.bundle, keystrokes.queries(steps)), False)
        print(f"{args.bundle}: keystroke savings {figures['ksr']:.1%} on {figures['words']:,} words (three slots)")


if __name__ == "__main__":
    main()
