#!/usr/bin/env python3
"""Writes N batch `response` requests (JSON Lines) in the shapes crawlers store: the raw response head
of each (status line and fields as received, hex) and the request URL. Deterministic for a seed, so a
run can be repeated line for line.

    python3 Scripts/generate-response-heads.py N OUT [--seed S]
"""
import json
import random
import sys
import urllib.parse

NAMES = ["report", "Quarterly Report", "invoice-2024-07", "setup", "photo_0042", "data", "backup", "README",
         "archive.tar", "slides", "résumé", "Übersicht", "会议纪要", "季度报告", "회의록", "会議資料", "Отчёт", "報告書",
         "notes", "main", "IMG 2093", "track01", "bank statement", "contract (signed)", "x" * 180]
EXTS = ["pdf", "docx", "xlsx", "zip", "tar.gz", "exe", "jpg", "png", "txt", "csv", "mp3", "ogg", "hwp", "msi", "", "json"]
TYPES = ["application/pdf", "application/octet-stream", "application/zip", "text/html; charset=utf-8",
         "text/plain; charset=ISO-8859-1", "image/jpeg", "application/x-msdownload", "application/gzip",
         "application/x-tar", "audio/mpeg", "application/json", "text/csv; charset=gbk", "", "binary/octet-stream"]
LEGACY = ["gbk", "shift_jis", "euc-kr", "big5", "windows-1251", "iso-8859-1"]


def field(name, value):
    return name.encode() + b": " + value + b"\r\n"


def disposition(rng, stem, ext):
    name = stem + ("." + ext if ext else "")
    kind = rng.randrange(9)
    if kind == 0:
        return b"attachment; filename*=UTF-8''" + urllib.parse.quote(name).encode()
    if kind == 1:
        return b'attachment; filename="' + name.encode("utf-8") + b'"'
    if kind == 2:
        for charset in rng.sample(LEGACY, len(LEGACY)):
            try:
                return b'attachment; filename="' + name.encode(charset) + b'"'
            except UnicodeEncodeError:
                continue
        return b"attachment; filename=" + urllib.parse.quote(name).encode()
    if kind == 3:
        ascii = name.encode("ascii", "replace").replace(b"?", b"_")
        return b'attachment; filename="' + ascii + b"\"; filename*=UTF-8''" + urllib.parse.quote(name).encode()
    if kind == 4:
        return b"inline; filename=" + urllib.parse.quote(name, safe="").encode()
    if kind == 5:
        return b"attachment;\r\n filename=\"" + name.encode() + b'"'  # obs-fold
    if kind == 6:
        return b'form-data; name="file"; filename="' + name.encode() + b'"'
    if kind == 7:
        return b"attachment; filename=" + name.replace(" ", "_").encode()
    return b"attachment"


def head(rng, i):
    stem, ext = rng.choice(NAMES), rng.choice(EXTS)
    host = rng.choice(["example.com", "files.example.org", "cdn.example.net", "例え.jp", "download.example.com"])
    path = "/" + "/".join(rng.choice(["dl", "files", "2024", "get.php", "a b", "%E4%B8%AD%E6%96%87.pdf", "v1"])
                          for _ in range(rng.randrange(1, 4)))
    url = f"https://{host}{path}?id={i}"
    shape = rng.randrange(20)
    if shape == 0:  # a redirect
        out = b"HTTP/1.1 302 Found\r\n" + field("Location", f"/files/{stem}.{ext or 'bin'}".encode())
    elif shape == 1:  # an interim response before the final one
        out = b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"
    elif shape == 2:
        out = b"HTTP/1.0 200 OK\r\n"
    elif shape == 3:
        out = b"HTTP/2 200\r\n"
    else:
        out = b"HTTP/1.1 200 OK\r\n"
    out += field("Date", b"Mon, 07 Dec 2026 10:00:00 GMT")
    ct = rng.choice(TYPES)
    if ct:
        out += field("Content-Type", ct.encode())
    if rng.random() < 0.8:
        out += field("Content-Disposition", disposition(rng, stem, ext))
    if rng.random() < 0.05:  # a repeated, different field: ambiguous
        out += field("Content-Disposition", b'attachment; filename="other.bin"')
    if rng.random() < 0.15:
        out += field("Content-Encoding", rng.choice([b"gzip", b"deflate", b"br", b"gzip, br", b"identity"]))
    if rng.random() < 0.02:
        out += b"X-Odd: a\rb\r\n"  # a bare CR
    if rng.random() < 0.01:
        out += b"X-Nul: a\x00b\r\n"
    out += field("Content-Length", str(rng.randrange(1, 10**9)).encode())
    return {"id": i, "op": "response", "head_hex": (out + b"\r\n").hex(), "url": url}


def main():
    n, path = int(sys.argv[1]), sys.argv[2]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 20261207
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            f.write(json.dumps(head(rng, i), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
