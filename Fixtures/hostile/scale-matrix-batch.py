#!/usr/bin/env python3
"""Turns the shapes of scale-matrix.json into `filenamekit batch` request lines, one file per shape
(the same construction the Swift scale-matrix test uses), and optionally times each one.

  python3 scale-matrix-batch.py OUTDIR [SIZE_BYTES] [--op disposition|suggest] [--run BINARY [--limit SECONDS] [--repeat N]]

The request is the shape's own op (`disposition` or `mime`) or, with `--op suggest`, a `suggest` request
carrying the header (whole pipeline, trace included). With --run, each file is piped to `BINARY batch`
and the CPU time (user+sys, the least of --repeat runs, default 1) is printed per shape; a shape still
running after --limit seconds (default 60, wall clock) is stopped and reported as such.
"""
import json, os, resource, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def indexes(order, n):
    if order == "reverse":
        return list(range(n - 1, -1, -1))
    if order == "outside-in":
        out, lo, hi = [], 0, n - 1
        while lo <= hi:
            out.append(lo)
            if lo != hi:
                out.append(hi)
            lo, hi = lo + 1, hi - 1
        return out
    return list(range(n))


def unit_bytes(shape, i):
    u = shape["first_unit"] if (i == 0 and "first_unit" in shape) else shape["unit"]
    u = u.replace("{i}", str(i))
    if shape.get("unit_is_hex"):
        template = shape["first_unit"] if (i == 0 and "first_unit" in shape) else shape["unit"]
        return str(i).encode().join(bytes.fromhex(part) for part in template.split("{i}"))
    return u.encode()


def build(shape, size):
    prefix, suffix = shape["prefix"].encode(), shape["suffix"].encode()
    n, total = 0, len(prefix) + len(suffix)
    while total < size:
        total += len(unit_bytes(shape, n))
        n += 1
    return prefix + b"".join(unit_bytes(shape, i) for i in indexes(shape.get("order"), n)) + suffix


def request(shape, data, op):
    if op == "suggest":
        key = "content_disposition_hex" if shape["parser"] == "disposition" else "content_type"
        value = data.hex() if shape["parser"] == "disposition" else data.decode("latin-1")
        r = {"id": shape["id"], "op": "suggest", key: value}
        if "referrer_charset" in shape:
            r["referrer_charset"] = shape["referrer_charset"]
        return json.dumps(r) + "\n"
    if shape["parser"] == "disposition":
        r = {"id": shape["id"], "op": "disposition", "header_hex": data.hex(), "profile": shape["profile"]}
        if "referrer_charset" in shape:
            r["referrer_charset"] = shape["referrer_charset"]
    else:
        r = {"id": shape["id"], "op": "mime", "input": data.decode("latin-1")}
    return json.dumps(r) + "\n"


def main():
    out = sys.argv[1]
    size = int(sys.argv[2]) if len(sys.argv) > 2 and not sys.argv[2].startswith("--") else 1 << 20
    binary = sys.argv[sys.argv.index("--run") + 1] if "--run" in sys.argv else None
    limit = int(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else 60
    op = sys.argv[sys.argv.index("--op") + 1] if "--op" in sys.argv else "disposition"
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 1
    os.makedirs(out, exist_ok=True)
    shapes = [s for s in json.load(open(os.path.join(HERE, "scale-matrix.json"))) if isinstance(s, dict)]
    for s in shapes:
        path = os.path.join(out, s["id"] + ".jsonl")
        with open(path, "w") as f:
            f.write(request(s, build(s, size), op))
        if binary:
            times = []
            for _ in range(repeat):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                with open(path) as f:
                    try:
                        subprocess.run([binary, "batch"], stdin=f, stdout=subprocess.DEVNULL, check=False, timeout=limit)
                    except subprocess.TimeoutExpired:
                        break
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                times.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
            if len(times) < repeat:
                print(f"{s['id']:40s}  > {limit} s (wall, stopped)", flush=True)
                continue
            print(f"{s['id']:40s} {min(times) * 1000:9.1f} ms", flush=True)


main()
