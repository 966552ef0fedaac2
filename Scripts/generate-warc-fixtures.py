#!/usr/bin/env python3
"""Writes the WARC test set of `filenamekit warc` and its fixture file, Fixtures/warc/warc.json.

- Fixtures/warc/warcio.warc.gz and warcio.warc: the same records written with warcio (PyPI), one gzip
  member per record and plain; the expected offsets are those warcio's own ArchiveIterator reads back.
- Fixtures/warc/hostile/*.warc(.gz): broken records written byte by byte (missing and lying
  Content-Length, bad chunk sizes, cut-off and corrupt gzip members, 1 MiB headers, NULs, unknown
  record types, compression bombs), each case with the offset where it starts.
- The wget case (Fixtures/warc/wget/) is made by Scripts/generate-warc-wget.sh; its expectations are here.

Every expected name is the case's intent, written here by hand; the tests compare the tool's answers with
them. Run: python3 Scripts/generate-warc-fixtures.py
"""
import gzip
import io
import json
import os
import zlib

from warcio.archiveiterator import ArchiveIterator
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Fixtures", "warc")
FIXED_DATE = "2026-01-02T03:04:05Z"

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 40
PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n"
TAR = b"backup.txt".ljust(257, b"\x00") + b"ustar\x0000" + b"\x00" * 246


def sha(b):
    """A written file's expected bytes, as hex (every payload of the set is small)."""
    return b.hex()


def chunked(parts):
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts) + b"0\r\n\r\n"


# The warcio set: (uri, type, status line or None, headers, body as sent, expected answer, file written).
WARCIO_RECORDS = [
    ("https://example.com/download?id=7", "response", "200 OK",
     [("Content-Type", "application/pdf"), ("Content-Disposition", 'attachment; filename="report.pdf"')], PDF,
     {"filename": "report.pdf", "decision": "download", "media_type": "application/pdf", "status": 200,
      "savable": True, "extracted_as": "decoded"}, ("report.pdf", PDF)),
    ("https://example.com/files/export", "response", "200 OK",
     [("Content-Type", "application/octet-stream")], PNG,
     {"filename": "export.png", "sniffed_type": "image/png"}, ("export.png", PNG)),
    ("https://example.com/notes.txt", "response", "200 OK",
     [("Content-Type", "text/plain"), ("Transfer-Encoding", "chunked")], chunked([b"hello ", b"world\n"]),
     {"filename": "notes.txt", "decision": "display", "extracted_as": "decoded"}, ("notes.txt", b"hello world\n")),
    ("https://example.com/backup", "response", "200 OK",
     [("Content-Type", "application/x-tar"), ("Content-Encoding", "gzip"),
      ("Content-Disposition", 'attachment; filename="backup.tar"')], gzip.compress(TAR, mtime=0),
     {"filename": "backup.tar", "content_coding": "decoded", "content_encoding": "gzip"}, ("backup.tar", TAR)),
    ("https://example.com/logs", "response", "200 OK",
     [("Content-Type", "application/x-gzip"), ("Content-Encoding", "gzip"),
      ("Content-Disposition", 'attachment; filename="logs.tar.gz"')], gzip.compress(TAR, mtime=0),
     {"filename": "logs.tar.gz", "content_coding": "kept", "extracted_as": "as-sent"},
     ("logs.tar.gz", gzip.compress(TAR, mtime=0))),
    ("https://example.com/data.json", "response", "200 OK",
     [("Content-Type", "application/json"), ("Content-Encoding", "br")], b"\x8b\x02\x80{}\x03",
     {"filename": "data.json", "content_coding": "unsupported", "extracted_as": "as-sent"},
     ("data.json", b"\x8b\x02\x80{}\x03")),
    ("https://example.com/missing.pdf", "response", "404 Not Found",
     [("Content-Type", "text/html")], b"<html>gone</html>",
     {"status": 404, "savable": False, "skipped_contains": "saves no file"}, None),
    ("https://example.com/old", "response", "302 Found",
     [("Location", "/new/file.zip"), ("Content-Length", "0")], b"",
     {"status": 302, "savable": False, "notes_contains": "redirects to https://example.com/new/file.zip"}, None),
    ("https://example.com/images/logo", "resource", None, [("Content-Type", "image/gif")], b"GIF89a\x01\x00\x01\x00",
     {"filename": "logo.gif", "media_type": "image/gif", "type": "resource"}, ("logo.gif", b"GIF89a\x01\x00\x01\x00")),
    ("https://example.com/cv", "response", "200 OK",
     [("Content-Type", "application/pdf"),
      ("Content-Disposition", "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf")], PDF,
     {"filename": "r\u00e9sum\u00e9.pdf"}, ("r\u00e9sum\u00e9.pdf", PDF)),
    ("https://example.com/table.csv", "response", "200 OK",
     [("Content-Type", "text/csv"), ("Content-Encoding", "deflate")], zlib.compress(b"a,b\n1,2\n"),
     {"filename": "table.csv", "content_coding": "decoded"}, ("table.csv", b"a,b\n1,2\n")),
    ("https://example.com/download?id=7", "response", "200 OK",
     [("Content-Type", "application/pdf"), ("Content-Disposition", 'attachment; filename="report.pdf"')], PDF,
     {"filename": "report.pdf"}, ("report (1).pdf", PDF)),
]


def write_warcio(path, gz):
    buf = io.BytesIO()
    w = WARCWriter(buf, gzip=gz, warc_version="WARC/1.1")
    w.write_record(w.create_warcinfo_record("warcio.warc", {"software": "warcio", "format": "WARC File Format 1.1"}))
    for i, (uri, kind, status, headers, body, _, _) in enumerate(WARCIO_RECORDS):
        warc_headers = {"WARC-Date": FIXED_DATE, "WARC-Record-ID": f"<urn:uuid:00000000-0000-4000-8000-{i:012d}>"}
        if kind == "resource":
            rec = w.create_warc_record(uri, "resource", payload=io.BytesIO(body), length=len(body),
                                       warc_content_type=dict(headers)["Content-Type"], warc_headers_dict=warc_headers)
        else:
            sh = StatusAndHeaders(status, headers, protocol="HTTP/1.1")
            rec = w.create_warc_record(uri, "response", payload=io.BytesIO(body), length=len(body),
                                       http_headers=sh, warc_headers_dict=warc_headers)
        w.write_record(rec)
        if i == 1:
            req = w.create_warc_record(uri, "request", payload=io.BytesIO(b"GET /files/export HTTP/1.1\r\n\r\n"),
                                       warc_headers_dict={"WARC-Date": FIXED_DATE})
            w.write_record(req)
    meta = w.create_warc_record("https://example.com/", "metadata", payload=io.BytesIO(b"via: test\r\n"),
                                warc_content_type="application/warc-fields", warc_headers_dict={"WARC-Date": FIXED_DATE})
    w.write_record(meta)
    data = buf.getvalue()
    with open(path, "wb") as f:
        f.write(data)
    # The offsets warcio itself reads back, for the response and resource records.
    offsets = []
    with open(path, "rb") as f:
        it = ArchiveIterator(f)
        for rec in it:
            if rec.rec_type in ("response", "resource"):
                offsets.append(it.get_record_offset())
    return offsets


def warcio_cases():
    cases = []
    for gz, name in ((True, "warcio.warc.gz"), (False, "warcio.warc")):
        offsets = write_warcio(os.path.join(OUT, name), gz)
        records = []
        files = {}
        for (uri, kind, _, _, _, expect, written), offset in zip(WARCIO_RECORDS, offsets):
            e = {"offset": offset, "target_uri": uri, "type": kind, "error": None}
            e.update(expect)
            records.append(e)
            if written:
                files[written[0]] = sha(written[1])
        cases.append({"id": "warcio-" + ("gz" if gz else "plain"),
                      "source": "ISO 28500 §6 record types, written by warcio 1.8 (one gzip member per record: annex D)"
                      if gz else "ISO 28500 §5 record layout, written by warcio 1.8 without compression",
                      "file": name, "extract": True, "status": 0, "records": records, "files": files})
    return cases


# Hostile files, written byte by byte.

def record(kind, uri, block, length=None, version=b"WARC/1.0", extra=b""):
    head = version + b"\r\nWARC-Type: " + kind + b"\r\nWARC-Record-ID: <urn:uuid:h>\r\n"
    head += b"WARC-Date: 2026-01-02T03:04:05Z\r\n"
    if uri:
        head += b"WARC-Target-URI: " + uri + b"\r\n"
    if length is not False:
        head += b"Content-Length: " + str(len(block) if length is None else length).encode() + b"\r\n"
    if kind == b"response":
        head += b"Content-Type: application/http; msgtype=response\r\n"
    return head + extra + b"\r\n" + block + b"\r\n\r\n"


def http(body, *fields, status=b"200 OK"):
    return b"HTTP/1.1 " + status + b"\r\n" + b"".join(f + b"\r\n" for f in fields) + b"\r\n" + body


OK = record(b"response", b"https://example.com/ok.txt", http(b"fine\n", b"Content-Type: text/plain"))
OK_EXPECT = {"filename": "ok.txt", "error": None}


def gz(b):
    return gzip.compress(b, mtime=0)


def hostile_cases():
    cases = []

    def add(name, source, parts, records, status=65, extract=False, args=None, files=None, compress=False):
        data = b""
        offsets = []
        for p in parts:
            offsets.append(len(data))
            data += gz(p) if compress else p
        with open(os.path.join(OUT, "hostile", name), "wb") as f:
            f.write(data)
        rs = []
        for index, expect in records:
            e = {"offset": offsets[index]} if isinstance(index, int) else {}
            e.update(expect)
            rs.append(e)
        c = {"id": "hostile-" + name.replace(".warc", "").replace(".gz", "-gz"), "source": source, "file": "hostile/" + name, "status": status,
             "extract": extract, "records": rs}
        if args:
            c["args"] = args
        if files is not None:
            c["files"] = files
        cases.append(c)
        return data

    missing = record(b"response", b"https://example.com/a.txt", http(b"x", b"Content-Type: text/plain"), length=False)
    add("missing-content-length.warc", "ISO 28500 §5.3: Content-Length is mandatory",
        [missing, OK], [(0, {"error_contains": "no valid Content-Length"}), (1, OK_EXPECT)])
    add("missing-content-length.warc.gz", "ISO 28500 §5.3 and annex D",
        [missing, OK], [(0, {"error_contains": "no valid Content-Length"}), (1, OK_EXPECT)], compress=True)

    long_block = http(b"short\n", b"Content-Type: text/plain")
    long = record(b"response", b"https://example.com/long.txt", long_block, length=len(long_block) + 5000)
    add("content-length-too-long.warc", "own: a Content-Length past the block swallows the next record; the "
        "reader goes back and finds it", [long, OK], [(0, {"error_contains": "cut off"}), (1, OK_EXPECT)])
    add("content-length-too-long.warc.gz", "ISO 28500 annex D: a record does not run past its gzip member",
        [long, OK], [(0, {"error_contains": "cut off"}), (1, OK_EXPECT)], compress=True)

    short = record(b"response", b"https://example.com/short.txt", long_block, length=len(long_block) - 3)
    add("content-length-too-short.warc", "ISO 28500 §5.1: a block is followed by CRLF CRLF",
        [short, OK], [(0, {"error_contains": "not followed by CRLF CRLF"}), (1, OK_EXPECT)])

    bad_chunks = record(b"response", b"https://example.com/c.txt",
                        http(b"5\r\nhello\r\nzz\r\nxx\r\n0\r\n\r\n", b"Content-Type: text/plain",
                             b"Transfer-Encoding: chunked"))
    add("bad-chunk-size.warc", "RFC 9112 §7.1: chunk-size is 1*HEXDIG", [bad_chunks, OK],
        [(0, {"filename": "c.txt", "error_contains": "bad chunk size"}), (1, OK_EXPECT)], extract=True,
        files={"ok.txt": sha(b"fine\n")})
    huge_chunk = record(b"response", b"https://example.com/h.txt",
                        http(b"ffffffffffffffffff\r\nab\r\n", b"Content-Type: text/plain", b"Transfer-Encoding: chunked"))
    add("chunk-size-overflow.warc", "RFC 9112 §7.1 (a size beyond any body)", [huge_chunk, OK],
        [(0, {"error_contains": "more than 15 hex digits"}), (1, OK_EXPECT)], extract=True,
        files={"ok.txt": sha(b"fine\n")})

    data = gz(OK) + gz(record(b"response", b"https://example.com/cut.txt", http(b"x" * 5000, b"Content-Type: text/plain")))
    cut_at = len(gz(OK)) + 40
    with open(os.path.join(OUT, "hostile", "gzip-member-ends-early.warc.gz"), "wb") as f:
        f.write(data[:cut_at])
    cases.append({"id": "hostile-gzip-member-ends-early", "source": "RFC 1952 §2.2: a member ends with CRC32 and ISIZE",
                  "file": "hostile/gzip-member-ends-early.warc.gz", "status": 65, "extract": False,
                  "records": [dict(OK_EXPECT, offset=0), {"offset": len(gz(OK)), "error_contains": "ends early"}]})

    middle = bytearray(gz(record(b"response", b"https://example.com/m.txt", http(b"m" * 300, b"Content-Type: text/plain"))))
    for i in range(20, 40):
        middle[i] ^= 0x55
    parts = [gz(OK), bytes(middle), gz(OK)]
    with open(os.path.join(OUT, "hostile", "gzip-member-corrupt.warc.gz"), "wb") as f:
        f.write(b"".join(parts))
    cases.append({"id": "hostile-gzip-member-corrupt", "source": "RFC 1952 §2.3 (a member whose deflate data is "
                  "damaged); the reader moves on to the next member", "file": "hostile/gzip-member-corrupt.warc.gz",
                  "status": 65, "extract": False,
                  "records": [dict(OK_EXPECT, offset=0), {"offset": len(parts[0]), "error_contains": "corrupt"},
                              dict(OK_EXPECT, offset=len(parts[0]) + len(parts[1]))]})

    garbage = gz(OK) + b"\x00junk between members\x00" + gz(OK)
    with open(os.path.join(OUT, "hostile", "garbage-between-members.warc.gz"), "wb") as f:
        f.write(garbage)
    cases.append({"id": "hostile-garbage-between-members", "source": "own (bytes that are not a gzip member)",
                  "file": "hostile/garbage-between-members.warc.gz", "status": 65, "extract": False,
                  "records": [dict(OK_EXPECT, offset=0), {"error_contains": "not a gzip member"},
                              dict(OK_EXPECT, offset=len(garbage) - len(gz(OK)))]})

    big_head = record(b"response", b"https://example.com/x",
                      http(b"body\n", b"X-Pad: " + b"a" * (1 << 20), b"Content-Disposition: attachment; filename=after.txt"))
    add("http-head-1mib.warc.gz", "own: a 1 MiB header field is read in linear time and the name after it found",
        [big_head, OK], [(0, {"filename": "after.txt", "error": None}), (1, OK_EXPECT)], status=0, compress=True,
        extract=True, files={"after.txt": sha(b"body\n"), "ok.txt": sha(b"fine\n")})
    big_warc = record(b"response", b"https://example.com/y", http(b"y", b"Content-Type: text/plain"),
                      extra=b"X-Pad: " + b"b" * (2 << 20) + b"\r\n")
    add("warc-header-2mib.warc.gz", "own: a WARC header block past 1 MiB is refused", [big_warc, OK],
        [(0, {"error_contains": "WARC header is longer"}), (1, OK_EXPECT)], compress=True)

    nul_name = record(b"response", b"https://example.com/n",
                      http(b"n", b"Content-Type: text/plain", b"Content-Disposition: attachment; filename=\"a\x00b.txt\""))
    add("nuls.warc", "RFC 9110 §5.5 (NUL in a field value); own (NUL bytes between records)",
        [nul_name, b"\x00" * 64, OK], [(0, {"filename": "a b.txt"}), (1, {"error_contains": "not the start"}),
                                       (2, OK_EXPECT)], extract=True, files={"a b.txt": sha(b"n"), "ok.txt": sha(b"fine\n")})

    unknown = record(b"x-custom", b"https://example.com/u", b"whatever")
    add("unknown-type.warc", "ISO 28500 §6: readers skip record types they do not know", [unknown, OK],
        [(0, {"type": "x-custom", "notes_contains": "unknown record type", "error": None}), (1, OK_EXPECT)], status=0)

    old = record(b"response", b"https://example.com/o", http(b"o", b"Content-Type: text/plain"), version=b"WARC/0.18")
    add("old-version.warc", "ISO 28500 §5.2: the version line is WARC/1.0 (1.1 in the 2017 edition)", [old, OK],
        [(0, {"error_contains": "WARC/1.0 or WARC/1.1"}), (1, OK_EXPECT)])

    bomb_payload = gz(b"\x00" * (32 << 20))
    bomb = record(b"response", b"https://example.com/bomb.bin",
                  http(bomb_payload, b"Content-Type: text/plain", b"Content-Encoding: gzip"))
    add("gzip-bomb-payload.warc", "own: a payload past 16 MiB and 200 times its size stops (as fetch's "
        "--max-decode-ratio)", [bomb, OK], [(0, {"error_contains": "decodes to more than allowed"}), (1, OK_EXPECT)],
        extract=True, files={"ok.txt": sha(b"fine\n")})
    member_bomb = record(b"resource", b"https://example.com/zeros.bin", b"\x00" * (2 << 20))
    add("gzip-bomb-member.warc.gz", "own: a gzip member past --max-decoded-size stops", [member_bomb, OK],
        [(0, {"error_contains": "decodes to more than allowed"}), (1, OK_EXPECT)], compress=True,
        args=["--max-decoded-size", "1048576"])

    trav = record(b"response", b"https://../..//etc/x",
                  http(b"t", b"Content-Type: text/plain", b"Content-Disposition: attachment; filename=\"../../evil.txt\""))
    add("traversal.warc", "RFC 6266 §4.3: only the last path segment of a name is used; own: a host of '..' is no "
        "directory name", [trav, trav, OK], [(0, {"filename": "evil.txt"}), (1, {"filename": "evil.txt"}),
                                            (2, OK_EXPECT)], status=0, extract=True,
        files={"no-host/evil.txt": sha(b"t"), "no-host/evil (1).txt": sha(b"t"), "example.com/ok.txt": sha(b"fine\n")})
    cases[-1]["layout"] = "mirror"
    return cases


def main():
    os.makedirs(os.path.join(OUT, "hostile"), exist_ok=True)
    cases = ["A. warcio-written files: every answer of the set", *warcio_cases(),
             "B. Hostile files: one per shape; each broken record gets an error with its offset, the run goes on",
             *hostile_cases()]
    wget = os.path.join(OUT, "wget", "expect.json")
    if os.path.exists(wget):
        with open(wget, encoding="utf-8") as f:
            cases += ["C. wget --warc-file against a local http.server (Scripts/generate-warc-wget.sh)", *json.load(f)]
    with open(os.path.join(OUT, "warc.json"), "w", encoding="utf-8") as f:
        json.dump(cases, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
