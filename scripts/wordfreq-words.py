#!/usr/bin/env python3
"""Writes `corpora/<locale>/wordfreq.added.tsv`: common words of German, French, Russian, Spanish,
Italian, Portuguese, Czech and Polish that AOSP's lists lack, of the kinds below, from wordfreq.

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
  (`akzeptierst` became `akzeptiert`, `abandonnes` `abandonnés`). Spanish's list lacks the forms
  of `vos` of Argentina, Uruguay and Central America (`buscá`, `conocés`, `necesitás` beside the
  `tú` forms `busca`, `conoces`, `necesitas` it has), which a keyboard corrected to the `tú` form.
- Russian forms the list lacks, of most verbs whose third person it has: the other persons, the
  imperative and the third person plural (`помогаем`, `отвечаете`, `переживаю`, `покажите`,
  `обсудят` for `помогает`, `отвечает`, `переживает`, `покажет`, `обсудит`).
- Brazilian Portuguese spellings of the 1990 orthographic agreement (in Brazil since 2009) whose
  spelling before it the list has (`voo`, `ideia`, `cinquenta` for `vôo`, `idéia`, `cinqüenta`).
- In every language, other forms of the list's words, by the stem hunspell gives them (`дождю`,
  `поговорила` of `дождь`, `поговорить`; `llévalo` of `llevar`; `ernähre`; `rejoindrez`;
  `avvisami`; `arrasei`). A keyboard corrected them to the form the list has, or to another word.

A word is added when it is among wordfreq's WORDS most frequent words of the language (its "large"
list, 3.1.1), is of one of those kinds (a second person: five letters or
more, the German ending in `st` and the French in `es` or `ez`, and the list, or a kind before, has
the word with `t` for `st`, without the `s`, or with `ent` for `ez`; the Russian verb with the third
person's ending, RUSSIAN_PERSONS; the Spanish with the `tú` form's, SPANISH_VOSEO; the Brazilian
with its spelling before the agreement, PORTUGUESE_REFORM; another form:
four letters or more, not ending in Cyrillic `о`, with a stem in the list, and not a word of the
list without its accents, see ``stems_of_new_words``), is letters only (no apostrophe or digit: not
`ö1`), the list has it in no casing (nor with `ё` for `е`), and Debian's spelling dictionary of the
language (hunspell-de-de, hunspell-fr, hunspell-ru, hunspell-es, hunspell-it, hunspell-pt-br,
hunspell-pt-pt, hunspell-cs, hunspell-pl) accepts it (wordfreq's one Portuguese list serves both
Portuguese lists). wordfreq folds `ß` to `ss` (`äusserst`): a German word the dictionary rejects so
is added in the one spelling with `ß` it accepts (`äußerst`), if there is one. It writes most `ё` as
`е` (`спасем`): a Russian word is added with `ё` where the list's word it was found by, or a form of
its stem, has `ё` after the same letters (`спасём`, by `спасёт`). No form of a word the list flags
`possibly_offensive` is added. Its count is the median count, in the list, of the list's words that
wordfreq counts about as often (scripts/wordlists.py), so it ranks among them. wordfreq's data is
CC BY-SA 4.0 (corpora/README.md).

    apt-get install hunspell hunspell-de-de hunspell-fr hunspell-ru hunspell-es hunspell-it hunspell-pt-br hunspell-pt-pt \
        hunspell-cs hunspell-pl
    python3 -m venv .venv-corpora && .venv-corpora/bin/pip install wordfreq==3.1.1
    .venv-corpora/bin/python scripts/wordfreq-words.py de fr ru es it pt-BR pt-PT cs pl

Run it before scripts/treebank-counts.py, whose counts are made over the word lists these files
join.
"""
import itertools
import os
import sys
import unicodedata

from treebanks import ROOT
from wordlists import CountRanker, hunspell_stems, list_counts, offensive_words, spelled

# The languages' words inflect much (persons, cases; imperatives with their pronouns), and AOSP's
# lists lack many of their forms: they are looked for among wordfreq's 300,000 most frequent (70
# times a billion words and more, in Russian).
WORDS = 300_000


# The spellings before Portuguese's 1990 agreement (in force in Brazil since 2009) that a word
# spelt after it may have, by what the agreement dropped: the accent of an open diphthong `ei`, `oi`
# before the last syllable (`heroica` for `heróica`; `papéis`, `herói` keep theirs), the circumflex of
# `-eem` and `-oo` (`creem`, `voo` for `crêem`, `vôo`), the diaeresis of `gu`, `qu` before `e`, `i`
# (`cinquenta` for `cinqüenta`).
PORTUGUESE_REFORM = [("ei", "éi"), ("oi", "ói"), ("eem", "êem"), ("oo", "ôo"), ("gue", "güe"), ("gui", "güi"),
                     ("que", "qüe"), ("qui", "qüi")]


def reformed_spelling(word, known, _):
    """The test for a Portuguese word spelt as the 1990 agreement has it whose spelling before it,
    one change of PORTUGUESE_REFORM away, is in `known` (AOSP's Brazilian list has `vôo`, not `voo`)."""
    for after, before in PORTUGUESE_REFORM:
        for i in range(len(word)):
            rest = word[i + len(after):]
            if after in ("ei", "oi") and rest in ("", "s"):
                continue  # the last syllable's diphthong keeps its accent
            if word.startswith(after, i) and (old := word[:i] + before + rest) in known:
                return old
    return None


# A kind of word is a test: given a word, the known words and hunspell's stems, the known word that
# makes it one of the kind (its third person, its stem), or None.

def second_person(ending, third):
    """The test for a second person: five letters or more, ending in `ending`, whose third person
    (`ending` replaced by `third`) is in `known`."""
    def test(word, known, _):
        person = word[:-len(ending)] + third
        return person if len(word) >= 5 and word.endswith(ending) and person in known else None
    return test


def other_persons(endings):
    """The test for a person of a verb in any of `endings` (pairs: ending, the third person's ending)."""
    tests = [second_person(ending, third) for ending, third in endings]
    return lambda word, known, stems: next(filter(None, (test(word, known, stems) for test in tests)), None)


def inflected_form(word, known, stems):
    """The test for a form of a known word: four letters or more, a stem hunspell gives it is in
    `known`, and it does not end in `о` (the first part of a compound, `жилищно` of
    `жилищно-коммунальный`, is a token of wordfreq's and a word of hunspell's). `stems` leaves out
    the words that are a known word without its accents (see ``stems_of_new_words``)."""
    if len(word) < 4 or word.endswith("о"):
        return None
    return next((stem for stem in sorted(stems.get(word, ())) if stem != word and stem in known), None)


# Russian forms of verbs whose third person singular is known, by their endings and the third
# person's: the first person plural and the second persons (`-ем`, `-ешь`, `-ете` for `-ет`; `-им`,
# `-ишь`, `-ите` for `-ит`), the first person singular (`-ю`, `-у` for `-ет`, `-ит`: `переживаю`,
# `поеду`), the third person plural (`-ют`, `-ут` for `-ет`; `-ят`, `-ат` for `-ит`: `закроют`,
# `обсудят`) and the imperative (`-й`, `-йте` for `-ет`; `-и`, `-ите` for `-ит`, `-ет`; `-ь`, `-ьте`
# for `-ит`: `продолжай`, `покажите`, `отправь`), with `ё` where the third person has it, and their
# reflexive forms (`-ся`, `-сь`).
RUSSIAN_ACTIVE = [("ешь", "ет"), ("ем", "ет"), ("ете", "ет"), ("ёшь", "ёт"), ("ём", "ёт"), ("ёте", "ёт"),
                  ("ишь", "ит"), ("им", "ит"), ("ите", "ит"),
                  ("ю", "ет"), ("у", "ет"), ("у", "ёт"), ("ю", "ит"), ("у", "ит"),
                  ("ют", "ет"), ("ут", "ет"), ("ут", "ёт"), ("ят", "ит"), ("ат", "ит"),
                  ("й", "ет"), ("йте", "ет"), ("и", "ит"), ("и", "ет"), ("и", "ёт"), ("ите", "ет"), ("ите", "ёт"),
                  ("ь", "ит"), ("ьте", "ит")]
RUSSIAN_PERSONS = RUSSIAN_ACTIVE + [(ending + ("сь" if ending[-1] in "аеёиоуыэюя" else "ся"), third + "ся")
                                    for ending, third in RUSSIAN_ACTIVE]

# Spanish words that are a known word with its last vowel accented: mostly the present and the
# imperative of `vos` (Argentina, Uruguay, Central America), which stress the `tú` form's ending
# anew (`buscás`, `buscá` for `buscas`, `busca`), and first persons of the preterite (`descargué`
# beside the subjunctive `descargue`).
SPANISH_VOSEO = {"ás": "as", "és": "es", "ís": "es", "á": "a", "é": "e", "í": "e"}

# By language: its AOSP list, its spelling dictionary, and the kinds of word added, in order.
LANGUAGES = {
    "de": ("de/de.combined.gz", "de_DE", [("that start with a lower-case ä, ö or ü", lambda word, *_: word if word[0] in "äöü" else None),
                                          ("second persons singular whose third person is known", second_person("st", "t")),
                                          ("other forms of known words, by hunspell's stems", inflected_form)]),
    "fr": ("fr/fr.combined.gz", "fr_FR", [("that are a known word with an `s` added (second persons singular, plurals)",
                                           second_person("es", "e")),
                                          ("second persons plural whose third person plural is known", second_person("ez", "ent")),
                                          ("other forms of known words, by hunspell's stems", inflected_form)]),
    "es": ("es/es.combined.gz", "es_ES", [("that are a known word with its last vowel accented (forms of `vos`, `buscá`, `conocés`; "
                                           "first persons of the preterite, `descargué`)", other_persons(SPANISH_VOSEO.items())),
                                          ("other forms of known words, by hunspell's stems", inflected_form)]),
    "it": ("it/it.combined.gz", "it_IT", [("forms of known words, by hunspell's stems", inflected_form)]),
    **{code: (f"{code}/{code}.combined.gz", dictionary, [("forms of known words, by hunspell's stems", inflected_form)])
       for code, dictionary in [("cs", "cs_CZ"), ("pl", "pl_PL")]},
    "pt-BR": ("pt-BR/pt_BR.combined.gz", "pt_BR", [("spellings of the 1990 agreement of known words", reformed_spelling),
                                                   ("forms of known words, by hunspell's stems", inflected_form)]),
    "pt-PT": ("pt-PT/pt_PT.combined.gz", "pt_PT", [("forms of known words, by hunspell's stems", inflected_form)]),
    "ru": ("ru/ru.combined.gz", "ru_RU", [("forms of verbs whose third person singular is known (persons, imperatives)",
                                           other_persons(RUSSIAN_PERSONS)),
                                          ("other forms of known words, by hunspell's stems (cases, tenses)", inflected_form)]),
}


def folded(word):
    """`word` as wordfreq writes it: in lower case, `ß` as `ss`, `ё` as `е`."""
    return word.casefold().replace("ё", "е")


def with_yo(word, models):
    """`word` with `ё` for each `е` that one of `models`, known words of its verb or stem, writes
    `ё` after the same letters: wordfreq writes `спасем` for `спасём`, found by `спасёт`; `ребенка`
    for `ребёнка`, by `ребёнок`; `соберется` for `соберётся`, whose stem's forms hold `соберёт`."""
    letters = list(word)
    for known in models:
        for i, letter in enumerate(known[:len(word)]):
            if letter == "ё" and word[i] == "е" and folded(word[:i]) == folded(known[:i]):
                letters[i] = "ё"
    return "".join(letters)


def unaccented(word):
    """`word` without the accents of its Latin letters (Cyrillic `й` and `ё` stay as they are)."""
    return "".join(unicodedata.normalize("NFD", c)[0] if c < "\u0250" else c for c in word)


def stems_of_new_words(new, known, text, dictionary):
    """hunspell's stems of the words of `new`, but those without accents that are a known word
    without its accents: wordfreq counts common misspellings that are rare words too (German
    `wahrend` for `während`, French `voila` for `voilà`, Spanish `sandia` for `sandía`), and a
    keyboard should go on correcting them. Kept: a word with accents (Spanish `tómate` beside
    `tomate`), and one whose known twin has an accent on its last letter only and is less than five
    times as frequent (`text`: wordfreq's frequencies), as persons of a verb are (Italian
    `allontano`, I remove, beside `allontanò`; not `piu`, beside `più`)."""
    twins = {}
    for word in known:
        if unaccented(word) != word:
            twins.setdefault(unaccented(word), []).append(word)

    def kept(word):
        return unaccented(word) != word or all(
            twin[:-1] == word[:-1] and text.get(word, 0) * 5 > text.get(twin, 0) for twin in twins.get(word, ()))

    return {w: s for w, s in hunspell_stems(new, dictionary).items() if kept(w)}


def lemma(stem):
    """A stem of hunspell's without the reflexive ending: `собраться` and `собрать` are one verb."""
    return stem[:-2] if stem.endswith(("ся", "сь")) else stem


def yo_forms(spellings, dictionary):
    """The known words written with `ё`, by the lemma of their stem (asked of hunspell in `е`)."""
    written = {key: word for key, word in spellings.items() if "ё" in word}
    if not written:  # a list of another language
        return {}
    forms = {}
    for key, stems in hunspell_stems(list(written), dictionary).items():
        for stem in stems if key in written else ():  # hunspell reads the parts of `кое-что` too
            forms.setdefault(lemma(stem), []).append(written[key])
    return forms


def with_eszett(word):
    """Every spelling of `word` with some of its `ss` written `ß`, `word` itself first."""
    parts = word.split("ss")
    for joins in itertools.product(("ss", "ß"), repeat=len(parts) - 1):
        yield parts[0] + "".join(j + p for j, p in zip(joins, parts[1:]))


def frequent_words(language):
    """wordfreq's WORDS most frequent words of `language`, with their frequencies per billion words."""
    import wordfreq
    code = language.split("-")[0]  # wordfreq has one Portuguese
    frequencies = wordfreq.get_frequency_dict(code, "large")
    words = itertools.islice(wordfreq.iter_wordlist(code, "large"), WORDS)
    return {w: round(frequencies[w] * 1e9) for w in words}


def spelling(word, accepted):
    """The spelling of wordfreq's `word` to add: itself when the dictionary accepts it, else its
    one accepted spelling with `ß` (German); None when there is none, or more than one."""
    if word in accepted:
        return word
    found = [s for s in with_eszett(word) if s in accepted]
    return found[0] if len(found) == 1 else None


def additions(text, ranked, accepted, candidates):
    """The lines of the file for `candidates` (wordfreq's spelling, and with `ё` where it has one),
    in their order."""
    lines = []
    for word, respelled in candidates:
        added = spelling(respelled, accepted)
        count = ranked(text[word]) if added else None
        if count is not None:
            lines.append(f"{added}\t{count}\t{text[word]} per billion words in wordfreq")
    return lines


def words_of_kinds(kinds, new, known, text, spellings, dictionary):
    """The words of `new` of each kind in turn (a kind's words are known to the kinds after it), as
    pairs: wordfreq's spelling, and the one to add (with `ё`, see ``with_yo``). `known` and
    `spellings` (folded word → the list's spelling) grow with them; `text` is wordfreq's frequencies."""
    stems, with_yo_by_lemma = stems_of_new_words(new, known, text, dictionary), yo_forms(spellings, dictionary)
    found = []
    for _, is_kind in kinds:
        kind = [(w, by) for w in new if folded(w) not in known and (by := is_kind(w, known, stems))]
        respelled = {}  # wordfreq counts some words in both spellings (`вернем`, `вернём`): the commoner is kept
        for w, by in kind:
            models = [spellings.get(by, by)] + [f for s in sorted(stems.get(w, ())) for f in with_yo_by_lemma.get(lemma(s), [])]
            respelled.setdefault(folded(w), (w, with_yo(w, models)))
        found.append(list(respelled.values()))
        spellings.update((folded(w), r) for w, r in found[-1])
        known |= set(respelled)
    return found


def write(language):
    """Writes `corpora/<language>/wordfreq.added.tsv` (`language`: the corpus folder, see the module's comment)."""
    path, dictionary, kinds = LANGUAGES[language]
    path = os.path.join(ROOT, "corpora", path)
    text = frequent_words(language)
    listed, spellings = {}, {}
    for word, count in list_counts(path).items():
        listed.setdefault(folded(word), count)
        spellings.setdefault(folded(word), word.lower())
    new = [w for w in text if len(w) > 1 and w.isalpha() and folded(w) not in listed]  # not `ö1`, nor `can't`
    # No form of a word the list flags offensive is added: it is no word another is known by.
    known = set(listed) - {folded(w) for w in offensive_words(path)}
    found = words_of_kinds(kinds, new, known, text, spellings, dictionary)
    accepted = spelled([s for words in found for _, w in words for s in with_eszett(w)], dictionary)
    ranked = CountRanker(text, listed)
    lines = [additions(text, ranked, accepted, words) for words in found]
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
