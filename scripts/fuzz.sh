#!/usr/bin/env bash
# libFuzzer targets (-sanitize=fuzzer,address) for what reads untrusted bytes.
#
#   scripts/fuzz.sh --list              the targets
#   scripts/fuzz.sh TARGET SECONDS      build TARGET and fuzz it that long (exits non-zero on a crash)
#   scripts/fuzz.sh --all SECONDS       every target, two at a time (what CI runs, briefly)
#
# Targets live in Fuzz/ (FuzzSupport.swift is compiled into each); seeds come from the real files
# of the repository (corpora, layouts, a compiled bundle) and are made in .build-fuzz/seeds/;
# findings go to .build-fuzz/crashes/TARGET/. Seeds are made with $KEYLEX, or a debug build of keylex.
# Every crash found becomes a regression test (Tests/).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/.build-fuzz
CLDR=Tests/KeylexCompilerTests/Fixtures/cldr-keyboards-49
AOSP=Tests/KeylexCompilerTests/Fixtures/aosp-latinime
TARGETS="bundle userwords layout corpus cldr aosp text stroke"
declare -A SOURCE=([bundle]=BundleQueries [userwords]=UserWords [layout]=LayoutSources [corpus]=CorpusReaders [cldr]=CLDRKeyboards [aosp]=LatinIMEKeyboards [text]=TypedText [stroke]=Strokes)
FLAGS=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name keylex)  # one package: the compiler sees the runtime's package declarations

libraries() {  # KeylexRuntime and KeylexCompiler as static libraries built for fuzzing
    mkdir -p "$OUT/lib"
    local runtime compiler  # every source file, in folders at any depth (Importers/CLDR/…)
    mapfile -t runtime < <(find Sources/KeylexRuntime -name '*.swift' | sort)
    mapfile -t compiler < <(find Sources/KeylexCompiler -name '*.swift' | sort)
    if [ ! -f "$OUT/lib/libKeylexRuntime.a" ] || [ -n "$(find Sources/KeylexRuntime -newer "$OUT/lib/libKeylexRuntime.a" -name '*.swift')" ]; then
        swiftc "${FLAGS[@]}" -emit-module -emit-library -static -module-name KeylexRuntime "${runtime[@]}" \
            -emit-module-path "$OUT/lib/KeylexRuntime.swiftmodule" -o "$OUT/lib/libKeylexRuntime.a"
    fi
    if [ ! -f "$OUT/lib/libKeylexCompiler.a" ] || [ -n "$(find Sources/KeylexCompiler Sources/KeylexRuntime -newer "$OUT/lib/libKeylexCompiler.a" -name '*.swift')" ]; then
        swiftc "${FLAGS[@]}" -emit-module -emit-library -static -module-name KeylexCompiler -I "$OUT/lib" \
            -I Sources/CLibXML2 -I Sources/CZlib -Xcc -I/usr/include/libxml2 "${compiler[@]}" \
            -emit-module-path "$OUT/lib/KeylexCompiler.swiftmodule" -o "$OUT/lib/libKeylexCompiler.a"
    fi
}

build() {  # the fuzzer binary of target $1
    libraries
    swiftc "${FLAGS[@]}" -module-name "Fuzz_$1" -I "$OUT/lib" -I Sources/CLibXML2 -I Sources/CZlib -Xcc -I/usr/include/libxml2 \
        "Fuzz/${SOURCE[$1]}.swift" Fuzz/FuzzSupport.swift -L "$OUT/lib" -lKeylexCompiler -lKeylexRuntime -lxml2 -lz -o "$OUT/fuzz-$1" 2>&1 \
        | { grep -v 'ld.gold: warning: Cannot export local symbol' || true; }
}

crc32c() {  # CRC32C of standard input, in hex (the user-words checksum)
    python3 -c 'import sys
t=[]
for i in range(256):
    c=i
    for _ in range(8): c=(c>>1)^0x82F63B78 if c&1 else c>>1
    t.append(c)
c=0xFFFFFFFF
for b in sys.stdin.buffer.read(): c=t[(c^b)&0xFF]^(c>>8)
print(format(c^0xFFFFFFFF,"x"))'
}

need_keylex() {  # the keylex that makes bundles for seeds: scripts/test gives the one it tested ($KEYLEX)
    if [ -z "${KEYLEX:-}" ]; then
        swift build --product keylex >/dev/null
        KEYLEX="$(swift build --show-bin-path)/keylex"
    fi
}

text_bundles() {  # the en-US and de-DE bundles the text and stroke targets load (kept: a build skips what has not changed)
    local sources=$OUT/text-sources
    rm -rf "$sources"; mkdir -p "$sources/layouts" "$sources/corpora"
    cp layouts/en-US.xml layouts/de-DE.json layouts/und-x-system.json "$sources/layouts/"
    cp -r corpora/en-US corpora/de "$sources/corpora/"; cp corpora/en/phonetic.rules "$sources/corpora/en-US/"
    need_keylex
    "$KEYLEX" build --layouts "$sources/layouts" --corpora "$sources/corpora" \
        --output "$OUT/text-bundles" --quiet 2>/dev/null
}

seeds() {  # real files for target $1 in $OUT/seeds/$1
    local dir=$OUT/seeds/$1
    rm -rf "$dir"; mkdir -p "$dir"
    case $1 in
    bundle)
        need_keylex
        head -n 400 Benchmarks/wordfreq/en.tsv | grep -v '^#' > "$dir/words.tsv"
        "$KEYLEX" dict "$dir/words.tsv" --format tsv -o "$dir/en.klx" >/dev/null
        "$KEYLEX" dict "$dir/words.tsv" --format tsv --phonetics corpora/en/phonetic.rules \
            -o "$dir/en-phonetic.klx" >/dev/null
        # A dictionary with a bitmap state: 30 first letters spread over an alphabet of 121.
        python3 -c 'for i in range(0x100, 0x178):
    print("x" + chr(i))
    if i % 4 == 0: print(chr(i)); print(chr(i) + "s")' > "$dir/bitmap.txt"
        "$KEYLEX" dict "$dir/bitmap.txt" -o "$dir/bitmap.klx" >/dev/null
        # A bundle with an n-gram model: the shipped counts of the seed's words.
        python3 -c 'import gzip, sys
words = {l.split("\t")[0] for l in open(sys.argv[1], encoding="utf-8")} | {"<s>"}
for line in gzip.open(sys.argv[2], "rt", encoding="utf-8"):
    if all(w in words or w.lower() in words for w in line.split("\t")[0].split(" ")): sys.stdout.write(line)' \
            "$dir/words.tsv" corpora/en/fortunes.counts.gz > "$dir/fortunes.counts"
        "$KEYLEX" dict "$dir/words.tsv" --format tsv --ngrams "$dir/fortunes.counts" --ngram-budget 16000 \
            -o "$dir/en-ngram.klx" >/dev/null
        "$KEYLEX" build --layouts layouts --corpora "" --output "$dir/layouts" --quiet >/dev/null 2>&1 || true
        { find "$dir/layouts" -name '*.klx' -size -40k 2>/dev/null || true; } | head -n 3 | xargs -r -I{} cp {} "$dir/"
        # Bundles with transforms, flicks and multi-tap keys: CLDR's test keyboards, imported.
        "$KEYLEX" import cldr "$CLDR/3.0/fr-t-k0-test.xml" "$CLDR/3.0/ja-Hira-t-k0-flicks.xml" \
            -o "$dir/imported" >/dev/null 2>&1 || true
        "$KEYLEX" build --layouts "$dir/imported" --corpora "" --output "$dir/cldr" --quiet >/dev/null 2>&1 || true
        cp "$dir"/cldr/*.klx "$dir/" 2>/dev/null || true
        # A small bundle with emoji: the first shipped English emoji (skin tones among them).
        mkdir -p "$dir/emoji-in/corpora/en" "$dir/emoji-in/emoji"
        head -n 50 "$dir/words.tsv" > "$dir/emoji-in/corpora/en/words.tsv"
        gzip -dc emoji/en.tsv.gz > "$dir/emoji-in/all.tsv"
        { head -n 60 "$dir/emoji-in/all.tsv"; grep -m 12 '👍\|pizza' "$dir/emoji-in/all.tsv"; } > "$dir/emoji-in/emoji/en.tsv"
        "$KEYLEX" build --layouts "" --corpora "$dir/emoji-in/corpora" --emoji "$dir/emoji-in/emoji" \
            --output "$dir/emoji-in/build" --quiet >/dev/null 2>&1 || true
        cp "$dir/emoji-in/build/en.klx" "$dir/en-emoji.klx" 2>/dev/null || true
        rm -rf "$dir/words.tsv" "$dir/bitmap.txt" "$dir/fortunes.counts" "$dir/layouts" "$dir/imported" "$dir/cldr" "$dir/emoji-in" ;;
    userwords)
        local text=$'keylex user dictionary 2\nlearned\tkeylex\t3\nignored\thelmet\nreplacement\tomw\tOn my way!\n'
        printf '%schecksum\t%s\n' "$text" "$(printf '%s' "$text" | crc32c)" > "$dir/user.txt"
        # Version 4: pairs, then change lines with their own checksums.
        text=$'keylex user dictionary 4\npair\tthank\tyou\t2\n'
        local change=$'learned\tkeylex\t1' unpair=$'unpaired\tthank\tyou'
        printf '%schecksum\t%s\nchange\t%s\t%s\nchange\t%s\t%s\n' "$text" "$(printf '%s' "$text" | crc32c)" \
            "$(printf '%s' "$change" | crc32c)" "$change" "$(printf '%s' "$unpair" | crc32c)" "$unpair" > "$dir/user4.txt" ;;
    layout)
        cp layouts/en-US.xml layouts/de-CH.json layouts/he.xml "$dir/" 2>/dev/null || cp $(ls layouts/*.xml | head -n 3) "$dir/"
        # The shared document as a locale of its own: a complete document with the shipped theme.
        python3 -c 'import json, sys
d = json.load(open("layouts/und-x-system.json", encoding="utf-8")); d.update(locale="en", abstract=False)
json.dump(d, open(sys.argv[1], "w", encoding="utf-8"), ensure_ascii=False)' "$dir/themed.json" ;;
    cldr)
        find "$CLDR/3.0" -name '*.xml' -size -40k -exec cp {} "$dir/" \;
        cp Tests/KeylexCompilerTests/Fixtures/kmc-ldml-fixtures/sections/tran/*.xml "$dir/" ;;
    aosp)  # LatinIME's keyboard files as seeds; the input replaces kbd_fuzz.xml, which one subtype uses
        find "$AOSP/res-xml" \( -name 'kbd_*.xml' -o -name 'rows_*.xml' \) -size -20k -exec cp {} "$dir/" \;
        # Every keyboard file stays for the input to include; only the tables the subtype (de) reads
        # stay, and the input is the layout set's only keyboard: no fixed work on each input.
        rm -rf "$OUT/aosp-folder"; cp -r "$AOSP" "$OUT/aosp-folder"
        local xml=$OUT/aosp-folder/res-xml
        rm "$xml"/keyboard_layout_set_*.xml
        find "$OUT/aosp-folder/more-keys" -type f ! -name 'values.*' ! -name 'values-de.*' -delete
        printf '<input-method xmlns:android="a"><subtype android:imeSubtypeLocale="de" android:imeSubtypeExtraValue="KeyboardLayoutSet=fuzz"/></input-method>\n' > "$xml/method.xml"
        printf '<KeyboardLayoutSet xmlns:latin="l"><Element latin:elementName="alphabet" latin:elementKeyboard="@xml/kbd_fuzz"/></KeyboardLayoutSet>\n' \
            > "$xml/keyboard_layout_set_fuzz.xml" ;;
    text)  # the bundles the target loads, and real text
        text_bundles
        local i=0 line
        for line in "so teh" "Hel" "strasse" "inturpratasion" "a pri" "qu'il" "the bisnes" "I want to " "Thank you. " "in the mor" \
                    "omw" "don't kno" "„Schöne Grüße“, sagte er. Straß" "see https://example.com/a?b=c and mail me@example.org tomo" \
                    "3 apples 🍎 and 2 pea" "ÉCOLE café NAÏVE résu" "Ελληνικά κείμενο" "Привет, как дел" "שלום עול" "こんにちは　世界　テキス"; do
            printf '%s' "$line" > "$dir/typed-$((i++))"
        done
        # Real phrases: trigrams of the shipped n-gram counts (English) and words of the word list
        # (German), each cut inside its last word, and a paragraph of them longer than a query reads.
        python3 -c 'import gzip, sys
out = sys.argv[1]
english = [l.split("\t")[0] for l in gzip.open("corpora/en/fortunes.counts.gz", "rt", encoding="utf-8")]
phrases = [p for p in english if "<s>" not in p and p.count(" ") == 2][::997][:40]
german = [l.split(",")[0][6:] for l in gzip.open("corpora/de/de.combined.gz", "rt", encoding="utf-8") if l.startswith(" word=")]
phrases += [" ".join(german[i:i + 6]) for i in range(0, 60 * 211, 6 * 211)]
for i, phrase in enumerate(phrases): open(f"{out}/phrase-{i}", "w", encoding="utf-8").write(phrase[:-1])
open(f"{out}/paragraph", "w", encoding="utf-8").write(" ".join(phrases))' "$dir" ;;
    stroke)  # the bundle the target loads, and strokes through the keys of real words, as Float32 x, y, t
        text_bundles
        python3 -c 'import struct, sys
row = {c: (r, i) for r, letters in enumerate(["qwertyuiop", "asdfghjkl", "zxcvbnm"]) for i, c in enumerate(letters)}
def centre(c):
    r, i = row[c]
    return (19.5 + 39 * i + (19.5 if r == 1 else 54.6 if r == 2 else 0), 27 + 54 * r)
for word in ["hello", "world", "the", "keyboard", "swipe", "question"]:
    points = []
    path = [centre(c) for c in word]
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        points += [(x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8 + 5) for k in range(8)]
    points.append((path[-1][0], path[-1][1] + 5))
    open(f"{sys.argv[1]}/{word}", "wb").write(b"".join(struct.pack("<fff", x, y, 8 * i) for i, (x, y) in enumerate(points)))' "$dir" ;;
    corpus)
        { head -n 200 Benchmarks/wordfreq/en.tsv || true; } > "$dir/en.tsv"
        { zcat corpora/fr/fr.combined.gz || true; } | head -n 120 > "$dir/fr.combined"
        gzip -c "$dir/fr.combined" > "$dir/fr.combined.gz"
        printf 'hello\nworld\nhello again\n' > "$dir/story.txt" ;;
    esac
}

fuzz() {  # fuzz the built target $1 for $2 seconds from its seeds
    mkdir -p "$OUT/corpus/$1" "$OUT/crashes/$1"
    local status=0
    SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$ROOT/scripts/lsan-suppressions.txt "$OUT/fuzz-$1" "$OUT/corpus/$1" "$OUT/seeds/$1" -max_total_time="$2" -timeout=10 \
        -rss_limit_mb=2048 -max_len=200000 -print_final_stats=1 -artifact_prefix="$OUT/crashes/$1/" > "$OUT/$1.log" 2>&1 || status=$?
    grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' "$OUT/$1.log" || true
    [ "$status" = 0 ] || echo "fuzz target $1 failed (exit $status): see $OUT/$1.log" >&2
    return "$status"
}

all() {  # every target for $1 seconds: all built and seeded first, then fuzzed two at a time (one a core)
    local t targets=($TARGETS) status=0 i j
    for t in "${targets[@]}"; do build "$t"; seeds "$t"; done
    for ((i = 0; i < ${#targets[@]}; i += 2)); do
        local pair=("${targets[@]:i:2}") pids=()
        for t in "${pair[@]}"; do fuzz "$t" "$1" > "$OUT/$t.summary" 2>&1 & pids+=($!); done
        for j in "${!pids[@]}"; do
            wait "${pids[$j]}" || status=1
            echo "== ${pair[$j]}"; cat "$OUT/${pair[$j]}.summary"
        done
    done
    return "$status"
}

case "${1:-}" in
--list) for t in $TARGETS; do echo "$t	Fuzz/${SOURCE[$t]}.swift"; done ;;
--all) all "${2:?seconds}" ;;
"" | -h | --help) sed -n '2,11p' "$0" ;;
*) [ -n "${SOURCE[$1]:-}" ] || { echo "unknown target '$1' (scripts/fuzz.sh --list)" >&2; exit 2; }
   build "$1"; seeds "$1"; fuzz "$1" "${2:?seconds}" ;;
esac
