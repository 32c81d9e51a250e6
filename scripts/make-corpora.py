#!/usr/bin/env python3
"""Regenerate the corpora of the locales AOSP has no word list for, corpora/<locale>/words.*:
from wordfreq's word lists, cleaned, where wordfreq has the language, and otherwise from Debian's
spelling dictionary of the language with its affixes expanded (a word list without frequencies).

    apt-get install hunspell hunspell-tools aspell $(scripts/make-corpora.py --packages)
    python3 -m venv .venv-corpora && .venv-corpora/bin/pip install wordfreq==3.1.1
    swift build -c release --product keylex
    .venv-corpora/bin/python scripts/make-corpora.py [--words 100000] [--locales uk,ar,…]

Each corpus is written twice: the second time without the words that keylex's own check
(`keylex validate --list-untypable`) finds no keys for, so that the build does not warn of them
(`KEYLEX` names another keylex than .build/release/keylex).

From wordfreq it keeps, for each locale, the most frequent tokens that are words (letters of the
locale's script and marks, with an apostrophe, hyphen or zero-width (non-)joiner allowed inside),
that the shipped layouts of the locale can type, and that are not rare misspellings: where Debian
has a spelling dictionary for the language, a word it rejects is kept only when it is frequent (at
least one in a million words: names, loanwords). It writes them as a Keyman-style frequency list,
word<TAB>count, where count is the word's frequency per billion words (`words.tsv` for Ukrainian
and Arabic, gzip-compressed `words.tsv.gz` for the others).

From a spelling dictionary (hunspell's `unmunch`, aspell's `expand`) it keeps every form that is a
word of the script and that the layouts can type, sorted, one a line (`words.txt.gz`): these
languages have no frequency list here, so their words carry no counts; where Unicode's Unilex
counts the language (`--unilex`), or a treebank of corpora/treebanks.tsv (`--treebanks`), the forms
get those counts (`words.tsv.gz`: `speller_counts`).
See corpora/README.md.

Where wordfreq lacks the language and its spelling dictionary expands to too many forms to choose
among (Estonian, Basque, Galician), the words and counts come from Hermit Dave's FrequencyWords
lists of OpenSubtitles 2018 (`--frequency-words`: a clone of github.com/hermitdave/FrequencyWords).
Those are in lower case and hold slips, names and other languages' words: a word is kept only when
it was counted at least twice and the spelling dictionary accepts it as it is (names, which it
writes with a capital, are left out), with its frequency per billion words of the list.

`--locales en,de,fr,es,sv,ru,it,pt,cs,pl --flat --out Benchmarks/wordfreq --no-spellcheck` remakes the
benchmarks' lists (Benchmarks/wordfreq/<locale>.tsv), made by this script before the AOSP lists
replaced them as shipped corpora.
"""
import argparse
import collections
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from typing import Callable, Optional

import treebanks


# Uzbek's Latin alphabet for its Cyrillic one (the alphabet of 1995: oʻ and gʻ with U+02BB, the
# tutuq belgisi ʼ U+02BC for the hard sign). е, ё, ю, я, ц depend on their place (uzbek_latin).
UZBEK_LATIN = dict(zip("абвгджзийклмнопрстуфхчшъьэўқғҳ",
                       ["a", "b", "v", "g", "d", "j", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u", "f",
                        "x", "ch", "sh", "\u02bc", "", "e", "o\u02bb", "q", "g\u02bb", "h"]))
UZBEK_VOWELS = set("аеёиоуўэюя")


def uzbek_latin(word: str) -> str:
    """`word` in Uzbek's Latin alphabet: е is ye at the start of a word and after a vowel or a hard
    or soft sign, else e; ё, ю, я are yo, yu, ya; ц is ts after a vowel, else s. Capitals follow the
    word: a capital first letter (Шаҳар → Shahar), or all capitals (ЎЗБЕК → OʻZBEK)."""
    lower = word.lower()
    out = []
    for i, ch in enumerate(lower):
        before = lower[i - 1] if i else ""
        if ch == "е":
            out.append("ye" if not before or before in UZBEK_VOWELS or before in "ъь" else "e")
        elif ch in "ёюя":
            out.append("y" + {"ё": "o", "ю": "u", "я": "a"}[ch])
        elif ch == "ц":
            out.append("ts" if before in UZBEK_VOWELS else "s")
        else:
            out.append(UZBEK_LATIN.get(ch, ch))
    latin = "".join(out)
    if len(word) > 1 and word.isupper():
        return latin.upper()
    return latin[:1].upper() + latin[1:] if word[:1].isupper() else latin


# Malayalam's chillu letters, atomic since Unicode 5.1, for the sequence that wrote them before: the
# consonant, the virama and a zero-width joiner (ന്‍ → ൻ). The ml-IN layout types the atomic ones.
MALAYALAM_CHILLUS = {c + "\u0d4d\u200d": chillu for c, chillu in zip("ണനരലളക", "ൺൻർൽൾൿ")}


def malayalam_chillus(word: str) -> str:
    """`word` with its chillu letters written as the atomic letters (`MALAYALAM_CHILLUS`)."""
    for old, chillu in MALAYALAM_CHILLUS.items():
        word = word.replace(old, chillu)
    return word


@dataclass(frozen=True)
class Source:
    """Where one corpus folder's words come from: `wordfreq` (its language code) or, without it, a
    spelling dictionary to expand (`speller` is `hunspell:NAME` or `aspell:NAME`); `checker` is the
    hunspell dictionary that rejects rare misspellings of a wordfreq list (none where Debian has no
    dictionary); `script` is the Unicode script of the words; `package` is Debian's package;
    `transliterate` writes a dictionary's words in the layout's script (`uzbek_latin`) or letters
    (`malayalam_chillus`),
    `letters` are characters of no script that the words hold as letters, `subtitles` is the
    FrequencyWords list (under content/2018/) that gives words and counts instead of wordfreq (with
    `speller`, the counts of its forms), and
    `keyman` the folder of a Keyman lexical model (in keymanapp/lexical-models) whose word list,
    with counts, is taken as it is (or, with `speller`, gives the counts of the words it holds, and
    its words the spelling dictionary lacks); `attested` a list of words seen in corpora (no counts)
    in sinaahmadi/KurdishHunspell and `counted` a list of words with counts in 0xdolan/kww, whose
    words are kept where that repository's `checker` dictionary accepts them, or where it does not
    but both lists have them, frequent (see `sorani_rows`); `unilex` the language's frequency list
    in unicode-org/unilex (data/frequency/), words and counts where nothing else has the language
    (with `speller`, the counts of its forms, and the list's frequent words it lacks);
    `treebank`, with `speller`, counts the forms in the running text of the Universal Dependencies
    treebank parts corpora/treebanks.tsv names for the locale (a clone in `--treebanks`);
    `texts` a repository of plain texts whose words are counted and kept where the `checker`
    dictionary (a path in another repository) accepts them, or where it does not but they are
    frequent (see `counted_text_rows`); `words` the most words of a wordfreq list, where not `--words`."""
    script: str
    wordfreq: str = ""
    speller: str = ""
    checker: str = ""
    package: str = ""
    transliterate: Optional[Callable[[str], str]] = None
    letters: str = ""
    subtitles: str = ""
    keyman: str = ""
    attested: str = ""
    counted: str = ""
    unilex: str = ""
    treebank: bool = False
    texts: str = ""
    words: int = 0

    @property
    def counts_forms(self) -> bool:
        """Whether, with `speller`, some list or text gives the forms their counts (`speller_counts`)."""
        return bool(self.keyman or self.unilex or self.treebank or self.subtitles)


SOURCES = {
    # wordfreq's lists, with a hunspell (or aspell) dictionary against rare misspellings.
    # Ukrainian inflects as Russian does: its large list's 300,000 words hold the forms of its words.
    "uk": Source("CYRILLIC", wordfreq="uk", checker="hunspell:uk_UA", package="hunspell-uk", words=300_000),
    "ar": Source("ARABIC", wordfreq="ar", checker="hunspell:ar", package="hunspell-ar"),
    "bn": Source("BENGALI", wordfreq="bn", checker="hunspell:bn_BD", package="hunspell-bn"),
    "ca": Source("LATIN", wordfreq="ca", checker="hunspell:ca", package="hunspell-ca"),
    "fa": Source("ARABIC", wordfreq="fa", checker="hunspell:fa_IR", package="myspell-fa"),
    "hi": Source("DEVANAGARI", wordfreq="hi", checker="hunspell:hi_IN", package="hunspell-hi"),
    "id": Source("LATIN", wordfreq="id", checker="hunspell:id_ID", package="hunspell-id"),
    "is": Source("LATIN", wordfreq="is", checker="hunspell:is_IS", package="hunspell-is"),
    "mk": Source("CYRILLIC", wordfreq="mk"),
    "ms": Source("LATIN", wordfreq="ms"),
    "sk": Source("LATIN", wordfreq="sk", checker="hunspell:sk_SK", package="hunspell-sk"),
    "ta": Source("TAMIL", wordfreq="ta", checker="aspell:ta", package="aspell-ta"),
    "tl": Source("LATIN", wordfreq="fil", checker="hunspell:tl", package="myspell-tl"),
    "ur": Source("ARABIC", wordfreq="ur"),
    "vi": Source("LATIN", wordfreq="vi", checker="hunspell:vi_VN", package="hunspell-vi"),
    # OpenSubtitles' counts (FrequencyWords), every word checked by the spelling dictionary.
    "et": Source("LATIN", subtitles="et/et_50k.txt", checker="hunspell:et_EE", package="myspell-et"),
    "eu": Source("LATIN", subtitles="eu/eu_full.txt", checker="hunspell:eu", package="hunspell-eu"),
    "gl": Source("LATIN", subtitles="gl/gl_full.txt", checker="hunspell:gl_ES", package="hunspell-gl"),
    # Spelling dictionaries, expanded: no frequencies (kn, lo, mr), or the counts of FrequencyWords'
    # subtitles (eo, ml, te: `subtitle_counts`).
    "eo": Source("LATIN", speller="hunspell:eo", package="myspell-eo", subtitles="eo/eo_full.txt"),
    "kn": Source("KANNADA", speller="aspell:kn", package="aspell-kn"),
    "lo": Source("LAO", speller="hunspell:lo_LA", package="hunspell-lo"),
    "ml": Source("MALAYALAM", speller="hunspell:ml_IN", package="hunspell-ml", transliterate=malayalam_chillus,
                 subtitles="ml/ml_50k.txt"),
    "mr": Source("DEVANAGARI", speller="aspell:mr", package="aspell-mr"),
    "te": Source("TELUGU", speller="hunspell:te_IN", package="hunspell-te", subtitles="te/te_full.txt"),
    # Spelling dictionaries, expanded, with the counts of the running text of a treebank of the
    # language (Unilex has neither).
    "af": Source("LATIN", speller="hunspell:af_ZA", package="hunspell-af", treebank=True),
    "nn": Source("LATIN", speller="hunspell:nn_NO", package="myspell-nn", treebank=True),
    # Spelling dictionaries, expanded, with the counts of Unicode's Unilex list of the language (news
    # crawled from the web). Not used: the Unilex lists of kn, ml, te and uz, which count Bible text,
    # and Lao's, whose tokens are syllables in the spelling of before 1975.
    "be": Source("CYRILLIC", speller="hunspell:be_BY", package="hunspell-be", unilex="be"),
    "fo": Source("LATIN", speller="hunspell:fo", package="myspell-fo", unilex="fo"),
    "kk": Source("CYRILLIC", speller="hunspell:kk_KZ", package="hunspell-kk", unilex="kk"),
    "hy": Source("ARMENIAN", speller="aspell:hy", package="aspell-hy", unilex="hy"),
    "ku": Source("LATIN", speller="hunspell:kmr_Latn", package="hunspell-kmr", unilex="ku"),
    "sw": Source("LATIN", speller="hunspell:sw_TZ", package="hunspell-sw", unilex="sw"),
    # Thai: the counts of the Thai National Corpus's 5,000 most frequent words, as Keyman packs them.
    "th": Source("THAI", speller="hunspell:th_TH", package="hunspell-th", keyman="release/srla/srla.th.ct5k"),
    # Debian's Uzbek dictionary is in Cyrillic letters; the uz-UZ layout types the Latin alphabet.
    # A Keyman lexical model's word list with counts, where Debian and wordfreq have nothing.
    "km": Source("KHMER", keyman="release/sil/sil.km.ggc"),
    "uz": Source("LATIN", speller="hunspell:uz_UZ", package="hunspell-uz", transliterate=uzbek_latin, letters="\u02bb\u02bc"),
    # Sorani: words seen in three corpora and counted in Kurdish Wikipedia, checked by Sina Ahmadi's
    # Sorani spelling dictionary (Debian has none), with the counts of Wikipedia.
    "ckb": Source("ARABIC", attested="experiments/ALL_ckb_frequency_10_cleaned_sorted.txt", checker="hunspell:ckb/ckb-Arab",
                  counted="txt-files/word_and_freqs.txt"),
    # Unicode's Unilex counts of crawled text (news, mostly), where nothing else has the language.
    "az": Source("LATIN", unilex="az"),
    "ky": Source("CYRILLIC", unilex="ky"),
    # Kabyle: the words of Mohammed Belkacem's CC0 Kabyle texts (books, a magazine, news), checked by
    # the Imseɣti spelling dictionary (MIT), with their counts in those texts.
    "kab": Source("LATIN", texts="Kabyletexts", checker="hunspell:orthographica/firefox-thunderbird/kab"),
    # The benchmarks' lists (--flat --no-spellcheck).
    **{code: Source(script, wordfreq=code, checker="hunspell:" + checker) for code, script, checker in [
        ("en", "LATIN", "en_US"), ("de", "LATIN", "de_DE"), ("fr", "LATIN", "fr_FR"), ("es", "LATIN", "es_ES"),
        ("sv", "LATIN", "sv_SE"), ("ru", "CYRILLIC", "ru_RU"), ("it", "LATIN", "it_IT"), ("pt", "LATIN", "pt_BR"),
        ("cs", "LATIN", "cs_CZ"), ("pl", "LATIN", "pl_PL")]},
}
SHIPPED = [code for code, source in SOURCES.items() if source.package or source.keyman or source.attested or source.unilex or source.texts]
HUNSPELL_DIR = "/usr/share/hunspell"
# The keylex that checks and counts the corpora (`KEYLEX` names another).
KEYLEX = os.environ.get("KEYLEX", os.path.join(os.path.dirname(__file__), "..", ".build", "release", "keylex"))
# Below this many per billion words, a word the spell checker rejects is taken for a misspelling.
RARE = 1000
# Inside a word: apostrophes and hyphens, and the zero-width non-joiner and joiner that Persian and
# Indic spellings hold (a keyboard of those scripts has a key for them).
INNER = "'-’\u200c\u200d"


def rejected(words, checker):
    """The words that `checker` (`hunspell:NAME` or `aspell:NAME`) rejects."""
    tool, name = checker.split(":")
    command = ["hunspell", "-d", name, "-l"] if tool == "hunspell" else ["aspell", "-l", name, "list"]
    out = subprocess.run(command, input="\n".join(words) + "\n", capture_output=True, text=True, check=True).stdout
    return set(out.split("\n")) - {""}


def expanded(speller):
    """Every form of a spelling dictionary's words, its affixes expanded (hunspell's `unmunch`,
    aspell's `expand`), decoded from the dictionary's own character set."""
    tool, name = speller.split(":")
    if tool == "aspell":
        dump = subprocess.run(["aspell", "-l", name, "dump", "master"], capture_output=True, check=True).stdout
        out = subprocess.run(["aspell", "-l", name, "expand"], input=dump, capture_output=True, check=True).stdout
        return [w for line in out.decode("utf-8").split("\n") for w in line.split()]
    base = os.path.join(HUNSPELL_DIR, name)
    encoding = "utf-8"
    with open(base + ".aff", "rb") as aff:
        for line in aff:
            if line.startswith(b"SET "):
                encoding = line.split()[1].decode("ascii").replace("ISO8859", "ISO-8859")
                break
    out = subprocess.run(["unmunch", base + ".dic", base + ".aff"], capture_output=True, check=True).stdout
    return out.decode(encoding, errors="replace").split("\n")


def is_word(token: str, script: str, letters: str = "") -> bool:
    """Whether `token` is a word of `script`: its letters and marks (and `letters`), with INNER
    characters inside; it starts with a letter and ends with a letter or a mark (a vowel sign, a
    virama)."""
    last = token[-1:]
    if not token or not token[0].isalpha() or not (last.isalpha() or unicodedata.category(last).startswith("M")):
        return False
    for ch in token:
        if ch in INNER or ch in letters:
            continue
        if unicodedata.category(ch).startswith("M"):
            continue
        if not ch.isalpha() or not unicodedata.name(ch, "").startswith(script + " "):
            return False
    return True


def typable_characters(layouts: str, locale: str) -> set:
    """The characters the shipped layouts of `locale` and its sublocales (en-US, en-GB for en) can
    type, with their callouts and those of the layouts they extend, in both cases. Run
    scripts/make-layouts.py first."""
    chars = set()
    for name in sorted(os.listdir(layouts)):
        tag, ext = os.path.splitext(name)
        if ext in (".xml", ".json") and (tag == locale or tag.startswith(locale + "-")):
            for text in layout_texts(layouts, name):
                chars.update(text)
    return chars | {c.upper() for c in chars}


def layout_texts(layouts: str, name: str) -> list:
    """The texts that the keys and callouts of layout file `name` type, and of the one it extends."""
    path = os.path.join(layouts, name)
    texts = []
    if name.endswith(".xml"):
        root = ElementTree.parse(path).getroot()
        parent = root.get("extends")
        texts += [e.get("chars", "") for e in root.iter("row")] + [e.get("value", "") for e in root.iter("chars")]
        typing_keys = [e for e in root.iter("key") if e.get("action", "character") in ("character", "text")]
        texts += [e.get(attribute, "") for e in typing_keys for attribute in ("value", "callout")]
        texts += [e.get("variants", "") for e in root.iter("callout")]
    else:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        parent = doc.get("extends")
        for callout in doc.get("callouts", {}).get("keys", {}).values():
            texts.append(callout if isinstance(callout, str) else callout["variants"])
        for layout in doc.get("layouts", []):
            for layer in layout.get("layers", []):
                for row in layer.get("rows", []):
                    keys = row["keys"] if isinstance(row, dict) else row
                    for item in [keys] if isinstance(keys, str) else keys:
                        if isinstance(item, str):
                            texts.append(item)
                        elif item.get("action", "character") in ("character", "text"):
                            texts += [item.get("value", ""), item.get("shifted", ""), item.get("callout", "")]
    if parent:
        texts += layout_texts(layouts, next(f for f in os.listdir(layouts) if os.path.splitext(f)[0] == parent))
    return texts


def keylex_untypable(args) -> dict:
    """The words of the written corpora that keylex finds no keys for (a letter that only a
    multi-letter key types, as the ZWJ of bn-BD's `র‍্য`, is not typable alone), by corpus folder:
    `keylex validate --list-untypable`, the rule of the compiler's warning."""
    result = subprocess.run([KEYLEX, "validate", "--list-untypable", "--corpora", args.out, "--layouts", args.layouts],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"keylex validate failed ({result.returncode}):\n{result.stderr}")
    words = {}
    for line in result.stdout.splitlines():
        _, folder, word = line.split("\t")
        words.setdefault(os.path.basename(folder.rstrip("/")), set()).add(word)
    return words


def write_corpus(code, args, untypable=frozenset()):
    """Writes the corpus of `code` from its source, leaving out the words of `untypable` and those
    with a character its layouts do not have."""
    source = SOURCES[code]
    characters = typable_characters(args.layouts, code)
    typable = lambda word: set(word) <= characters and word not in untypable
    if source.speller:
        text, summary = speller_rows(code, source, args, typable)
        name = "words.tsv.gz" if source.counts_forms else "words.txt.gz"
        if not args.flat:
            write(os.path.join(args.out, code, "COPYRIGHT"), copyright_notice(source), False)
    elif source.attested:
        text, summary = sorani_rows(code, source, args, typable)
        name = "words.tsv.gz"
    else:
        rows = (wordfreq_rows if source.wordfreq else subtitle_rows if source.subtitles
                else unilex_rows if source.unilex else counted_text_rows if source.texts else keyman_rows)
        text, summary = rows(code, source, args, typable)
        name = "words.tsv" if code == "ar" else "words.tsv.gz"
    licence = licence_of(source, args)
    if licence and not args.flat:
        write(os.path.join(args.out, code, "LICENSE"), licence, False)
    path = os.path.join(args.out, code + ".tsv") if args.flat else os.path.join(args.out, code, name)
    write(path, text, path.endswith(".gz"))
    print(f"{code}: {summary}" + (f", {len(untypable)} words keylex cannot type left out" if untypable else ""), file=sys.stderr)


def licence_of(source, args):
    """The licence text a corpus folder keeps beside a list taken from a repository: Keyman's
    model's, Unilex's, or KurdishHunspell's and kww's one after the other; `None` for the others."""
    def read(path):
        with open(path, encoding="utf-8") as f:
            return f.read()
    if source.keyman:
        return keyman_file(args, source, "LICENSE.md")
    if source.unilex:
        return read(os.path.join(args.unilex, "LICENSE"))
    if source.texts:
        # The dictionary's rules begin with its notice in French, then in English, as comments.
        aff = read(os.path.join(args.kabyle_nlp, source.checker.split(":")[1] + ".aff")).replace("\r\n", "\n")
        notice = "# Copyright ©" + aff.split("\n# Copyright ©", 1)[1].split("\n\n", 1)[0]
        return ("== MohammedBelkacem/Kabyletexts: LICENSE ==\n\n" + read(os.path.join(args.kabyle_texts, "LICENSE")).strip()
                + "\n\n== MohammedBelkacem/KabyleNLP: " + source.checker.split(":")[1] + ".aff (MIT) ==\n\n"
                + "\n".join(line[2:] for line in notice.split("\n")).strip() + "\n")
    if source.attested:
        clones = [(args.kurdish_hunspell, "sinaahmadi/KurdishHunspell"), (args.kurdish_wikipedia_words, "0xdolan/kww")]
        return "".join(f"== {name}: LICENSE ==\n\n" + read(os.path.join(clone, "LICENSE")).strip() + "\n\n" for clone, name in clones)
    return None


def wordfreq_rows(code, source, args, typable):
    """The most frequent words of wordfreq's list for `code` (its "large" list where there is one),
    cleaned, with their frequencies per billion words; and how many rare misspellings were dropped."""
    import wordfreq
    size = "large" if source.wordfreq in wordfreq.available_languages("large") else "small"
    frequencies = wordfreq.get_frequency_dict(source.wordfreq, size)
    candidates, limit = [], source.words or args.words
    for token in wordfreq.iter_wordlist(source.wordfreq, size):
        word = unicodedata.normalize("NFC", token)
        count = round(frequencies[token] * 1e9)
        if count <= 0:
            break
        if is_word(word, source.script) and typable(word):
            candidates.append((word, count))
        if len(candidates) >= 2 * limit:
            break
    check = source.checker and not args.no_spellcheck
    bad = rejected([w for w, c in candidates if c < RARE], source.checker) if check else set()
    rows = [(w, c) for w, c in candidates if w not in bad][:limit]
    header = (f"# {code}: the {len(rows)} most frequent words of wordfreq 3.1.1 ('{size}' list)"
              + (", rare words {1} {0} rejects left out".format(*source.checker.split(":")) if check else "") + "\n"
              + "# count = frequency per billion words. Data: CC BY-SA 4.0, see corpora/README.md.\n")
    return header + "".join(f"{w}\t{c}\n" for w, c in rows), f"{len(rows)} words ({len(bad)} rare words rejected left out)"


def subtitle_list(source, args):
    """The (word, count) lines of the FrequencyWords list of `source.subtitles`, most frequent first."""
    path = os.path.join(args.frequency_words, "content", "2018", source.subtitles)
    # Lines are "word count"; a line of another shape is no word of the list.
    fields = (line.split() for line in open(path, encoding="utf-8"))
    return [(unicodedata.normalize("NFC", f[0]), int(f[1])) for f in fields if len(f) == 2 and f[1].isdigit()]


def subtitle_rows(code, source, args, typable):
    """The words of a FrequencyWords list counted twice or more that the spelling dictionary
    accepts as they are (in lower case), most frequent first, with their frequencies per billion
    words of the list; and what was left out."""
    counts = subtitle_list(source, args)
    total = sum(c for _, c in counts)
    candidates = [(w, c) for w, c in counts if c >= 2 and is_word(w, source.script) and typable(w)]
    rejects = rejected([w for w, _ in candidates], source.checker)
    rows = sorted(((w, c) for w, c in candidates if w not in rejects), key=lambda row: (-row[1], row[0]))[:args.words]
    header = (f"# {code}: the {len(rows)} words of FrequencyWords' OpenSubtitles 2018 list ({source.subtitles}, {total} words) "
              f"counted twice or more that {source.checker.split(':')[1]} accepts\n"
              "# count = frequency per billion words. Data: CC BY-SA 3.0, see corpora/README.md.\n")
    return (header + "".join(f"{w}\t{round(c * 1e9 / total)}\n" for w, c in rows),
            f"{len(rows)} words of {len(counts)} ({len(rejects)} the dictionary rejects left out)")


def sorani_rows(code, source, args, typable):
    """Sorani's words with counts: those of the corpora's list (`attested`, one a line, seen ten
    times or more) and of Kurdish Wikipedia's counts (`counted`, `word,count` lines) that the
    spelling dictionary accepts, or that it rejects but both lists have, frequent in Wikipedia (at
    least one in a million: `چونکە`, `دواتر`, which its rules do not make), and the dictionary's
    own words of one or two letters, which the corpora's list leaves out (`لە`, `بە`, `و`) but a
    verb's present stem (a word only with its affixes); most frequent first, with their frequency
    per billion words of Wikipedia's counts (1 for a word they do not count)."""
    with open(os.path.join(args.kurdish_hunspell, source.attested), encoding="utf-8") as f:
        listed = {unicodedata.normalize("NFC", line.strip()) for line in f}
    counts = {}
    with open(os.path.join(args.kurdish_wikipedia_words, source.counted), encoding="utf-8") as f:
        for word, _, count in (line.strip().rpartition(",") for line in f):
            if word and count.isdigit():
                counts[unicodedata.normalize("NFC", word)] = int(count)
    total = sum(counts.values())
    per_billion = {w: round(c * 1e9 / total) for w, c in counts.items()}
    candidates = sorted(w for w in listed | counts.keys() if is_word(w, source.script) and typable(w))
    dictionary = os.path.join(args.kurdish_hunspell, source.checker.split(":")[1])
    rejects = rejected(candidates, "hunspell:" + dictionary)
    kept = {w for w in candidates if w not in rejects or (w in listed and per_billion.get(w, 0) >= RARE)}
    kept |= {w for w in short_words(dictionary + ".dic") if is_word(w, source.script) and typable(w)}
    rows = sorted(kept, key=lambda w: (-per_billion.get(w, 1), w))
    header = (f"# {code}: {len(rows)} words of KurdishHunspell's corpus list ({source.attested}) and of Kurdish Wikipedia's "
              f"counts (0xdolan/kww, {source.counted}, {total} words) that {source.checker.split(':')[1]} accepts, or that both "
              "lists have, frequent; and the dictionary's words of one or two letters\n"
              "# count = frequency per billion words of Wikipedia's counts, 1 where they have none. Data: CC BY-SA 4.0, "
              "see corpora/README.md.\n")
    kept_rejects = sum(1 for w in rows if w in rejects)
    return (header + "".join(f"{w}\t{per_billion.get(w, 1)}\n" for w in rows),
            f"{len(rows)} words ({len(rejects)} of {len(candidates)} the dictionary rejects, {kept_rejects} of them kept)")


def short_words(dic):
    """The words of one or two letters of a hunspell `.dic` file (KurdishHunspell's, whose entries
    are tagged), but a verb's present stem, which is a word only with its affixes."""
    with open(dic, encoding="utf-8") as f:
        entries = [line.split() for line in f.read().splitlines()[1:]]
    return {unicodedata.normalize("NFC", e[0].split("/")[0]) for e in entries
            if e and len(e[0].split("/")[0]) <= 2 and not any("present_stem" in field for field in e)}


def lowered(word, code):
    """`word` in lower case, with the dotted and dotless I of Turkic alphabets (az: I is ı, İ is i)."""
    if code == "az":
        word = word.replace("I", "ı").replace("İ", "i")
    return word.lower()


def cased(forms, code):
    """The forms of one word in different case counted together (`forms`: (form, count) pairs),
    under its lower-case form where that is at least a quarter as frequent as the most frequent (a
    capital at a sentence's start), else under its most frequent form not all in capitals (`Bakı`
    for `Bakı` and `BAKI`, `Azərbaycan`): word -> count."""
    groups = {}
    for word, count in forms:
        groups.setdefault(lowered(word, code), []).append((word, count))
    counts = {}
    for lower, variants in groups.items():
        ranked = sorted(variants, key=lambda v: -v[1])
        capitals = [v for v in ranked if not (v[0].isupper() and len(v[0]) > 1)] or ranked
        word = lower if 4 * dict(variants).get(lower, 0) >= capitals[0][1] else capitals[0][0]
        counts[word] = counts.get(word, 0) + sum(c for _, c in variants)
    return counts


def unilex_counts(code, source, args, typable):
    """The words of Unilex's frequency list of the language (`Form<TAB>Frequency`, per billion
    tokens of a crawled corpus, forms counted at least a few times) that are words of the script
    and typable, forms in different case counted together (`cased`). Returns (word -> count, the
    number of forms, the corpus's tokens)."""
    path = os.path.join(args.unilex, "data", "frequency", source.unilex + ".txt")
    forms, corpus = [], 0
    for line in open(path, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        if line.startswith("# Corpus-Size:"):
            corpus = int(line.split(":")[1])
        elif len(fields) == 2 and fields[1].isdigit():
            forms.append((unicodedata.normalize("NFC", fields[0]), int(fields[1])))
    if source.transliterate:
        forms = [(source.transliterate(w), c) for w, c in forms]
    counts = {w: c for w, c in cased(forms, code).items() if is_word(w, source.script, source.letters) and typable(w)}
    return counts, forms, corpus


def unilex_rows(code, source, args, typable):
    """The words of Unilex's list (`unilex_counts`), most frequent first, at most `--words`; and
    what was left out."""
    counts, forms, corpus = unilex_counts(code, source, args, typable)
    rows = sorted(counts.items(), key=lambda row: (-row[1], row[0]))[:args.words]
    header = (f"# {code}: the {len(rows)} most frequent words of Unicode's Unilex list (unicode-org/unilex, "
              f"data/frequency/{source.unilex}.txt, a corpus of {corpus} tokens), forms in different case together\n"
              "# count = frequency per billion tokens. Data: Unicode License V3 (LICENSE), see corpora/README.md.\n")
    return (header + "".join(f"{w}\t{c}\n" for w, c in rows),
            f"{len(rows)} words of {len(forms)} forms ({len({lowered(w, code) for w, _ in forms})} in lower case)")


# Greek letters that Kabyle texts type for the Latin ones of its alphabet (ε for ɛ, γ for ɣ).
LOOKALIKES = str.maketrans({"ε": "ɛ", "γ": "ɣ", "Γ": "Ɣ", "’": "'"})
# A word of running text: letters, with apostrophes and hyphens inside (`d-yuɣal`, `deg-s`).
TEXT_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
# Where the texts' folders hold copies (`lm/`), scans too poor to count (`low quality/`), scripts
# and their output, Wikipedia's text (CC BY-SA, not CC0) and a help file.
UNCOUNTED = ("lm", "low quality", "process", "corpus-june-2020", "help.txt", "result.txt", "wiki_00.txt", "wiki_01.txt", "wiki_02.txt")


def corpus_texts(folder):
    """The `.txt` files under `folder` that are counted, each text once (whatever its name), NFC
    and the Greek look-alikes replaced, with their words, in a stable order; a file scanned with a
    legacy font (`$` for ɣ, `£` for Ɣ, more than one in 500 words) is left out. Returns
    ([(text, words)], names of the files left out)."""
    texts, seen, legacy = [], set(), []
    for directory, subdirectories, names in os.walk(folder):
        subdirectories[:] = sorted(d for d in subdirectories if d not in UNCOUNTED and not d.startswith("."))
        for name in sorted(n for n in names if n.endswith(".txt") and n not in UNCOUNTED):
            with open(os.path.join(directory, name), encoding="utf-8", errors="replace") as f:
                text = unicodedata.normalize("NFC", f.read()).translate(LOOKALIKES)
            if text in seen:
                continue
            seen.add(text)
            words = TEXT_WORD.findall(text)
            if text.count("$") + text.count("£") > len(words) / 500:
                legacy.append(name)
            else:
                texts.append((text, words))
    return texts, legacy


def text_forms(folder):
    """The words of `corpus_texts(folder)` with their counts and the number of texts that hold
    them. Returns (counts, files, texts counted, files left out)."""
    counts, files = {}, {}
    texts, legacy = corpus_texts(folder)
    for _, words in texts:
        for word in words:
            counts[word] = counts.get(word, 0) + 1
        for word in set(words):
            files[word] = files.get(word, 0) + 1
    return counts, files, len(texts), legacy


def write_text_counts(code, args):
    """The n-gram counts of the language's texts (`corpus_texts`), over the words of its list
    (`keylex count --vocabulary`), as `<code>/texts.counts.gz`: its next-word model."""
    texts, _ = corpus_texts(args.kabyle_texts)
    folder = os.path.join(args.out, code)
    with tempfile.TemporaryDirectory() as work:
        text, counts = os.path.join(work, "texts.txt"), os.path.join(work, "texts.counts")
        with open(text, "w", encoding="utf-8") as out:
            out.write("\n\n".join(t for t, _ in texts))
        vocabulary = [a for name in sorted(os.listdir(folder)) if name.startswith("words.") for a in ("--vocabulary", os.path.join(folder, name))]
        subprocess.run([KEYLEX, "count", text, "-o", counts] + vocabulary, check=True, capture_output=True)
        with open(counts, "rb") as f:
            write(os.path.join(folder, "texts.counts.gz"), f.read().decode("utf-8"), True)
    print(f"{code}: texts.counts.gz, the n-grams of {len(texts)} texts", file=sys.stderr)


def rejected_words(words, checker):
    """The words `checker` rejects, a word with hyphens or apostrophes when it rejects any of its
    parts (hunspell breaks words there and lists the parts)."""
    parts = rejected(words, checker)
    return {w for w in words if w in parts or any(p in parts for p in re.split("['-]", w))}


def counted_text_rows(code, source, args, typable):
    """The words of the language's texts (`text_forms`), forms in different case counted together
    (`cased`, in lower case where the spelling dictionary accepts that: `Acuɣer` at a question's
    start is `acuɣer`), kept where the dictionary accepts them, or where it rejects them but they
    were counted at least 20 times in at least 3 files (`syin`, `kraḍ`, `yakk`: forms its rules do
    not make, and names), as must words with an apostrophe (`m'ara`), which it checks part by part,
    and are then no French or English word (the texts quote both: `l'histoire`, `les`). Most
    frequent first, with their frequency per billion words."""
    counts, files, counted, legacy = text_forms(args.kabyle_texts)
    total = sum(counts.values())
    spread = {}
    for word, n in files.items():
        spread[lowered(word, code)] = max(spread.get(lowered(word, code), 0), n)
    checker = "hunspell:" + os.path.join(args.kabyle_nlp, source.checker.split(":")[1])
    words = {w: c for w, c in cased(counts.items(), code).items() if is_word(w, source.script) and typable(w)}
    capitalised = [w for w in words if w != lowered(w, code)]
    unknown = rejected_words([lowered(w, code) for w in capitalised], checker)
    for word in (w for w in capitalised if lowered(w, code) not in unknown):
        words[lowered(word, code)] = words.pop(word)
    rejects = rejected_words(sorted(words), checker)
    doubtful = rejects | {w for w in words if "'" in w}
    frequent = sorted(w for w in doubtful if words[w] >= 20 and spread[lowered(w, code)] >= 3 and len(w) > 1 and not w.isupper())
    foreign = set(frequent) - (rejected_words(frequent, "hunspell:fr_FR") & rejected_words(frequent, "hunspell:en_US"))
    kept = {w for w in words if w not in doubtful} | (set(frequent) - foreign)
    rows = sorted(((w, words[w]) for w in kept), key=lambda row: (-row[1], row[0]))
    header = (f"# {code}: {len(rows)} words of MohammedBelkacem/Kabyletexts ({counted} texts, {total} words counted) that "
              "the Imseɣti spelling dictionary (MohammedBelkacem/KabyleNLP, " + source.checker.split(":")[1]
              + ") accepts, or that it rejects but 20 times in 3 texts or more; no French or English word\n"
              "# count = frequency per billion words of those texts. Data: CC0 1.0 and MIT (LICENSE), see corpora/README.md.\n")
    return (header + "".join(f"{w}\t{round(c * 1e9 / total)}\n" for w, c in rows),
            f"{len(rows)} words ({len(rejects)} of {len(words)} the dictionary rejects; {len(set(frequent) - foreign)} frequent words it rejects "
            f"or with an apostrophe kept, "
            f"{len(foreign)} French or English left out; {len(legacy)} texts in a legacy font left out)")


def keyman_file(args, source, name):
    """The text of file `name` of the Keyman lexical model of `source`."""
    with open(os.path.join(args.lexical_models, source.keyman, name), encoding="utf-8-sig") as f:
        return f.read()


def keyman_counts(source, args, typable):
    """The words of a Keyman lexical model's word list (word<TAB>count, `#` comments) that are
    words of the script and typable, with their counts as the list gives them."""
    counts = {}
    for line in keyman_file(args, source, "source/wordlist.tsv").splitlines():
        fields = line.split("\t")
        if line.startswith("#") or len(fields) < 2 or not fields[1].strip().isdigit():
            continue
        word = unicodedata.normalize("NFC", fields[0].strip())
        if is_word(word, source.script) and typable(word):
            counts[word] = counts.get(word, 0) + int(fields[1])
    return counts


def keyman_rows(code, source, args, typable):
    """The words of a Keyman lexical model's word list (see `keyman_counts`), most frequent first."""
    rows = sorted(keyman_counts(source, args, typable).items(), key=lambda row: (-row[1], row[0]))
    header = (f"# {code}: the {len(rows)} words of Keyman's lexical model {source.keyman.split('/')[-1]} "
              f"(keymanapp/lexical-models, {source.keyman}/source/wordlist.tsv) that the layouts type\n"
              "# count = as the list gives it. Data: MIT licence (LICENSE), see corpora/README.md.\n")
    return header + "".join(f"{w}\t{c}\n" for w, c in rows), f"{len(rows)} words"


def speller_rows(code, source, args, typable):
    """Every typable form of the spelling dictionary's words, sorted: a list without counts; or,
    with counts (Keyman's, Unilex's or a treebank's: `speller_counts`), those forms and the words the
    list adds, the counted ones first, with their counts (1 for a form the list does not count)."""
    forms = {unicodedata.normalize("NFC", w.strip()) for w in expanded(source.speller)}
    if source.transliterate:
        forms = {source.transliterate(w) for w in forms}
    words = sorted(w for w in forms if is_word(w, source.script, source.letters) and typable(w))
    summary = f"{len(words)} words of {len(forms)} forms"
    if not source.counts_forms:
        return "".join(w + "\n" for w in words), summary
    counts, added, origin = speller_counts(code, source, args, typable, words)
    rows = sorted(set(words) | added, key=lambda w: (-counts.get(w, 1), w))
    header = (f"# {code}: the forms of {source.speller.split(':')[1]} (COPYRIGHT) and {origin}\n"
              "# count = as that list gives it, 1 for a form it does not count.\n")
    counted = sum(w in counts for w in rows)
    return header + "".join(f"{w}\t{counts.get(w, 1)}\n" for w in rows), f"{summary}, {counted} counted ({len(added)} added)"


# How often a word the spelling dictionary lacks must be counted to be added (Unilex's, a treebank's).
COUNTED_ADDED = 20


def speller_counts(code, source, args, typable, words):
    """The counts of a spelling dictionary's `words` and the words added to them, from Keyman's
    list (all its words), from FrequencyWords' list (`subtitle_counts`: no word added), or from
    Unilex's or a treebank's text (`unilex_counts`, `treebank_counts`: a capitalised form of a word
    the dictionary has in lower case counted as that word, as at a sentence's start; a word it lacks
    added when counted at least `COUNTED_ADDED` times, with no capital but the first (not `ԱՄՆ`, nor
    `ԱՄն`, a token of `ԱՄՆ-ն` cut short), and no English word in lower case: `the`, `of` in Faroese
    news, but `Uganda` in Swahili's). Returns (word -> count, the words added, where they come from)."""
    if source.keyman:
        counts = keyman_counts(source, args, typable)
        return counts, counts.keys() - set(words), (f"the words of Keyman's lexical model {source.keyman.split('/')[-1]} "
                                                    f"(keymanapp/lexical-models, {source.keyman}/source/wordlist.tsv, LICENSE)")
    if source.subtitles:
        # Counts only: the list's words that the dictionary lacks are names in lower case (`pablo`),
        # tokens cut at a joiner (Malayalam `ത്ത്`) and English in Telugu letters (`ఓకే`).
        counts, origin = subtitle_counts(source, args, typable, words)
        return counts, set(), origin
    if source.unilex:
        counts, _, corpus = unilex_counts(code, source, args, typable)
        origin = (f"their counts in Unicode's Unilex list (unicode-org/unilex, data/frequency/{source.unilex}.txt, a corpus of "
                  f"{corpus} tokens; per billion tokens; LICENSE)")
    else:
        counts, corpus, origin = treebank_counts(code, source, args, typable)
    known = set(words)
    for word in [w for w in counts if w not in known and lowered(w, code) in known]:
        counts[lowered(word, code)] = counts.get(lowered(word, code), 0) + counts.pop(word)
    frequent = sorted(w for w, c in counts.items() if w not in known and c * corpus >= COUNTED_ADDED * 1e9 and len(w) > 1
                      and w[1:] == lowered(w[1:], code))
    english = set(w for w in frequent if w == lowered(w, code)) - rejected_words(frequent, "hunspell:en_US")
    added = set(frequent) - english
    return counts, added, (f"{origin}, with the words of that text it lacks counted "
                           f"{COUNTED_ADDED} times or more (no capital but the first, no English word in lower case)")


def subtitle_counts(source, args, typable, words):
    """The words of a FrequencyWords list (`subtitle_list`, in lower case) that are words of the
    script and typable, per billion words of the list; a word that the spelling dictionary's `words`
    have only with a capital (a name) counted under that. Returns (word -> count, where they come
    from)."""
    forms = subtitle_list(source, args)
    if source.transliterate:
        forms = [(source.transliterate(w), c) for w, c in forms]
    corpus = sum(c for _, c in forms)
    known = set(words)
    counts = {}
    for word, count in forms:
        word = word if word in known or word.capitalize() not in known else word.capitalize()
        if is_word(word, source.script, source.letters) and typable(word):
            counts[word] = counts.get(word, 0) + round(count * 1e9 / corpus)
    return counts, (f"their counts in FrequencyWords' OpenSubtitles 2018 list (hermitdave/FrequencyWords, content/2018/"
                    f"{source.subtitles}, {corpus} words; per billion words; CC BY-SA 3.0)")


def treebank_counts(code, source, args, typable):
    """The words of the running text of the treebank parts corpora/treebanks.tsv names for `code`
    (a clone in `--treebanks`, at the table's commit), forms in different case counted together
    (`cased`), per billion words. Returns (word -> count, the words of the text, where they come
    from)."""
    _, repository, commit, parts, _, _ = next(row for row in treebanks.rows() if row[0] == code)
    clone = treebanks.clone_at(args.treebanks, repository, commit)
    with tempfile.TemporaryDirectory() as work:
        text = os.path.join(work, "text.txt")
        subprocess.run(treebanks.text_command(code, text, [treebanks.conllu(clone, p) for p in parts]), check=True, capture_output=True)
        with open(text, encoding="utf-8") as f:
            tokens = TEXT_WORD.findall(unicodedata.normalize("NFC", f.read()))
    counts = {w: round(c * 1e9 / len(tokens)) for w, c in cased(collections.Counter(tokens).items(), code).items()
              if is_word(w, source.script, source.letters) and typable(w)}
    return counts, len(tokens), (f"their counts in the running text of {repository}'s {' and '.join(parts)} part (Universal "
                                 f"Dependencies, at {commit[:7]}, corpora/treebanks.tsv: {len(tokens)} words; per billion words; CC BY-SA 4.0)")


def copyright_notice(source):
    """The Debian copyright text of the spelling dictionary a word list was expanded from: the whole
    file of a package of its own, or, from the copyright file that LibreOffice's dictionaries share,
    its header, the paragraph of the dictionary's folder and the licences that paragraph names."""
    with open(f"/usr/share/doc/{source.package}/copyright", encoding="utf-8") as f:
        paragraphs = f.read().strip().split("\n\n")
    folder = source.speller.split(":")[1]
    own = [p for p in paragraphs if p.startswith(f"Files: dictionaries/{folder}/*")]
    if not own:
        return "\n\n".join(paragraphs) + "\n"
    named = own[0].split("License:", 1)[1].split("\n")[0]
    licences = [p for p in paragraphs if p.startswith("License: ") and p.split("\n")[0][9:].strip() in named.replace(" or ", ",").replace(" ", "").split(",")]
    return "\n\n".join([paragraphs[0], own[0]] + licences) + "\n"


def write(path, text, compress):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = text.encode("utf-8")
    with open(path, "wb") as out:
        out.write(gzip.compress(data, 9, mtime=0) if compress else data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=100_000, help="words per wordfreq locale")
    parser.add_argument("--locales", default=",".join(SHIPPED))
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "corpora"))
    parser.add_argument("--flat", action="store_true", help="write OUT/<locale>.tsv instead of OUT/<locale>/words.tsv")
    parser.add_argument("--no-spellcheck", action="store_true", help="keep words hunspell rejects")
    parser.add_argument("--layouts", default=os.path.join(os.path.dirname(__file__), "..", "layouts"))
    parser.add_argument("--packages", action="store_true", help="print the Debian packages needed and stop")
    parser.add_argument("--frequency-words", default="FrequencyWords", help="a clone of hermitdave/FrequencyWords")
    parser.add_argument("--lexical-models", default="lexical-models", help="a clone of keymanapp/lexical-models")
    parser.add_argument("--kurdish-hunspell", default="KurdishHunspell", help="a clone of sinaahmadi/KurdishHunspell")
    parser.add_argument("--kurdish-wikipedia-words", default="kww", help="a clone of 0xdolan/kww")
    parser.add_argument("--unilex", default="unilex", help="a clone of unicode-org/unilex")
    parser.add_argument("--kabyle-texts", default="Kabyletexts", help="a clone of MohammedBelkacem/Kabyletexts")
    parser.add_argument("--kabyle-nlp", default="KabyleNLP", help="a clone of MohammedBelkacem/KabyleNLP")
    parser.add_argument("--treebanks", default="treebanks", help="clones of the repositories corpora/treebanks.tsv names")
    args = parser.parse_args()
    codes = args.locales.split(",")
    if args.packages:
        print(" ".join(sorted({SOURCES[c].package for c in codes if SOURCES[c].package})))
        return
    for code in codes:
        write_corpus(code, args)
    if not args.flat:  # again, without the words the compiler would warn of
        untypable = keylex_untypable(args)
        for code in codes:
            if untypable.get(code):
                write_corpus(code, args, untypable[code])
        for code in (c for c in codes if SOURCES[c].texts):
            write_text_counts(code, args)

if __name__ == "__main__":
    main()
