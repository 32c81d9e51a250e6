#!/usr/bin/env python3
"""Keystroke savings of bundles as they are: the held-out test part of a treebank typed with each
bundle named, by the simulation of Benchmarks/keystrokes.py (three slots, a word tapped as soon as
it is offered), with the words each would replace on space.

    swift build -c release --product keylex && .build/release/keylex build
    python3 Benchmarks/shipped.py [--words 3000] [--treebank Benchmarks/.work/UD_English-EWT] [--markdown docs/BENCHMARKS.md] BUNDLE…

keystrokes.py trains Keylex and presage on the same text; this types with the shipped models
themselves, for the locales that share one: the English Web Treebank's test part (the default) is
held out from the English model every English bundle takes from corpora/en/, so build/en-GB.klx
typed with it against a copy of the en-GB bundle built before it had a model shows what the model
gives a British user. A bundle is named in the table by its path.
"""
import argparse
import os
import tempfile

import keystrokes
import ngram
from marked import replace_part


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundles", nargs="+")
    parser.add_argument("--words", type=int, default=3000, help="held-out words to type")
    parser.add_argument("--treebank", default=os.path.join(keystrokes.HERE, ".work", "UD_English-EWT"),
                        help="a clone of the treebank whose test part is typed")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        test = os.path.join(work, "test.txt")
        ngram.run(*keystrokes.treebank_table.text_command("en", test, [keystrokes.treebank_table.conllu(args.treebank, "test")]))
        steps = keystrokes.plan(test, args.words)
    texts = keystrokes.queries(steps)
    lines = [f"Command: `python3 Benchmarks/shipped.py --words {args.words} {' '.join(args.bundles)}`.", "",
             f"{sum(is_word for _, _, is_word in steps):,} held-out words of {os.path.basename(args.treebank)}'s test part, "
             f"{keystrokes.SLOTS} slots.", ""] + keystrokes.TABLE_HEAD
    notes = []
    for bundle in args.bundles:
        lines.append(keystrokes.table_row(f"`{bundle}`", steps, keystrokes.keylex(bundle, texts)))
        notes.append(keystrokes.replacements(f"`{bundle}`", bundle, steps))
        print(lines[-1], flush=True)
    report = "\n".join(lines + [""] + notes)
    print("\n".join(notes))
    if args.markdown:
        replace_part(args.markdown, "shipped", report)


if __name__ == "__main__":
    main()
