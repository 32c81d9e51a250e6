#!/usr/bin/env python3
"""Writes corpora/de-CH/ from corpora/de/, and emoji/de-CH.tsv.gz from emoji/de.tsv.gz: the same
words, counts, n-grams and emoji keywords in Swiss Standard German spelling, which writes ss for ß
(`Strasse`, `grüssen`, `heisst`, `Fussball`). Words that become one (`Masse`, `Maße`) are one
entry: the higher frequency of AOSP's list and of the added words, the sum of the n-gram counts;
an emoji's keywords that become one are one keyword.

    python3 scripts/swiss-german.py

The output is deterministic: running it again on the same input gives the same bytes.
"""
import gzip
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def swiss(text):
    """`text` as Swiss Standard German spells it: ss for ß (SS for ẞ)."""
    return text.replace("ß", "ss").replace("ẞ", "SS")


def write_gzip(path, lines):
    with open(path, "wb") as out:
        out.write(gzip.compress("".join(line + "\n" for line in lines).encode("utf-8"), 9, mtime=0))


def highest(entries):
    """`entries` (respelt word, count, entry) as one entry a word, the one with the highest count,
    in the order the words first come."""
    best = {}
    for word, count, entry in entries:
        if word not in best or count > best[word][0]:
            best[word] = (count, entry)
    return [entry for _, entry in best.values()]


def word_list(source, target):
    """AOSP's list: its header with the Swiss locale, each word once with its highest frequency."""
    lines = gzip.open(source, "rt", encoding="utf-8").read().splitlines()
    header = lines[0].replace("locale=de,", "locale=de_CH,").replace("description=Deutsch,", "description=Deutsch (Schweiz),")
    fields = (dict(field.split("=", 1) for field in line.strip().split(",")) for line in lines[1:])
    entries = highest((swiss(f["word"]), int(f["f"]), dict(f, word=swiss(f["word"]))) for f in fields)
    write_gzip(target, [header] + [" " + ",".join(f"{k}={v}" for k, v in entry.items()) for entry in entries])
    return len(lines) - 1, len(entries)


def counts(source, target):
    """The n-gram counts, their words respelt, equal n-grams summed, in the order first met."""
    total = {}
    for line in gzip.open(source, "rt", encoding="utf-8").read().splitlines():
        ngram, count = line.rsplit("\t", 1)
        key = swiss(ngram)
        total[key] = total.get(key, 0) + int(count)
    write_gzip(target, [f"{ngram}\t{count}" for ngram, count in total.items()])
    return len(total)


def added_words(source, target):
    """The words added to AOSP's list (comment lines kept), each once with its highest count."""
    lines = open(source, encoding="utf-8").read().splitlines()
    comments = [line for line in lines if line.startswith("#")]
    rows = [[swiss(fields[0])] + fields[1:] for fields in (line.split("\t") for line in lines if not line.startswith("#"))]
    entries = highest((row[0], int(row[1]), row) for row in rows)
    comments.append("# Respelt with ss for ß by scripts/swiss-german.py (Swiss Standard German).")
    with open(target, "w", encoding="utf-8") as out:
        out.writelines(line + "\n" for line in comments + ["\t".join(row) for row in entries])
    return len(entries)


def emoji(source, target):
    """The emoji file: its header noting the respelling, each line's name and keywords respelt,
    keywords that become one kept once."""
    out, count = [], 0
    for line in gzip.open(source, "rt", encoding="utf-8").read().splitlines():
        if line.startswith("#") and line[1:2] not in ("\ufe0f", "\u20e3"):  # a comment, not the emoji #️⃣
            out.append(line.replace("# de:", "# de-CH:", 1) + " Respelt with ss for ß by scripts/swiss-german.py.")
            continue
        character, name, keywords, group = line.split("\t")
        words = list(dict.fromkeys(swiss(k) for k in keywords.split("|")))
        out.append("\t".join([character, swiss(name), "|".join(words), group]))
        count += 1
    write_gzip(target, out)
    return count


def main():
    source, target = os.path.join(ROOT, "corpora", "de"), os.path.join(ROOT, "corpora", "de-CH")
    os.makedirs(target, exist_ok=True)
    before, after = word_list(os.path.join(source, "de.combined.gz"), os.path.join(target, "de_CH.combined.gz"))
    ngrams = counts(os.path.join(source, "gsd.counts.gz"), os.path.join(target, "gsd.counts.gz"))
    added = added_words(os.path.join(source, "wordfreq.added.tsv"), os.path.join(target, "wordfreq.added.tsv"))
    print(f"{target}: {after:,} words (of {before:,}), {added:,} added words, {ngrams:,} n-grams")
    emojis = emoji(os.path.join(ROOT, "emoji", "de.tsv.gz"), os.path.join(ROOT, "emoji", "de-CH.tsv.gz"))
    print(f"emoji/de-CH.tsv.gz: {emojis:,} emoji")


if __name__ == "__main__":
    main()
