#!/usr/bin/env python3
"""Typing Thai, written without spaces between words: the word being typed as Keylex takes it
from the run of letters, and what its completions save, on real Thai text with its words marked.

    swift build -c release --product keylex && .build/release/keylex build
    git clone https://github.com/UniversalDependencies/UD_Thai-PUD Benchmarks/.work/UD_Thai-PUD
    pip install pythainlp==5.4.0       # the peer (a virtual environment on Debian)
    python3 Benchmarks/unspaced.py [--keylex [NAME=]KEYLEX …] [--sentences N] [--markdown docs/BENCHMARKS.md]

The text is the Thai part of the Parallel Universal Dependencies treebank (UD_Thai-PUD, 1,000
sentences of news and Wikipedia translated into Thai, CC BY-SA 3.0; its words are the treebank's
tokens, and a space is typed only where the text has one). Each Thai word is typed one Unicode
scalar (one key) at a time after the text before it; after each key, the suggestions for the text
so far (`keylex suggest --json`, three) are read:

- the piece: whether the word being typed, as the engine takes it (a suggestion's `typed`), is
  what was typed of this word, once all its letters are typed; for the peer, PyThaiNLP's newmm
  maximal-matching tokenizer with its own dictionary, the last token of the same text;
- keystroke savings: a suggestion that replaces exactly what was typed of the word by the word
  is taken (one key), else the word is typed to its end; the share of keys not typed;
- wrong autocorrections: before a space, a first suggestion flagged autocorrect that is not the
  word (it would replace a correct word, or part of the run, when the space is typed).

Each `--keylex` binary is measured on the same words, so an older build shows what changed.
"""
import argparse
import json
import os
import subprocess
import sys
import unicodedata

from marked import replace_part

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUNDLE = os.path.join(ROOT, "build", "th.klx")
TREEBANK = os.path.join(HERE, ".work", "UD_Thai-PUD", "th_pud-ud-test.conllu")


def is_thai_word(token):
    return bool(token) and all(0x0E01 <= ord(c) <= 0x0E4E for c in token) and unicodedata.category(token[0]) == "Lo"


def sentences(path, limit):
    """Each sentence as its tokens, each with whether a space follows it."""
    result, tokens = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line:
            if tokens:
                result.append(tokens)
            tokens = []
            if limit and len(result) >= limit:
                break
            continue
        fields = line.split("\t")
        if line.startswith("#") or "-" in fields[0] or "." in fields[0]:
            continue
        tokens.append((fields[1], "SpaceAfter=No" not in fields[9]))
    return result


def typing_steps(sentence):
    """For each Thai word: the text before it, the word, and whether a space follows it."""
    text = ""
    for token, space in sentence:
        if is_thai_word(token):
            yield text, token, space
        text += token + (" " if space else "")


def queries(words):
    """The texts asked for: each word's prefixes, one more key each, after the text before it."""
    for before, word, _ in words:
        for k in range(1, len(word) + 1):
            yield before + word[:k]


def keylex_answers(keylex, texts):
    out = subprocess.run([keylex, "suggest", BUNDLE, "--json", "--no-emoji"], input="\n".join(texts) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def measure(keylex, words, texts):
    answers = iter(keylex_answers(keylex, texts))
    pieces = keys = typed_keys = wrong = spaced = 0
    for before, word, space in words:
        done = None
        for k in range(1, len(word) + 1):
            shown = next(answers)
            # A build that does not print `typed` takes the whole run after the last space.
            run = (before + word[:k]).split(" ")[-1]
            typed = lambda s: s.get("typed", run)
            if done is None and any(typed(s) == word[:k] and s["text"] == word for s in shown):
                done = k + 1 if k < len(word) else k
            if k == len(word):
                pieces += bool(shown) and typed(shown[0]) == word
                if space:
                    spaced += 1
                    wrong += bool(shown) and shown[0]["isAutocorrect"] and not (typed(shown[0]) == word and shown[0]["text"] == word)
        keys += len(word)
        typed_keys += done or len(word)
    return pieces / len(words), 1 - typed_keys / keys, wrong, spaced


def newmm_pieces(words):
    from pythainlp.tokenize import word_tokenize
    right = sum(1 for before, word, _ in words if (word_tokenize((before + word).split(" ")[-1], engine="newmm") or [""])[-1] == word)
    return right / len(words)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--keylex", action="append",
                        help="a keylex binary, or NAME=PATH to name it in the table (repeatable; default .build/release/keylex)")
    parser.add_argument("--treebank", default=TREEBANK)
    parser.add_argument("--sentences", type=int, default=0, help="the first N sentences (0: all 1,000)")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    binaries = args.keylex or [os.path.join(ROOT, ".build", "release", "keylex")]
    words = [step for sentence in sentences(args.treebank, args.sentences) for step in typing_steps(sentence)]
    texts = list(queries(words))
    lines = [f"Command: `python3 Benchmarks/unspaced.py` ({len(words):,} Thai words of UD_Thai-PUD, th bundle).", "",
             "| segmenter | the word typed is the piece | keystroke savings | wrong autocorrections before a space |",
             "|---|---|---|---|"]
    for binary in binaries:
        label, _, path = binary.rpartition("=")
        piece, savings, wrong, spaced = measure(path, words, texts)
        name = f"Keylex ({label})" if label else "Keylex"
        lines.append(f"| {name} | {piece:.1%} | {savings:.1%} | {wrong} of {spaced} |")
    try:
        lines.append(f"| PyThaiNLP newmm (last token) | {newmm_pieces(words):.1%} | – | – |")
    except ImportError:
        print("pythainlp is not installed: no peer", file=sys.stderr)
    report = "\n".join(lines)
    print(report)
    if args.markdown:
        replace_part(args.markdown, "unspaced", report)


if __name__ == "__main__":
    main()
