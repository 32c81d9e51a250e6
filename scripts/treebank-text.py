#!/usr/bin/env python3
"""Takes the running text out of Universal Dependencies treebanks (CoNLL-U files) for the n-gram
models: each sentence's `# text =` line, a blank line after it (a sentence ends there, punctuated
or not), and a line of a single % between documents (`# newdoc`), as scripts/fortunes-text.py
writes fortunes. The annotations are not kept.

    scripts/treebank-text.py OUTPUT.txt FILE.conllu…

corpora/README.md names the treebanks shipped and how their parts are used (the training parts
for the shipped models, the test parts held out for the benchmarks).
"""
import sys


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
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    docs = documents(sys.argv[2:])
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        out.write("\n%\n".join("\n\n".join(doc) for doc in docs) + "\n")
    print(f"{sum(map(len, docs))} sentences in {len(docs)} documents")


if __name__ == "__main__":
    main()
