#!/usr/bin/env bash
# Installs the peers the benchmark compares Keylex with, and the data it runs on:
# marisa-trie, dawg2 (dawgdic), ducer (fst) and wordfreq from PyPI; Debian's native marisa tools,
# the fst crate (librust-fst-dev, built offline through fst-driver/) and the Debian word lists;
# presage (keystrokes.py builds presage-driver/ against libpresage), hunspell (English, German, French,
# Spanish and Russian: rarewords.py; Russian with aspell's: russiantypos.py), aspell and PyThaiNLP (unspaced.py).
set -euo pipefail
cd "$(dirname "$0")"

apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    marisa librust-fst-dev cargo wamerican-huge wngerman wfrench wpolish fortunes fortunes-min fortunes-it fortunes-es fortunes-de fortunes-ru irstlm \
    presage libpresage-dev hunspell hunspell-en-us hunspell-de-de hunspell-fr hunspell-es hunspell-ru hunspell-it hunspell-pt-br hunspell-cs hunspell-pl aspell aspell-en aspell-ru >/dev/null
pip install -q marisa-trie==1.4.1 dawg2==0.13.3 ducer==1.2.0 wordfreq==3.1.1 pythainlp==5.4.0

# fst-driver builds against the crates Debian installed, with no network.
export CARGO_HOME="$PWD/.work/cargo-home"
mkdir -p "$CARGO_HOME"
cat > "$CARGO_HOME/config.toml" <<'TOML'
[source.crates-io]
replace-with = "debian"
[source.debian]
directory = "/usr/share/cargo/registry"
[net]
offline = true
TOML
cargo build --release --quiet --manifest-path fst-driver/Cargo.toml --target-dir .work/fst-target
(cd .. && swift build -c release --product keylex-bench >/dev/null)
echo "peers ready"
