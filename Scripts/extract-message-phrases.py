#!/usr/bin/env python3
"""Extracts short phrases of real running text per language, from a source the charset detector never
trained on, for an evaluation set of file names the way people write them (Fixtures/charset/heldout-phrases.tsv).

The detector's models are learnt from word lists (Scripts/extract-language-data.py: hunspell dictionaries,
mecab-ipadic, jieba). The text here is the translated user-interface messages of the Debian packages
installed on the machine (gettext catalogues /usr/share/locale/<ll>/LC_MESSAGES/*.mo, the msgstr of
each entry; iso-codes' country, region and language names among them): common words, place and
people's names, inflected forms, in the order people write them. A phrase is 1-3 consecutive words of
one message of an evaluation catalogue (`evaluation_catalogue`: a quarter of the packages, split by
package; Scripts/extract-text-counts.py counts the running text of the others); each of its words holding a non-ASCII letter must be held out by the models' own rule
(CRC-32 of its lower-cased UTF-8 is 0 mod 10: never counted, Scripts/extract-language-data.py `heldout`),
so the legacy letters the detector must read come from words it never saw.

Kept per language (LANGUAGES): Latin-script phrases with 1-3 non-ASCII letters (short names, the hard
case), other alphabets' phrases of 2-12 letters, Japanese katakana words (written half-width in the
evaluation, as older Shift_JIS systems did). At most PER_LANGUAGE a language, spread over the catalogues.
Also Fixtures/charset/common-phrases.tsv: the same from the same catalogues without the word hold-out (common
words, which the models may know from other packages' text: split by package only).
Usage: python3 Scripts/extract-message-phrases.py   (writes Fixtures/charset/heldout-phrases.tsv and common-phrases.tsv)
"""
import gettext, glob, os, re, subprocess, sys, unicodedata, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# language -> locale directories to read (first that exists wins per catalogue) and the charset the
# phrase must fit.
LANGUAGES = {
    "tr": ("cp1254", ["tr"]), "fr": ("cp1252", ["fr"]), "de": ("cp1252", ["de"]), "es": ("cp1252", ["es"]),
    "it": ("cp1252", ["it"]), "pt": ("cp1252", ["pt", "pt_BR"]), "nl": ("cp1252", ["nl"]),
    "da": ("cp1252", ["da"]), "sv": ("cp1252", ["sv"]), "nb": ("cp1252", ["nb"]), "is": ("cp1252", ["is"]),
    "ca": ("cp1252", ["ca"]), "lt": ("cp1257", ["lt"]), "lv": ("cp1257", ["lv"]), "et": ("cp1257", ["et"]),
    "pl": ("cp1250", ["pl"]), "cs": ("cp1250", ["cs"]), "sk": ("cp1250", ["sk"]), "hu": ("cp1250", ["hu"]),
    "ro": ("cp1250", ["ro"]), "hr": ("cp1250", ["hr"]), "sl": ("cp1250", ["sl"]), "vi": ("cp1258", ["vi"]),
    "he": ("cp1255", ["he"]), "ru": ("cp1251", ["ru"]), "uk": ("cp1251", ["uk"]), "bg": ("cp1251", ["bg"]),
    "el": ("cp1253", ["el"]), "ar": ("cp1256", ["ar"]), "ja": ("cp932", ["ja"]), "fi": ("cp1252", ["fi"]),
}
LATIN = {"tr", "fr", "de", "es", "it", "pt", "nl", "da", "sv", "nb", "is", "ca", "lt", "lv", "et", "pl", "cs",
         "sk", "hu", "ro", "hr", "sl", "vi", "fi"}
PER_LANGUAGE = 120
# Romanian's comma-below letters as the cedilla forms windows-1250 has (as the models count them).
CEDILLA_FORMS = str.maketrans("șțȘȚ", "şţŞŢ")


def heldout(word):
    """The models' hold-out rule (Scripts/extract-language-data.py), on the lower-cased word."""
    return zlib.crc32(word.lower().encode("utf-8")) % 10 == 0


def evaluation_catalogue(name):
    """Whether the catalogue (its file name, `apt.mo`) is kept for the evaluation: its text is never counted by
    Scripts/extract-text-counts.py (the split is by package, so no message of it trains the models)."""
    return zlib.crc32(name.encode("utf-8")) % 4 == 0


def messages(locales):
    """(catalogue name, msgstr) of every .mo under the locales, sorted by catalogue."""
    seen = {}
    for loc in locales:
        for path in sorted(glob.glob(f"/usr/share/locale/{loc}/LC_MESSAGES/*.mo")):
            seen.setdefault(os.path.basename(path), path)
    out = []
    for name, path in sorted(seen.items()):
        try:
            with open(path, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
        except Exception:
            continue
        for key, value in catalog.items():
            if key == "" or not isinstance(value, str):
                continue
            out.append((name, value))
    return out


MARKUP = re.compile(r"%[-+ #0-9.*]*[a-zA-Z]|\{[^}]*\}|<[^>]*>|&[a-z]+;|\$\{?\w+\}?|\\[nt]|https?://\S+")


def words_of(text):
    """Runs of letters (a word may hold an apostrophe or hyphen inside), markup and accelerators removed."""
    text = MARKUP.sub(" ", unicodedata.normalize("NFC", text)).replace("_", "").replace("&", "").replace("~", "")
    out, cur = [], ""
    for ch in text + " ":
        cat = unicodedata.category(ch)
        if cat.startswith("L") or cat.startswith("M"):
            cur += ch
        else:
            if cur:
                out.append(cur)
            cur = ""
            if not (cat.startswith("L") or ch in " "):
                out.append(None)  # punctuation breaks a phrase
    return out


def phrase_ok(words, lang, charset, held=True):
    text = " ".join(words)
    try:
        text.encode(charset)
    except UnicodeEncodeError:
        return False
    for w in words:
        if held and any(ord(c) >= 0x80 for c in w) and not heldout(w):
            return False
    legacy = sum(1 for c in text if ord(c) >= 0x80)
    if lang == "he" and any(w[-1] in "כמנפצ" or any(c in "ךםןףץ" for c in w[:-1]) for w in words):
        return False  # visual (reversed) order in some catalogues: a final form inside, a non-final at the end
    if lang == "ja":
        return len(words) == 1 and 2 <= len(text) <= 8 and all(0x30A1 <= ord(c) <= 0x30FC for c in text)
    if lang in LATIN:
        return 1 <= legacy <= 3 and all(len(w) >= 2 for w in words) and len(text) <= 30
    return 2 <= legacy <= 12 and all(ord(c) >= 0x80 for w in words for c in w)


def main():
    # Two sets from the same evaluation catalogues: every legacy word held out of the models' word lists too
    # (heldout-phrases.tsv), and any word (common-phrases.tsv: common words, which the models may have seen in
    # other packages' text, as a reader's names hold them; the split is by package only).
    for out, held in (("heldout-phrases.tsv", True), ("common-phrases.tsv", False)):
        write_phrases(out, held)


def write_phrases(out, held):
    rows, provenance = [], []
    for lang, (charset, locales) in LANGUAGES.items():
        msgs = [(n, t) for n, t in messages(locales) if evaluation_catalogue(n)]
        catalogues = sorted({n for n, _ in msgs})
        candidates, seen = [], set()
        for name, text in msgs:
            if lang == "ro":
                text = text.translate(CEDILLA_FORMS)
            ws = words_of(text)
            for i in range(len(ws)):
                for n in (1, 2, 3):
                    chunk = ws[i:i + n]
                    if len(chunk) < n or None in chunk:
                        continue
                    key = " ".join(chunk)
                    if key.lower() in seen or not phrase_ok(chunk, lang, charset, held):
                        continue
                    seen.add(key.lower())
                    candidates.append(key)
        # Spread over the whole list (sorted by catalogue, so over the catalogues), one, two and
        # three-word phrases as they come.
        step = max(1, len(candidates) // PER_LANGUAGE)
        chosen = candidates[::step][:PER_LANGUAGE]
        rows += [(lang, p) for p in chosen]
        provenance.append(f"{lang} {len(catalogues)} catalogues {len(candidates)} phrases")
        print(lang, len(catalogues), len(candidates), len(chosen), file=sys.stderr)
    with open(os.path.join(ROOT, "Fixtures", "charset", out), "w", encoding="utf-8", newline="\n") as f:
        if held:
            f.write("# Held-out phrases of real text (1-3 words of a translated message of a Debian package's gettext\n")
            f.write("# catalogue, /usr/share/locale/<ll>/LC_MESSAGES/*.mo; every word with a non-ASCII letter held out of the\n")
            f.write("# models by their CRC-32 rule), by Scripts/extract-message-phrases.py; input of\n")
        else:
            f.write("# Phrases of real text (1-3 words of a translated message of an evaluation catalogue,\n")
            f.write("# /usr/share/locale/<ll>/LC_MESSAGES/*.mo: split by package only, common words the models may know from\n")
            f.write("# other packages), by Scripts/extract-message-phrases.py; input of\n")
        f.write("# Scripts/generate-evaluation-names.py. Per language: " + "; ".join(provenance) + "\n")
        f.write("lang\tword\n")
        for lang, p in rows:
            f.write(f"{lang}\t{p}\n")

if __name__ == "__main__":
    main()
