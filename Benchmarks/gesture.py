#!/usr/bin/env python3
"""Real human swipes: Keylex's gesture decoder on the development participants of How We Swipe
(Leiva et al., MobileHCI 2021), each swipe decoded with its own keyboard's geometry.

    swift build -c release && .build/release/keylex build
    # the data, as ../shared/gesture/README.md says (never committed: measuring only):
    #   python3 ../shared/gesture/make_dev.py SOMEWHERE/datasets/swipelogs Benchmarks/.work/gesture/dev.jsonl.gz
    apt-get install python3-numpy    # for the peers (Benchmarks/gesture_peers.py)
    python3 Benchmarks/gesture.py [--swipes Benchmarks/.work/gesture/dev.jsonl.gz] [--sample N] [--markdown docs/BENCHMARKS.md]

What it measures, for Keylex and, on the same swipes with the same word list, FlorisBoard's
classifier (ported for measuring) and a plain SHARK² decoder (Benchmarks/gesture_peers.py): top-1
and top-4 word accuracy over all swipes and over the swipes whose word is
in the en-US dictionary, without context and with the words of the prompt before the swiped one,
and the decoding time per swipe (p50, p99): Keylex's as `keylex swipe --timing` reports it (the
decoder alone, in Swift), the peers' in Python (numpy), so theirs says little of what a native port
would take. And what showing the word under the finger costs while it moves (`keylex swipe --live`:
decodings a swipe, time per decoding), and whether the final words stay those of the whole stroke.
"""
import argparse
import gzip
import json
import os
import subprocess
import sys
import time

import gesture_peers
from marked import replace_part

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
KEYLEX = os.path.join(ROOT, ".build", "release", "keylex")
BUNDLE = os.path.join(ROOT, "build", "en-US.klx")


def load_swipes(path, sample):
    """The swipes, or `sample` of them evenly spaced through the file (every participant's)."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        swipes = [json.loads(line) for line in f]
    if sample and sample < len(swipes):
        swipes = [swipes[i * len(swipes) // sample] for i in range(sample)]
    return swipes


def words_before(swipe):
    """The prompt's words before the swiped one (its first occurrence in the prompt)."""
    words = swipe["sentence"].split("_")
    index = words.index(swipe["word"]) if swipe["word"] in words else 0
    return " ".join(words[:index]) + " " if index else ""


def stroke(swipe, context):
    keys = [{"text": k["label"], "x": k["x"], "y": k["y"], "width": k["w"], "height": k["h"]}
            for k in swipe["keyboard"]["keys"] if k["label"]]
    line = {"points": swipe["points"], "keys": keys}
    if context:
        line["before"] = words_before(swipe)
    return json.dumps(line)


def keylex_words(swipes, context, n=4):
    """Keylex's words for each swipe, and each one's decoding time in seconds."""
    result = subprocess.run([KEYLEX, "swipe", BUNDLE, "-n", str(n), "--json", "--timing"],
                            input="\n".join(stroke(s, context) for s in swipes) + "\n",
                            capture_output=True, text=True, check=True)
    times = [int(line.split("\t")[1]) / 1e6 for line in result.stderr.splitlines() if line.startswith("timing\t")]
    return [json.loads(line) for line in result.stdout.splitlines()], times


def keylex_live(swipes):
    """Keylex's words for each swipe (with the words before) fed one point at a time (`--live`):
    the words, the words shown under the finger as they changed, and per swipe (decodings of the
    word under the finger, their total time and the longest one, in seconds)."""
    result = subprocess.run([KEYLEX, "swipe", BUNDLE, "-n", "4", "--json", "--timing", "--live"],
                            input="\n".join(stroke(s, True) for s in swipes) + "\n",
                            capture_output=True, text=True, check=True)
    stats = [(int(f[1]), int(f[2]) / 1e6, int(f[3]) / 1e6)
             for f in (line.split("\t") for line in result.stderr.splitlines()) if f[0] == "live"]
    return [json.loads(line) for line in result.stdout.splitlines()], stats


def live_report(swipes, answers):
    """A line on the word under the finger: its cost while the finger moves, and whether the
    final words are those of the whole stroke."""
    lives, stats = keylex_live(swipes)
    same_end = sum(live["words"] == a for live, a in zip(lives, answers))
    lifted = sum(bool(live["live"]) and bool(live["words"]) and live["live"][-1] == live["words"][0] for live in lives)
    decodings = sorted(d for d, _, _ in stats)
    per = sorted(total / d for d, total, _ in stats if d)
    longest = sorted(m for _, _, m in stats)
    return (f"- The word under the finger (`keylex swipe --live`: the points fed one at a time, the word asked for after each, "
            f"with the words before): decoded {decodings[len(decodings) // 2]} times a swipe at the median "
            f"({decodings[len(decodings) * 99 // 100]} at the 99th percentile), {1000 * per[len(per) // 2]:.2f} ms a decoding at the median, "
            f"the longest of a swipe {1000 * longest[len(longest) // 2]:.2f} ms at the median and {1000 * longest[len(longest) * 99 // 100]:.2f} ms at the 99th percentile; "
            f"the last word shown is the first of the final words for {lifted / len(lives):.1%} of the swipes; "
            f"the final words are those of the whole stroke decoded at once for {same_end / len(lives):.1%}.")


def timing(times):
    times = sorted(times)
    return f"{1000 * times[len(times) // 2]:.2f} / {1000 * times[len(times) * 99 // 100]:.2f}"


def peer_words(peer, swipes):
    answers, times = [], []
    for s in swipes:
        keyboard = gesture_peers.Keyboard(s["keyboard"]["keys"])
        start = time.perf_counter()
        answers.append(peer.decode(s["points"], keyboard))
        times.append(time.perf_counter() - start)
    return answers, times


def known(words):
    out = subprocess.run([KEYLEX, "query", BUNDLE], input="\n".join(words) + "\n", capture_output=True, text=True).stdout
    return {line.split("\t")[0] for line in out.splitlines() if not line.endswith("\t-")}


def same(answer, word):
    """The prompts are in lower case without apostrophes ("im", "whats"): so is the answer compared."""
    return answer.lower().replace("'", "").replace("’", "") == word


def accuracy(swipes, answers, subset):
    pairs = [(s["word"], a) for s, a in zip(swipes, answers) if subset(s)]
    top1 = sum(1 for w, a in pairs if a and same(a[0], w))
    top4 = sum(1 for w, a in pairs if any(same(x, w) for x in a[:4]))
    return top1 / max(1, len(pairs)), top4 / max(1, len(pairs)), len(pairs)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--swipes", default=os.path.join(HERE, ".work", "gesture", "dev.jsonl.gz"))
    parser.add_argument("--sample", type=int, default=2000,
                        help="decode this many swipes, evenly spaced (the Python peers take about 0.2 s a swipe); 0: all")
    parser.add_argument("--markdown")
    parser.add_argument("--misses", type=int, default=0)
    parser.add_argument("--keylex-only", action="store_true", help="skip the peers and the word under the finger (to try settings)")
    args = parser.parse_args()
    swipes = load_swipes(args.swipes, args.sample)
    dictionary = known(sorted({s["word"] for s in swipes}))
    lines = [f"Command: `python3 Benchmarks/gesture.py` ({len(swipes):,} swipes of How We Swipe's development "
             f"participants, en-US bundle; Leiva et al. 2021).", "",
             "| decoder | context | top-1 (in dictionary) | top-4 (in dictionary) | top-1 (all) | top-4 (all) | ms per swipe, p50 / p99 |",
             "|---|---|---|---|---|---|---|"]
    live = ""
    for context in (False, True):
        answers, times = keylex_words(swipes, context)
        if context and not args.keylex_only:
            live = live_report(swipes, answers)
        t1, t4, n = accuracy(swipes, answers, lambda s: s["word"] in dictionary)
        a1, a4, _ = accuracy(swipes, answers, lambda s: True)
        lines.append(f"| Keylex | {'words before' if context else 'none'} | {t1:.1%} | {t4:.1%} | {a1:.1%} | {a4:.1%} | "
                     f"{timing(times)} (Swift) |")
        if args.misses and context:
            for s, a in zip(swipes, answers):
                if s["word"] in dictionary and (not a or not same(a[0], s["word"])):
                    print(f"miss\t{s['word']}\t{a}", file=sys.stderr)
    if not args.keylex_only:
        words = gesture_peers.load_words()
        for peer in (gesture_peers.FlorisBoard(words), gesture_peers.Shark2(words)):
            answers, times = peer_words(peer, swipes)
            t1, t4, _ = accuracy(swipes, answers, lambda s: s["word"] in dictionary)
            a1, a4, _ = accuracy(swipes, answers, lambda s: True)
            lines.append(f"| {peer.name} | none | {t1:.1%} | {t4:.1%} | {a1:.1%} | {a4:.1%} | {timing(times)} (Python) |")
    lines += ["", f"- {n:,} of the swipes' words are in the dictionary."] + ([live] if live else [])
    report = "\n".join(lines)
    print(report)
    if args.markdown:
        replace_part(args.markdown, "gesture", report)


if __name__ == "__main__":
    main()
