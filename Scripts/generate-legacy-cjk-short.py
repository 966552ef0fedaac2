#!/usr/bin/env python3
"""Writes Fixtures/charset/evaluation-names-cjk-short.json: short CJK file names with no charset or
language hint, the harder legacy measure for Korean against the Chinese and Japanese readings of the
same bytes.

Korean: names of 1-4 Hangul syllables (a word, or a word with digits, separators and an extension:
`보고서.hwp`, `견적서_2024.xlsx`, `사진 01.jpg`) from words held out of the detector's training (the
Korean words of Fixtures/charset/heldout-words.tsv and heldout-words-2char.tsv; single syllables and the
own words below are held out by the same rule, CRC-32 of the UTF-8 word 0 mod 10, or are in no
dictionary; the single syllables are the most used of the held-out ones by the counts of
Scripts/data/charset-model/ko.tsv), encoded with Python's 'euc_kr' codec where it gives KS X 1001's two-byte codes and with
'cp949' (windows-949, WHATWG's euc-kr) otherwise: the syllables outside KS X 1001's 2,350 take the
Unified Hangul Code extension (lead 0x81-0xC6, trail 0x41-0x5A, 0x61-0x7A, 0x81-0xFE). A few names
lead with a Hanja word (`新`, `第`), as Korean names sometimes do.

Controls: the same templates over the 1-4 character held-out words of Simplified Chinese (GBK),
Traditional Chinese (Big5) and Japanese (Shift_JIS as windows-31j, and EUC-JP), so that a rule that
recovers more Korean names is seen to take none from Chinese or Japanese.

Names whose bytes are ASCII or valid UTF-8 are left out (nothing to detect). Deterministic: the
template of a name is chosen by the CRC-32 of its word.
Usage: python3 Scripts/generate-legacy-cjk-short.py
"""
import json, os, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(ROOT, "Fixtures", "charset", "evaluation-names-cjk-short.json")

TEMPLATES = ["{w}.hwp", "{w}_2024.xlsx", "{w} 01.jpg", "{w}.pdf", "{w}", "{w}.docx", "{w}(1).zip",
             "{w}2.txt", "IMG_{w}.jpg", "{w}-3.pptx", "{w}.txt", "{w}_v2.hwp"]
# Korean-only templates would favour Korean; the controls use the same list (`.hwp` is a name any
# reader may hold).

# Own words (no dictionary holds them: coined, slang or loan spellings) with syllables outside
# KS X 1001, which only windows-949's extension encodes.
OWN_UHC_WORDS = ["똠방각하", "똠얌꿍", "햏자", "뷁", "쌰랄라", "샾", "됬다", "숖", "앜", "잌스", "뙇", "똭",
                 "믜", "귱", "궸", "쏼라", "펲시", "읭", "햚", "봣다", "똠방", "햏", "뷁뷁", "쌰", "잌"]
# Hanja that lead Korean names (KS X 1001 Hanja).
HANJA_LEADS = ["新", "第", "株", "大", "韓"]
# Per (language, charset): how many names at most.
# Single-syllable names: the most used held-out syllables.
SINGLES = 50
PER_PAIR = {"ko": 480, "zh-hans": 200, "zh-hant": 200, "ja": 200}


def heldout(word):
    """The training split of Scripts/extract-language-data.py: held out when CRC-32 is 0 mod 10."""
    return zlib.crc32(word.encode("utf-8")) % 10 == 0


def read_words(name, lang):
    path = os.path.join(ROOT, "Fixtures", "charset", name)
    with open(path, encoding="utf-8") as f:
        rows = [l.rstrip("\n").split("\t") for l in f if not l.startswith("#")][1:]
    return [w for l, w in rows if l == lang and 1 <= len(w) <= 4]


def ksx1001(ch):
    """Whether a Hangul syllable has a KS X 1001 two-byte code (the 'euc_kr' codec spells the others as
    eight-byte jamo sequences, which windows-949 decoders do not compose)."""
    try:
        return len(ch.encode("euc_kr")) == 2
    except UnicodeEncodeError:
        return False


def syllable_counts():
    """The Hangul syllables of the Korean model's training words, most used first (a name of one
    syllable is a word people use, `꿈`, `집`, not one of the rarest codes of the block)."""
    path = os.path.join(ROOT, "Scripts", "data", "charset-model", "ko.tsv")
    with open(path, encoding="utf-8") as f:
        rows = [l.rstrip("\n").split("\t") for l in f if not l.startswith("#")][1:]
    counts = [(chr(int(r[1], 16)), int(r[3])) for r in rows if r[0] == "u" and 0xAC00 <= int(r[1], 16) <= 0xD7A3]
    return [c for c, _ in sorted(counts, key=lambda x: (-x[1], x[0]))]


def korean_pool():
    words = read_words("heldout-words.tsv", "ko") + read_words("heldout-words-2char.tsv", "ko")
    singles = [c for c in syllable_counts() if ksx1001(c) and heldout(c)][:SINGLES]
    pool = []
    for w in words + singles + OWN_UHC_WORDS:
        if w not in pool:
            pool.append(w)
    return pool


def encode_korean(text):
    """`text` in EUC-KR when every syllable has a KS X 1001 code, else in windows-949."""
    if all(ord(ch) < 0x80 or ksx1001(ch) or not (0xAC00 <= ord(ch) <= 0xD7A3) for ch in text):
        try:
            data = text.encode("euc_kr")
            if data == text.encode("cp949"):
                return data, "euc_kr"
        except UnicodeEncodeError:
            pass
    return text.encode("cp949"), "cp949"


def names(lang, group, charset, codec, pool, source, limit):
    out = []
    for i, w in enumerate(pool):
        if len(out) >= limit:
            break
        h = zlib.crc32(f"{lang}{charset}{w}".encode())
        if lang == "ko" and i % 20 == 7 and len(w) <= 3:
            w = HANJA_LEADS[(h >> 4) % len(HANJA_LEADS)] + w
        text = TEMPLATES[h % len(TEMPLATES)].replace("{w}", w)
        try:
            data, used = encode_korean(text) if codec is None else (text.encode(codec), codec)
        except UnicodeEncodeError:
            continue
        if all(b < 0x80 for b in data):
            continue
        try:
            data.decode("utf-8")
            continue
        except UnicodeDecodeError:
            pass
        out.append({"id": f"cjkshort-{lang}-{charset.lower()}-{len(out) + 1:03d}",
                    "source": f"own name from {source}; bytes by Python codecs '{used}'",
                    "group": group, "language": lang, "text": text, "charset": charset, "hex": data.hex()})
    return out


def main():
    cases = names("ko", "Korean", "EUC-KR", None, korean_pool(),
                  "a held-out or own word (Fixtures/charset/heldout-words*.tsv)", PER_PAIR["ko"])
    controls = [("zh-hans", "Chinese (GBK)", "GBK", "gbk"), ("zh-hant", "Chinese (Big5)", "Big5", "big5"),
                ("ja", "Japanese", "Shift_JIS", "cp932"), ("ja", "Japanese", "EUC-JP", "euc_jp")]
    for lang, group, charset, codec in controls:
        pool = read_words("heldout-words.tsv", lang) + read_words("heldout-words-2char.tsv", lang)
        pool = sorted(set(pool), key=pool.index)
        # Interleave 2-character words with the longer ones so every length is represented.
        pool = sorted(pool, key=lambda w: zlib.crc32(w.encode()))
        cases += names(lang, group, charset, codec, pool,
                       "a held-out word (Fixtures/charset/heldout-words*.tsv)", PER_PAIR[lang])
    header = "Generated by Scripts/generate-legacy-cjk-short.py from held-out and own words; do not edit by hand."
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        json.dump([header] + cases, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{len(cases)} names -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
