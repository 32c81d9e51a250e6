#!/usr/bin/env python3
"""Generates the shipped layouts in layouts/ from the external layout data.

Alphabetic rows come from FlorisBoard's character layouts, long-press variants from FlorisBoard's
popup mappings, numeric and symbolic rows (phone and iPad) from KeyboardKit 9.9.1's input sets;
the system keys around them follow KeyboardKit's standard iPhone and iPad layouts. The documents
are written as JSON, then `keylex convert` turns the ones listed as XML into XML (and normalises
the JSON ones). en-GB and de-CH are written by hand (they extend en-US and de-DE).

Usage: scripts/make-layouts.py [path to layouts-external] (default ../shared/corpus/layouts-external)
Run from the repository root after `swift build`.
"""
import functools
import json
import os
import subprocess
import sys
import tempfile
import unicodedata

EXTERNAL = sys.argv[1] if len(sys.argv) > 1 else os.path.join('..', 'shared', 'corpus', 'layouts-external')
FLORIS = os.path.join(EXTERNAL, 'florisboard')
KEYBOARDKIT = os.path.join(EXTERNAL, 'keyboardkit', 'keyboardkit-9.9.1-input-sets.json')
KEYBOARDKIT_CALLOUTS = os.path.join(EXTERNAL, 'keyboardkit', 'keyboardkit-9.9.1-callouts.json')

# Latin-script locales also get KeyboardKit's English alphabetic callouts, after their own.
LATIN = {'en-US', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'pt-BR', 'sv-SE', 'nb-NO', 'da-DK', 'pl-PL'}

# tag, name, FlorisBoard characters layout, popup mapping, numeric currency, syntax, direction, extra
LOCALES = [
    ('en-US', 'English (US)', 'qwerty', 'en', '$', 'xml', 'ltr', {}),
    ('de-DE', 'Deutsch (Deutschland)', 'german', 'de', '€', 'json', 'ltr', {}),
    ('fr-FR', 'Français (France)', 'azerty', 'fr', '€', 'xml', 'ltr', {}),
    ('fr-CA', 'Français (Canada)', 'canadian_french', None, '$', 'json', 'ltr', {'callouts_extend': 'fr-FR'}),
    ('es-ES', 'Español (España)', 'spanish', 'es', '€', 'xml', 'ltr', {}),
    ('it-IT', 'Italiano', 'qwerty', 'it', '€', 'json', 'ltr', {}),
    ('pt-BR', 'Português (Brasil)', 'qwerty', 'pt-BR', '$', 'xml', 'ltr', {}),
    ('nl-NL', 'Nederlands', 'qwerty', None, '€', 'json', 'ltr', {'callouts_extend': 'en-US', 'callouts': {'i': ['ij', 'ì', 'ï', 'í', 'î', 'ī']}}),
    ('sv-SE', 'Svenska', 'swedish_finnish', 'sv', 'kr', 'xml', 'ltr', {}),
    ('nb-NO', 'Norsk bokmål', 'norwegian', 'nb', 'kr', 'json', 'ltr', {}),
    ('da-DK', 'Dansk', 'danish', 'da', 'kr', 'xml', 'ltr', {}),
    ('pl-PL', 'Polski', 'qwerty', 'pl', 'zł', 'json', 'ltr', {}),
    ('ru-RU', 'Русский', 'jcuken_russian', 'ru', '₽', 'xml', 'ltr', {}),
    ('uk-UA', 'Українська', 'jcuken_ukrainian', 'uk', '₴', 'json', 'ltr', {}),
    ('el-GR', 'Ελληνικά', 'greek', 'el', '€', 'xml', 'ltr', {}),
    ('ar', 'العربية', 'arabic', 'ar', '$', 'json', 'rtl', {'punctuation': '.،؟!’'}),
    ('he', 'עברית', 'hebrew', 'iw', '₪', 'xml', 'rtl', {}),
]

# Locales taken whole from a FlorisBoard subtype preset (its characters layout, popup mapping,
# currency set and direction): tag, name, the preset's languageTag (and its characters layout
# where several presets share a tag), syntax, extra. Presets that need a composer (Korean Hangul,
# Japanese kana, Vietnamese Telex) or a candidate engine (Chinese Zhengma) are left out: a layout
# alone cannot type those languages; so is Udmurt, whose FlorisBoard layout has й twice.
PRESET_LOCALES = [
    ('en-CA', 'English (Canada)', 'en-CA', None, 'json', {}),
    ('en-AU', 'English (Australia)', 'en-AU', None, 'xml', {}),
    ('de-AT', 'Deutsch (Österreich)', 'de-AT', None, 'json', {}),
    ('fr-CH', 'Français (Suisse)', 'fr-CH', None, 'xml', {}),
    ('it-CH', 'Italiano (Svizzera)', 'it-CH', None, 'json', {}),
    ('es-US', 'Español (Estados Unidos)', 'es-US', None, 'xml', {}),
    ('es-419', 'Español (Latinoamérica)', 'es-419', None, 'json', {}),
    ('pt-PT', 'Português (Portugal)', 'pt-PT', None, 'xml', {}),
    ('nn-NO', 'Norsk nynorsk', 'nn-NO', None, 'json', {}),
    ('fi-FI', 'Suomi', 'fi-FI', None, 'xml', {}),
    ('id', 'Bahasa Indonesia', 'id', None, 'json', {}),
    ('is-IS', 'Íslenska', 'is-IS', None, 'xml', {}),
    ('fo', 'Føroyskt', 'fo', None, 'json', {}),
    ('fa', 'فارسی', 'fa-FA', 'persian', 'xml', {'punctuation': '.،؟!’'}),
    ('az', 'Azərbaycan dili', 'az', None, 'json', {}),
    ('hu', 'Magyar', 'hu', None, 'xml', {}),
    ('eo', 'Esperanto', 'eo', None, 'json', {}),
    ('hr', 'Hrvatski', 'hr', None, 'xml', {}),
    ('hy', 'Հայերեն', 'hy', 'eastern_armenian', 'json', {}),
    ('ka-GE', 'ქართული', 'ka-GE', None, 'xml', {}),
    ('rue', 'Русиньскый', 'rue', None, 'json', {}),
    ('ro', 'Română', 'ro', None, 'xml', {}),
    ('bg-BG', 'Български', 'bg-bg', None, 'json', {}),
    ('tr', 'Türkçe', 'tr', None, 'xml', {}),
    # The h key of FlorisBoard's kurdish layout types ھ (U+06BE); Sorani's spelling dictionary, CLDR,
    # the corpus and FlorisBoard's own kurdish_standard layout (a key that shows ھ) write ه (U+0647):
    # the key types that, with ھ as its callout.
    ('ckb', 'کوردیی ناوەندی', 'ckb', None, 'json', {'punctuation': '.،؟!’', 'keys': {'ھ': 'ه'}, 'callouts': {'ه': ['ھ']},
                                                     'keys_source': 'the h key types ه (U+0647) as kurdish_standard.json does, ھ its callout'}),
    ('sr-RS', 'Српски', 'sr-RS', None, 'xml', {}),
    ('sl-SI', 'Slovenščina', 'sl-SI', None, 'json', {}),
    ('lv-LV', 'Latviešu', 'lv-LV', None, 'xml', {}),
    ('ku', 'Kurdî (Kurmancî)', 'ku', None, 'json', {}),
    ('ca', 'Català', 'ca', None, 'xml', {}),
    ('sk', 'Slovenčina', 'sk', None, 'json', {}),
    ('cs', 'Čeština', 'cs', None, 'xml', {}),
    ('lt-LT', 'Lietuvių', 'lt-LT', None, 'json', {}),
    ('ig-NG', 'Asụsụ Igbo', 'ig-NG', None, 'xml', {}),
    ('hoc', 'Ho (Warang Citi)', 'hoc', None, 'json', {}),
    ('ur-PK', 'اردو', 'ur-PK', None, 'json', {'punctuation': '.،؟!’', 'full_stop': '۔'}),
    # FlorisBoard's Bangladeshi popups lack the independent vowels ঈ ঊ ঐ ঔ (265 words of the
    # Bengali dictionary need them): each follows its short twin (ই, উ, এ, ও) in a sign's popup.
    ('bn-BD', 'বাংলা', 'bn-BD', None, 'xml', {'callouts': {'ি': ['ই', 'ঈ'], 'ু': ['উ', 'ঊ'], 'ে': ['এ', 'ঐ'], 'ো': ['ও', 'ঔ']}}),
    ('hi-IN', 'हिन्दी', 'hi-IN', None, 'json', {}),
    ('ast', 'Asturianu', 'ast', None, 'xml', {}),
    ('ta-LK', 'தமிழ் (இலங்கை)', 'ta-lk', None, 'json', {}),
    ('kab', 'Taqbaylit', 'kab', None, 'xml', {}),
    ('th', 'ไทย', 'th-kd', None, 'json', {}),
]


# Locales whose letters come from AOSP LatinIME (its keyboards as `keylex import aosp` reads them):
# the languages no FlorisBoard preset above covers. tag, name, the imported subtype's tag,
# numeric currency, syntax, extra.
AOSP_LOCALES = [
    ('af', 'Afrikaans', 'af', 'R', 'json', {}),
    ('be-BY', 'Беларуская', 'be-BY', 'Br', 'xml', {}),
    ('bn-IN', 'বাংলা (ভারত)', 'bn-IN', '₹', 'json', {}),
    ('en-IN', 'English (India)', 'en-IN', '₹', 'xml', {}),
    ('et-EE', 'Eesti', 'et-EE', '€', 'json', {}),
    ('eu-ES', 'Euskara', 'eu-ES', '€', 'xml', {}),
    ('gl-ES', 'Galego', 'gl-ES', '€', 'json', {}),
    ('kk', 'Қазақ тілі', 'kk', '₸', 'xml', {}),
    ('km-KH', 'ខ្មែរ', 'km-KH', '៛', 'json', {}),
    ('kn-IN', 'ಕನ್ನಡ', 'kn-IN', '₹', 'xml', {}),
    ('ky', 'Кыргызча', 'ky', 'с', 'json', {}),
    ('lo-LA', 'ລາວ', 'lo-LA', '₭', 'xml', {}),
    ('mk', 'Македонски', 'mk', 'ден', 'json', {}),
    ('ml-IN', 'മലയാളം', 'ml-IN', '₹', 'xml', {}),
    ('mn-MN', 'Монгол', 'mn-MN', '₮', 'json', {}),
    ('mr-IN', 'मराठी', 'mr-IN', '₹', 'xml', {}),
    ('ms-MY', 'Bahasa Melayu', 'ms-MY', 'RM', 'json', {}),
    ('ne-NP', 'नेपाली', 'ne-NP', 'रु', 'xml', {}),
    ('nl-BE', 'Nederlands (België)', 'nl-BE', '€', 'json', {}),
    ('sw', 'Kiswahili', 'sw', 'TSh', 'json', {}),
    ('ta-IN', 'தமிழ் (இந்தியா)', 'ta-IN', '₹', 'xml', {}),
    ('te-IN', 'తెలుగు', 'te-IN', '₹', 'json', {}),
    ('tl', 'Tagalog', 'tl', '₱', 'xml', {}),
    ('uz-UZ', 'Oʻzbekcha', 'uz-UZ', 'soʻm', 'json', {}),
    ('vi', 'Tiếng Việt', 'vi', '₫', 'xml', {}),
    ('zu', 'isiZulu', 'zu', 'R', 'json', {}),
]
AOSP = os.path.join(EXTERNAL, 'aosp-latinime')


def graphemes(text):
    """The characters of a compact row string as Swift counts them, for the scripts the shipped
    layouts use: a combining mark or a joiner joins the character before it, and a consonant
    after a letter and its virama joins them (an Indic conjunct such as क्ष)."""
    result = []
    for c in text:
        after_virama = (result and unicodedata.category(result[-1][0]) == 'Lo' and unicodedata.combining(result[-1][-1]) == 9
                        and unicodedata.category(c) == 'Lo')
        if result and (unicodedata.category(c).startswith('M') or c in '\u200c\u200d' or after_virama):
            result[-1] += c
        else:
            result.append(c)
    return result


def aosp_letters(doc):
    """The letter rows, callouts and sources of a document `keylex import aosp` wrote: the rows of
    its phone letter layer above the system row, without LatinIME's shift, backspace, gaps and
    digit hints (nor the hint digits among the callouts)."""
    def keys(row):
        for item in ([row] if isinstance(row, str) else row):
            if isinstance(item, str):
                yield from ({'value': c} for c in graphemes(item))
            else:
                yield item
    letters = next(layer for layer in doc['layouts'][0]['layers'] if layer['id'] == 'lowercased')['rows'][:-1]
    rows, hints = [], {}
    for row in letters:
        items = []
        for k in keys(row):
            if k.get('action', 'character') not in ('character', 'text'):
                continue
            if 'hint' in k:
                hints[k['value']] = k['hint']
            item = {name: k[name] for name in ('action', 'value', 'label', 'shifted', 'callout') if name in k}
            items.append(item['value'] if list(item) == ['value'] and len(item['value']) == 1 else item)
        rows.append(items)
    callouts = {c: [v for v in variants.split(' ') if v != hints.get(c)] for c, variants in doc.get('callouts', {}).get('keys', {}).items()}
    return rows, {c: v for c, v in callouts.items() if v}, [doc['source'].replace('by keylex import aosp', 'by keylex import aosp, letter rows and callouts')]


def from_preset(tag, name, preset_tag, layout, syntax, extra):
    """A LOCALES entry from a FlorisBoard subtype preset."""
    localization = os.path.join(FLORIS, 'org.florisboard.localization')
    preset = next(p for p in load(os.path.join(localization, 'extension.json'))['subtypePresets']
                  if p['languageTag'] == preset_tag and (layout is None or p['preferred']['characters'].endswith(':' + layout)))
    layout_id = preset['preferred']['characters'].split(':')[1]
    mapping = preset.get('popupMapping', '').split(':')[-1] or None
    sets = load(os.path.join(FLORIS, 'org.florisboard.currencysets', 'extension.json'))['currencySets']
    currency = next(c for c in sets if c['id'] == preset['currencySet'].split(':')[1])['slots'][0]['label']
    registry = load(os.path.join(FLORIS, 'org.florisboard.layouts', 'extension.json'))['layouts']['characters']
    direction = next(entry for entry in registry if entry['id'] == layout_id).get('direction', 'ltr')
    return tag, name, layout_id, mapping, currency, syntax, direction, extra


def load(path):
    with open(path, encoding='utf-8') as f:
        return json.load(f)


def is_presentation_form(char):
    """Arabic presentation forms (U+FB50–U+FDFF, U+FE70–U+FEFF): glyph shapes, not letters."""
    return len(char) == 1 and (0xFB50 <= ord(char) <= 0xFDFF or 0xFE70 <= ord(char) <= 0xFEFF)


def output_of(key):
    """What a FlorisBoard key types, in NFC: its code's character, or for an Arabic presentation
    form the letters it shows (U+FEFB becomes lam and alef). Only those are decomposed: NFKC would
    also turn the ordinals ª and º into a and o."""
    if key.get('$') == 'case_selector':
        key = key['lower']
    if 'codePoints' in key:
        return unicodedata.normalize('NFC', ''.join(chr(c) for c in key['codePoints']))
    char = chr(key['code']) if key.get('code', 0) > 0 else key.get('label', '')
    return unicodedata.normalize('NFKC' if is_presentation_form(char) else 'NFC', char)


def item_of(key):
    """A key of a letter row: its output, or a key object with a `shifted` output when shift types
    something other than its upper case (a case_selector's upper key; a key that is not an
    auto_text_key, which FlorisBoard leaves as it is on shift)."""
    value = output_of(key)
    if len(value) > 1 and not all(unicodedata.combining(c) for c in value[1:]):
        return {'action': 'text', 'value': value}  # several characters (Bengali's ্র)
    if key.get('$') == 'auto_text_key':
        return value
    shifted = output_of(key['upper']) if key.get('$') == 'case_selector' else value
    upper = value.upper()
    return value if shifted == (upper if len(upper) == 1 else value) else {'value': value, 'shifted': shifted}


def value_of(item):
    return item if isinstance(item, str) else item['value']


def rows_of(layout_id):
    data = load(os.path.join(FLORIS, 'org.florisboard.layouts', 'layouts', 'characters', layout_id + '.json'))
    return [[item_of(key) for key in row] for row in data]


def callouts_of(mapping):
    if mapping is None:
        return {}
    data = load(os.path.join(FLORIS, 'org.florisboard.localization', 'popupMappings', mapping + '.json'))
    result = {}
    for char, popup in data.get('all', {}).items():
        if char.startswith('~'):
            continue
        variants = ([output_of(popup['main'])] if 'main' in popup else []) + [output_of(k) for k in popup.get('relevant', [])]
        unique = []
        for v in variants:
            if v and v not in unique and v != char:
                unique.append(v)
        if unique:
            result[char] = unique
    return result


def inline_popups(layout_id):
    """Variants FlorisBoard keeps on the layout's own keys (Hebrew points, AZERTY quotes)."""
    data = load(os.path.join(FLORIS, 'org.florisboard.layouts', 'layouts', 'characters', layout_id + '.json'))
    result = {}
    for row in data:
        for key in row:
            popup = key.get('popup')
            if popup:
                result[output_of(key)] = [output_of(k) for k in ([popup['main']] if 'main' in popup else []) + popup.get('relevant', [])]
    return result


def kk_rows(name, device):
    rows = load(KEYBOARDKIT)[name]
    return [''.join(row[device] if row.get(device) else row['phone']) for row in rows]


def key(action, value=None, label=None, width=None):
    k = {'action': action}
    if value is not None:
        k['value'] = value
    if label is not None:
        k['label'] = label
    if width is not None:
        k['width'] = width
    return k


def char_run(items):
    """Row items for letter keys: runs of plain characters as one string (a combining mark
    starting a new one), keys with a shifted output as key objects."""
    result = []
    for item in items:
        # A combining mark joins the character before it in one grapheme: it starts a run.
        joins = not (isinstance(item, str) and unicodedata.category(item[0]).startswith('M'))
        if isinstance(item, str) and joins and result and isinstance(result[-1], str):
            result[-1] += item
        else:
            result.append(item if isinstance(item, str) else dict(item))
    return result


def row_of(items):
    """A row: a string when it is characters only."""
    return items[0] if len(items) == 1 and isinstance(items[0], str) else items


def currency_key(currency):
    return currency if len(currency) == 1 else key('text', currency)


def layer_switch(label, width):
    """The switch from the letters to the numeric layer; a long press offers both other layers."""
    k = key('keyboardType', 'numeric', label, width)
    k['calloutActions'] = 'keyboardType:numeric keyboardType:symbolic'
    return k


def with_layer_switch(row):
    """A bottom row whose switches to the numeric layer offer the other layers on a long press."""
    return [layer_switch(k['label'], k.get('width')) if isinstance(k, dict) and k.get('action') == 'keyboardType' else k for k in row]


def caseless(rows):
    """Whether no letter key of `rows` has an upper case (Arabic, Hebrew, Indic scripts; Georgian,
    whose Mtavruli capitals keyboards do not type) or a shifted output of its own: a shift key there
    would change nothing (the compiler's shift-changes-nothing warning), so a gap of its width takes
    its place."""
    items = [item for row in rows for item in row]
    return not any(isinstance(item, dict) and item.get('shifted', item.get('value')) != item.get('value') for item in items) and \
        all(c.upper() == c or '\u10d0' <= c <= '\u10ff' for item in items for c in value_of(item))


def shift_key(rows, width=None):
    return key('none' if caseless(rows) else 'shift', width=width)


def tablet_marks(punctuation, full_stop='.'):
    """The comma and full stop a tablet's last letter row adds: Arabic's comma where the
    punctuation row has it, and the locale's full stop (Urdu's ۔)."""
    return ('،' if '،' in punctuation else ',') + full_stop


def phone_layout(rows, currency, punctuation):
    bottom = lambda switch, label: [key('keyboardType', switch, label, 'input*1.25'), key('nextKeyboard', width='input*1.25'),
                                    key('space', width='available'), key('primary', 'return', width='input*2')]
    alphabetic = [row_of(char_run(r)) for r in rows[:-1]] + [
                  [shift_key(rows, width='input*1.4')] + char_run(rows[-1]) + [key('backspace', width='input*1.4')],
                  with_layer_switch(bottom('numeric', '123'))]
    numeric_rows = kk_rows('numeric', 'phone')
    symbolic_rows = kk_rows('symbolic', 'phone')
    others = [c for c in '€£¥$' if c != currency][:3]
    numeric_r2 = numeric_rows[1].split('$')
    numeric = [numeric_rows[0], [numeric_r2[0], currency_key(currency), numeric_r2[1]],
               [key('keyboardType', 'symbolic', '#+=', 'input*1.4'), punctuation, key('backspace', width='input*1.4')],
               bottom('lowercased', 'ABC')]
    symbolic = [symbolic_rows[0], symbolic_rows[1].replace('€£¥', ''.join(others)),
                [key('keyboardType', 'numeric', '123', 'input*1.4'), punctuation, key('backspace', width='input*1.4')],
                bottom('lowercased', 'ABC')]
    return alphabetic, numeric, symbolic


def tablet_layout(rows, currency, punctuation, full_stop='.'):
    bottom = lambda switch, label: [key('keyboardType', switch, label, 'input*1.5'), key('nextKeyboard'),
                                    key('space', width='available'), key('keyboardType', switch, label, 'input*1.5'),
                                    key('dismissKeyboard')]
    first, last = rows[0], rows[-1]
    shown = [value_of(item) for row in rows for item in row]
    extra = [c for c in tablet_marks(punctuation, full_stop) if c not in shown]
    # Tablets have a shift key at each end of the last letter row (KeyboardKit's iPad layout,
    # iPadOS). The right one takes what the row leaves when that is at least a key's width, else
    # one key's width.
    right_shift = [shift_key(rows, width='available' if len(last) + len(extra) + 2 <= len(first) + 1.3 else None)]
    alphabetic = ([char_run(first) + [key('backspace', width='input*1.3')],
                   char_run(rows[1]) + [key('primary', 'return', width='available')]]
                  + [row_of(char_run(r)) for r in rows[2:-1]]
                  + [[shift_key(rows)] + char_run(last + extra) + right_shift,
                     with_layer_switch(bottom('numeric', '.?123'))])
    numeric_rows = kk_rows('numeric', 'pad')
    symbolic_rows = kk_rows('symbolic', 'pad')
    others = [c for c in '€£¥$' if c != currency][:3]
    n2 = numeric_rows[1].split('$')
    numeric = [[numeric_rows[0], key('backspace', width='input*1.3')],
               [n2[0], currency_key(currency), n2[1], key('primary', 'return', width='available')],
               [key('keyboardType', 'symbolic', '#+='), numeric_rows[2], key('keyboardType', 'symbolic', '#+=', 'available')],
               bottom('lowercased', 'ABC')]
    symbolic = [[symbolic_rows[0], key('backspace', width='input*1.3')],
                [symbolic_rows[1].replace('€£¥', ''.join(others)), key('primary', 'return', width='available')],
                [key('keyboardType', 'numeric', '123'), symbolic_rows[2], key('keyboardType', 'numeric', '123', 'available')],
                bottom('lowercased', 'ABC')]
    return alphabetic, numeric, symbolic


def url_key(width):
    """The `.com` key of URL keyboards, with KeyboardKit's other domains as its callout."""
    domains = [d for d in load(KEYBOARDKIT_CALLOUTS)['urlDomainActions'] if d != '.com']
    k = key('text', '.com', width=width)
    k['callout'] = ' '.join(domains)
    return k


def field_layouts(form, bottom, shown):
    """The e-mail and URL variants of a layout: its bottom letter row as iOS's e-mail keyboard
    (`@` and `.` beside the space bar) and URL keyboard (`.`, `/` and `.com`) have it."""
    new = lambda chars: ''.join(c for c in chars if c not in shown)  # Thai has / on its letter rows
    if form == 'phone':
        switch = [layer_switch('123', 'input*1.25'), key('nextKeyboard', width='input*1.25')]
        email = switch + [key('space', width='available'), new('@.'), key('primary', 'return', width='input*2')]
        url = switch + [new('./'), url_key('available'), key('primary', 'return', width='input*2')]
    else:
        switch = [layer_switch('.?123', 'input*1.5'), key('nextKeyboard')]
        end = [layer_switch('.?123', 'input*1.5'), key('dismissKeyboard')]
        email = switch + [key('space', width='available'), new('@')] + end  # '.' is on the last letter row
        url = switch + [key('space', width='available'), new('/'), url_key('input*1.5')] + end
    return [{'formFactor': form, 'field': field, 'layers': [{'id': 'lowercased', 'rows': [{'index': bottom, 'keys': [k for k in row if k]}]}]}
            for field, row in (('email', email), ('url', url))]


def florisboard_letters(layout_id, mapping):
    """The letter rows, callouts and sources of a FlorisBoard layout and popup mapping."""
    # A key's own popup comes first, then the mapping's (FlorisBoard shows both: Sorani's ر offers
    # its own ڕ before the mapping's ڒ).
    callouts = callouts_of(mapping)
    for char, variants in inline_popups(layout_id).items():
        own = [v for v in variants if v != char]
        callouts[char] = own + [v for v in callouts.get(char, []) if v not in own]
    sources = [f'Rows: FlorisBoard layouts/characters/{layout_id}.json (Apache-2.0)']
    if mapping:
        sources.append(f'callouts: FlorisBoard popupMappings/{mapping}.json (Apache-2.0)')
    return rows_of(layout_id), callouts, sources


def document(tag, name, letters, currency, direction, extra):
    rows, callouts, sources = letters
    # A letter key whose output the language writes with another character ('keys': {old: new}).
    swap = extra.get('keys', {})
    rows = [[swap.get(item, item) if isinstance(item, str) else item for item in row] for row in rows]
    sources = list(sources) + [extra['keys_source']] if swap else sources
    punctuation = extra.get('punctuation', '.,?!’')
    callouts = {**callouts, **extra.get('callouts', {})}
    if tag in LATIN:
        for char, variants in load(KEYBOARDKIT_CALLOUTS)['englishAlphabeticCharacters'].items():
            own = callouts.setdefault(char, [])
            own += [v for v in variants if v != char and v not in own]
    # KeyboardKit's callouts of digits, currencies and punctuation (without the key's own character).
    for char, variants in load(KEYBOARDKIT_CALLOUTS)['baseNumericAndSymbolicChars'].items():
        callouts.setdefault(char, [v for v in variants if v != char])
    tablet = functools.partial(tablet_layout, full_stop=extra.get('full_stop', '.'))
    layers = [layer for form in (phone_layout, tablet) for layer in form(rows, currency, punctuation)]
    shown = set(c for layer in layers for row in layer for item in ([row] if isinstance(row, str) else row)
                for c in (item if isinstance(item, str) else [item.get('value', '')]))
    callouts = {c: v for c, v in callouts.items() if c in shown and v}
    sources = list(sources)
    if tag in LATIN:
        sources.append('then KeyboardKit 9.9.1 englishAlphabeticCharacters (MIT)')
    sources.append('numeric and symbolic rows and their callouts: KeyboardKit 9.9.1 InputSet and Callouts.Actions (MIT)')
    sources.append("e-mail and URL bottom rows: after iOS's e-mail and URL keyboards")
    doc = {'locale': tag, 'name': name, 'source': '; '.join(sources)}
    if direction != 'ltr':
        doc['direction'] = direction
    callout_set = {}
    if 'callouts_extend' in extra:
        callout_set['extends'] = extra['callouts_extend']
    callout_set['keys'] = {c: ' '.join(v) for c, v in sorted(callouts.items())}
    doc['callouts'] = callout_set
    layouts = []
    for form, make in (('phone', phone_layout), ('tablet', tablet)):
        alphabetic, numeric, symbolic = make(rows, currency, punctuation)
        layouts.append({'formFactor': form, 'layers': [
            {'id': 'lowercased', 'rows': alphabetic},
            {'id': 'numeric', 'rows': numeric},
            {'id': 'symbolic', 'rows': symbolic},
        ]})
        letters = {c for row in alphabetic for item in ([row] if isinstance(row, str) else row)
                   for c in (item if isinstance(item, str) else [item.get('value', '')])}
        layouts += field_layouts(form, len(alphabetic), letters)
    doc['layouts'] = layouts
    return doc


# The abstract document every generated locale extends: KeyboardKit's system rows, numeric and
# symbolic layers (with the dollar), field layouts and the callouts of digits and punctuation,
# written once. A locale writes what differs: its letter rows, its currency, its callouts.
SHARED = 'und-x-system'
# Written whole all the same: en-US is the example of a complete document (and the tests' sample).
STANDALONE = {'en-US'}


# The theme every locale is drawn with (scripts/keylex-theme.json, written by hand: iOS-like key,
# keyboard and callout colours in light and dark appearance): defined in the shared document, and
# named by it and by the documents that do not extend it.
THEME = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'keylex-theme.json')


def themed(doc):
    """`doc` naming the theme, unless it inherits it from the shared document."""
    return doc if 'extends' in doc else {**doc, 'theme': load(THEME)['id']}


def shared_document():
    doc = document(SHARED, None, florisboard_letters('qwerty', None), '$', 'ltr', {})
    doc['abstract'] = True
    doc['themes'] = [load(THEME)]
    doc['source'] = ('System rows, numeric and symbolic rows and their callouts: KeyboardKit 9.9.1 InputSet and '
                     "Callouts.Actions (MIT); e-mail and URL bottom rows: after iOS's e-mail and URL keyboards; "
                     'the letter rows (FlorisBoard qwerty, Apache-2.0) are what locales replace')
    del doc['name']
    doc['callouts']['keys'] = {c: v for c, v in doc['callouts']['keys'].items() if not c.isalpha()}
    return doc


def rows_patch(rows, base_rows):
    """The rows of a layer that differ from the shared one's, by index; all of them (no index)
    when the row count differs."""
    if len(rows) != len(base_rows):
        return rows
    return [{'index': i + 1, 'keys': row if isinstance(row, list) else [row]} for i, (row, base) in enumerate(zip(rows, base_rows)) if row != base]


def extending(doc, base):
    """`doc` written as changes to the shared document `base`, or as it is when its letter rows
    are not the shared layout's three (Armenian and Thai have four)."""
    base_layouts = {(l['formFactor'], l.get('field', 'text')): l for l in base['layouts']}
    letters = next(l for l in doc['layouts'] if l['formFactor'] == 'phone')['layers'][0]['rows']
    if len(letters) != len(base['layouts'][0]['layers'][0]['rows']):
        return doc
    layouts = []
    for layout in doc['layouts']:
        shared = base_layouts[(layout['formFactor'], layout.get('field', 'text'))]
        shared_layers = {layer['id']: layer for layer in shared['layers']}
        layers = [{'id': layer['id'], 'rows': rows_patch(layer['rows'], shared_layers[layer['id']]['rows'])} for layer in layout['layers']]
        layers = [layer for layer in layers if layer['rows']]
        if layers:
            layouts.append({**{k: v for k, v in layout.items() if k != 'layers'}, 'layers': layers})
    result = {k: v for k, v in doc.items() if k not in ('layouts', 'callouts')}
    result['extends'] = SHARED
    own = {c: v for c, v in doc['callouts']['keys'].items() if base['callouts']['keys'].get(c) != v}
    callouts = {k: v for k, v in doc['callouts'].items() if k != 'keys'}
    if own or callouts:
        result['callouts'] = {**callouts, 'keys': own}
    result['layouts'] = layouts
    return result


def write(doc, tag, syntax, keylex):
    path = os.path.join('layouts', tag + '.json')
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(doc, f, ensure_ascii=False, indent=2)
    target = os.path.join('layouts', tag + '.' + syntax)
    subprocess.run([keylex, 'convert', path, '--output', target], check=True)
    if syntax == 'xml':
        os.remove(path)


def main():
    os.makedirs('layouts', exist_ok=True)
    keylex = os.path.join('.build', 'debug', 'keylex')
    base = shared_document()
    write(themed(base), SHARED, 'json', keylex)
    for tag, name, layout_id, mapping, currency, syntax, direction, extra in LOCALES + [from_preset(*entry) for entry in PRESET_LOCALES]:
        doc = document(tag, name, florisboard_letters(layout_id, mapping), currency, direction, extra)
        write(themed(doc if tag in STANDALONE else extending(doc, base)), tag, syntax, keylex)
    with tempfile.TemporaryDirectory() as imported:
        subprocess.run([keylex, 'import', 'aosp', AOSP, '-o', imported], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for tag, name, subtype, currency, syntax, extra in AOSP_LOCALES:
            aosp = load(os.path.join(imported, subtype + '.json'))
            doc = document(tag, name, aosp_letters(aosp), currency, aosp.get('direction', 'ltr'), extra)
            write(themed(extending(doc, base)), tag, syntax, keylex)


if __name__ == '__main__':
    main()
