#!/usr/bin/env python3
"""Generates Sources/FilenameKit/Generated/CharsetDetector+Tables.swift from the Unihan database.

Input: Debian's `unicode-data` package (`apt-get install -y unicode-data`), which ships the
Unihan files as /usr/share/unicode/Unihan_*.txt.bz2. The fields used:

  kHanyuPinlu   (Readings)          corpus counts of Modern Standard Chinese characters
  kFrequency    (DictionaryLikeData) 1-5 frequency class from traditional-Chinese Usenet text
  kGB0          (OtherMappings)     GB 2312 row/cell; rows 16-55 are level 1, 56-87 level 2
  kBigFive      (OtherMappings)     Big5 code; A440-C67E frequently used, C940-F9D5 less so
  kJis0         (OtherMappings)     JIS X 0208 row/cell; rows 16-47 level 1, 48-84 level 2
  kJoyoKanji    (OtherMappings)     the Joyo kanji list
  kKSC0         (OtherMappings)     KS X 1001 hanja
  kHangul       (Readings)          Hangul readings of hanja
  kSimplifiedVariant (Variants)     to share frequency between traditional and simplified forms

Plus Python's own `euc_kr` codec (KS X 1001) for the 2,350 precomposed Hangul syllables of
KS X 1001, and a short hand-written list of native Korean grammatical syllables (particles and
endings) that Unihan cannot know about.

Output: per language, one sorted [UInt16] of code points per frequency class (1 = most
frequent). Code points in no class get the language's default (rarest) class.
Run: python3 Scripts/generate-charset-tables.py > Sources/FilenameKit/Generated/CharsetDetector+Tables.swift
"""
import bz2, codecs, hashlib, os, platform, re, subprocess, sys
from collections import defaultdict

UNIHAN = "/usr/share/unicode"
FILES = ["Unihan_Readings.txt.bz2", "Unihan_DictionaryLikeData.txt.bz2",
         "Unihan_OtherMappings.txt.bz2", "Unihan_Variants.txt.bz2"]

# Native (non-Sino-Korean) syllables frequent in Korean names: particles, endings, common
# native words. Hand-written ("own"), since Unihan only knows hanja readings.
KOREAN_NATIVE = "는를을이가에의도와과로서하고한된다요들것수및별용새첫내우리나너그저할함음임"

def fields():
    data = defaultdict(dict)
    for name in FILES:
        with bz2.open(os.path.join(UNIHAN, name), "rt", encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                cp, key, value = line.rstrip("\n").split("\t", 2)
                data[key][int(cp[2:], 16)] = value
    return data

def main():
    d = fields()
    pinlu = {}
    for cp, v in d["kHanyuPinlu"].items():
        pinlu[cp] = sum(int(n) for n in re.findall(r"\((\d+)\)", v))
    simp = {}
    for cp, v in d["kSimplifiedVariant"].items():
        simp[cp] = [int(x[2:], 16) for x in v.split()]
    def shared_count(cp):
        # A traditional or Japanese form shares the count of its simplified form.
        return max([pinlu.get(cp, 0)] + [pinlu.get(s, 0) for s in simp.get(cp, [])])
    kfreq = {cp: int(v) for cp, v in d["kFrequency"].items()}

    # zh-Hans: rank by kHanyuPinlu; then GB 2312 levels.
    hans = {}
    ranked = sorted((cp for cp in pinlu if cp <= 0xFFFF), key=lambda c: (-pinlu[c], c))
    for i, cp in enumerate(ranked):
        hans[cp] = 1 if i < 500 else 2 if i < 1000 else 3 if i < 2000 else 4
    for cp, v in d["kGB0"].items():
        row = int(v[:2])
        if cp <= 0xFFFF and cp not in hans and 16 <= row <= 87:
            if row <= 55:
                hans[cp] = 5

    # zh-Hant: kFrequency classes (with kHanyuPinlu of the simplified form breaking in), then Big5 levels.
    hant = {}
    for cp, f in kfreq.items():
        if cp > 0xFFFF:
            continue
        c = {1: 1, 2: 1, 3: 2, 4: 3, 5: 4}[f]
        if c > 1 and shared_count(cp) >= 2000:
            c -= 1
        hant[cp] = c
    for cp, v in d["kBigFive"].items():
        code = int(v, 16)
        if cp <= 0xFFFF and cp not in hant:
            if 0xA440 <= code <= 0xC67E:
                hant[cp] = 5

    # ja: Joyo kanji ranked by the shared Chinese counts (and kFrequency); then JIS X 0208 levels.
    joyo = [cp for cp, v in d["kJoyoKanji"].items() if re.fullmatch(r"\d{4}", v) and cp <= 0xFFFF]
    def ja_key(cp):
        return (-(shared_count(cp) + (6 - kfreq.get(cp, 6)) * 500), cp)
    ja = {}
    for i, cp in enumerate(sorted(joyo, key=ja_key)):
        ja[cp] = 1 if i < 1000 else 2
    for cp, v in d["kJis0"].items():
        row = int(v[:2])
        if cp <= 0xFFFF and cp not in ja and 16 <= row <= 47:
            ja[cp] = 3

    # ko: Hangul syllables by how many KS X 1001 hanja read that way; then the rest of KS X 1001.
    readings = defaultdict(int)
    for cp in d["kKSC0"]:
        for r in d["kHangul"].get(cp, "").split():
            readings[r.split(":")[0]] += 1
    ko = {}
    for syl, n in readings.items():
        if len(syl) == 1 and 0xAC00 <= ord(syl) <= 0xD7A3:
            ko[ord(syl)] = 1 if n >= 8 else 2
    for ch in KOREAN_NATIVE:
        ko[ord(ch)] = 1
    for cp in range(0xAC00, 0xD7A4):
        if cp not in ko:
            b = chr(cp).encode("euc_kr", errors="ignore")
            if len(b) == 2:
                ko[cp] = 3

    out = sys.stdout
    out.write("// GENERATED by Scripts/generate-charset-tables.py — do not edit by hand.\n")
    out.write(f"// Inputs: Debian unicode-data {package_version()}, Unihan {unihan_version()}; Python {platform.python_version()} codecs (euc_kr).\n")
    for name in FILES:
        with open(os.path.join(UNIHAN, name), "rb") as f:
            out.write(f"//   sha256 {hashlib.sha256(f.read()).hexdigest()}  {name}\n")
    with open(__file__, "rb") as f:
        out.write(f"//   sha256 {hashlib.sha256(f.read()).hexdigest()}  Scripts/generate-charset-tables.py\n")
    out.write("// Each table: per frequency class (index 0 = class 1, the most frequent), sorted BMP code points.\n")
    out.write("// A character in no class gets the language's default (rarest) class.\n\n")
    out.write("extension CharsetDetector {\n")
    for ident, table, doc in [
        ("hans", hans, "Simplified Chinese hanzi: 1-4 by kHanyuPinlu rank (500/1000/2000/rest), 5 the rest of GB 2312 level 1."),
        ("hant", hant, "Traditional Chinese hanzi: 1-4 by kFrequency (raised one class by a high kHanyuPinlu count), 5 the rest of Big5's frequent set."),
        ("ja", ja, "Japanese kanji: 1-2 Joyo (top 1000 by shared frequency, rest), 3 the rest of JIS X 0208 level 1."),
        ("ko", ko, "Hangul syllables: 1 reading of 8+ KS X 1001 hanja or a native particle, 2 other hanja reading, 3 the rest of KS X 1001."),
    ]:
        classes = sorted(set(table.values()))
        out.write(f"  /// {doc} ({len(table)} code points)\n")
        out.write(f"  static let {ident}Classes: [[UInt16]] = [\n")
        for c in classes:
            keys = sorted(k for k, v in table.items() if v == c)
            out.write(f"    // class {c}: {len(keys)}\n    [\n")
            for i in range(0, len(keys), 12):
                out.write("      " + ", ".join(f"0x{k:04X}" for k in keys[i:i + 12]) + ",\n")
            out.write("    ],\n")
        out.write("  ]\n")
    out.write("}\n")
    for ident, table in [("hans", hans), ("hant", hant), ("ja", ja), ("ko", ko)]:
        counts = defaultdict(int)
        for v in table.values():
            counts[v] += 1
        print(ident, dict(sorted(counts.items())), file=sys.stderr)

def package_version():
    try:
        return subprocess.run(["dpkg-query", "-W", "-f=${Version}", "unicode-data"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "(version unknown)"

def unihan_version():
    with bz2.open(os.path.join(UNIHAN, FILES[0]), "rt", encoding="utf-8") as f:
        for line in f:
            m = re.match(r"# Unicode version: (\S+)", line)
            if m:
                return m.group(1)
    return "unknown"

if __name__ == "__main__":
    main()
