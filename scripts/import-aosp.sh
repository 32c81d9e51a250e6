#!/usr/bin/env bash
# Copies AOSP LatinIME's combined word lists (gzip and all) into corpora/<locale>/, through
# scripts/clean-aosp.py: a list is copied byte for byte unless it has a word listed twice, spaces
# around a word, a soft hyphen in one, words of two scripts or words that no key of the locale's
# layouts types, which are mended (see corpora/README.md). keylex reads them as they are.
# Usage: scripts/import-aosp.sh [AOSP_FOLDER] (default: ../shared/corpus/dictionaries-aosp beside
# the repository), after `swift build -c release --product keylex` (or with KEYLEX set to a keylex).
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=${1:-../shared/corpus/dictionaries-aosp}
untypable=$(mktemp)
trap 'rm -f "$untypable" "$untypable.err"' EXIT

# Copies every list, through clean-aosp.py with the arguments given after the source and output.
copy_lists() {
    for file in "$source_dir"/*_wordlist.combined.gz; do
        name=$(basename "$file" _wordlist.combined.gz)
        # AOSP's names to BCP 47 tags: en_US → en-US, iw (the old code for Hebrew) → he.
        tag=${name/_/-}
        [ "$tag" = iw ] && tag=he
        mkdir -p "corpora/$tag"
        scripts/clean-aosp.py "$file" "corpora/$tag/$name.combined.gz" "$@"
    done
}

copy_lists > /dev/null
# The words the layouts cannot type, by keylex's own rule, once the lists are in place; then again.
if ! "${KEYLEX:-.build/release/keylex}" validate --list-untypable > "$untypable" 2> "$untypable.err"; then
    cat "$untypable.err" >&2
    exit 1
fi
copy_lists "$untypable"
cp "$source_dir/NOTICE" corpora/AOSP-NOTICE
echo "copied $(ls "$source_dir"/*_wordlist.combined.gz | wc -l) AOSP word lists into corpora/"
