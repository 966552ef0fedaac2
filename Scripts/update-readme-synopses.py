#!/usr/bin/env python3
"""Rewrites each command synopsis of README.md from the command's own help, so the two cannot drift.

A synopsis is the ```sh block right after a line `<!-- usage: COMMAND -->`; its text is the USAGE part
of `filenamekit COMMAND --help` (up to the first blank line) without the `USAGE: ` prefix, the
continuation lines dedented by as much. The help is read from Fixtures/cli/help/COMMAND.txt, which
HelpSnapshotTests keeps equal to the tool's output; ReadmeSynopsisTests fails when a block differs.
Run after changing a command's USAGE lines (and its help fixture):
    python3 Scripts/update-readme-synopses.py
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PREFIX = "USAGE: "
MARKER = re.compile(r"^<!-- usage: ([a-z]+) -->$")


def synopsis(command):
    """The README text of COMMAND's USAGE lines."""
    with open(os.path.join(ROOT, "Fixtures", "cli", "help", command + ".txt"), encoding="utf-8") as f:
        usage = f.read().split("\n\n", 1)[0].split("\n")
    if not usage[0].startswith(PREFIX):
        sys.exit(f"{command}: help does not begin with '{PREFIX}'")
    lines = [usage[0][len(PREFIX):]]
    for line in usage[1:]:
        if not line.startswith(" " * len(PREFIX)):
            sys.exit(f"{command}: a USAGE continuation line is indented less than '{PREFIX}'")
        lines.append(line[len(PREFIX):])
    return lines


def main():
    path = os.path.join(ROOT, "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, i, changed = [], 0, []
    while i < len(lines):
        out.append(lines[i])
        m = MARKER.match(lines[i])
        i += 1
        if not m:
            continue
        if i >= len(lines) or lines[i] != "```sh":
            sys.exit(f"README.md: the marker for {m.group(1)} is not followed by a ```sh block")
        end = lines.index("```", i + 1)
        block = synopsis(m.group(1))
        if lines[i + 1:end] != block:
            changed.append(m.group(1))
        out += ["```sh"] + block + ["```"]
        i = end + 1
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print("README.md: synopses " + (f"rewritten: {', '.join(changed)}" if changed else "already up to date"))


if __name__ == "__main__":
    main()
