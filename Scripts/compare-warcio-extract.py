#!/usr/bin/env python3
"""Compares `filenamekit warc --extract` with `warcio extract --payload` on the WARC fixture files.

For every response and resource record filenamekit reports, runs `warcio extract --payload FILE OFFSET`
and prints one line per record whose bytes or outcome differ: filenamekit's name and what it wrote,
and what warcio wrote (or its error). warcio names nothing: it writes the payload to stdout.
Run after `swift build`: python3 Scripts/compare-warcio-extract.py [.build/debug/filenamekit]
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "filenamekit")


def main():
    files = sorted(glob.glob(os.path.join(ROOT, "Fixtures", "warc", "**", "*.warc*"), recursive=True))
    same = differ = 0
    for path in files:
        rel = os.path.relpath(path, os.path.join(ROOT, "Fixtures", "warc"))
        with tempfile.TemporaryDirectory() as out:
            run = subprocess.run([TOOL, "warc", "--json", "--extract", out, path], capture_output=True)
            for line in run.stdout.decode().splitlines():
                r = json.loads(line)
                if r.get("type") not in ("response", "resource"):
                    continue
                ours = None
                if r.get("extracted"):
                    with open(os.path.join(out, r["extracted"]), "rb") as f:
                        ours = f.read()
                w = subprocess.run(["warcio", "extract", "--payload", path, str(r["offset"])], capture_output=True)
                theirs = w.stdout if w.returncode == 0 else None
                why = w.stderr.decode(errors="replace").strip().splitlines()[-1:] if w.returncode else []
                if ours == theirs:
                    same += 1
                    continue
                differ += 1
                what = ("%d bytes" % len(ours)) if ours is not None else ("error: " + r["error"] if r.get("error")
                                                                           else "nothing: " + str(r.get("skipped")))
                warc = ("%d bytes" % len(theirs)) if theirs is not None else "fails: " + " ".join(why)[:100]
                print(f"{rel} @{r['offset']} {r.get('filename')}: filenamekit {what}; warcio {warc}")
    print(f"{same} records identical, {differ} differ")


if __name__ == "__main__":
    main()
