#!/usr/bin/env python3
"""Extracts what the media-type registry uses from the machine's Debian files into committed TSVs.

Inputs (Debian packages; override with --mime-types / --freedesktop):
  /etc/mime.types                                 (package media-types)
  /usr/share/mime/packages/freedesktop.org.xml    (package shared-mime-info)
Outputs, read by Scripts/generate-media-types.py (which never reads the machine's files):
  Scripts/data/mime-types.tsv        type TAB extensions (space-separated), in file order
  Scripts/data/freedesktop-mime.tsv  type TAB globs TAB aliases TAB sub-class-of, in file order;
                                     globs are the simple, not case-sensitive `*.ext` patterns by weight
Each file starts with `#` lines naming its source, package version and the source's sha256.
"""
import argparse, hashlib, os, re, subprocess
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
FD_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
NAME_RE = re.compile(r"^[a-z0-9!#$&^_.+\-]+(/[a-z0-9!#$&^_.+\-]+)?$")
GLOB_RE = re.compile(r"^\*\.([A-Za-z0-9_+\-.]+)$")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def package_version(pkg):
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", pkg], capture_output=True, text=True)
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def add_unique(lst, items):
    for x in items:
        if x not in lst:
            lst.append(x)


def mime_types(path):
    types = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split("#", 1)[0].split()
            if not fields:
                continue
            t = fields[0].lower()
            if not NAME_RE.match(t) or "/" not in t:
                continue
            add_unique(types.setdefault(t, []), [e.lower() for e in fields[1:] if NAME_RE.match(e.lower())])
    return [(t, " ".join(e)) for t, e in types.items()]


def freedesktop(path):
    rows = []
    for mt in ET.parse(path).getroot().findall(FD_NS + "mime-type"):
        globs = []
        for i, g in enumerate(mt.findall(FD_NS + "glob")):
            if g.get("case-sensitive") == "true":
                continue
            m = GLOB_RE.match(g.get("pattern", ""))
            if m:
                globs.append((-int(g.get("weight", "50")), i, m.group(1).lower()))
        exts = []
        add_unique(exts, [e for _, _, e in sorted(globs)])
        aliases = [a.get("type").lower() for a in mt.findall(FD_NS + "alias")]
        parents = [s.get("type").lower() for s in mt.findall(FD_NS + "sub-class-of")]
        rows.append((mt.get("type").lower(), " ".join(exts), " ".join(aliases), " ".join(parents)))
    return rows


def write(name, source, pkg, columns, rows):
    with open(os.path.join(HERE, "data", name), "w", encoding="utf-8", newline="\n") as f:
        f.write(f"# Extracted by Scripts/extract-media-types.py from {source} (Debian {pkg} {package_version(pkg)})\n")
        f.write(f"# source sha256={sha256(source)}\n")
        f.write("\t".join(columns) + "\n")
        for r in rows:
            f.write("\t".join(r) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mime-types", default="/etc/mime.types")
    ap.add_argument("--freedesktop", default="/usr/share/mime/packages/freedesktop.org.xml")
    args = ap.parse_args()
    write("mime-types.tsv", args.mime_types, "media-types", ["type", "extensions"], mime_types(args.mime_types))
    write("freedesktop-mime.tsv", args.freedesktop, "shared-mime-info", ["type", "globs", "aliases", "sub-class-of"],
          freedesktop(args.freedesktop))


if __name__ == "__main__":
    main()
