#!/usr/bin/env python3
"""Writes `corpora/<language>/wordfreq.added.tsv`: common words of German, French, Russian and
Spanish that AOSP's lists lack, of the kinds below, from wordfreq.

- German words that start with a lower-case ä, ö or ü. AOSP's German list has the nouns
  (`Änderung`, `Öffnung`, `Übersicht`), but of the other words only 63: `überhaupt`, `überall`,
  `ändern`, `öffnen`, `öffentlich` are missing, so a keyboard flagged them as unknown or
  "corrected" them (`ändern` became `andern`). Of wordfreq's 20,000 most frequent German words,
  the list lacks 8% of those that start with a lower-case a–z and 66% of those that start with a
  lower-case ä, ö or ü; no other AOSP list has such a gap.
- The second person of verbs whose third person the list has: German `verstehst` (`versteht`),
  `schreibst`, `arbeitest`, `hattest`; French `abandonnes` (`abandonne`), `exprimes`, and the
  plural `hésitez` (`hésitent`), `conseillez`. The lists have the commonest (`bist`, `hast`; `es`,
  `as`) but few others, which chat is full of, and a keyboard corrected them to another form
  (`akzeptierst` became `akzeptiert`, `abandonnes` `abandonnés`). Russian's list lacks the first
  person plural and the second persons of most verbs whose third person it has (`помогаем`,
  `отвечаете`, `используешь` for `помогает`, `отвечает`, `использует`). Spanish's lacks the forms
  of `vos` of Argentina, Uruguay and Central America (`buscá`, `conocés`, `necesitás` beside the
  `tú` forms `busca`, `conoces`, `necesitas` it has), which a keyboard corrected to the `tú` form.

A word is added when it is among wordfreq's WORDS most frequent words of the language (its "large"
list, 3.1.1), is of one of those kinds (a second person: five letters or more, the German ending in
`st` and the French in `es` or `ez`, and the list, or a kind before, has the word with `t` for
`st`, without the `s`, or with `ent` for `ez`; the Russian with the third person's ending,
RUSSIAN_PERSONS; the Spanish with the `tú` form's, SPANISH_VOSEO), has no apostrophe, the list has
it in no casing, and Debian's spelling dictionary of the language (hunspell-de-de, hunspell-fr,
hunspell-ru, hunspell-es) accepts it. wordfreq
folds `ß` to `ss` (`äusserst`): a German word the dictionary rejects so is added in the one
spelling with `ß` it accepts (`äußerst`), if there is one. No form of a word the list flags
`possibly_offensive` is added. Its count is the median count, in the list, of the list's words
that wordfreq counts about as often (scripts/wordlists.py), so it ranks among them. wordfreq's data is
CC BY-SA 4.0 (corpora/README.md).

    apt-get install hunspell hunspell-de-de hunspell-fr hunspell-ru hunspell-es
    python3 -m venv .venv-corpora && .venv-corpora/bin/pip install wordfreq==3.1.1
    .venv-corpora/bin/python scripts/wordfreq-words.py de fr ru es

Run it before scripts/treebank-counts.py, whose counts are made over the word lists these files
join.
"""
import itertools
import os
import sys

from treebanks import ROOT
from wordlists import list_counts, offensive_words, ranked_count, spelled

WORDS = 100_000


def second_person(ending, third):
    """The test for a second person: five letters or more, ending in `ending`, whose third person
    (`ending` replaced by `third`) is in `known`."""
    return lambda word, known: len(word) >= 5 and word.endswith(ending) and word[:-len(ending)] + third in known


def other_persons(endings):
    """The test for a person of a verb in any of `endings` (ending → the third person's ending)."""
    tests = [second_person(ending, third) for ending, third in endings.items()]
    return lambda word, known: any(test(word, known) for test in tests)


# Russian's first person plural and second persons, with the third person singular's ending: the
# first conjugation (`-ет`, `-ёт`), the second (`-ит`), and their reflexive forms (`-ся`, `-сь`).
RUSSIAN_PERSONS = {"ешь": "ет", "ем": "ет", "ете": "ет", "ёшь": "ёт", "ём": "ёт", "ёте": "ёт",
                   "ишь": "ит", "им": "ит", "ите": "ит",
                   "ешься": "ется", "емся": "ется", "етесь": "ется", "ёшься": "ётся", "ёмся": "ётся", "ётесь": "ётся",
                   "ишься": "ится", "имся": "ится", "итесь": "ится"}

# Spanish words that are a known word with its last vowel accented: mostly the present and the
# imperative of `vos` (Argentina, Uruguay, Central America), which stress the `tú` form's ending
# anew (`buscás`, `buscá` for `buscas`, `busca`), and first persons of the preterite (`descargué`
# beside the subjunctive `descargue`).
SPANISH_VOSEO = {"ás": "as", "és": "es", "ís": "es", "á": "a", "é": "e", "í": "e"}

# By language: its AOSP list, its spelling dictionary, and the kinds of word added, in order.
LANGUAGES = {
    "de": ("de/de.combined.gz", "de_DE", [("that start with a lower-case ä, ö or ü", lambda word, known: word[0] in "äöü"),
                                          ("second persons singular whose third person is known", second_person("st", "t"))]),
    "fr": ("fr/fr.combined.gz", "fr_FR", [("that are a known word with an `s` added (second persons singular, plurals)",
                                           second_person("es", "e")),
                                          ("second persons plural whose third person plural is known", second_person("ez", "ent"))]),
    "es": ("es/es.combined.gz", "es_ES", [("that are a known word with its last vowel accented (forms of `vos`, `buscá`, `conocés`; "
                                           "first persons of the preterite, `descargué`)", other_persons(SPANISH_VOSEO))]),
    "ru": ("ru/ru.combined.gz", "ru_RU", [("first persons plural and second persons whose third person singular is known",
                                           other_persons(RUSSIAN_PERSONS))]),
}


def folded(word):
    """`word` as wordfreq writes it: in lower case, `ß` as `ss`."""
    return word.casefold()


def with_eszett(word):
    """Every spelling of `word` with some of its `ss` written `ß`, `word` itself first."""
    parts = word.split("ss")
    for joins in itertools.product(("ss", "ß"), repeat=len(parts) - 1):
        yield parts[0] + "".join(j + p for j, p in zip(joins, parts[1:]))


def frequent_words(language):
    """wordfreq's WORDS most frequent words of `language`, with their frequencies per billion words."""
    import wordfreq
    frequencies = wordfreq.get_frequency_dict(language, "large")
    words = itertools.islice(wordfreq.iter_wordlist(language, "large"), WORDS)
    return {w: round(frequencies[w] * 1e9) for w in words}


def spelling(word, accepted):
    """The spelling of wordfreq's `word` to add: itself when the dictionary accepts it, else its
    one accepted spelling with `ß` (German); None when there is none, or more than one."""
    if word in accepted:
        return word
    found = [s for s in with_eszett(word) if s in accepted]
    return found[0] if len(found) == 1 else None


def additions(text, listed, accepted, candidates):
    """The lines of the file for `candidates` (wordfreq's spelling), in their order."""
    lines = []
    for word in candidates:
        added = spelling(word, accepted)
        count = ranked_count(text[word], text, listed) if added else None
        if count is not None:
            lines.append(f"{added}\t{count}\t{text[word]} per billion words in wordfreq")
    return lines


def write(language):
    """Writes `corpora/<language>/wordfreq.added.tsv` (see the module's comment)."""
    path, dictionary, kinds = LANGUAGES[language]
    path = os.path.join(ROOT, "corpora", path)
    text = frequent_words(language)
    listed = {}
    for word, count in list_counts(path).items():
        listed.setdefault(folded(word), count)
    new = [w for w in text if len(w) > 1 and "'" not in w and w not in listed]
    # No form of a word the list flags offensive is added: it is no word another is known by.
    known, found = set(listed) - {folded(w) for w in offensive_words(path)}, []
    for _, is_kind in kinds:
        found.append([w for w in new if is_kind(w, known) and w not in known])
        known |= set(found[-1])
    accepted = spelled([s for words in found for w in words for s in with_eszett(w)], dictionary)
    lines = [additions(text, listed, accepted, words) for words in found]
    kinds_said = ", then ".join(what for what, _ in kinds)
    with open(os.path.join(ROOT, "corpora", language, "wordfreq.added.tsv"), "w", encoding="utf-8") as out:
        out.write(f"# Words among wordfreq 3.1.1's {WORDS:,} most frequent that AOSP's list lacks and hunspell's {dictionary} accepts:\n"
                  f"# those {kinds_said}; each with the median count of the list's words as frequent\n"
                  "# (scripts/wordfreq-words.py). Data: wordfreq, CC BY-SA 4.0 (corpora/README.md).\n")
        out.write("\n".join(line for kind in lines for line in kind) + "\n")
    print(f"{language}: " + ", ".join(f"{len(k)} {what}" for k, (what, _) in zip(lines, kinds)), file=sys.stderr)


def main():
    if len(sys.argv) < 2 or not set(sys.argv[1:]) <= set(LANGUAGES):
        sys.exit(__doc__)
    for language in sys.argv[1:]:
        write(language)


if __name__ == "__main__":
    main()
