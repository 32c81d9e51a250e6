#!/usr/bin/env python3
"""What a different encoding of the minimal automaton could weigh: the shape of a key set's DAWG,
and estimates of two encodings beside Keylex's file and marisa-trie's, for issue 15's size goal.

    python3 Benchmarks/run.py --only corpora/de ...     # first: keys and results.json
    python3 Benchmarks/shape.py corpora/de wordfreq-en-large ...

The automaton is rebuilt here, independently of Keylex's compiler, by the incremental construction
over sorted keys (Daciuk et al.): one state per right language. Its shape decides what any encoding
of it must hold: arcs (a label each, and whether a word ends on it), the states with several
parents (which an encoding has to name), and, for numbering words in lexicographic order as Keylex
does, each state's word count.

Two encodings are estimated, in bits, as lower bounds of their kind (no index, no alignment):
- "named": Keylex's kind of file with every cost at its zero-order entropy: per arc, its label and
  kind (final or not, last or not, how its target is reached), a pointer to every target but a
  single-parent last child (at the entropy of the pointers' targets), and the word count (LEB128)
  of every state a pointer names;
- "tree": marisa's kind: the automaton's spanning tree in LOUDS (2 bits a tree edge, no pointers),
  a pointer only for each extra parent of a shared state (at the entropy of the shared states'
  in-degrees), per arc its label and whether it ends a word and leads to a shared state (at their
  entropies), and the word counts (LEB128) a walk cannot derive from the parent's, for numbering
  words in order (the numbers a LOUDS tree gives its nodes are not in word order);
- "tree, bytes": that tree as one would build it: a label byte an arc (the 255 most used letters;
  the others an escape and two bytes more),
  LOUDS with a quarter more for its rank and select index, two flag bits an arc, pointers of
  log2(shared states) bits, the same counts.
"""
import json
import math
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
WORK = os.path.join(HERE, ".work")


def minimal_automaton(words):
    """States as tuples of arcs (label, final, target id); id 0 is the empty (stop) state."""
    register = {(): 0}
    states = [()]
    path = [[]]  # arcs of the states on the current word's path, still open
    previous = ""

    def freeze(depth):
        while len(path) - 1 > depth:
            arcs = tuple(path.pop())
            target = register.get(arcs)
            if target is None:
                target = register[arcs] = len(states)
                states.append(arcs)
            label, final, _ = path[-1][-1]
            path[-1][-1] = (label, final, target)

    for word in words:
        common = 0
        while common < min(len(word), len(previous)) and word[common] == previous[common]:
            common += 1
        freeze(common)
        for depth, letter in enumerate(word[common:], start=common):
            path[depth].append((letter, False, None))
            path.append([])
        label, _, target = path[len(word) - 1][-1]  # unique sorted words: always a new arc
        path[len(word) - 1][-1] = (label, True, target)
        previous = word
    freeze(0)
    states.append(tuple(path[0]))
    return states, len(states) - 1


def entropy(counter):
    total = sum(counter.values())
    return -sum(n / total * math.log2(n / total) for n in counter.values() if n)


def leb128_bytes(value):
    return max(1, (value.bit_length() + 6) // 7)


def shape(words):
    states, root = minimal_automaton(words)
    indegree = Counter(t for s in states for _, _, t in s if t)
    counts = [0] * len(states)
    for index in range(1, len(states)):  # targets are always created before their parents
        counts[index] = sum(int(f) + counts[t] for _, f, t in states[index])
    arcs = [(l, f, t, i == len(s) - 1) for s in states for i, (l, f, t) in enumerate(s)]
    labels = Counter(l for l, _, _, _ in arcs)
    shared = {s: n for s, n in indegree.items() if n > 1}
    # Keylex's kinds: stop (no target), next (last arc to a single-parent state), else a pointer.
    kinds = Counter((f, last, 0 if t == 0 else 1 if last and indegree[t] == 1 else 2) for _, f, t, last in arcs)
    targets = Counter(t for _, _, t, last in arcs if t and not (last and indegree[t] == 1))
    count_bytes = sum(leb128_bytes(counts[s]) for s in set(targets) | {root})
    named = len(arcs) * (entropy(labels) + entropy(kinds)) + sum(targets.values()) * entropy(targets) + 8 * count_bytes
    extra_parents = sum(n - 1 for n in shared.values())
    # A tree walk derives a last child's count from its parent's; the others' are stored.
    stored = {t for _, _, t, last in arcs if t and not last} | {root}
    tree_counts = sum(leb128_bytes(counts[s]) for s in stored)
    # Each arc: its label, and whether it ends a word and leads to a shared state already placed.
    flags = Counter((f, t in shared) for _, f, t, _ in arcs)
    tree = (2 * (len(arcs) - extra_parents) + len(arcs) * (entropy(labels) + entropy(flags))
            + extra_parents * entropy(shared) + 8 * tree_counts)
    # The same tree as one could build it: a label byte an arc (an escape and two bytes more for
    # letters past the 255 most used), LOUDS with a quarter more for its rank and select index, two
    # flag bits an arc, fixed-width pointers.
    rare = sum(n for _, n in labels.most_common()[255:])
    practical = (2.5 * (len(arcs) - extra_parents) + len(arcs) * (8 + 2) + 16 * rare
                 + extra_parents * math.ceil(math.log2(max(2, len(shared)))) + 8 * tree_counts)
    return {
        "practical_bytes": practical / 8,
        "states": len(states) - 1, "arcs": len(arcs), "shared": len(shared), "extra_parents": extra_parents,
        "label_bits": entropy(labels), "named_bytes": named / 8,
        "tree_bytes": tree / 8, "tree_bytes_no_counts": tree / 8 - tree_counts,
    }


def main():
    names = sys.argv[1:]
    if not names:
        sys.exit(__doc__)
    print("| corpus | words | states | arcs | shared states | extra parents | label bits | Keylex | marisa-trie | "
          "named, entropy | tree, entropy | tree, entropy, no counts | tree, bytes | tree, bytes / marisa |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        folder = os.path.join(WORK, name.replace("/", "-"))
        with open(os.path.join(folder, "keys.txt"), encoding="utf-8") as keys:
            words = [line.rstrip("\n").split("\t")[0] for line in keys]
        with open(os.path.join(folder, "results.json")) as results:
            measured = json.load(results)
        ours, marisa = measured["ours"]["bytes_plain"], measured["peers"]["marisa_bytes"]
        s = shape(words)
        print(f"| {name} | {len(words):,} | {s['states']:,} | {s['arcs']:,} | {s['shared']:,} | {s['extra_parents']:,} | "
              f"{s['label_bits']:.1f} | {ours:,} | {marisa:,} | {s['named_bytes']:,.0f} | {s['tree_bytes']:,.0f} | "
              f"{s['tree_bytes_no_counts']:,.0f} | {s['practical_bytes']:,.0f} | {s['practical_bytes'] / marisa:.2f}× |", flush=True)


if __name__ == "__main__":
    main()
