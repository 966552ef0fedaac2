#!/usr/bin/env python3
"""Writes the fuzz seed corpus Fixtures/fuzz/seeds/<target>/ from the test fixtures in Fixtures/.

Each seed is encoded the way its target reads input (see Sources/Fuzz/FuzzSupport/*Checks.swift):
  disposition: 1 option byte (bit 0: strict), then the header bytes
  mime:        the MIME type bytes
  url:         1 option byte (bit 0: detect, bit 1: query keys), then the URL
  sanitize:    2 option bytes (platform in byte 0 mod 4), then the name
  suggest:     3 option bytes, then URL NUL Content-Disposition NUL Content-Type NUL suggested name NUL default name
Run it again after fixtures change; `Tests/Fuzz/run` uses the committed output.
"""
import hashlib, json, os, shutil, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIX = os.path.join(ROOT, "Fixtures")
OUT = os.path.join(FIX, "fuzz", "seeds")
MAX = 8192  # seeds longer than this are left out (libFuzzer's -max_len in Tests/Fuzz/run)


def load(path):
    with open(os.path.join(FIX, path), encoding="utf-8") as f:
        return [x for x in json.load(f) if isinstance(x, dict)]


def expand(v):
    """A fixture string, or {"repeat", "count", "prefix", "suffix"}, or a list of those, joined."""
    if isinstance(v, list): return "".join(expand(x) for x in v)
    if isinstance(v, dict): return v.get("prefix", "") + v["repeat"] * v["count"] + v.get("suffix", "")
    return v


def header_bytes(case):
    if case.get("header_hex") is not None:
        return bytes.fromhex(case["header_hex"].replace(" ", ""))
    if case.get("content_disposition_hex") is not None:
        return bytes.fromhex(case["content_disposition_hex"].replace(" ", ""))
    for key in ("header", "content_disposition"):
        if case.get(key) is not None:
            return case[key].encode("utf-8", "surrogatepass")
    return None


def main():
    seeds = {t: set() for t in ("disposition", "mime", "url", "sanitize", "suggest", "sniff")}
    for f in ("content-disposition/cases.json", "content-disposition/tc2231.json", "suggest/suggest.json"):
        for c in load(f):
            h = header_bytes(c)
            if h is not None:
                seeds["disposition"].add(b"\x00" + h)
                seeds["disposition"].add(b"\x01" + h)
    for f in ("mime-types/wpt-mime-types.json", "mime-types/own-mime-types.json",
              "mime-types/extract-content-type.json", "mime-types/mime-type-groups.json"):
        for c in load(f):
            v = c.get("input")
            if isinstance(v, str):
                seeds["mime"].add(v.encode("utf-8", "surrogatepass"))
    for c in load("mime-types/generated-mime-types.json")[::10]:
        seeds["mime"].add(c["input"].encode("utf-8", "surrogatepass"))
    for c in load("mime-types/filename-extensions.json"):
        seeds["mime"].add(c["content_type"].encode("utf-8"))
    for f in ("url/cases.json", "url/legacy.json"):
        for c in load(f):
            opt = (1 if c.get("detect") else 0) | (2 if c.get("query_keys") else 0)
            seeds["url"].add(bytes([opt]) + c["url"].encode("utf-8", "surrogatepass"))
    platforms = {"linux": 0, "macos": 1, "windows": 2, "portable": 3}
    for c in load("sanitize/sanitize.json"):
        name = expand(c["input"]).encode("utf-8", "surrogatepass")
        for p in c.get("platforms") or ["linux", "windows"]:
            seeds["sanitize"].add(bytes([platforms.get(p, 3), 0]) + name)
    for c in load("sanitize/risk.json"):
        seeds["sanitize"].add(bytes([0x0B, 0]) + c["name"].encode("utf-8", "surrogatepass"))
    for c in load("suggest/suggest.json"):
        a = platforms.get(c.get("platform") or "linux", 0)
        if c.get("profile") == "strict": a |= 0x04
        if c.get("renderer") == "none": a |= 0x40
        b = 0x80 | c["max_length"] if c.get("max_length") and c["max_length"] < 128 else 0
        fields = [c.get("url"), header_bytes(c), c.get("content_type"), c.get("suggested_name"), c.get("default_name")]
        while fields and fields[-1] is None: fields.pop()
        enc = [x if isinstance(x, bytes) else (x or "").encode("utf-8", "surrogatepass") for x in fields]
        seeds["suggest"].add(bytes([a, b, 0]) + b"\x00".join(enc))
    # sniff: the leading bytes of Fixtures/sniff/generate.py's files and WPT's unknown-type payloads.
    for c in load("sniff/cases.json") + [c for c in load("sniff/wpt-unknown.json") if c["id"].startswith("unknown-")]:
        seeds["sniff"].add(bytes.fromhex(c["hex"]))
    if os.path.isdir(OUT): shutil.rmtree(OUT)
    for target, items in seeds.items():
        d = os.path.join(OUT, target)
        os.makedirs(d)
        n = 0
        for s in sorted(items):
            if len(s) > MAX: continue
            with open(os.path.join(d, hashlib.sha1(s).hexdigest()), "wb") as f: f.write(s)
            n += 1
        print(f"{target}: {n} seeds", file=sys.stderr)


if __name__ == "__main__":
    main()
