#!/usr/bin/env python3
"""Generates Sources/FilenameKit/Generated/MediaTypeRegistry+Table.swift, FilenameKit's compiled-in
media type <-> file extension table.

Inputs, all committed (Scripts/extract-media-types.py refreshes the first two from a Debian machine's
/etc/mime.types and freedesktop.org.xml; their headers record source, package version and sha256):
  Scripts/data/mime-types.tsv                        (package media-types)
  Scripts/data/freedesktop-mime.tsv                  (package shared-mime-info)
  Scripts/media-types-overrides.txt                  (this repository; documented line by line)

Merge rules:
  * Types: every type of either source. A freedesktop <alias> becomes an alias, except when
    mime.types lists both names with their own extensions (then they are distinct types, e.g.
    image/heic and image/heif). `canonical` overrides swap a group's canonical name.
  * A type's extensions: its mime.types extensions, then those of its aliases in mime.types, then
    its freedesktop globs (simple `*.ext` patterns only, not case-sensitive ones, by weight), then
    override additions; `prefer` moves one to the front. All lowercased.
  * An extension's types: mime.types order first, then freedesktop, then overrides;
    `first-type` moves one to the front.
  * Ancestors ("a file of this type is also a ..."): freedesktop sub-class-of, text/* -> text/plain,
    structured suffixes (+xml, +json, +zip, +gzip), `parent` overrides; transitive, without
    application/octet-stream.

The header (Scripts/generated_header.py) records the sha256 of every input and of the body;
MediaTypeRegistryStalenessTests regenerates the table and compares it byte for byte.
"""
import argparse
import os
import re
import sys

import generated_header
from generated_header import read_tsv

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_OUT = os.path.join(ROOT, "Sources", "FilenameKit", "Generated", "MediaTypeRegistry+Table.swift")
OVERRIDES = os.path.join(HERE, "media-types-overrides.txt")
NAME_RE = re.compile(r"^[a-z0-9!#$&^_.+\-]+(/[a-z0-9!#$&^_.+\-]+)?$")


def add_unique(lst, items):
    for x in items:
        if x not in lst:
            lst.append(x)


def parse_mime_types():
    return {row[0]: row[1].split() for row in read_tsv("Scripts/data/mime-types.tsv")}


def parse_freedesktop():
    types, aliases, parents = {}, {}, {}
    for t, globs, alias_list, parent_list in read_tsv("Scripts/data/freedesktop-mime.tsv"):
        types[t] = globs.split()
        for a in alias_list.split():
            aliases[a] = t
        parents[t] = parent_list.split()
    return types, aliases, parents


def parse_overrides(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            fields = line.split("#", 1)[0].split()
            if fields:
                out.append((n, fields[0], [x.lower() for x in fields[1:]]))
    return out


def build(mt, fd, fd_aliases, fd_parents, overrides):
    # 1. Aliases.
    aliases = {}
    for a, c in fd_aliases.items():
        if a in mt and mt[a] and c in mt:
            continue  # both registered with their own extensions: distinct types
        aliases[a] = c
    extra_types = {}
    extra_parents = []
    prefer, first_type = [], []
    for n, verb, args in overrides:
        if verb == "alias" and len(args) == 2:
            aliases[args[0]] = args[1]
        elif verb == "canonical" and len(args) == 1:
            new = args[0]
            old = aliases.pop(new, None)
            if old is None:
                sys.exit(f"overrides:{n}: {new} is not an alias")
            for a, c in list(aliases.items()):
                if c == old:
                    aliases[a] = new
            aliases[old] = new
        elif verb == "type" and len(args) >= 1:
            add_unique(extra_types.setdefault(args[0], []), args[1:])
        elif verb == "prefer" and len(args) == 2:
            prefer.append((n, args[0], args[1]))
        elif verb == "first-type" and len(args) == 2:
            first_type.append((n, args[0], args[1]))
        elif verb == "parent" and len(args) == 2:
            extra_parents.append((n, args[0], args[1]))
        else:
            sys.exit(f"overrides:{n}: cannot read '{verb} {' '.join(args)}'")

    def canon(t):
        seen = set()
        while t in aliases and t not in seen:
            seen.add(t)
            t = aliases[t]
        return t

    # 2. Canonical types in a stable order: mime.types, freedesktop, overrides.
    order = []
    for t in list(mt) + list(fd) + list(extra_types) + [canon(a) for a in aliases]:
        c = canon(t)
        if c not in order:
            order.append(c)
    exts = {t: [] for t in order}
    for t, e in mt.items():
        if t == canon(t):
            add_unique(exts[t], e)
    for t, e in mt.items():
        if t != canon(t):
            add_unique(exts[canon(t)], e)
    for t, e in fd.items():
        add_unique(exts[canon(t)], e)
    for t, e in extra_types.items():
        add_unique(exts[canon(t)], e)
    for n, t, e in prefer:
        t = canon(t)
        if t not in exts:
            sys.exit(f"overrides:{n}: unknown type {t}")
        if e in exts[t]:
            exts[t].remove(e)
        exts[t].insert(0, e)

    # 3. Extension -> types.
    ext_types = {}
    for source in (mt, fd, extra_types):
        for t, es in source.items():
            for e in es:
                add_unique(ext_types.setdefault(e, []), [canon(t)])
    for t in order:  # `prefer` may add an extension no source listed
        for e in exts[t]:
            add_unique(ext_types.setdefault(e, []), [t])
    for n, e, t in first_type:
        t = canon(t)
        lst = ext_types.get(e)
        if lst is None or t not in lst:
            sys.exit(f"overrides:{n}: {t} is not a type of .{e}")
        lst.remove(t)
        lst.insert(0, t)

    # 4. Ancestors.
    parents = {t: [] for t in order}
    for t, ps in fd_parents.items():
        add_unique(parents[canon(t)], [canon(p) for p in ps])
    for t in order:
        if t.startswith("text/") and t != "text/plain":
            add_unique(parents[t], ["text/plain"])
        for suffix, p in (("+xml", "application/xml"), ("+json", "application/json"),
                          ("+zip", "application/zip"), ("+gzip", "application/gzip")):
            if t.endswith(suffix) and canon(p) in parents and canon(p) != t:
                add_unique(parents[t], [canon(p)])
    for n, t, p in extra_parents:
        if canon(t) not in parents or canon(p) not in parents:
            sys.exit(f"overrides:{n}: unknown type in 'parent {t} {p}'")
        add_unique(parents[canon(t)], [canon(p)])
    ancestors = {}
    for t in order:
        seen, stack = [], list(parents[t])
        while stack:
            p = stack.pop(0)
            if p in seen or p == t or p not in parents:
                continue
            seen.append(p)
            stack.extend(parents[p])
        ancestors[t] = [p for p in seen if p != "application/octet-stream"]

    essences = [(t, t) for t in order] + sorted((a, canon(a)) for a in aliases if canon(a) != a)
    return order, exts, ext_types, ancestors, essences


def case_folded_hash(s):
    """`ASCII.caseFoldedHash` in FilenameKit (the names are lowercase already): eight bytes at a
    time as little-endian words, then the rest as one word, each xor-ed in and multiplied by the
    golden-ratio constant, the length first; the high half folded into the low."""
    k, mask = 0x9E3779B97F4A7C15, (1 << 64) - 1
    b = s.encode("ascii")
    h = (len(b) * k) & mask
    i = 0
    while i + 8 <= len(b):
        h = ((h ^ int.from_bytes(b[i:i + 8], "little")) * k) & mask
        i += 8
    h = ((h ^ int.from_bytes(b[i:], "little")) * k) & mask
    h ^= h >> 32
    return h & 0xFFFFFFFF


def hash_slots(keys):
    size = 1
    while size < 2 * len(keys):
        size *= 2
    slots = [0] * size
    for i, k in enumerate(keys):
        j = case_folded_hash(k) & (size - 1)
        while slots[j]:
            j = (j + 1) & (size - 1)
        slots[j] = i + 1
    return slots


def swift_array(name, kind, values, doc):
    lines = [f"    /// {doc}", f"    static let {name}: [{kind}] = ["]
    for i in range(0, len(values), 16):
        lines.append("      " + ", ".join(str(v) for v in values[i:i + 16]) + ",")
    lines.append("    ]")
    return "\n".join(lines)


def render(order, exts, ext_types, ancestors, essences):
    names, offsets = [], {}
    pos = 0

    def intern(s):
        nonlocal pos
        if not NAME_RE.match(s) or len(s) > 255:
            sys.exit(f"cannot store name {s!r}")
        if s not in offsets:
            offsets[s] = pos
            names.append(s)
            pos += len(s)
        return (offsets[s] << 8) | len(s)

    ext_order = sorted(ext_types)
    ext_index = {e: i for i, e in enumerate(ext_order)}
    type_index = {t: i for i, t in enumerate(order)}
    type_name = [intern(t) for t in order]
    ext_name = [intern(e) for e in ext_order]
    essence_name = [intern(a) for a, _ in essences]
    essence_type = [type_index[c] for _, c in essences]

    def lists(items):
        flat, spans = [], []
        for xs in items:
            if len(xs) > 255:
                sys.exit("list too long")
            spans.append((len(flat) << 8) | len(xs))
            flat.extend(xs)
        return flat, spans

    type_exts, type_exts_span = lists([[ext_index[e] for e in exts[t]] for t in order])
    ext_typ, ext_types_span = lists([[type_index[t] for t in ext_types[e]] for e in ext_order])
    anc, anc_span = lists([[type_index[p] for p in ancestors[t]] for t in order])
    for v in (len(order), len(ext_order), len(essences), len(type_exts), len(ext_typ), len(anc)):
        if v >= 0xFFFF:
            sys.exit("table too large for UInt16 indices")
    essence_slots = hash_slots([a for a, _ in essences])
    ext_slots = hash_slots(ext_order)

    body = ["extension MediaTypeRegistry {",
            "  /// The compiled-in tables. Names are (offset << 8 | length) into `names`; lists are",
            "  /// (start << 8 | count) into a flat array; hash slots hold index + 1 (0 = empty), probed",
            "  /// linearly from ASCII.caseFoldedHash(lowercased name) & (count - 1).",
            "  enum Table {",
            f"    /// {len(order)} canonical media types, {len(essences) - len(order)} aliases, {len(ext_order)} extensions.",
            "    static let names: StaticString = \"\"\""]
    for i, s in enumerate(names):  # the last line ends the literal, so it has no "\\"
        body.append("      " + s + ("\\" if i < len(names) - 1 else ""))
    body.append("      \"\"\"")
    body.append(swift_array("typeName", "UInt32", type_name, "Canonical type i: its essence."))
    body.append(swift_array("typeExtensionSpan", "UInt32", type_exts_span, "Canonical type i: its extensions in `typeExtensionList`, preferred first."))
    body.append(swift_array("typeExtensionList", "UInt16", type_exts, "Extension indices."))
    body.append(swift_array("typeAncestorSpan", "UInt32", anc_span, "Canonical type i: the types a file of it also is, in `typeAncestorList`."))
    body.append(swift_array("typeAncestorList", "UInt16", anc, "Type indices."))
    body.append(swift_array("extensionName", "UInt32", ext_name, "Extension j (sorted): its name."))
    body.append(swift_array("extensionTypeSpan", "UInt32", ext_types_span, "Extension j: its types in `extensionTypeList`, most likely first."))
    body.append(swift_array("extensionTypeList", "UInt16", ext_typ, "Type indices."))
    body.append(swift_array("essenceName", "UInt32", essence_name, "Essence key k (canonical types, then aliases): its name."))
    body.append(swift_array("essenceType", "UInt16", essence_type, "Essence key k: its canonical type index."))
    body.append(swift_array("essenceSlots", "UInt16", essence_slots, "Hash slots over essence keys."))
    body.append(swift_array("extensionSlots", "UInt16", ext_slots, "Hash slots over extensions."))
    body.append("  }")
    body.append("}")
    return "\n".join(body) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--output", default=DEFAULT_OUT)
    args = ap.parse_args()
    mt = parse_mime_types()
    fd, fd_aliases, fd_parents = parse_freedesktop()
    overrides = parse_overrides(OVERRIDES)
    body = render(*build(mt, fd, fd_aliases, fd_parents, overrides))
    generated_header.write(args.output, "Scripts/generate-media-types.py", [
        ("overrides", "Scripts/media-types-overrides.txt"),
        ("mime.types", "Scripts/data/mime-types.tsv"),
        ("freedesktop", "Scripts/data/freedesktop-mime.tsv"),
    ], body)


if __name__ == "__main__":
    main()
