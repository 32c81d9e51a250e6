"""How `keylex count` reads raw text, in Python: the same lines, sentences, words and n-grams.

This mirrors, rule for rule, the compiler's `SourceText` (encodings, lines), `NGramSources.countText`
(sentences), the runtime's `TextSegmentation` and `CurrentWord` (words), and `NGramCounts.addRun`
(n-grams), so that the Spark job writes the very bytes `keylex count` writes. Text is taken in
extended grapheme clusters (Swift's `Character`), each judged by its first scalar, as Swift does;
the `regex` package gives the clusters and the Unicode properties the standard library lacks.
A change to any of those Swift files must be made here too: `CountingTests` compares the two.
"""

import codecs
import gzip
import unicodedata

import regex

SENTENCE_START = "<s>"
NUMBER_START = "<num>"
NUMBER_SIGNS = {".", ",", ":", "/", "-", "\u2013", "'", "\u2019"}
MAX_ORDER = 3
MAX_LINE_LENGTH = 1 << 20  # SourceText.maxLineLength, in UTF-8 bytes
MAX_COUNT = (1 << 64) - 1  # counts saturate, as UInt64 does in NGramCounts.add
SENTENCE_ENDS = {".", "!", "?", "\u2026", "\u3002", "\uff01", "\uff1f", "\u061f"}
JOINERS = {"'", "\u2019", "-", "\u2010"}
NOT_IN_WORDS = {"@", "#", "/", "_"}

_GRAPHEME = regex.compile(r"\X")
_WHITESPACE = regex.compile(r"\p{White_Space}")
_LETTER = regex.compile(r"\p{L}")
_NUMBER = regex.compile(r"\P{Numeric_Type=None}")
_EMOJI_PRESENTATION = regex.compile(r"\p{Emoji_Presentation}")
_EMOJI = regex.compile(r"\p{Emoji}")


class InputError(Exception):
    """A file that `keylex count` would report with an error: its message reads path:line:column."""


def is_whitespace(g):
    return _WHITESPACE.match(g[0]) is not None


def is_letter(g):
    return _LETTER.match(g[0]) is not None


def is_number(g):
    return _NUMBER.match(g[0]) is not None


def is_emoji(g):
    return any(_EMOJI_PRESENTATION.match(s) or (_EMOJI.match(s) and ord(s) > 0xFF and not _LETTER.match(s)) for s in g)


def is_word(g):
    """Whether the clusters `g` (no whitespace) are one whole word, as `CurrentWord(in:)` takes it."""
    end = len(g)
    if end >= 2 and g[-1] in ("'", "\u2019") and is_letter(g[-2]):
        end -= 1  # an apostrophe being typed
    if end == 0 or not is_letter(g[end - 1]):
        return False
    if any(is_number(c) or c in NOT_IN_WORDS or is_emoji(c) for c in g):
        return False
    if "." in g and _parts_between_dots(g) > 1:
        return False  # example.com
    start = end
    while start > 0:
        c = g[start - 1]
        if is_letter(c) or (c in JOINERS and start - 1 > 0 and is_letter(g[start - 2]) and is_letter(g[start])):
            start -= 1
        else:
            break
    return start == 0


def _parts_between_dots(g):
    """How many non-empty parts the clusters `g` have between clusters that are a full stop."""
    parts, in_part = 0, False
    for c in g:
        if c == ".":
            in_part = False
        elif not in_part:
            parts, in_part = parts + 1, True
    return parts


def classify(g):
    """The kind of a token (clusters without whitespace): ("word", text), ("punctuation", None),
    ("number", None) or ("other", None), and whether it ends a sentence (`TextSegmentation.classify`)."""
    first, last = 0, len(g)
    while first < last and not is_letter(g[first]) and not is_number(g[first]):
        first += 1
    ends_sentence = False
    while last > first and not is_letter(g[last - 1]) and not is_number(g[last - 1]):
        ends_sentence = ends_sentence or g[last - 1] in SENTENCE_ENDS
        last -= 1
    core = g[first:last]
    if not core:
        return ("punctuation", None), ends_sentence
    if all(is_number(c) or c in NUMBER_SIGNS for c in core):
        return ("number", None), ends_sentence
    if is_word(core):
        return ("word", "".join(core)), ends_sentence
    return ("other", None), ends_sentence


def add_run(counts, words, marker):
    """Counts the n-grams of a run of words after `marker` (`<s>`, `<num>` or None: `NGramCounts.addRun`)."""
    if not words:
        return
    tokens = ([marker] if marker else []) + words
    for start in range(len(tokens)):
        for order in range(1, MAX_ORDER + 1):
            if start + order > len(tokens) or (order == 1 and marker and start == 0):
                continue
            ngram = " ".join(tokens[start:start + order])
            counts[ngram] = min(counts.get(ngram, 0) + 1, MAX_COUNT)


def count_lines(lines, counts):
    """Counts the n-grams of one file's lines (`NGramSources.countText`): a blank line or a line of
    a single `%` ends a sentence; a line break alone does not; the words after a number follow `<num>`."""
    run, marker = [], SENTENCE_START

    def end_run(next_marker):
        nonlocal run, marker
        add_run(counts, run, marker)
        run, marker = [], next_marker

    for line in lines:
        g = _GRAPHEME.findall(line)
        if all(is_whitespace(c) for c in g) or line == "%":
            end_run(SENTENCE_START)
            continue
        token = []
        for c in g + [" "]:
            if not is_whitespace(c):
                token.append(c)
                continue
            if not token:
                continue
            (kind, word), ends_sentence = classify(token)
            token = []
            if kind == "word":
                run.append(word)
            elif kind == "number":
                end_run(NUMBER_START)
            elif kind == "other":
                end_run(None)
            if ends_sentence:
                end_run(SENTENCE_START)
    end_run(SENTENCE_START)


def looks_like_utf16_without_bom(data):
    """`SourceText.looksLikeUTF16WithoutBOM`: of the first 512 byte pairs, half or more have a
    zero byte on one side and a non-zero byte on the other."""
    pairs = min(len(data[:1024]) // 2, 512)
    if pairs < 2:
        return False
    little = sum(1 for i in range(pairs) if data[2 * i] != 0 and data[2 * i + 1] == 0)
    big = sum(1 for i in range(pairs) if data[2 * i] == 0 and data[2 * i + 1] != 0)
    return max(little, big) * 2 >= pairs


def lines_of(path, data):
    """The lines of a file's bytes, decompressed and decoded as `SourceText` reads them, in NFC
    (as `keylex count` counts them). Raises InputError where `keylex count` reports an error."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise InputError(f"{path}: error: the gzip data cannot be decompressed ({error})") from None
    if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        if len(data) % 2:
            raise InputError(f"{path}: error: UTF-16 text with an odd number of bytes")
        encoding = "utf-16-le" if data[:2] == codecs.BOM_UTF16_LE else "utf-16-be"
        newline = "\n".encode(encoding)
        raw_lines = _split_units(data[2:], newline)
    elif looks_like_utf16_without_bom(data):
        raise InputError(f"{path}:1:1: error: the file looks like UTF-16 without a byte order mark")
    else:
        encoding, raw_lines = "utf-8", (data[3:] if data[:3] == codecs.BOM_UTF8 else data).split(b"\n")
        if raw_lines[-1] == b"":
            raw_lines.pop()
    for number, raw in enumerate(raw_lines, 1):
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError as error:
            unit = 1 if encoding == "utf-8" else 2
            column = len(raw[:error.start - error.start % unit].decode(encoding)) + 1
            raise InputError(f"{path}:{number}:{column}: error: invalid {encoding[:6].upper()}") from None
        if text.endswith("\r"):
            text = text[:-1]
        if len(text.encode("utf-8")) > MAX_LINE_LENGTH:
            raise InputError(f"{path}:{number}: error: line longer than {MAX_LINE_LENGTH} bytes")
        yield unicodedata.normalize("NFC", text)


def _split_units(data, newline):
    """UTF-16 bytes split at the code unit U+000A (never inside another unit); no last empty line."""
    lines, start = [], 0
    for i in range(0, len(data), 2):
        if data[i:i + 2] == newline:
            lines.append(data[start:i])
            start = i + 2
    if start < len(data):
        lines.append(data[start:])
    return lines


def count_file(path, data):
    """The n-gram counts of one file's bytes, as a dict."""
    counts = {}
    count_lines(lines_of(path, data), counts)
    return counts


def count_file_lines(counts):
    """The lines of a count file, sorted by their UTF-8 bytes (code point order is the same)."""
    return [f"{ngram}\t{count}\n" for ngram, count in sorted(counts.items(), key=lambda item: item[0] + "\t")]
