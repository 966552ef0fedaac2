"""Times the Python binding's `filenamekit.suggest` on one workload, as the benchmark harness times its
rows: this thread's CPU time (time.thread_time_ns, CLOCK_THREAD_CPUTIME_ID as the harness reads it), a
calibrated iteration count fixed for every timed run (each run about 0.2 s; 0.02 s with --quick), 11
runs (5 with --quick), the median and minimum per call; each timed call's name is read (the C rows read
theirs too). Prints one JSON object.
Usage: python-suggest.py URL CONTENT_DISPOSITION CONTENT_TYPE PLATFORM [--quick]"""
import json, sys, time

import filenamekit

url, disposition, content_type, platform = sys.argv[1:5]
quick = "--quick" in sys.argv[5:]
target = 0.02 if quick else 0.2


# The header as bytes, made once, as the Swift and C rows take theirs; the URL and the type as str.
disposition_bytes = disposition.encode() or None


def call():
    return filenamekit.suggest(url=url or None, content_disposition=disposition_bytes,
                               content_type=content_type or None, platform=platform)


answer = call().filename
for _ in range(1000):
    call()
n = 1
while True:
    start = time.thread_time()
    for _ in range(n):
        call()
    if time.thread_time() - start >= target / 4:
        break
    n *= 2
n = max(1, int(n * target / max(time.thread_time() - start, 1e-9)))
runs = []
for _ in range(5 if quick else 11):
    start = time.thread_time_ns()
    for _ in range(n):
        call().filename
    runs.append((time.thread_time_ns() - start) / n)
runs_sorted = sorted(runs)
print(json.dumps({"median_ns": runs_sorted[len(runs) // 2], "min_ns": runs_sorted[0], "iterations": n,
                  "runs": runs, "answer": answer}))
