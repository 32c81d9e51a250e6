#!/usr/bin/env bash
# Copies AOSP LatinIME's combined word lists (gzip and all) into corpora/<locale>/, through
# scripts/clean-aosp.py: a list is copied byte for byte unless it has a word listed twice, spaces
# around a word, a soft hyphen in one or words of two scripts, which are mended (bg, el, en_AU, ka,
# ro, sr). keylex reads them as they are. Usage: scripts/import-aosp.sh [AOSP_FOLDER]
# (default: ../shared/corpus/dictionaries-aosp beside the repository). See corpora/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=${1:-../shared/corpus/dictionaries-aosp}
for file in "$source_dir"/*_wordlist.combined.gz; do
    name=$(basename "$file" _wordlist.combined.gz)
    # AOSP's names to BCP 47 tags: en_US → en-US, iw (the old code for Hebrew) → he.
    tag=${name/_/-}
    [ "$tag" = iw ] && tag=he
    mkdir -p "corpora/$tag"
    scripts/clean-aosp.py "$file" "corpora/$tag/$name.combined.gz"
done
cp "$source_dir/NOTICE" corpora/AOSP-NOTICE
echo "copied $(ls "$source_dir"/*_wordlist.combined.gz | wc -l) AOSP word lists into corpora/"
