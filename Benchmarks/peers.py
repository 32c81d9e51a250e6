#!/usr/bin/env python3
"""Measures the Python peers on one key set, for run.py: prints one JSON object.

    peers.py KEYS MISSES OUTDIR

marisa-trie (Trie, and RecordTrie with a one-byte value), dawg2 (DAWG, and IntDAWG), and ducer
(the fst crate's Set and Map): file size, build time, open time, exact lookup time through Python
(hits and misses), and, for the ones that can enumerate a prefix, what a top-10 costs: enumerate
the prefix and select the ten best values (p50/p99 over every 1- and 2-letter prefix).
"""
import heapq
import json
import math
import mmap
import os
import sys
import time

import dawg
import ducer
import marisa_trie


def best_of(rounds, fn):
    best = math.inf
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def map_file(path):
    with open(path, "rb") as f:
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)


def classes(counts):
    positive = [c for c in counts if c > 0] or [1]
    low, high = min(positive), max(positive)
    span = math.log(high / low)
    return [255 if span == 0 else 1 + round(254 * math.log(max(c, low) / low) / span) for c in counts]


def main():
    keys_path, misses_path, out = sys.argv[1:4]
    words, counts = [], []
    for line in open(keys_path, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        if fields[0]:
            words.append(fields[0])
            counts.append(int(fields[1]) if len(fields) > 1 else 1)
    misses = [l.rstrip("\n") for l in open(misses_path, encoding="utf-8") if l.strip()]
    values = classes(counts)
    encoded = [w.encode("utf-8") for w in words]
    prefixes = sorted({w[:1] for w in words} | {w[:2] for w in words if len(w) > 1})
    result = {}

    def measure(name, build, save, load, contains):
        built = []
        result[name + "_build_s"] = best_of(3, lambda: built.append(build()))
        path = os.path.join(out, name)
        save(built[-1], path)
        result[name + "_bytes"] = os.path.getsize(path)
        opened = []
        result[name + "_open_us"] = best_of(21, lambda: opened.append(load(path))) * 1e6
        structure = opened[-1]
        assert all(contains(structure, w) for w in words[:1000])
        result[name + "_py_hit_ns"] = best_of(3, lambda: [contains(structure, w) for w in words]) / len(words) * 1e9
        result[name + "_py_miss_ns"] = best_of(3, lambda: [contains(structure, w) for w in misses]) / max(1, len(misses)) * 1e9
        return structure

    measure("marisa", lambda: marisa_trie.Trie(words), lambda t, p: t.save(p),
            lambda p: marisa_trie.Trie().mmap(p), lambda t, w: w in t)
    record = measure("marisa_record", lambda: marisa_trie.RecordTrie("<B", zip(words, ((v,) for v in values))),
                     lambda t, p: t.save(p), lambda p: marisa_trie.RecordTrie("<B").mmap(p), lambda t, w: w in t)
    measure("dawg", lambda: dawg.DAWG(words), lambda d, p: d.save(p), lambda p: dawg.DAWG().load(p), lambda d, w: w in d)
    measure("intdawg", lambda: dawg.IntDAWG(zip(words, values)), lambda d, p: d.save(p),
            lambda p: dawg.IntDAWG().load(p), lambda d, w: w in d)
    order = sorted(range(len(words)), key=lambda i: encoded[i])
    measure("ducer", lambda: ducer.Set.build(":memory:", (encoded[i] for i in order)),
            lambda s, p: open(p, "wb").write(bytes(s)), lambda p: ducer.Set(map_file(p)), lambda s, w: w.encode("utf-8") in s)
    measure("ducer_map", lambda: ducer.Map.build(":memory:", ((encoded[i], values[i]) for i in order)),
            lambda s, p: open(p, "wb").write(bytes(s)), lambda p: ducer.Map(map_file(p)), lambda m, w: w.encode("utf-8") in m)

    # What a top-10 costs marisa-trie through Python: enumerate the prefix, select the best ten.
    latencies = []
    for prefix in prefixes:
        latencies.append(best_of(3, lambda: heapq.nlargest(10, record.items(prefix), key=lambda kv: kv[1][0])) * 1e6)
    latencies.sort()
    result["marisa_record_topk_p50_us"] = latencies[len(latencies) // 2]
    result["marisa_record_topk_p99_us"] = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
