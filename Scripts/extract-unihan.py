#!/usr/bin/env python3
"""Extracts the Unihan fields the charset detector's tables use into Scripts/data/unihan-cjk.tsv.

Run on a machine with Debian's `unicode-data` package (Unihan as /usr/share/unicode/Unihan_*.txt.bz2);
the generator (Scripts/generate-charset-tables.py) then reads only the committed TSV, so the build and
the staleness test never depend on the machine.

One row per code point that any table uses, tab-separated, `-` for an empty field:
  cp          code point, hex
  pinlu       sum of the kHanyuPinlu corpus counts (Readings)
  freq        kFrequency 1-5 (DictionaryLikeData)
  gb0         kGB0 row when in GB 2312 (OtherMappings)
  big5        kBigFive code when in the frequently-used range A440-C67E (OtherMappings)
  jis0        kJis0 row when in JIS X 0208 level 1, rows 16-47 (OtherMappings)
  joyo        1 when kJoyoKanji lists it with a year (OtherMappings)
  hangul      kHangul readings (without the :source suffix), for KS X 1001 hanja only (Readings)
  simplified  kSimplifiedVariant code points, hex, space-separated (Variants)
  ksx1001     1 for a precomposed Hangul syllable of KS X 1001 (Python's euc_kr codec)
Usage: python3 Scripts/extract-unihan.py [--unihan DIR]
"""
import argparse, bz2, hashlib, os, re, subprocess, sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "data", "unihan-cjk.tsv")
FILES = ["Unihan_Readings.txt.bz2", "Unihan_DictionaryLikeData.txt.bz2",
         "Unihan_OtherMappings.txt.bz2", "Unihan_Variants.txt.bz2"]
KEYS = {"kHanyuPinlu", "kFrequency", "kGB0", "kBigFive", "kJis0", "kJoyoKanji", "kKSC0", "kHangul",
        "kSimplifiedVariant"}


def version(unihan):
    with bz2.open(os.path.join(unihan, FILES[0]), "rt", encoding="utf-8") as f:
        for line in f:
            m = re.match(r"# Unicode version: (\S+)", line)
            if m:
                return m.group(1)
    return "unknown"


def package_version():
    try:
        return subprocess.run(["dpkg-query", "-W", "-f=${Version}", "unicode-data"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--unihan", default="/usr/share/unicode")
    args = ap.parse_args()
    d = defaultdict(dict)
    for name in FILES:
        with bz2.open(os.path.join(args.unihan, name), "rt", encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                cp, key, value = line.rstrip("\n").split("\t", 2)
                if key in KEYS:
                    d[key][int(cp[2:], 16)] = value
    rows = defaultdict(lambda: ["-"] * 9)
    for cp, v in d["kHanyuPinlu"].items():
        rows[cp][0] = str(sum(int(n) for n in re.findall(r"\((\d+)\)", v)))
    for cp, v in d["kFrequency"].items():
        rows[cp][1] = v
    for cp, v in d["kGB0"].items():
        if 16 <= int(v[:2]) <= 87:
            rows[cp][2] = str(int(v[:2]))
    for cp, v in d["kBigFive"].items():
        if 0xA440 <= int(v, 16) <= 0xC67E:
            rows[cp][3] = v
    for cp, v in d["kJis0"].items():
        if 16 <= int(v[:2]) <= 47:
            rows[cp][4] = str(int(v[:2]))
    for cp, v in d["kJoyoKanji"].items():
        if re.fullmatch(r"\d{4}", v):
            rows[cp][5] = "1"
    for cp in d["kKSC0"]:
        readings = [r.split(":")[0] for r in d["kHangul"].get(cp, "").split()]
        rows[cp][6] = " ".join(readings) if readings else ""
        if not readings:
            rows[cp][6] = "-"
        else:
            rows[cp][6] = " ".join(readings)
    for cp, v in d["kSimplifiedVariant"].items():
        if cp in rows:
            rows[cp][7] = " ".join(x[2:] for x in v.split())
    for cp in range(0xAC00, 0xD7A4):
        if len(chr(cp).encode("euc_kr", errors="ignore")) == 2:
            rows[cp][8] = "1"
    with open(OUT, "w", encoding="utf-8", newline="\n") as out:
        out.write(f"# Extracted by Scripts/extract-unihan.py from Unihan {version(args.unihan)}"
                  f" (Debian unicode-data {package_version()}) and Python {sys.version.split()[0]} codecs (euc_kr).\n")
        for name in FILES:
            with open(os.path.join(args.unihan, name), "rb") as f:
                out.write(f"# source {name} sha256={hashlib.sha256(f.read()).hexdigest()}\n")
        out.write("# License: Unicode License v3 (https://www.unicode.org/license.txt).\n")
        out.write("cp\tpinlu\tfreq\tgb0\tbig5\tjis0\tjoyo\thangul\tsimplified\tksx1001\n")
        for cp in sorted(rows):
            if cp > 0xFFFF:
                continue
            out.write(f"{cp:04X}\t" + "\t".join(rows[cp]) + "\n")


if __name__ == "__main__":
    main()
