#!/usr/bin/env python3
"""Writes Fixtures/charset/evaluation-names.json: file names the way people write them (2-4 character
CJK words, 3-10 letter words elsewhere, with digits, dates, version suffixes, copies, mixed ASCII (glued to
the word too: `{w}v2`) and extensions) built from words held out of the detector's training data (Fixtures/charset/heldout-words.tsv,
by Scripts/extract-language-data.py), encoded by Python's codecs in each charset servers use for the
language. Names whose bytes are valid UTF-8 or pure ASCII are left out (nothing to detect). Also
Fixtures/charset/evaluation-names-2char.json: 2-character CJK names the same way from
Fixtures/charset/heldout-words-2char.tsv (a larger measure of the 2-character names). And
Fixtures/charset/evaluation-names-short.json: the same templates over the short held-out words of
Fixtures/charset/heldout-words-short.tsv (one or two legacy letters in an otherwise ASCII Latin word; short
Cyrillic, Greek, Hebrew, Arabic, Thai words; katakana names in half-width Shift_JIS), in the charsets of
SHORT_CHARSETS where they differ (ISO-8859-5 Cyrillic too). And Fixtures/charset/evaluation-names-text.json:
the same over the phrases of real text of Fixtures/charset/heldout-phrases.tsv (Scripts/extract-message-phrases.py),
their words joined by a space, `_` or `-`; and Fixtures/charset/evaluation-names-common.json the same over
Fixtures/charset/common-phrases.tsv (common words, split by package only).
Usage: python3 Scripts/generate-evaluation-names.py
"""
import json, os, sys, unicodedata, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import generated_header  # noqa: E402

# language -> (script group, [(WHATWG charset name, Python codec)])
LANGUAGES = {
    "zh-hans": ("CJK", [("GBK", "gbk")]),
    "zh-hant": ("CJK", [("Big5", "big5")]),
    "ja": ("CJK", [("Shift_JIS", "cp932"), ("EUC-JP", "euc_jp")]),
    "ko": ("CJK", [("EUC-KR", "cp949")]),
    "ru": ("Cyrillic", [("windows-1251", "cp1251"), ("KOI8-R", "koi8_r")]),
    "uk": ("Cyrillic", [("windows-1251", "cp1251"), ("KOI8-U", "koi8_u")]),
    "bg": ("Cyrillic", [("windows-1251", "cp1251")]),
    "sr": ("Cyrillic", [("windows-1251", "cp1251")]),
    "el": ("Greek", [("windows-1253", "cp1253"), ("ISO-8859-7", "iso8859_7")]),
    "he": ("Hebrew", [("windows-1255", "cp1255"), ("ISO-8859-8", "iso8859_8")]),
    "ar": ("Arabic", [("windows-1256", "cp1256")]),
    "fa": ("Arabic", [("windows-1256", "cp1256")]),
    "th": ("Thai", [("windows-874", "cp874")]),
    "vi": ("Vietnamese", [("windows-1258", "cp1258")]),
    "tr": ("Turkish", [("windows-1254", "cp1254")]),
    "pl": ("Central European", [("windows-1250", "cp1250"), ("ISO-8859-2", "iso8859_2")]),
    "cs": ("Central European", [("windows-1250", "cp1250"), ("ISO-8859-2", "iso8859_2")]),
    "sk": ("Central European", [("windows-1250", "cp1250")]),
    "hu": ("Central European", [("windows-1250", "cp1250")]),
    "ro": ("Central European", [("windows-1250", "cp1250")]),
    "hr": ("Central European", [("windows-1250", "cp1250")]),
    "sl": ("Central European", [("windows-1250", "cp1250")]),
    "lt": ("Baltic", [("windows-1257", "cp1257")]),
    "lv": ("Baltic", [("windows-1257", "cp1257")]),
    "et": ("Baltic", [("windows-1257", "cp1257")]),
    "fr": ("Western", [("windows-1252", "cp1252")]),
    "de": ("Western", [("windows-1252", "cp1252")]),
    "es": ("Western", [("windows-1252", "cp1252")]),
    "it": ("Western", [("windows-1252", "cp1252")]),
    "pt": ("Western", [("windows-1252", "cp1252")]),
    "nl": ("Western", [("windows-1252", "cp1252")]),
    "da": ("Western", [("windows-1252", "cp1252")]),
    "sv": ("Western", [("windows-1252", "cp1252")]),
    "nb": ("Western", [("windows-1252", "cp1252")]),
    "is": ("Western", [("windows-1252", "cp1252")]),
    "ca": ("Western", [("windows-1252", "cp1252")]),
    "fi": ("Western", [("windows-1252", "cp1252")]),
}
# The short set's charsets where they differ from LANGUAGES': Serbian, Bulgarian and Russian in ISO-8859-5 too
# (old Unix systems), Japanese katakana names in half-width Shift_JIS only (what older systems wrote).
SHORT_CHARSETS = {
    "sr": [("windows-1251", "cp1251"), ("ISO-8859-5", "iso8859_5")],
    "bg": [("windows-1251", "cp1251"), ("ISO-8859-5", "iso8859_5")],
    "ru": [("windows-1251", "cp1251"), ("KOI8-R", "koi8_r"), ("ISO-8859-5", "iso8859_5")],
    "ja": [("Shift_JIS", "cp932")],
}
TEMPLATES = ["{w}.pdf", "{w}", "{w}_2023.xlsx", "{w} v2.docx", "2024-03-15 {w}.txt", "{w}(1).zip", "IMG_{w}.jpg",
             "{w}_final.pptx", "{w}-1.2.3.tar.gz", "{w} 03.mp3", "{W}.doc", "{w}_{x}.csv", "{w}.txt", "{w} {x}.odt",
             "{w}v2.pptx", "{w}2024-05.xlsx", "{W}.pdf"]
PER_PAIR = 80


def halfwidth(word):
    """Katakana as half-width forms (what older Shift_JIS systems write), or None."""
    out = ""
    for ch in word:
        for cp in range(0xFF61, 0xFFA0):
            if unicodedata.normalize("NFKC", chr(cp)) == ch:
                out += chr(cp)
                break
        else:
            dec = unicodedata.normalize("NFD", ch)
            if len(dec) == 2 and dec[1] in "\u3099\u309a":
                base = halfwidth(dec[0])
                if base is None:
                    return None
                out += base + ("\uff9e" if dec[1] == "\u3099" else "\uff9f")
            else:
                return None
    return out


def names(lang, group, charsets, pool, prefix, wanted, source, all_halfwidth=False, phrases=False):
    """Up to PER_PAIR names a charset from `pool`, each kept when `wanted(text)`; in Shift_JIS, every fifth
    katakana word (every one with `all_halfwidth`) in half-width forms. With `phrases`, the pool's entries
    are phrases of several words, joined in the name by a space, `_` or `-` (as people write them)."""
    out = []
    for ci, (name, codec) in enumerate(charsets):
        n = 0
        for i, w in enumerate(pool):
            if n >= PER_PAIR:
                break
            h = zlib.crc32(f"{lang}{name}{w}".encode())
            x = pool[(i * 7 + 3) % len(pool)]
            if phrases:
                sep = [" ", "_", "-", " "][(h >> 8) % 4]
                w, x = w.replace(" ", sep), x.replace(" ", sep)
            if codec == "cp932" and (all_halfwidth or i % 5 == 0) and halfwidth(w):
                w = halfwidth(w)
            t = TEMPLATES[h % len(TEMPLATES)]
            text = t.replace("{w}", w).replace("{W}", w[:1].upper() + w[1:]).replace("{x}", x)
            text = unicodedata.normalize("NFC", text) if lang != "vi" else text
            if not wanted(text):
                continue
            try:
                data = text.encode(codec)
            except UnicodeEncodeError:
                continue
            if all(b < 0x80 for b in data):
                continue
            try:
                data.decode("utf-8")
                continue
            except UnicodeDecodeError:
                pass
            n += 1
            out.append({"id": f"{prefix}-{lang}-{name.lower()}-{n:03d}",
                        "source": f"own name from a held-out word ({source}); bytes by Python codecs '{codec}'",
                        "group": group, "language": lang, "text": text, "charset": name, "hex": data.hex()})
    return out


def write(path, cases):
    with open(os.path.join(ROOT, "Fixtures", "charset", path), "w", encoding="utf-8", newline="\n") as f:
        json.dump(cases, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(path, len(cases) - 1, file=sys.stderr)


def two_characters(text):
    return sum(1 for c in text if ord(c) >= 0x80) == 2


def main():
    header = "Generated by Scripts/generate-evaluation-names.py from held-out words; do not edit by hand."
    for tsv, out, prefix, wanted, short in [
            ("heldout-words.tsv", "evaluation-names.json", "eval", lambda text: True, False),
            # The larger 2-character CJK measure: the same templates over further held-out 2-character
            # words, only names with exactly two non-ASCII characters kept (as the test counts them).
            ("heldout-words-2char.tsv", "evaluation-names-2char.json", "eval2", two_characters, False),
            ("heldout-words-short.tsv", "evaluation-names-short.json", "short", lambda text: True, True),
            # Names from phrases of real running text (translated messages, Scripts/extract-message-phrases.py),
            # a source the models never saw: common words and names, as short names hold them.
            ("heldout-phrases.tsv", "evaluation-names-text.json", "text", lambda text: True, True),
            # The same from phrases split by package only (common words the models may know from other packages).
            ("common-phrases.tsv", "evaluation-names-common.json", "common", lambda text: True, True)]:
        words = {}
        for lang, word in generated_header.read_tsv(f"Fixtures/charset/{tsv}"):
            words.setdefault(lang, []).append(word)
        cases = [header]
        for lang, (group, charsets) in LANGUAGES.items():
            if lang in words:
                charsets = SHORT_CHARSETS.get(lang, charsets) if short else charsets
                cases += names(lang, group, charsets, words[lang], prefix, wanted, f"Fixtures/charset/{tsv}", short,
                               phrases=prefix in ("text", "common"))
        write(out, cases)

if __name__ == "__main__":
    main()
