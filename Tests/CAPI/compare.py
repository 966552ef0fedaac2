"""Holds the C API's answers (fidelity.c) against `filenamekit batch`'s for the same requests: every
field the C side reports must equal the batch answer's, value for value (names, codes, order).
Usage: compare.py requests.jsonl batch.jsonl c.jsonl"""
import json, sys

SUGGEST = ["filename", "source", "media_type", "download", "reason", "risk", "trace", "disguise",
           "media_type_serialized", "decision_detail", "conflict", "conflict_code", "sniffed", "extension_mismatch", "content_disposition"]
DISPOSITION = ["type", "filename", "parameters", "diagnostics", "detected_charset"]


def lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


requests, batch, c = (lines(p) for p in sys.argv[1:4])
if not (len(requests) == len(batch) == len(c)) or not requests:
    sys.exit(f"compare: {len(requests)} requests, {len(batch)} batch answers, {len(c)} C answers")
mismatches = 0
fields = 0
for req, b, got in zip(requests, batch, c):
    if "error" in b or "error" in got:
        if ("error" in b) != ("error" in got):
            mismatches += 1
            print(f"compare: {req['id']}: batch {b.get('error')!r}, C {got.get('error')!r}")
        continue
    for k in SUGGEST if req["op"] == "suggest" else DISPOSITION:
        fields += 1
        if b.get(k) != got.get(k):
            mismatches += 1
            print(f"compare: {req['id']}: {k}: batch {b.get(k)!r}, C {got.get(k)!r}")
print(f"compare: {len(requests)} requests, {fields} fields: {mismatches} differ")
sys.exit(1 if mismatches else 0)
