#!/usr/bin/env python3
"""Extracts character statistics of running text per language (each word counted as often as it is
written, unlike the dictionaries of Scripts/extract-language-data.py, which count each word once) and each
language's most frequent words, for the charset detector's plausibility model.

Source: the translated user-interface messages of the Debian packages installed on the machine (gettext
catalogues /usr/share/locale/<ll>/LC_MESSAGES/*.mo, the msgstr of each entry; read as
Scripts/extract-message-phrases.py reads them). Split by package: a catalogue whose name's CRC-32 is
0 mod 4 (`evaluation_catalogue` there) is never counted here; the evaluation phrases
(Fixtures/charset/heldout-phrases.tsv) come from those catalogues only. A word held out of the dictionary
models (CRC-32 rule, `heldout`) is not counted either, so the evaluation's legacy words are unseen by both.

A word counts when it is letters only, fits the language's charset, and, when it is ASCII only, is a word of
the language: in its hunspell dictionary (stems or suffixed forms), or for a language without one (fi) not
a word of the English source messages (msgid) (untranslated English words are no evidence of the language).

Output: Scripts/data/charset-model/text/<lang>.tsv with
  u CP - COUNT        characters (lower-cased), token counts
  b CP1 CP2 COUNT     pairs (0000 is a word boundary), token counts, count >= 2
  w WORD - COUNT      the TOP_WORDS most frequent words (lower-cased), count >= MIN_WORD_COUNT
Usage: python3 Scripts/extract-text-counts.py [--only he,ru]   (--only: just those languages' files)
"""
import importlib.util, os, sys, zlib
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def load(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), os.path.join(HERE, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


phrases = load("extract-message-phrases")
language_data = load("extract-language-data")

# language -> (charset, locale directories): the phrase extractor's languages, Persian, Thai, Serbian and Finnish.
LANGUAGES = dict(phrases.LANGUAGES)
LANGUAGES.update({"fa": ("cp1256", ["fa"]), "th": ("cp874", ["th"]), "sr": ("cp1251", ["sr"]),
                  "fi": ("cp1252", ["fi"])})
LATIN = phrases.LATIN | {"fi"}
TOP_WORDS = 6000
MIN_WORD_COUNT = 2


def dictionary_words(lang):
    """Lower-cased words of the language's hunspell dictionary with their suffixed forms (empty without one)."""
    if lang not in language_data.HUNSPELL:
        return set()
    words = set(lower(w) for w in language_data.hunspell_words(lang))
    try:
        for stem, forms in language_data.hunspell_suffixed_forms(lang):
            words.update(lower(f) for f in forms)
    except Exception:
        pass
    return words


def english_words():
    """Lower-cased words of the English source messages (msgid) of the training catalogues."""
    import gettext, glob
    seen = Counter()
    for path in sorted(glob.glob("/usr/share/locale/fr/LC_MESSAGES/*.mo")):
        if phrases.evaluation_catalogue(os.path.basename(path)):
            continue
        try:
            with open(path, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
        except Exception:
            continue
        for key in catalog:
            text = key[0] if isinstance(key, tuple) else key
            for w in phrases.words_of(text):
                if w:
                    seen[w.lower()] += 1
    return {w for w, n in seen.items() if n >= 2}


def normalize(word, lang):
    if lang == "vi":
        return language_data.cp1258_form(word)
    if lang == "ro":
        return word.translate(phrases.CEDILLA_FORMS)
    return word


def counted(word, lang, charset, own, english):
    if not all(c.isalpha() or c in "\u0300\u0301\u0303\u0309\u0323" for c in word):
        return False
    try:
        word.encode(charset)
    except UnicodeEncodeError:
        return False
    if lang not in LATIN and any(ord(c) < 0x80 for c in word):
        return False  # a Latin letter in another alphabet's word: markup or a transliteration
    if any(ord(c) >= 0x80 for c in word):
        if lang == "he" and (word[-1] in "כמנפצ" or any(c in "ךםןףץ" for c in word[:-1])):
            return False  # visual (reversed) order in some catalogues
        return not language_data.heldout(word)
    if lang not in LATIN:
        return False
    return lower(word) in own if own else lower(word) not in english


def lower(word):
    """Lower-cased character by character, as the dictionary counts are (a character whose lower-case form is
    two characters, such as İ, is kept)."""
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in word)


ONLY = [l for l in (sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else []) if l]


def main():
    english = english_words()
    out_dir = os.path.join(HERE, "data", "charset-model", "text")
    os.makedirs(out_dir, exist_ok=True)
    for lang, (charset, locales) in LANGUAGES.items():
        if lang == "ja" or (ONLY and lang not in ONLY):
            continue
        own = dictionary_words(lang) if lang in LATIN else set()
        msgs = [(n, t) for n, t in phrases.messages(locales) if not phrases.evaluation_catalogue(n)]
        catalogues = sorted({n for n, _ in msgs})
        words = Counter()
        for _, text in msgs:
            for w in phrases.words_of(text):
                if not w:
                    continue
                w = normalize(w, lang)
                if counted(w, lang, charset, own, english):
                    words[lower(w)] += 1
        uni, bi = Counter(), Counter()
        for w, n in words.items():
            syms = [0] + [ord(c) for c in w] + [0]
            for s in syms[1:-1]:
                uni[s] += n
            for a, b in zip(syms, syms[1:]):
                bi[(a, b)] += n
        top = [(w, n) for w, n in words.most_common(TOP_WORDS) if n >= MIN_WORD_COUNT]
        path = os.path.join(out_dir, f"{lang}.tsv")
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(f"# Extracted by Scripts/extract-text-counts.py from the msgstr of {len(catalogues)} training catalogues\n")
            f.write(f"# /usr/share/locale/{{{','.join(locales)}}}/LC_MESSAGES/*.mo (evaluation catalogues left out): {' '.join(catalogues)}\n")
            f.write(f"# word tokens {sum(words.values())}, distinct words {len(words)}, words kept {len(top)}\n")
            f.write("kind\ta\tb\tcount\n")
            for cp, n in sorted(uni.items()):
                f.write(f"u\t{cp:04X}\t-\t{n}\n")
            for (a, b), n in sorted(bi.items()):
                if n >= 2:
                    f.write(f"b\t{a:04X}\t{b:04X}\t{n}\n")
            for w, n in top:
                f.write(f"w\t{w}\t-\t{n}\n")
        print(lang, len(catalogues), sum(words.values()), len(words), len(top), file=sys.stderr)


if __name__ == "__main__":
    main()
