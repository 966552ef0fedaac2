#!/usr/bin/env python3
"""Generates Sources/FilenameKit/Generated/CharsetDetector+Tables.swift from committed inputs only.

Input: Scripts/data/unihan-cjk.tsv, extracted from the Unihan database by Scripts/extract-unihan.py
(its header names the Unihan version and the sha256 of each source file). The fields used:

  pinlu       kHanyuPinlu   corpus counts of Modern Standard Chinese characters
  freq        kFrequency    1-5 frequency class from traditional-Chinese Usenet text
  gb0         kGB0          GB 2312 row; rows 16-55 are level 1, 56-87 level 2
  big5        kBigFive      Big5 code in the frequently used range A440-C67E
  jis0        kJis0         JIS X 0208 row of level 1 (16-47)
  joyo        kJoyoKanji    the Joyo kanji list
  hangul      kHangul       Hangul readings of KS X 1001 hanja (kKSC0)
  simplified  kSimplifiedVariant, to share frequency between traditional and simplified forms
  ksx1001     the 2,350 precomposed Hangul syllables of KS X 1001

plus a short hand-written list of native Korean grammatical syllables (particles and endings)
that Unihan cannot know about.

Output: per language, one sorted [UInt16] of code points per frequency class (1 = most
frequent). Code points in no class get the language's default (rarest) class.
Run: python3 Scripts/generate-charset-tables.py [--output PATH]
"""
import argparse, os, sys
from collections import defaultdict

import generated_header

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, "Sources", "FilenameKit", "Generated", "CharsetDetector+Tables.swift")
INPUT = "Scripts/data/unihan-cjk.tsv"

# Native (non-Sino-Korean) syllables frequent in Korean names: particles, endings, common
# native words. Hand-written ("own"), since Unihan only knows hanja readings.
KOREAN_NATIVE = "는를을이가에의도와과로서하고한된다요들것수및별용새첫내우리나너그저할함음임"


def fields():
    """The TSV as Unihan-like dictionaries: field -> {code point: value}."""
    d = defaultdict(dict)
    names = ["pinlu", "freq", "gb0", "big5", "jis0", "joyo", "hangul", "simplified", "ksx1001"]
    for row in generated_header.read_tsv(INPUT):
        cp = int(row[0], 16)
        for name, value in zip(names, row[1:]):
            if value != "-":
                d[name][cp] = value
    return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--output", default=DEFAULT_OUT)
    args = ap.parse_args()
    d = fields()
    pinlu = {cp: int(v) for cp, v in d["pinlu"].items()}
    simp = {cp: [int(x, 16) for x in v.split()] for cp, v in d["simplified"].items()}
    def shared_count(cp):
        # A traditional or Japanese form shares the count of its simplified form.
        return max([pinlu.get(cp, 0)] + [pinlu.get(s, 0) for s in simp.get(cp, [])])
    kfreq = {cp: int(v) for cp, v in d["freq"].items()}

    # zh-Hans: rank by kHanyuPinlu; then GB 2312 level 1.
    hans = {}
    for i, cp in enumerate(sorted(pinlu, key=lambda c: (-pinlu[c], c))):
        hans[cp] = 1 if i < 500 else 2 if i < 1000 else 3 if i < 2000 else 4
    for cp, row in d["gb0"].items():
        if cp not in hans and int(row) <= 55:
            hans[cp] = 5

    # zh-Hant: kFrequency classes (with kHanyuPinlu of the simplified form breaking in), then Big5's frequent set.
    hant = {}
    for cp, f in kfreq.items():
        c = {1: 1, 2: 1, 3: 2, 4: 3, 5: 4}[f]
        if c > 1 and shared_count(cp) >= 2000:
            c -= 1
        hant[cp] = c
    for cp in d["big5"]:
        if cp not in hant:
            hant[cp] = 5

    # ja: Joyo kanji ranked by the shared Chinese counts (and kFrequency); then JIS X 0208 level 1.
    def ja_key(cp):
        return (-(shared_count(cp) + (6 - kfreq.get(cp, 6)) * 500), cp)
    ja = {}
    for i, cp in enumerate(sorted(d["joyo"], key=ja_key)):
        ja[cp] = 1 if i < 1000 else 2
    for cp in d["jis0"]:
        if cp not in ja:
            ja[cp] = 3

    # ko: Hangul syllables by how many KS X 1001 hanja read that way; then the rest of KS X 1001.
    readings = defaultdict(int)
    for v in d["hangul"].values():
        for r in v.split():
            readings[r] += 1
    ko = {}
    for syl, n in readings.items():
        if len(syl) == 1 and 0xAC00 <= ord(syl) <= 0xD7A3:
            ko[ord(syl)] = 1 if n >= 8 else 2
    for ch in KOREAN_NATIVE:
        ko[ord(ch)] = 1
    for cp in d["ksx1001"]:
        if cp not in ko:
            ko[cp] = 3

    out = []
    out.append("// Each table: per frequency class (index 0 = class 1, the most frequent), sorted BMP code points.\n")
    out.append("// A character in no class gets the language's default (rarest) class.\n\n")
    out.append("extension CharsetDetector {\n")
    for ident, table, doc in [
        ("hans", hans, "Simplified Chinese hanzi: 1-4 by kHanyuPinlu rank (500/1000/2000/rest), 5 the rest of GB 2312 level 1."),
        ("hant", hant, "Traditional Chinese hanzi: 1-4 by kFrequency (raised one class by a high kHanyuPinlu count), 5 the rest of Big5's frequent set."),
        ("ja", ja, "Japanese kanji: 1-2 Joyo (top 1000 by shared frequency, rest), 3 the rest of JIS X 0208 level 1."),
        ("ko", ko, "Hangul syllables: 1 reading of 8+ KS X 1001 hanja or a native particle, 2 other hanja reading, 3 the rest of KS X 1001."),
    ]:
        classes = sorted(set(table.values()))
        out.append(f"  /// {doc} ({len(table)} code points)\n")
        out.append(f"  static let {ident}Classes: [[UInt16]] = [\n")
        for c in classes:
            keys = sorted(k for k, v in table.items() if v == c)
            out.append(f"    // class {c}: {len(keys)}\n    [\n")
            for i in range(0, len(keys), 12):
                out.append("      " + ", ".join(f"0x{k:04X}" for k in keys[i:i + 12]) + ",\n")
            out.append("    ],\n")
        out.append("  ]\n")
    out.append("}\n")
    generated_header.write(args.output, "Scripts/generate-charset-tables.py", [("unihan", INPUT)], "".join(out))


if __name__ == "__main__":
    main()
