#!/usr/bin/env python3
"""Print the coverage table of docs/COVERAGE.md: every layout locale, the corpus folder that serves
it (its own or its nearest parent's, as `keylex build` chooses), where that corpus's words come
from, the emoji file it takes, and the words and bytes of its bundle.

    keylex build && python3 scripts/coverage.py > table.md

Reads layouts/, corpora/, emoji/ and build/ of the working directory; `--keylex` names the binary
(default .build/release/keylex).
"""
import argparse
import importlib.util
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("make_corpora", os.path.join(HERE, "make-corpora.py"))
make_corpora = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_corpora)


def layout_locales(layouts):
    """The tags of the layout documents that are keyboards (not abstract bases like und-x-system)."""
    tags = []
    for name in sorted(os.listdir(layouts)):
        tag, ext = os.path.splitext(name)
        if ext not in (".xml", ".json"):
            continue
        with open(os.path.join(layouts, name), encoding="utf-8") as f:
            head = f.read(4000)
        if not re.search(r'"abstract": true|abstract="true"', head):
            tags.append(tag)
    return tags


def corpus_for(tag, folders):
    """The corpus folder of `tag`: its own, else its nearest parent's (de-CH → de)."""
    parts = tag.split("-")
    while parts:
        if "-".join(parts) in folders:
            return "-".join(parts)
        parts.pop()
    return None


# Corpus folders made from another by scripts/swiss-german.py.
RESPELT = {"de-CH": "`de/`'s, in Swiss spelling (ss for ß)"}


def source_of(folder, corpora):
    """Where a corpus folder's words come from, in a few words."""
    if folder in RESPELT:
        return RESPELT[folder]
    files = os.listdir(os.path.join(corpora, folder))
    added = "".join(f", and common words of `{f[:-len('.added.tsv')]}` it lacks" for f in sorted(files) if f.endswith(".added.tsv"))
    return list_source(folder, files) + added


def list_source(folder, files):
    """Where a corpus folder's word list comes from."""
    if any(f.endswith(".combined.gz") for f in files):
        return "AOSP"
    source = make_corpora.SOURCES.get(folder)
    if source is None:
        return "?"
    if source.wordfreq:
        checker = f", checked with `{source.package}`" if source.package else ""
        return f"wordfreq (`{source.wordfreq}`){checker}"
    if source.subtitles and source.speller:
        return f"`{source.package}`, expanded; OpenSubtitles' counts (FrequencyWords)"
    if source.subtitles:
        return f"OpenSubtitles' counts (FrequencyWords), checked with `{source.package}`"
    if source.treebank:
        return f"`{source.package}`, expanded; counts of its treebank's text"
    if source.unilex and source.speller:
        return f"`{source.package}`, expanded; Unicode's Unilex counts (`{source.unilex}`)"
    if source.unilex:
        return f"Unicode's Unilex counts (`{source.unilex}`)"
    if source.attested:
        return "corpus and Wikipedia words, checked with KurdishHunspell's Sorani dictionary; Wikipedia's counts"
    if source.texts:
        return f"words counted in `{source.texts}` (CC0), checked with the Imseɣti dictionary"
    model = source.keyman.split("/")[-1]
    if source.keyman and not source.speller:
        return f"Keyman's lexical model `{model}`"
    if source.keyman:
        return f"`{source.package}`, expanded; counts of Keyman's `{model}`"
    return f"`{source.package}`, expanded; no frequencies"


def count_files(folder, corpora):
    """The names of a corpus folder's count files."""
    return sorted(f[:-len(".counts.gz")] for f in os.listdir(os.path.join(corpora, folder)) if f.endswith(".counts.gz"))


def model_of(folder, corpora, modelled):
    """Where a corpus folder's n-gram model is counted from: its count files' names, or, as
    `keylex build` gives a folder without any, its nearest parent's among `modelled` (the folders
    with count files; en-GB: en's)."""
    parent = corpus_for(folder, modelled)
    names = ", ".join(f"`{name}`" for name in count_files(parent, corpora)) if parent else "–"
    return names if parent in (None, folder) else f"{names} (`{parent}/`)"


def bundle_words(keylex, path):
    out = subprocess.run([keylex, "inspect", path], capture_output=True, text=True, check=True).stdout
    match = re.search(r"^words:\s+(\d+)", out, re.M)
    return int(match.group(1)) if match else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keylex", default=".build/release/keylex")
    args = parser.parse_args()
    folders = {f for f in os.listdir("corpora") if os.path.isdir(os.path.join("corpora", f))}
    modelled = {f for f in folders if count_files(f, "corpora")}
    emoji = {f[:-len(".tsv.gz")] for f in os.listdir("emoji") if f.endswith(".tsv.gz")}
    print("| layout locale | corpus | source | words | next words | emoji | bundle bytes |")
    print("|---|---|---|--:|---|---|--:|")
    served = with_emoji = 0
    tags = layout_locales("layouts")
    for tag in tags:
        folder = corpus_for(tag, folders)
        path = os.path.join("build", tag + ".klx")
        words = bundle_words(args.keylex, path) if folder else 0
        emoji_tag = corpus_for(tag, emoji)
        served += folder is not None
        with_emoji += emoji_tag is not None
        cells = [tag, f"`{folder}/`" if folder else "–", source_of(folder, "corpora") if folder else "none",
                 f"{words:,}" if folder else "–", model_of(folder, "corpora", modelled) if folder else "–",
                 f"`{emoji_tag}`" if emoji_tag else "–", f"{os.path.getsize(path):,}"]
        print("| " + " | ".join(cells) + " |")
    print(f"\n{served} of {len(tags)} layout locales have a dictionary, {with_emoji} emoji.")


if __name__ == "__main__":
    main()
