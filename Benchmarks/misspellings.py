#!/usr/bin/env python3
"""Real misspellings: Keylex against hunspell, aspell, symspellpy and pyspellchecker, in one run.

    swift build -c release && .build/release/keylex build
    apt-get install hunspell hunspell-en-us aspell aspell-en fortunes
    python3 -m venv .venv-bench && .venv-bench/bin/pip install codespell symspellpy pyspellchecker
    .venv-bench/bin/python Benchmarks/misspellings.py [--pairs 3000] [--markdown docs/BENCHMARKS.md]

Data nobody here wrote:
- misspelling → correction pairs: codespell's dictionary (dictionary.txt, real misspellings found
  in source code and prose), keeping single-word pairs whose correction every corrector knows
  (Keylex's en-US dictionary, hunspell and aspell accept it, symspellpy's and pyspellchecker's
  lists hold it); a deterministic sample. The pairs are split in two halves by the CRC-32 of the
  misspelling: Keylex's autocorrect settings (margin 90, 25 more per letter below seven, lead 48)
  and the costs of a dropped letter and of a neighbouring key (0.7 each) were chosen on the even
  half; this benchmark reports the odd half only;
- running text: the English fortunes of Debian's `fortunes` package, for wrong replacements of
  correctly spelt words (words hunspell accepts) and for the keystroke savings rate;
- rare words: ranks 20,000–80,000 of wordfreq's English list (Benchmarks/wordfreq/en.tsv) that
  hunspell accepts and Keylex's dictionary lacks, typed mid-sentence.

The pairs never feed the shipped dictionaries. Every word is typed mid-sentence ("the " before it),
and answers are compared without regard to case.
"""
import argparse
import importlib.util
import json
import os
import random
import re
import subprocess
import sys
import time
import zlib

from marked import replace_part

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
KEYLEX = os.path.join(ROOT, ".build", "release", "keylex")
DRIVER = os.path.join(ROOT, ".build", "release", "keylex-suggest-bench")
BUNDLE = os.path.join(ROOT, "build", "en-US.klx")
WORK = os.path.join(HERE, ".work", "misspellings")
CONTEXT = "the "
WORD = re.compile(r"^[A-Za-z][a-z']*[a-z]$")


MARGIN = []


def keylex_suggest(texts, n=4, bundle=BUNDLE, options=()):
    """Keylex's suggestions for each text, as lists of (text, flags)."""
    out = subprocess.run([KEYLEX, "suggest", bundle, "-n", str(n), *options] + MARGIN, input="\n".join(texts) + "\n",
                         capture_output=True, text=True, check=True).stdout
    results, block = [], []
    for line in out.split("\n")[:-1]:
        if line:
            block.append(tuple(line.split("\t")))
        else:  # an empty line ends each text's suggestions
            results.append(block)
            block = []
    assert len(results) == len(texts), (len(results), len(texts))
    return results


def keylex_known(words, bundle=BUNDLE):
    """The words of `words` that `bundle` holds."""
    out = subprocess.run([KEYLEX, "query", bundle], input="\n".join(words) + "\n", capture_output=True, text=True).stdout
    return {line.split("\t")[0] for line in out.splitlines() if not line.endswith("\t-")}


def ispell_pipe(command, words):
    """hunspell/aspell in ispell pipe mode: for each word, None when accepted, else its suggestions."""
    out = subprocess.run(command, input="".join("^" + w + "\n" for w in words), capture_output=True, text=True).stdout
    results, current = [], []
    lines = out.splitlines()[1:]  # the version banner
    for line in lines:
        if line == "":
            results.append(current[0] if current else None)
            current = []
        elif line.startswith("*") or line.startswith("+") or line.startswith("-"):
            current.append(None)
        elif line.startswith("&"):
            current.append(line.split(": ", 1)[1].split(", "))
        elif line.startswith("#"):
            current.append([])
    return results


def hunspell(words):
    return ispell_pipe(["hunspell", "-d", "en_US", "-a"], words)


def hunspell_rejects(words, dictionary="en_US"):
    """The words hunspell's `dictionary` rejects (no suggestions computed: fast)."""
    out = subprocess.run(["hunspell", "-d", dictionary, "-l"], input="\n".join(words) + "\n", capture_output=True, text=True,
                         check=True).stdout
    return set(out.splitlines())


def aspell(words):
    return ispell_pipe(["aspell", "-a", "--lang=en_US", "--encoding=utf-8"], words)


def load_pairs():
    import codespell_lib
    path = os.path.join(os.path.dirname(codespell_lib.__file__), "data", "dictionary.txt")
    pairs = []
    for line in open(path, encoding="utf-8"):
        typo, _, rest = line.strip().partition("->")
        fixes = [f.strip() for f in rest.split(",") if f.strip()]
        if len(fixes) != 1 or not WORD.match(typo) or not WORD.match(fixes[0]) or typo.lower() == fixes[0].lower():
            continue
        pairs.append((typo, fixes[0]))
    return pairs


def held_out(pairs):
    """The half of the pairs that no setting was tuned on."""
    return [(t, f) for t, f in pairs if zlib.crc32(t.encode()) % 2 == 1]


def fortunes_text():
    """The English fortunes (of the packages fortunes and fortunes-min: fortunes-it and fortunes-es
    put links to theirs in the same folder), as scripts/fortunes-text.py picks them."""
    spec = importlib.util.spec_from_file_location("fortunes_text", os.path.join(ROOT, "scripts", "fortunes-text.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sentences = []
    files = module.fortune_files("en")
    for f in files:
        for fortune in open(f, encoding="utf-8", errors="replace").read().split("\n%\n"):
            text = " ".join(fortune.split())
            if text and text.isascii():
                sentences.append(text)
    return sentences


def symspell_peer():
    from symspellpy import SymSpell, Verbosity
    import importlib.resources
    sym = SymSpell(max_dictionary_edit_distance=2, prefix_length=7)
    path = importlib.resources.files("symspellpy") / "frequency_dictionary_en_82_765.txt"
    sym.load_dictionary(str(path), term_index=0, count_index=1)
    words = set(sym.words)
    return (lambda w: [s.term for s in sym.lookup(w, Verbosity.CLOSEST, max_edit_distance=2)][:3]), words


def pyspell_peer():
    from spellchecker import SpellChecker
    spell = SpellChecker(language="en")

    def suggest(w):
        candidates = spell.candidates(w) or set()
        return sorted(candidates, key=lambda c: (-spell.word_usage_frequency(c), c))[:3]
    return suggest, spell


def score(answers, pairs):
    top1 = sum(1 for a, (_, fix) in zip(answers, pairs) if a and a[0].lower() == fix.lower())
    top3 = sum(1 for a, (_, fix) in zip(answers, pairs) if fix.lower() in [x.lower() for x in a[:3]])
    return top1 / len(pairs), top3 / len(pairs)


def log(message, start=[time.time()]):
    print(f"[{time.time() - start[0]:.0f} s] {message}", file=sys.stderr)


def measure_pairs(pairs, peers=True):
    results = {}
    suggestions = keylex_suggest([CONTEXT + t for t, _ in pairs])
    answers, corrected, right = [], 0, 0
    for (typo, fix), items in zip(pairs, suggestions):
        answers.append([text for text, flags in items if text.lower() != typo.lower()][:3])
        auto = [text for text, flags in items if "autocorrect" in flags]
        if auto:
            corrected += 1
            right += auto[0].lower() == fix.lower()
    results["Keylex"] = score(answers, pairs) + (right / max(1, corrected), corrected / len(pairs))
    if not peers:
        return results
    for name, function in [("hunspell", hunspell), ("aspell", aspell)]:
        found = function([t for t, _ in pairs])
        results[name] = score([f or [] for f in found], pairs)
        log(name)
    for name, make in [("symspellpy", symspell_peer), ("pyspellchecker", pyspell_peer)]:
        suggest, _ = make()
        results[name] = score([suggest(t.lower()) for t, _ in pairs], pairs)
        log(name)
    return results


def wrong_replacements(sentences, rng, count):
    """Correctly spelt words of running text (hunspell accepts them) that Keylex replaces on space."""
    queries, words = [], []
    for sentence in sentences:
        tokens = sentence.split(" ")
        for i, token in enumerate(tokens):
            word = token.strip("\"'()[]{},.;:!?-*_")
            if WORD.match(word) and token.startswith(word):
                queries.append(" ".join(tokens[:i] + [word]))
                words.append(word)
    picked = sorted(rng.sample(range(len(queries)), min(count, len(queries))))
    queries, words = [queries[i] for i in picked], [words[i] for i in picked]
    rejects = hunspell_rejects(words)
    keep = [i for i, w in enumerate(words) if w not in rejects]
    suggestions = keylex_suggest([queries[i] for i in keep])
    wrong = [(words[i], s[0][0]) for i, s in zip(keep, suggestions)
             if s and "autocorrect" in s[0][1] and s[0][0].lower() != words[i].lower()]
    return len(keep), wrong


def rare_words(rng, count):
    rows = [line.split("\t")[0] for line in open(os.path.join(HERE, "wordfreq", "en.tsv"), encoding="utf-8")
            if not line.startswith("#")]
    band = [w for w in rows[20000:80000] if re.match(r"^[a-z]{3,}$", w)]
    known = keylex_known(band)
    unknown = [w for w in band if w not in known]
    rejects = hunspell_rejects(unknown)
    words = [w for w in unknown if w not in rejects]
    words = sorted(rng.sample(words, min(count, len(words))))
    suggestions = keylex_suggest([CONTEXT + w for w in words])
    replaced = [(w, s[0][0]) for w, s in zip(words, suggestions) if s and "autocorrect" in s[0][1] and s[0][0].lower() != w]
    return len(words), replaced


def keystroke_savings(sentences, rng, count):
    """1 - keystrokes / characters, typing words letter by letter and tapping a suggestion (one
    keystroke, which inserts the word and a space) as soon as one of the three is the word."""
    text = []
    for sentence in rng.sample(sentences, len(sentences)):
        text += [t for t in sentence.split(" ") if t]
        if len(text) >= count:
            break
    queries, plan = [], []
    for i, token in enumerate(text):
        before = " ".join(text[:i]) + (" " if i else "")
        for k in range(1, len(token) + 1):
            queries.append(before + token[:k])
        plan.append(token)
    suggestions = keylex_suggest(queries, n=3)
    q = 0
    characters = keystrokes = 0
    for token in plan:
        characters += len(token) + 1
        typed = None
        for k in range(1, len(token) + 1):
            items = suggestions[q + k - 1]
            if typed is None and any(text == token for text, _ in items):
                typed = k + 1
        q += len(token)
        keystrokes += typed if typed is not None else len(token) + 1
    return 1 - keystrokes / characters, len(plan)


def latency(pairs, bundle=BUNDLE):
    os.makedirs(WORK, exist_ok=True)
    typos = os.path.join(WORK, "typos.tsv")
    with open(typos, "w") as f:
        f.writelines(f"{t}\t{c}\n" for t, c in pairs)
    for name in ["correct.txt", "prefixes.txt"]:
        with open(os.path.join(WORK, name), "w") as f:
            f.writelines(f"{c}\n" for _, c in pairs[:500])
    env = dict(os.environ, KEYLEX_MEMORY_CALLS="1000")
    out = subprocess.run([DRIVER, bundle, bundle, typos, os.path.join(WORK, "correct.txt"), os.path.join(WORK, "prefixes.txt")],
                         capture_output=True, text=True, check=True, env=env).stdout
    return json.loads(out)


def latency_large(rng):
    """Suggestion latency on the largest layout locale dictionary, de-DE (205,888 words): German
    words of wordfreq's list with one letter dropped or two swapped (for timing only)."""
    words = [line.split("\t")[0] for line in open(os.path.join(HERE, "wordfreq", "de.tsv"), encoding="utf-8")
             if not line.startswith("#")][:50000]
    words = rng.sample([w for w in words if len(w) >= 4], 2000)
    typos = []
    for i, w in enumerate(words):
        k = rng.randrange(1, len(w) - 1)
        typos.append((w[:k] + w[k + 1:] if i % 2 else w[:k] + w[k + 1] + w[k] + w[k + 2:], w))
    bundle = os.path.join(ROOT, "build", "de-DE.klx")
    return latency(typos, bundle), os.path.getsize(bundle)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=3000)
    parser.add_argument("--words", type=int, default=5000, help="running-text words checked for wrong replacements")
    parser.add_argument("--markdown")
    parser.add_argument("--keylex-only", action="store_true", help="skip the peers (to try settings)")
    parser.add_argument("--margin", help="Keylex's autocorrect margin (default: the engine's)")
    args = parser.parse_args()
    if args.margin:
        MARGIN[:] = ["--autocorrect-margin", args.margin]
    rng = random.Random(11)
    pairs = held_out(load_pairs())
    known = keylex_known([fix for _, fix in pairs])
    _, symspell_words = symspell_peer()
    _, pyspell = pyspell_peer()
    fixes = sorted({fix for _, fix in pairs if fix in known and fix.lower() in symspell_words and fix.lower() in pyspell})
    ok_h = set(fixes) - hunspell_rejects(fixes)
    out = subprocess.run(["aspell", "list", "--lang=en_US"], input="\n".join(fixes) + "\n", capture_output=True, text=True).stdout
    ok_a = set(fixes) - set(out.splitlines())
    pairs = [(t, f) for t, f in pairs if f in ok_h and f in ok_a]
    print(f"{len(pairs)} held-out codespell pairs whose correction every corrector knows", file=sys.stderr)
    pairs = sorted(rng.sample(pairs, min(args.pairs, len(pairs))))
    results = measure_pairs(pairs, peers=not args.keylex_only)
    log("pairs")
    sentences = fortunes_text()
    checked, wrong = wrong_replacements(sentences, rng, args.words)
    log("running text")
    rare, replaced = rare_words(rng, 1000)
    log("rare words")
    ksr, ksr_words = keystroke_savings(sentences, rng, 2000)
    log("keystroke savings")
    timing = latency(pairs)
    large, large_size = latency_large(rng)
    lines = [f"Command: `.venv-bench/bin/python Benchmarks/misspellings.py --pairs {args.pairs} --words {args.words}` "
             f"({len(pairs)} codespell pairs, en-US bundle, {os.path.getsize(BUNDLE):,} bytes).", "",
             "| corrector | top-1 | top-3 |", "|---|---|---|"]
    for name, r in results.items():
        lines.append(f"| {name} | {r[0]:.2%} | {r[1]:.2%} |")
    k = results["Keylex"]
    lines += ["",
              f"- Keylex autocorrect: precision {k[2]:.1%} (right replacements / all), applied to {k[3]:.1%} of the pairs.",
              f"- Correctly spelt words of running text (fortunes, {checked} words hunspell accepts) wrongly replaced: "
              f"{len(wrong) / max(1, checked):.2%} ({len(wrong)}).",
              f"- Rare correct words Keylex lacks (wordfreq ranks 20k–80k that hunspell accepts, {rare} words) replaced: "
              f"{len(replaced) / max(1, rare):.2%} ({len(replaced)}).",
              f"- Keystroke savings rate with three suggestions on fortunes ({ksr_words} words): {ksr:.1%}.",
              f"- Suggestion latency on the pairs (keylex-suggest-bench): p50 {timing['typoP50']:.0f} µs, p99 {timing['typoP99']:.0f} µs; "
              f"on de-DE (205,888 words, {large_size:,} bytes; German words with a letter dropped or two swapped, for timing only): "
              f"p50 {large['typoP50']:.0f} µs, p99 {large['typoP99']:.0f} µs."]
    if wrong:
        lines.append("- Wrong replacements, for example: " + ", ".join(f"{w} → {s}" for w, s in wrong[:8]) + ".")
    if replaced:
        lines.append("- Rare words replaced, for example: " + ", ".join(f"{w} → {s}" for w, s in replaced[:8]) + ".")
    report = "\n".join(lines)
    print(report)
    if args.markdown:
        replace_part(args.markdown, "misspellings", report)


if __name__ == "__main__":
    main()
