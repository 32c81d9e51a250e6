#!/usr/bin/env python3
"""Regenerate emoji/<locale>.tsv.gz, the emoji keywords of every language CLDR annotates, from
Debian's `unicode-cldr-core` (CLDR's annotations and derived annotations) and `unicode-data`
(Unicode's emoji-test.txt, for which sequences are emoji and in what order).

    apt-get install unicode-cldr-core unicode-data
    python3 scripts/make-emoji.py [--cldr DIR] [--emoji-test FILE] [--out emoji]

Each line of a file is `emoji<TAB>name<TAB>keyword|keyword|…<TAB>group/subgroup`: the
fully-qualified emoji, its short name (CLDR's text-to-speech name), its keywords, and Unicode's
group and subgroup of it (`Food & Drink/food-prepared`), in Unicode's emoji order (smileys first).
The derived annotations add the skin-tone and gender variants (`👍🏽`, `👩‍💻`). Only emoji are
kept (CLDR also annotates arrows and other symbols), and only languages with at least MIN_EMOJI
annotated emoji. Locale files inherit nothing: regional variants (en_AU, de_CH) are left out, and a
bundle of such a locale takes its language's file. See emoji/README.md.
"""
import argparse
import gzip
import os
import xml.etree.ElementTree as ElementTree

CLDR = "/usr/share/unicode/cldr/common"
EMOJI_TEST = "/usr/share/unicode/emoji/emoji-test.txt"
# Fewer annotated emoji than this: too little for a search box.
MIN_EMOJI = 1000
# CLDR's names of languages whose BCP 47 tags in this project differ.
TAGS = {"fil": "tl", "no": "nb"}


def emoji_order(path):
    """The fully-qualified emoji of emoji-test.txt, in order, with their group and subgroup
    (`Symbols/arrow`), keyed by their text without the variation selector U+FE0F (CLDR writes most
    of them without it)."""
    order, group, subgroup = {}, "", ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# group:"):
                group = line.split(":", 1)[1].strip()
            elif line.startswith("# subgroup:"):
                subgroup = line.split(":", 1)[1].strip()
            elif "; fully-qualified" in line:
                text = "".join(chr(int(cp, 16)) for cp in line.split(";")[0].split())
                order.setdefault(text.replace("\ufe0f", ""), (len(order), text, f"{group}/{subgroup}"))
    return order


def annotations(path):
    """cp → (name, keywords) of one CLDR annotations file."""
    found = {}
    if not os.path.exists(path):
        return found
    for element in ElementTree.parse(path).getroot().iter("annotation"):
        cp, text = element.get("cp"), (element.text or "").strip()
        if not cp or not text or text == "↑↑↑":
            continue
        name, keywords = found.get(cp, ("", []))
        if element.get("type") == "tts":
            name = text
        else:
            keywords = [k.strip() for k in text.split("|") if k.strip()]
        found[cp] = (name, keywords)
    return found


def rows(language, cldr, order):
    """The lines of one language's file, in emoji order."""
    entries = annotations(os.path.join(cldr, "annotations", language + ".xml"))
    entries.update(annotations(os.path.join(cldr, "annotationsDerived", language + ".xml")))
    kept = []
    for cp, (name, keywords) in entries.items():
        key = cp.replace("\ufe0f", "")
        if key in order and name and keywords:
            position, text, group = order[key]
            clean = [k.replace("\t", " ").replace("|", " ") for k in keywords]
            kept.append((position, f"{text}\t{name}\t{'|'.join(clean)}\t{group}\n"))
    return [line for _, line in sorted(kept)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cldr", default=CLDR)
    parser.add_argument("--emoji-test", default=EMOJI_TEST)
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "emoji"))
    args = parser.parse_args()
    order = emoji_order(args.emoji_test)
    os.makedirs(args.out, exist_ok=True)
    written = []
    for name in sorted(os.listdir(os.path.join(args.cldr, "annotations"))):
        language = name.removesuffix(".xml")
        if "_" in language or language == "root":
            continue
        lines = rows(language, args.cldr, order)
        if len(lines) < MIN_EMOJI:
            continue
        tag = TAGS.get(language, language)
        header = (f"# {tag}: emoji keywords from CLDR's annotations ({language}.xml, with annotationsDerived), "
                  "Debian's unicode-cldr-core; Unicode-DFS-2016 licence, see emoji/README.md.\n")
        data = (header + "".join(lines)).encode("utf-8")
        with open(os.path.join(args.out, tag + ".tsv.gz"), "wb") as out:
            out.write(gzip.compress(data, 9, mtime=0))
        written.append(f"{tag} {len(lines)}")
    print(f"{len(written)} languages: " + ", ".join(written))


if __name__ == "__main__":
    main()
