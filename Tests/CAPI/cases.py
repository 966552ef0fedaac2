"""Turns the suggest and disposition fixtures into one request list for both sides of the C API check:
`requests.jsonl` for `filenamekit batch` and `requests.tsv` for Tests/CAPI/fidelity.c (the same
requests, each field hex-encoded, so the C side needs no JSON parser).
Usage: cases.py OUTDIR"""
import json, os, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SUGGEST_KEYS = ["url", "content_disposition", "content_disposition_hex", "content_type", "suggested_name",
                "default_name", "referrer_charset", "platform", "max_length", "renderer", "profile", "detect",
                "content_hex", "language", "nfd", "neutralize", "ascii"]
DISPOSITION_KEYS = ["header", "header_hex", "referrer_charset", "profile", "detect", "language"]


def load(path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        cases = [c for c in json.load(f) if isinstance(c, dict)]
    if not cases:
        sys.exit(f"cases: {path} holds no cases")
    return cases


def requests():
    for c in load("Fixtures/suggest/suggest.json"):
        yield dict({"id": c["id"], "op": "suggest"}, **{k: c[k] for k in SUGGEST_KEYS if k in c})
    for path in ["Fixtures/content-disposition/cases.json", "Fixtures/content-disposition/tc2231.json"]:
        for c in load(path):
            r = {"id": c["id"], "op": "disposition"}
            r.update({k: c[k] for k in DISPOSITION_KEYS if k in c})
            if "header" in r and "header_hex" in r:
                del r["header"]  # the exact bytes
            yield r
    for c in load("Fixtures/cli/batch-disposition.json"):
        r = c.get("in")
        if isinstance(r, dict) and r.get("op") == "disposition" and set(r) <= set(DISPOSITION_KEYS) | {"id", "op"} \
                and ("header" in r) != ("header_hex" in r) and is_hex(r.get("header_hex", "")) \
                and all(isinstance(v, str) for k, v in r.items() if k.startswith("header")):
            yield dict(r, id=c["id"])  # (requests the batch refuses, such as bad hex, are not C calls)


def is_hex(text):
    try:
        bytes.fromhex(text)
        return True
    except ValueError:
        return False


def tsv_field(key, value):
    if isinstance(value, bool):
        value = "1" if value else "0"
    elif isinstance(value, int):
        value = str(value)
    if key.endswith("_hex"):
        return key[:-4] + "=" + value.replace(" ", "")
    return key + "=" + value.encode("utf-8").hex()


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rs = list(requests())
    with open(os.path.join(out, "requests.jsonl"), "w", encoding="utf-8") as j, \
            open(os.path.join(out, "requests.tsv"), "w", encoding="ascii") as t:
        for r in rs:
            j.write(json.dumps(r, ensure_ascii=False) + "\n")
            fields = [tsv_field(k, v) for k, v in r.items() if k not in ("id", "op")]
            t.write("\t".join([r["op"]] + fields) + "\n")
    print(f"cases: {len(rs)} requests ({sum(r['op'] == 'suggest' for r in rs)} suggest)")


main()
