#!/usr/bin/env bash
# Renders the layout preview of every shipped locale to PNG with headless Chromium, to look at the
# layouts as a person would. Nothing it writes is committed.
#
#     apt-get install chromium fonts-noto-core fonts-noto-color-emoji
#     scripts/preview-screenshots.sh [OUTPUT_DIR]      # default: .work/preview
#
# For each locale: OUTPUT_DIR/<locale>/index.html (keylex preview --locale) and OUTPUT_DIR/<locale>.png,
# a screenshot of the whole page.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.work/preview}"
swift build -c release --product keylex >/dev/null
mkdir -p "$out"
for file in layouts/*.xml layouts/*.json; do
    tag="$(basename "${file%.*}")"
    # Exit status 1 means the layout has errors: the page shows them, so look at it all the same.
    .build/release/keylex preview layouts --locale "$tag" -o "$out/$tag" >/dev/null || [ $? -eq 1 ]
    layers=$(ls "$out/$tag"/*.svg | wc -l)
    # Tall enough for the page: about 360 points a layer, with the heading.
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,$((layers * 360 + 300)) \
        --screenshot="$PWD/$out/$tag.png" "file://$PWD/$out/$tag/index.html" 2>/dev/null
done
ls "$out"/*.png
