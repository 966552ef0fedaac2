#!/usr/bin/env python3
"""Writes Sources/FilenameKit/Generated/DangerousTypes+Lookalikes.swift: for each non-ASCII code
point that reads as part of a file name's extension or as its dot, what it reads as (one byte):

- `.`: a dot lookalike: a code point Unicode names a full stop or a single dot
  (Scripts/data/unicode-dot-names.tsv) unless UTS #39 maps it to a letter, one UTS #39 maps to `.` or to a prototype drawn as a dot
  (U+00B7, U+0971, U+02F3, U+00B0, U+0F0B, U+119E, U+0307, U+0323), or such a prototype itself;
- an ASCII letter or digit, lowercased: a confusable of it (Scripts/data/confusables-subset.txt:
  `р` U+0440 -> `p`, `𝐝` -> `d`); a prototype of several letters that is the skeleton of one ASCII
  letter reads as that letter (`rn` is the skeleton of `m`, so `𝐦` -> `m`); a capital whose
  prototype is `l` is an I, kept as `I` (`І` U+0406, `Ι` U+0399): it reads as `i` in an extension
  compared without case, and as `l` in a sans-serif font (`xΙsx`), so the reader tries both;
- another ASCII character: a confusable of that punctuation (U+0640 ARABIC TATWEEL -> `_`), which
  separates or pads as it does.
Prototypes of several characters that are not one letter's skeleton (`ae`, `lO`) are left out.

Run: python3 Scripts/generate-lookalikes.py [--output PATH]
"""
import argparse, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generated_header

ROOT = generated_header.ROOT
CONFUSABLES = "Scripts/data/confusables-subset.txt"
DOT_NAMES = "Scripts/data/unicode-dot-names.tsv"
DOT_PROTOTYPES = {0x2E, 0xB7, 0x971, 0x2F3, 0xB0, 0xF0B, 0x119E, 0x307, 0x323}


def confusables():
    """(source, target code points, source name) per line."""
    rows = []
    with open(os.path.join(ROOT, CONFUSABLES), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split("#")[0].split(";")
            comment = line.split("#", 1)[1]
            name = comment.split(")", 1)[1].split("\u2192")[0].strip()
            rows.append((int(fields[0], 16), [int(x, 16) for x in fields[1].split()], name))
    return rows


def table():
    values = {}
    rows = confusables()
    # The skeletons of several letters that are one ASCII letter's (`m` -> `rn`).
    letter_of = {tuple(t): chr(s) for s, t, _ in rows if s < 0x80 and chr(s).isalpha() and len(t) > 1}
    for s, t, name in rows:
        if s < 0x80:
            continue
        text = "".join(chr(c) for c in t)
        if len(t) == 1 and (t[0] in DOT_PROTOTYPES):
            values[s] = "."
        elif all(c < 0x80 and chr(c).isalnum() for c in t):
            if len(t) == 1:
                v = "I" if text == "l" and "CAPITAL" in name else text.lower()
            elif tuple(t) in letter_of:
                v = letter_of[tuple(t)]
            else:
                continue
            values[s] = v
        elif len(t) == 1 and 0x21 <= t[0] < 0x7F:
            values[s] = text
    for cp in DOT_PROTOTYPES:
        if cp >= 0x80:
            values[cp] = "."
    for row in generated_header.read_tsv(DOT_NAMES):
        # A name says full stop, but the glyph may read as a letter (U+166E CANADIAN SYLLABICS FULL
        # STOP looks like `x`): what it looks like wins.
        cp = int(row[0], 16)
        if not values.get(cp, ".").isalnum():
            values[cp] = "."
    return dict(sorted(values.items()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--output", default=os.path.join(ROOT, "Sources/FilenameKit/Generated/DangerousTypes+Lookalikes.swift"))
    a = ap.parse_args()
    values = table()
    entries = [f"0x{cp << 8 | ord(v):X}" for cp, v in values.items()]
    counts = {
        "dots": sum(v == "." for v in values.values()),
        "letters and digits": sum(v.isalnum() for v in values.values()),
        "other punctuation": sum(not v.isalnum() and v != "." for v in values.values()),
    }
    lines = []
    row = "   "
    for e in entries:
        if len(row) + len(e) + 2 > 118:
            lines.append(row.rstrip())
            row = "   "
        row += f" {e},"
    lines.append(row.rstrip())
    summary = ", ".join(f"{n} {k}" for k, n in counts.items())
    body = (
        "extension DangerousTypes {\n"
        "  /// What a non-ASCII code point reads as in a file name's extension or as its dot, as\n"
        "  /// (code point << 8 | ASCII byte), sorted: `.` for a dot lookalike, a lowercase letter or a digit\n"
        "  /// (`I` for a capital I, which reads as `i` or `l`)\n"
        "  /// for a confusable of one, other punctuation for a confusable of it (Scripts/generate-lookalikes.py\n"
        f"  /// for the rules; UTS #39 confusables.txt and UnicodeData.txt names). {len(entries)} entries:\n"
        f"  /// {summary}.\n"
        "  static let lookalikeTable: [UInt32] = [\n" + "\n".join(lines) + "\n  ]\n}\n"
    )
    generated_header.write(
        a.output, "Scripts/generate-lookalikes.py", [("confusables", CONFUSABLES), ("dot-names", DOT_NAMES)], body)


main()
