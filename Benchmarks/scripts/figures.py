#!/usr/bin/env python3
"""Turns one `filenamekit-bench --json` run into the Markdown tables of Benchmarks/README.md's
"Latest figures", so the README's numbers are generated from a run, never typed.

    filenamekit-bench --json > run.json
    python3 Benchmarks/scripts/figures.py run.json
"""
import json
import sys


def fmt(ns):
    return f"{ns:,.0f}"


def faster(base, ours):
    if base is None:
        return "–"
    r = base["median_ns"] / ours["median_ns"]
    return f"{r:.1f}× faster" if r >= 1 else f"{r:.1f}×"


def main(path):
    run = json.load(open(path))
    rows = {r["name"]: r for r in run["rows"]}
    print(f"Machine: {run['machine']}\n")
    print("| workload | median ns/op | min ns/op | allocs/op | × byte scan | vs Foundation | vs Go |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, r in rows.items():
        if ":" in name or name.startswith("batch-") or name.startswith("note"):
            continue
        scan = rows.get(f"baseline:scan:{name}")
        ratio = f"{r['median_ns'] / scan['median_ns']:.1f}×" if scan else "–"
        allocs = "n/a" if r["allocations"] is None else f"{r['allocations']:g}"
        print(f"| {name} | {fmt(r['median_ns'])} | {fmt(r['min_ns'])} | {allocs} | {ratio} | "
              f"{faster(rows.get(f'baseline:foundation:{name}'), r)} | {faster(rows.get(f'baseline:go:{name}'), r)} |")
    print()
    for name in ("batch-disposition", "batch-suggest"):
        if name in rows:
            r = rows[name]
            print(f"- `{name}`: {fmt(r['median_ns'])} ns per line = **{1e9 / r['median_ns']:,.0f} lines/s** "
                  f"(best run {1e9 / r['min_ns']:,.0f}), {r['allocations']:g} allocations per line")
    reach = [n for n in rows if n.startswith("capi:")]
    if reach:
        print("\nThe same suggestions through the C API (in process: `fnk_suggest` with its result handle, and "
              "`fnk_suggest_name` into the caller's buffer) and the Python binding (ctypes):\n")
        print("| workload | Swift ns | C API ns | C overhead | C name call ns | C name overhead | Python ns | "
              "Python overhead |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for n in reach:
            w = n[len("capi:"):]
            swift, c, name, py = rows.get(w), rows[n], rows.get("capi-name:" + w), rows.get("python:" + w)
            if swift is None:
                continue

            def over(r):
                return f"{(r['median_ns'] / swift['median_ns'] - 1) * 100:.0f} %" if r else "–"

            name_ns = fmt(name["median_ns"]) if name else "–"
            py_ns = fmt(py["median_ns"]) if py else "–"
            py_over = f"{(py['median_ns'] - swift['median_ns']) / 1000:.1f} µs" if py else "–"
            print(f"| {w} | {fmt(swift['median_ns'])} | {fmt(c['median_ns'])} | {over(c)} | {name_ns} | {over(name)} | "
                  f"{py_ns} | {py_over} |")
    if "process:batch-suggest:dynamic" in rows:
        print()
    for n in ("process:batch-suggest:dynamic", "process:batch-suggest:static"):
        if n in rows:
            r = rows[n]
            print(f"- `{n}` (whole `filenamekit batch` processes, start-up included): "
                  f"{fmt(r['median_ns'])} ns per line = **{1e9 / r['median_ns']:,.0f} lines/s**")
    hostile = sorted((r for n, r in rows.items() if n.startswith("hostile:")), key=lambda r: -r["median_ns"])
    if hostile:
        over = sum(1 for r in hostile if r["median_ns"] > 20e6)
        # 1 MiB per shape in a full run (smaller with --quick).
        print(f"\nHostile shapes (core parse only): {len(hostile)} shapes, {over} over 20 ms; the 10 slowest:\n")
        print("| shape | ms per input |")
        print("|---|---:|")
        for r in hostile[:10]:
            print(f"| {r['name'][len('hostile:'):]} | {r['median_ns'] / 1e6:.1f} |")
    ends = sorted((r for n, r in rows.items() if n.startswith("hostile-batch:")), key=lambda r: -r["median_ns"])
    if ends:
        over = sum(1 for r in ends if r["median_ns"] >= 100e6)
        print(f"\nHostile shapes end to end (one batch `suggest` line each, in process): {len(ends)} shapes, "
              f"{over} at or over 100 ms; the 10 slowest:\n")
        print("| shape | ms per line |")
        print("|---|---:|")
        for r in ends[:10]:
            print(f"| {r['name'][len('hostile-batch:'):]} | {r['median_ns'] / 1e6:.1f} |")


if __name__ == "__main__":
    main(sys.argv[1])
