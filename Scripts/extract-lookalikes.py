#!/usr/bin/env python3
"""Writes the two committed inputs of Scripts/generate-lookalikes.py from Unicode's own files:

- Scripts/data/confusables-subset.txt: the lines of UTS #39 `confusables.txt` that map one code
  point to what a file name's decoy extension or its separators are made of: ASCII letters and
  digits (`р` U+0440 -> `p`, `𝐩` -> `p`, `ｍ`-likes -> `rn`, the skeleton of `m`), one ASCII
  punctuation character (U+0640 ARABIC TATWEEL -> `_`), or a dot (`.` and the prototypes drawn as a
  dot: U+00B7 `·`, U+0971 `ॱ`, U+02F3 `˳`, U+00B0 `°`, U+0F0B `་`, U+119E `ᆞ`, the combining dots
  U+0307 and U+0323). The lines are kept verbatim (trailing blanks trimmed) under the file's own header.
- Scripts/data/unicode-dot-names.tsv: the code points whose Unicode name says they are a full stop
  or a single dot (UnicodeData.txt field 1: `… FULL STOP`, `… DOT`, `… DOT ABOVE`, `… DOT BELOW`;
  not `WITH …` letters, not `DOUBLE`/`TRIPLE` dots, syllables, radicals, squared symbols, digits
  with a stop or format characters), which confusables.txt does not all cover (U+06D4 ARABIC FULL
  STOP is mapped to `-` there, U+2E3C STENOGRAPHIC FULL STOP not at all).

Run once when Unicode publishes new data, then run Scripts/generate-lookalikes.py:
  python3 Scripts/extract-lookalikes.py --confusables PATH/confusables.txt --unicode-data PATH/UnicodeData.txt \\
      --confusables-origin "where the copy came from" --unicode-data-origin "where the copy came from"
"""
import argparse, hashlib, os, re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOT_PROTOTYPES = {0x2E, 0xB7, 0x971, 0x2F3, 0xB0, 0xF0B, 0x119E, 0x307, 0x323}
NAME_RULE = re.compile(r"(FULL STOP|(^| )DOT( ABOVE| BELOW)?$)")
NAME_EXCLUDED = ("WITH", "DOUBLE", "TRIPLE", "SYLLABLE", "RADICAL", "SQUARED")


def wanted_target(cps):
    if len(cps) == 1 and cps[0] in DOT_PROTOTYPES:
        return True
    if all(c < 0x80 and chr(c).isalnum() for c in cps):
        return True
    return len(cps) == 1 and 0x21 <= cps[0] < 0x7F


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--confusables", required=True)
    ap.add_argument("--unicode-data", required=True)
    ap.add_argument("--confusables-origin", required=True)
    ap.add_argument("--unicode-data-origin", required=True)
    a = ap.parse_args()
    raw = open(a.confusables, "rb").read()
    text = raw.decode("utf-8-sig")
    header, kept = [], []
    for line in text.split("\n"):
        if line.startswith("#") and not kept:
            header.append(line)
            continue
        fields = line.split("#")[0].split(";")
        if len(fields) < 3:
            continue
        source = [int(x, 16) for x in fields[0].split()]
        target = [int(x, 16) for x in fields[1].split()]
        if len(source) == 1 and wanted_target(target):
            kept.append(line.rstrip())
    out = [
        "# A subset of UTS #39 confusables.txt, written by Scripts/extract-lookalikes.py (see there for",
        "# which lines are kept); the lines below the original header are verbatim, trailing blanks trimmed.",
        f"# Source: {a.confusables_origin}",
        f"# Source sha256: {hashlib.sha256(raw).hexdigest()}",
        f"# Lines kept: {len(kept)}",
        "#",
    ] + header + kept
    with open(os.path.join(ROOT, "Scripts/data/confusables-subset.txt"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out) + "\n")

    raw = open(a.unicode_data, "rb").read()
    rows = []
    for line in raw.decode("utf-8").split("\n"):
        f = line.split(";")
        if len(f) < 3 or f[1].startswith("<"):
            continue
        cp, name, gc = int(f[0], 16), f[1], f[2]
        if cp < 0x80 or gc in ("No", "Cf") or any(w in name for w in NAME_EXCLUDED):
            continue
        if NAME_RULE.search(name):
            rows.append(f"{cp:04X}\t{name}\t{gc}")
    out = [
        "# Code points whose Unicode name says they are a full stop or a single dot, written by",
        "# Scripts/extract-lookalikes.py from UnicodeData.txt (see there for the rule).",
        f"# Source: {a.unicode_data_origin}",
        f"# Source sha256: {hashlib.sha256(raw).hexdigest()}",
        "code point\tname\tgeneral category",
    ] + rows
    with open(os.path.join(ROOT, "Scripts/data/unicode-dot-names.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out) + "\n")
    print(f"confusables-subset.txt: {len(kept)} lines; unicode-dot-names.tsv: {len(rows)} rows")


main()
