#!/usr/bin/env bash
# Peak RSS and throughput of the CLI batch engine on large JSON Lines inputs (issue 7: a 100 MB
# input streams in bounded memory). Runs `filenamekit-bench --batch-stdin` (BatchEngine.run on
# stdin -> stdout) under /usr/bin/time -v on a 10 MB and a 100 MB input made from
# Fixtures/bench/batch-disposition.jsonl; equal peak RSS for both means memory does not grow with input.
# Usage: Benchmarks/scripts/batch-rss.sh [BENCH_BINARY] [SIZES_MB...]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-.build/release/filenamekit-bench}
shift || true
sizes=("$@"); [ ${#sizes[@]} -eq 0 ] && sizes=(10 100)
[ -x "$bin" ] || { echo "no benchmark binary at $bin (swift build -c release --product filenamekit-bench)" >&2; exit 1; }
dir=${TMPDIR:-/tmp}
for mb in "${sizes[@]}"; do
  input="$dir/filenamekit-batch-${mb}mb.jsonl"
  if [ ! -s "$input" ]; then
    python3 - "$input" "$mb" <<'PY'
import json, sys
path, mb = sys.argv[1], int(sys.argv[2])
templates = [json.loads(l) for l in open("Fixtures/bench/batch-disposition.jsonl", encoding="utf-8") if l.strip()]
limit, size, i = mb * 1_000_000, 0, 0
with open(path, "w", encoding="utf-8") as f:
    while size < limit:
        req = dict(templates[i % len(templates)], id=i)
        line = json.dumps(req, ensure_ascii=False) + "\n"
        f.write(line); size += len(line.encode()); i += 1
PY
  fi
  lines=$(wc -l < "$input")
  bytes=$(stat -c %s "$input")
  report=$(mktemp)
  answered=$( { /usr/bin/time -v "$bin" --batch-stdin < "$input" 2> "$report"; } | wc -l)
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$report")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$report")
  user=$(awk -F': ' '/User time/ {print $2}' "$report")
  sys=$(awk -F': ' '/System time/ {print $2}' "$report")
  rm -f "$report"
  python3 - "$mb" "$bytes" "$lines" "$answered" "$rss" "$wall" "$user" "$sys" <<'PY'
import sys
mb, nbytes, lines, answered, rss, wall, user, sys_t = sys.argv[1:]
parts = [float(p) for p in wall.split(":")]
secs = parts[-1] + (parts[-2] * 60 if len(parts) > 1 else 0) + (parts[-3] * 3600 if len(parts) > 2 else 0)
cpu = float(user) + float(sys_t)
print(f"batch {mb} MB ({int(nbytes):,} bytes, {int(lines):,} lines, {int(answered):,} answers): "
      f"peak RSS {int(rss) / 1024:.1f} MiB, wall {secs:.2f} s, cpu {cpu:.2f} s, "
      f"{int(lines) / secs:,.0f} lines/s (wall), {int(lines) / cpu:,.0f} lines/s (cpu)")
PY
done
