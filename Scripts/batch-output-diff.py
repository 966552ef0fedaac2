#!/usr/bin/env python3
"""Checks that two `filenamekit` binaries answer every batch line the project has byte for byte alike
(issue 17: the batch layer is made faster with no change in output).

  python3 Scripts/batch-output-diff.py BEFORE AFTER [--size BYTES]
  python3 Scripts/batch-output-diff.py --corpus DIR     # only write the input files

The lines: every `in`/`in_raw` of the batch fixtures (Fixtures/**/batch*.json, with their `args`), the
bench's batch lines (Fixtures/bench/*.jsonl), the `stdin` of the CLI fixtures that run `batch`, the
shapes of Fixtures/hostile/scale-matrix.json as `disposition`/`mime` and as `suggest` lines (built by
Fixtures/hostile/scale-matrix-batch.py, at --size, default 64 KiB) and the fields of
Fixtures/bench/hostile-fields.json grown to --size. Each group is one stdin; stdout, stderr and the exit
status must all match. Exit status 0 when everything matches.
"""
import glob, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fixture_groups():
    """(name, args, stdin bytes) per group of lines."""
    plain = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Fixtures", "**", "*.json"), recursive=True)):
        try:
            data = json.load(open(path, encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue
        if not isinstance(data, list):
            continue
        for case in data:
            if not isinstance(case, dict):
                continue
            args = case.get("args") or ["batch"]
            if args[:1] != ["batch"]:
                continue
            line = None
            if "in_raw" in case:
                line = case["in_raw"]
            elif isinstance(case.get("in"), dict):
                line = json.dumps(case["in"], ensure_ascii=False)
            elif isinstance(case.get("stdin"), str) and case.get("args"):
                yield (f"{os.path.basename(path)}:{case.get('id')}", args, case["stdin"].encode())
                continue
            if line is None:
                continue
            if args == ["batch"]:
                plain.append(line.encode() + b"\n")
            else:
                yield (f"{os.path.basename(path)}:{case.get('id')}", args, line.encode() + b"\n")
    yield ("fixtures", ["batch"], b"".join(plain))
    for path in sorted(glob.glob(os.path.join(ROOT, "Fixtures", "**", "*.jsonl"), recursive=True)):
        yield (os.path.relpath(path, ROOT), ["batch"], open(path, "rb").read())


PROTOCOL_KEYS = {"url", "content_disposition", "content_disposition_hex", "content_type", "suggested_name",
                 "default_name", "referrer_charset", "platform", "max_length", "renderer", "profile", "detect",
                 "language", "header", "header_hex", "name", "input", "nfd", "neutralize", "content_hex"}


def derived_groups():
    """Lines built from the core fixtures' inputs, each as the ops that read them."""
    def cases(rel):
        data = json.load(open(os.path.join(ROOT, "Fixtures", rel), encoding="utf-8"))
        return [c for c in (data if isinstance(data, list) else data.get("cases", [])) if isinstance(c, dict)]

    def lines(op, items, rename={}):
        out = []
        for n, c in enumerate(items):
            r = {"id": c.get("id", n), "op": op}
            for k, v in c.items():
                k = rename.get(k, k)
                if k in PROTOCOL_KEYS:
                    r[k] = v
            if op == "disposition" and "header" in r and "header_hex" in r:
                del r["header"]
            out.append(json.dumps(r, ensure_ascii=False).encode() + b"\n")
        return b"".join(out)

    suggest = cases("suggest/suggest.json")
    yield ("suggest.json as suggest", ["batch"], lines("suggest", suggest))
    cd = cases("content-disposition/cases.json") + cases("content-disposition/tc2231.json")
    yield ("content-disposition as disposition", ["batch"], lines("disposition", cd))
    yield ("content-disposition as suggest", ["batch"], lines(
        "suggest", [{k: v for k, v in c.items() if k != "header" or "header_hex" not in c} for c in cd],
        {"header": "content_disposition", "header_hex": "content_disposition_hex"}))
    urls = cases("url/cases.json") + cases("url/legacy.json")
    yield ("url fixtures as url", ["batch"], lines("url", urls))
    yield ("url fixtures as suggest", ["batch"], lines("suggest", urls))
    names = [{"id": c["id"], "name": c["input"]} for c in cases("sanitize/sanitize.json") if isinstance(c.get("input"), str)]
    names += [{"id": c["id"], "name": c["name"]} for c in cases("sanitize/risk.json") if isinstance(c.get("name"), str)]
    for platform in ("linux", "windows", "portable", "macos"):
        yield (f"sanitize fixtures on {platform}", ["batch"], lines("sanitize", [dict(c, platform=platform) for c in names]))
        yield (f"sanitize fixtures as suggested_name on {platform}", ["batch"],
               lines("suggest", [{"id": c["id"], "suggested_name": c["name"], "platform": platform} for c in names]))
    yield ("sanitize fixtures as disposition", ["batch"], lines("disposition", [
        {"id": c["id"], "header": "attachment; filename=" + json.dumps(c["name"], ensure_ascii=False)} for c in names]))


def hostile_groups(size):
    with tempfile.TemporaryDirectory() as tmp:
        for op in ("disposition", "suggest"):
            out = os.path.join(tmp, op)
            subprocess.run(
                [sys.executable, os.path.join(ROOT, "Fixtures", "hostile", "scale-matrix-batch.py"), out, str(size),
                 "--op", op], check=True)
            lines = b"".join(open(p, "rb").read() for p in sorted(glob.glob(os.path.join(out, "*.jsonl"))))
            yield (f"scale-matrix-{op}", ["batch"], lines)
    fields = [f for f in json.load(open(os.path.join(ROOT, "Fixtures", "bench", "hostile-fields.json"))) if isinstance(f, dict)]
    lines = []
    for f in fields:
        unit = f["unit"]
        n = max(1, (size - len(f["prefix"]) - len(f["suffix"])) // max(1, len(unit.encode())))
        request = dict(f["request"], id=f["id"])
        request[f["field"]] = f["prefix"] + unit * n + f["suffix"]
        lines.append(json.dumps(request).encode() + b"\n")
    yield ("hostile-fields", ["batch"], b"".join(lines))


def run(binary, args, stdin):
    p = subprocess.run([binary] + args, input=stdin, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def main():
    argv = sys.argv[1:]
    size = 1 << 16
    if "--size" in argv:
        k = argv.index("--size")
        size = int(argv[k + 1])
        del argv[k:k + 2]
    groups = list(fixture_groups()) + list(derived_groups()) + list(hostile_groups(size))
    if argv[:1] == ["--corpus"]:
        os.makedirs(argv[1], exist_ok=True)
        for n, (name, args, stdin) in enumerate(groups):
            open(os.path.join(argv[1], f"{n:03d}.jsonl"), "wb").write(stdin)
        return 0
    before, after = (os.path.abspath(p) if os.path.exists(p) else p for p in argv)
    bad = 0
    lines = 0
    for name, args, stdin in groups:
        a, b = run(before, args, stdin), run(after, args, stdin)
        lines += stdin.count(b"\n")
        if a != b:
            bad += 1
            print(f"DIFFERS: {name} (args {args}): status {a[0]} vs {b[0]}")
            for x, y in zip(a[1].split(b"\n"), b[1].split(b"\n")):
                if x != y:
                    print("  before:", x[:300])
                    print("  after: ", y[:300])
                    break
            if a[2] != b[2]:
                print("  stderr before:", a[2][:300], "\n  stderr after: ", b[2][:300])
    print(f"{len(groups)} groups, {lines} lines: {'all identical' if bad == 0 else f'{bad} differ'}")
    return 1 if bad else 0


sys.exit(main())
