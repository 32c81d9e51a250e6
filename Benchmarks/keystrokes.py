#!/usr/bin/env python3
"""Keystroke savings: Keylex's suggestion bar against presage's, by the same typing simulation.

    swift build -c release --product keylex
    apt-get install fortunes fortunes-min fortunes-it fortunes-es fortunes-de fortunes-ru presage libpresage-dev   # Benchmarks/setup.sh
    python3 Benchmarks/keystrokes.py [--words 5000] [--language en|en-web|it|es|de|ru|LOCALE-ud|kab]… [--treebanks DIR] [--markdown docs/BENCHMARKS.md]

For each language, Debian's fortunes are split by scripts/fortunes-text.py (every tenth text held
out). en-web is everyday English instead: the held-out text is the English Web Treebank's test part
(a clone of UD_English-EWT in --treebanks, by default Benchmarks/.work), the training text that of
the shipped en-US model (every English fortune and the treebank's other parts), and a Keylex model
of the fortunes alone is measured too. LOCALE-ud (de-ud, fr-ud, …) is the same for a locale whose
shipped model is counted from a Universal Dependencies treebank (corpora/treebanks.tsv; its clone in
--treebanks): the held-out text is the treebank's test part, the training text the parts the shipped
model counts, and the locale's bundle without a model (as shipped before) is measured too; the
engines that learn as they type are left out there (the test parts are short texts by many
authors, where learning changed savings by half a point or less, and presage's user model aborted
on the Romanian one). kab is Kabyle: the training text is the CC0 texts its shipped list and model are
counted from (scripts/make-corpora.py; a clone of MohammedBelkacem/Kabyletexts in --treebanks), the
held-out text the first 10,000 lines of the Kabyle sentences of MohammedBelkacem/KabyleNLP's
`language-detection/kab.txt` (a clone there too), which those texts do not hold; the bundle without
a model is measured too, and, as for -ud, no engine learns as it types (the sentences are by many
authors; presage's user model aborted on them). Keylex compiles the shipped word list with an n-gram model counted from the training part (`keylex count`, `keylex dict --ngrams`) and answers as
a keyboard's suggestion bar does (`keylex suggest --session`: a word offered for the word being
typed is not offered again; the engine without it is measured too), its dictionary the word list
and every word of the training part that the list lacks (`--ngram-words 1`: presage learns every
word of its training text; the list alone is measured too); presage (Debian's `presage`,
through presage-driver/) answers with its shipped database, with a database built from the same
training part (`text2ngram`, orders 1 to 3), and with that database in its standard configuration
(its learning user model and recency predictor as well). The held-out part, which none of them was
trained on, is typed word by word: before each letter of a word (and right after the space before
it) three suggestions are asked for, and the word is tapped as soon as it is offered (one
keystroke, which inserts the word and a space); other tokens (numbers, punctuation) are typed in
full. An engine that learns as it types (Keylex's `--learn`, presage's user model) is also given
each text whole once it is typed, with a space after its last word, as an app learns the last word
of a message when it is sent. Reported, case-sensitive and ignoring case (presage suggests in lower
case): the keystroke savings rate (1 − keystrokes used / keystrokes of typing everything), the next
word in the first slot and among three before its first letter, and the word offered (among three,
then or earlier) by the time its first and its first two letters are typed (of the words that long
and more): a bar that does not offer a word again shows it once.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

from marked import replace_part
import misspellings
import ngram

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
import treebanks as treebank_table  # noqa: E402 (scripts/treebanks.py: corpora/treebanks.tsv)

# The least count at which a word of the training part that the word list lacks joins Keylex's
# dictionary (`keylex dict --ngram-words`): 1, as presage learns every word of its training text.
NGRAM_WORDS = 1

# The clones the Kabyle benchmark reads, in --treebanks.
KABYLE_CLONES = ("Kabyletexts", "KabyleNLP")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, ".work", "keystrokes")
# KEYLEX in the environment measures another binary (an earlier build, to compare in one run).
KEYLEX = os.environ.get("KEYLEX") or os.path.join(ROOT, ".build", "release", "keylex")
DRIVER = os.path.join(WORK, "presage-driver")
WORD = re.compile(r"^[^\W\d_]+(?:['’-][^\W\d_]+)*$")
SLOTS = 3


def build_driver():
    os.makedirs(WORK, exist_ok=True)
    subprocess.run(["g++", "-O2", "-o", DRIVER, os.path.join(HERE, "presage-driver", "main.cpp"), "-lpresage"], check=True)


def plan(test_path, limit):
    """The held-out text as (text before, token, is a word), up to `limit` words."""
    texts = [text.split() for text in open(test_path, encoding="utf-8").read().split("\n%\n")]
    return steps_of(texts, limit, lambda token: bool(WORD.match(token)))


def steps_of(texts, limit, is_word):
    """`texts` (each a list of tokens) as (text before, token, is a word), up to `limit` words."""
    steps, words = [], 0
    for tokens in texts:
        before = ""
        for token in tokens:
            word = is_word(token)
            steps.append((before, token, word))
            words += word
            before += token + " "
            if words >= limit:
                return steps
    return steps


def queries(steps):
    """Every text a simulation may ask about: before each letter of each word."""
    return [before + token[:k] for before, token, is_word in steps if is_word for k in range(len(token))]


def learning(answer, steps):
    """The answers to queries(steps) of an engine that learns as it types (`answer`: its answers to
    a list of texts): each text is also given whole once it is typed, with a space after its last
    word (its answers dropped), as an app learns the last word of a message when it is sent."""
    texts, kept = [], []
    for i, (before, token, is_word) in enumerate(steps):
        if is_word:
            texts += [before + token[:k] for k in range(len(token))]
            kept += [True] * len(token)
        if i + 1 == len(steps) or steps[i + 1][0] == "":
            texts.append(before + token + " ")
            kept.append(False)
    return [answers for answers, keep in zip(answer(texts), kept) if keep]


def read_blocks(output, count):
    blocks, block = [], []
    for line in output.split("\n")[:-1]:
        if line:
            block.append(line.split("\t")[0])
        else:
            blocks.append(block)
            block = []
    assert len(blocks) == count, (len(blocks), count)
    return blocks


def keylex(bundle, texts, *options, bar=True):
    """Keylex's bar (`--session`: the queries are one typing session, see SuggestionBar), or
    without `bar` the engine's suggestions for each text alone."""
    options = ("--session", *options) if bar else options
    return [[text for text, _ in items] for items in misspellings.keylex_suggest(texts, n=SLOTS, bundle=bundle, options=options)]


def presage(texts, *settings):
    with tempfile.TemporaryDirectory() as home:  # the user model starts empty
        env = dict(os.environ, HOME=home)
        out = subprocess.run([DRIVER, "/etc/presage.xml", f"Presage.Selector.SUGGESTIONS={SLOTS}", *settings],
                             input=("\n".join(texts) + "\n").encode(), capture_output=True, check=True, env=env).stdout
    # presage's shipped Italian and Spanish databases hold Latin-1 text; what it learns from UTF-8 is UTF-8.
    return read_blocks("".join(decoded(line) for line in out.splitlines(keepends=True)), len(texts))


def decoded(line):
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("latin-1")


def simulate(steps, answers, fold):
    """The figures of one engine from its answers to queries(steps), in that order."""
    same = (lambda a, b: a.lower() == b.lower()) if fold else (lambda a, b: a == b)
    used = total = words = top1 = top3 = 0
    after = {1: [0, 0], 2: [0, 0]}
    q = 0
    for before, token, is_word in steps:
        total += len(token) + 1
        if not is_word:
            used += len(token) + 1
            continue
        words += 1
        offered_at = None
        for k in range(len(token)):
            slots = answers[q + k]
            hit = any(same(s, token) for s in slots)
            if k == 0:
                top1 += bool(slots) and same(slots[0], token)
                top3 += hit
            if hit and offered_at is None:
                offered_at = k
            if k in after and len(token) > k:  # offered by then: a bar offers a word once in it
                after[k][0] += offered_at is not None
                after[k][1] += 1
        q += len(token)
        used += offered_at + 1 if offered_at is not None else len(token) + 1
    return {"ksr": 1 - used / total, "top1": top1 / words, "top3": top3 / words,
            "after1": after[1][0] / max(1, after[1][1]), "after2": after[2][0] / max(1, after[2][1]), "words": words}


TABLE_HEAD = ["| engine | keystroke savings | ignoring case | next word first | next word in 3 | offered by its 1st letter | by its 2nd |",
              "|---|---|---|---|---|---|---|"]


def table_row(name, steps, answers):
    """The table's row of an engine (`name`) from its answers to queries(steps)."""
    exact, folded = simulate(steps, answers, False), simulate(steps, answers, True)
    return (f"| {name} | {exact['ksr']:.1%} | {folded['ksr']:.1%} | {folded['top1']:.1%} | {folded['top3']:.1%} "
            f"| {folded['after1']:.1%} | {folded['after2']:.1%} |")


def replaced(bundle, steps):
    """The held-out words Keylex's autocorrect would replace when a space follows them, as
    (word, replacement) pairs: a correct word replaced costs the user keystrokes to undo."""
    words = [(before, token) for before, token, is_word in steps if is_word]
    answers = misspellings.keylex_suggest([before + token for before, token in words], n=1, bundle=bundle)
    return [(token, items[0][0]) for (_, token), items in zip(words, answers)
            if items and "autocorrect" in items[0][1] and items[0][0] != token]


def replacements(name, bundle, steps):
    """A line on the held-out words `bundle` replaces on space."""
    pairs = replaced(bundle, steps)
    words = sum(is_word for _, _, is_word in steps)
    shown = ", ".join(f"{a} → {b}" for a, b in pairs[:8])
    return f"- {name}: {len(pairs) / words:.2%} of the held-out words replaced on space ({len(pairs)}{': ' + shown if pairs else ''})."


def fortunes(language, work):
    """Debian's fortunes of `language`, split by scripts/fortunes-text.py: (training text, held-out
    text, what the held-out text is)."""
    ngram.run("python3", os.path.join(ROOT, "scripts", "fortunes-text.py"), work, language)
    return os.path.join(work, "train.txt"), os.path.join(work, "test.txt"), "held-out words of Debian's fortunes"


def web(work, treebanks):
    """Everyday English: the shipped en-US model's training text (every English fortune and the
    training and development parts of the English Web Treebank, corpora/en/ewt.counts.gz), and
    the treebank's test part, held out from it (web text people wrote: reviews, emails, answers,
    blogs). `treebanks` holds a clone of its repository (docs/BENCHMARKS.md)."""
    ngram.run("python3", os.path.join(ROOT, "scripts", "fortunes-text.py"), work, "en")
    train, test = os.path.join(work, "shipped.txt"), os.path.join(work, "web-test.txt")
    clone = os.path.join(treebanks, treebank_rows()["en"][0])
    ngram.run(*treebank_table.text_command(
        "en", os.path.join(work, "web-train.txt"), [treebank_table.conllu(clone, "train"), treebank_table.conllu(clone, "dev")]))
    ngram.run(*treebank_table.text_command("en", test, [treebank_table.conllu(clone, "test")]))
    with open(train, "w", encoding="utf-8") as out:
        out.write(open(os.path.join(work, "all.txt"), encoding="utf-8").read() + "%\n")
        out.write(open(os.path.join(work, "web-train.txt"), encoding="utf-8").read())
    return train, test, "held-out words of the English Web Treebank's test part"


def kabyle(work, clones):
    """Kabyle: the CC0 texts of MohammedBelkacem/Kabyletexts that the shipped list and model are
    counted from (make-corpora.py's `corpus_texts`), and, held out, the first 10,000 lines of the
    Kabyle sentences of MohammedBelkacem/KabyleNLP (`language-detection/kab.txt`), a text each."""
    spec = importlib.util.spec_from_file_location("make_corpora", os.path.join(ROOT, "scripts", "make-corpora.py"))
    make_corpora = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_corpora)
    texts, _ = make_corpora.corpus_texts(os.path.join(clones, KABYLE_CLONES[0]))
    train, test = os.path.join(work, "train.txt"), os.path.join(work, "test.txt")
    with open(train, "w", encoding="utf-8") as out:
        out.write("\n%\n".join(text.strip("\n") for text, _ in texts) + "\n")
    with open(os.path.join(clones, KABYLE_CLONES[1], "language-detection", "kab.txt"), encoding="utf-8") as f:
        lines = [line.strip() for line in f if line.strip()][:10_000]
    with open(test, "w", encoding="utf-8") as out:
        out.write("\n%\n".join(lines) + "\n")
    return train, test, "held-out words of the Kabyle sentences of KabyleNLP's language-detection/kab.txt"


def treebank_rows():
    """The treebanks the shipped models are counted from, by locale: (repository, parts counted)."""
    return {locale: (repository, parts) for locale, repository, _, parts, _, _ in treebank_table.rows()}


def treebank(locale, work, treebanks):
    """A locale's treebank (corpora/treebanks.tsv): the parts its shipped model counts, and its test part."""
    repository, parts = treebank_rows()[locale]
    clone = os.path.join(treebanks, repository)
    train, test = os.path.join(work, "train.txt"), os.path.join(work, "test.txt")
    ngram.run(*treebank_table.text_command(locale, train, [treebank_table.conllu(clone, part) for part in parts]))
    ngram.run(*treebank_table.text_command(locale, test, [treebank_table.conllu(clone, "test")]))
    return train, test, f"held-out words of {repository}'s test part"


def word_lists(name):
    """The shipped word lists of a benchmark language: those of its corpus folder."""
    if name.endswith("-ud"):
        return treebank_table.word_lists(name[:-3])
    if name == "kab":
        return treebank_table.word_lists("kab")
    return treebank_table.word_lists(os.path.dirname(ngram.WORDS[name.split("-")[0]]))


def measure(name, limit, treebanks):
    language = name[:-3] if name.endswith("-ud") else name.split("-")[0]
    work = os.path.join(WORK, name if name.endswith("-ud") else language)
    os.makedirs(work, exist_ok=True)
    train, test, what = (web(work, treebanks) if name == "en-web" else treebank(language, work, treebanks)
                         if name.endswith("-ud") else kabyle(work, treebanks) if name == "kab" else fortunes(language, work))
    counts, bundle, plain = os.path.join(work, "train.counts"), os.path.join(work, "keylex.klx"), os.path.join(work, "plain.klx")
    listed = os.path.join(work, "listed.klx")
    ngram.run(KEYLEX, "count", train, "-o", counts)
    ngram.run(KEYLEX, "dict", *word_lists(name), "--ngrams", counts, "--ngram-words", str(NGRAM_WORDS), "-o", bundle)
    ngram.run(KEYLEX, "dict", *word_lists(name), "--ngrams", counts, "-o", listed)
    ngram.run(KEYLEX, "dict", *word_lists(name), "-o", plain)
    database = os.path.join(work, "presage.db")
    if os.path.exists(database):
        os.remove(database)
    for order in (1, 2, 3):
        ngram.run("text2ngram", "-n", str(order), "-l", "-f", "sqlite", "-a", "-o", database, train)
    steps = plan(test, limit)
    texts = queries(steps)
    # Sentences by many authors, and a model the locale did not have: the bundle without it is
    # measured too, and no engine learns as it types.
    new_model = name.endswith("-ud") or name == "kab"
    smoothed = "Presage.Predictors.DefaultSmoothedNgramPredictor.DBFILENAME="
    shipped = f"/usr/share/presage/database_{language}.db"
    engines = {
        "Keylex (trained on the training part)": keylex(bundle, texts),
        "Keylex, trained, its word list alone (no word of the training part added)": keylex(listed, texts),
        "Keylex, trained, the engine alone (no bar: words offered earlier in the word offered again)": keylex(bundle, texts, bar=False),
        "Keylex, trained on the fortunes alone (the en-US model shipped before)":
            keylex(fortunes_bundle(work), texts) if name == "en-web" else None,
        "Keylex without a model (the bundle shipped before)": keylex(plain, texts) if new_model else None,
        "Keylex, trained, learning as it types (`--learn`)":
            None if new_model else learning(lambda t: keylex(bundle, t, "--learn"), steps),
        "presage, its shipped database": presage(texts, "Presage.PredictorRegistry.PREDICTORS=DefaultSmoothedNgramPredictor",
                                                 smoothed + shipped) if os.path.exists(shipped) else None,
        "presage, trained on the training part": presage(texts, "Presage.PredictorRegistry.PREDICTORS=DefaultSmoothedNgramPredictor",
                                                         smoothed + database),
        "presage, trained, with its user model and recency": None if new_model else learning(lambda t: presage(
            t, "Presage.PredictorRegistry.PREDICTORS=DefaultSmoothedNgramPredictor UserSmoothedNgramPredictor DefaultRecencyPredictor",
            smoothed + database), steps),
    }
    rows = []
    for engine, answers in engines.items():
        if answers is None:  # presage ships no database for the language; the other models are for en-web, -ud and kab;
            continue        # -ud and kab leave learning out (see the module's comment)
        rows.append(table_row(engine, steps, answers))
    words = simulate(steps, engines[next(iter(engines))], True)["words"]
    autocorrect = [replacements("Keylex, trained", bundle, steps)]
    if new_model:
        autocorrect.append(replacements("Keylex without a model", plain, steps))
    return [f"{name}: {words:,} {what}, {SLOTS} slots.", ""] + TABLE_HEAD + rows + [""] + autocorrect + [""]


def fortunes_bundle(work):
    """The en-US word list with a model of every English fortune alone."""
    counts, bundle = os.path.join(work, "fortunes.counts"), os.path.join(work, "fortunes.klx")
    ngram.run(KEYLEX, "count", os.path.join(work, "all.txt"), "-o", counts)
    ngram.run(KEYLEX, "dict", os.path.join(ROOT, "corpora", ngram.WORDS["en"]), "--ngrams", counts, "-o", bundle)
    return bundle


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--words", type=int, default=5000, help="held-out words to type per language")
    treebanked = [f"{locale}-ud" for locale in treebank_rows() if locale != "en"]
    parser.add_argument("--language", choices=sorted(ngram.WORDS) + ["en-web"] + treebanked + ["kab"], action="append",
                        help="en-web: everyday English (the English Web Treebank's test part) instead of fortunes; "
                             "LOCALE-ud: the test part of the treebank a locale's model is counted from; kab: Kabyle")
    parser.add_argument("--treebanks", default=os.path.join(HERE, ".work"),
                        help="the folder of the treebanks' clones (those corpora/treebanks.tsv names), and of Kabyle's")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    languages = args.language or ["en", "en-web", "it", "es", "de", "ru"] + treebanked + ["kab"]
    if "kab" in languages and not all(os.path.isdir(os.path.join(args.treebanks, c)) for c in KABYLE_CLONES):
        if args.language:
            parser.error(f"kab needs clones of {' and '.join(KABYLE_CLONES)} in {args.treebanks} (docs/BENCHMARKS.md)")
        print(f"kab left out: no clones of {' and '.join(KABYLE_CLONES)} in {args.treebanks} (docs/BENCHMARKS.md)")
        languages.remove("kab")
    for language in [name for name in languages if name == "en-web" or name.endswith("-ud")]:
        clone = os.path.join(args.treebanks, treebank_rows()["en" if language == "en-web" else language[:-3]][0])
        if os.path.isdir(clone) and any(f.endswith("-ud-test.conllu") for f in os.listdir(clone)):
            continue
        if args.language:
            parser.error(f"{language} needs a clone of its treebank in {clone} (docs/BENCHMARKS.md says where it is)")
        print(f"{language} left out: no treebank in {clone} (docs/BENCHMARKS.md)")
        languages.remove(language)
    build_driver()
    lines = [f"Command: `python3 Benchmarks/keystrokes.py --words {args.words}`.", ""]
    print("\n".join(lines), flush=True)
    for language in languages:
        table = measure(language, args.words, args.treebanks)
        print("\n".join(table), flush=True)  # as each language is done: a long run's finished tables survive a crash
        lines += table
    report = "\n".join(lines).rstrip()
    if args.markdown:
        replace_part(args.markdown, "keystrokes", report)


if __name__ == "__main__":
    main()
