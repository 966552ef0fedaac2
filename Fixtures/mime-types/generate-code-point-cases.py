#!/usr/bin/env python3
"""Writes generated-mime-types.json: every code point U+0000-U+00FF (and a few beyond) in each
position of a MIME type, with the result the WHATWG MIME Sniffing Standard (§4.4 parse, §4.5
serialize) prescribes. Modelled on web-platform-tests' mimesniff/mime-types/resources/
generated-mime-types.py, but the expectations here come from these code point classes alone:
  HTTP token code points: !#$%&'*+-.^_`|~ digits letters
  HTTP quoted-string token code points: U+0009, U+0020-U+007E, U+0080-U+00FF
Run: python3 Fixtures/mime-types/generate-code-point-cases.py
"""
import json
import os

TOKEN = set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
SOURCE = "own: derived from WHATWG MIME Sniffing §4.4-4.5 code point classes (after WPT generated-mime-types.py)"


def is_token(c):
    return c in TOKEN


def is_qs_token(c):
    o = ord(c)
    return o == 0x09 or 0x20 <= o <= 0x7E or 0x80 <= o <= 0xFF


def lower(c):
    return c.lower() if "A" <= c <= "Z" else c


def quote(v):
    if v and all(is_token(c) for c in v):
        return v
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def cases_for(c):
    out = []
    # type: a<c>b/x
    out.append(("type", "a" + c + "b/x", "a" + lower(c) + "b/x" if is_token(c) else None))
    # subtype: x/a<c>b
    if c == ";":
        exp = "x/a"
    elif is_token(c):
        exp = "x/a" + lower(c) + "b"
    else:
        exp = None
    out.append(("subtype", "x/a" + c + "b", exp))
    # parameter name: x/x;a<c>b=x
    if c == ";":
        exp = "x/x;b=x"
    elif c == "=":
        exp = "x/x;a=" + quote("b=x")
    elif is_token(c):
        exp = "x/x;a" + lower(c) + "b=x"
    else:
        exp = "x/x"
    out.append(("name", "x/x;a" + c + "b=x", exp))
    # unquoted value: x/x;x=a<c>b
    if c == ";":
        exp = "x/x;x=a"
    elif is_qs_token(c):
        exp = "x/x;x=" + quote("a" + c + "b")
    else:
        exp = "x/x"
    out.append(("value", "x/x;x=a" + c + "b", exp))
    # quoted value: x/x;x="a<c>b"
    if c == '"':
        exp = "x/x;x=a"
    elif c == "\\":
        exp = "x/x;x=ab"
    elif is_qs_token(c):
        exp = "x/x;x=" + quote("a" + c + "b")
    else:
        exp = "x/x"
    out.append(("quoted-value", 'x/x;x="a' + c + 'b"', exp))
    return out


def main():
    points = list(range(0x00, 0x100)) + [0x100, 0x7FF, 0x800, 0x2028, 0xFFFD, 0x1F600]
    cases = []
    for cp in points:
        for position, inp, exp in cases_for(chr(cp)):
            cases.append({"id": f"gen-{position}-U+{cp:04X}", "source": SOURCE, "position": position,
                          "input": inp, "output": exp})
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "generated-mime-types.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(cases, f, ensure_ascii=True, indent=1)
        f.write("\n")
    print(len(cases), "cases")


if __name__ == "__main__":
    main()
