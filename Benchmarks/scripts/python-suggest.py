"""Times the Python binding's `filenamekit.suggest` on one workload, as the benchmark harness times its
rows: a calibrated iteration count fixed for every timed run (each run about 0.2 s; 0.02 s with
--quick), 11 runs (5 with --quick), the median and minimum per call. Prints one JSON object.
Usage: python-suggest.py URL CONTENT_DISPOSITION CONTENT_TYPE PLATFORM [--quick]"""
import json, sys, time

import filenamekit

url, disposition, content_type, platform = sys.argv[1:5]
quick = "--quick" in sys.argv[5:]
target = 0.02 if quick else 0.2


def call():
    return filenamekit.suggest(url=url or None, content_disposition=disposition.encode() or None,
                               content_type=content_type or None, platform=platform)


answer = call().filename
for _ in range(1000):
    call()
n = 1
while True:
    start = time.perf_counter()
    for _ in range(n):
        call()
    if time.perf_counter() - start >= target / 4:
        break
    n *= 2
n = max(1, int(n * target / max(time.perf_counter() - start, 1e-9)))
runs = []
for _ in range(5 if quick else 11):
    start = time.perf_counter_ns()
    for _ in range(n):
        call()
    runs.append((time.perf_counter_ns() - start) / n)
runs_sorted = sorted(runs)
print(json.dumps({"median_ns": runs_sorted[len(runs) // 2], "min_ns": runs_sorted[0], "iterations": n,
                  "runs": runs, "answer": answer}))
