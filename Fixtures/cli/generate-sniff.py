#!/usr/bin/env python3
"""Writes Fixtures/cli/sniff.json (suggest --content-file/--content-hex, batch content_hex) and
Fixtures/cli/fetch-sniff.json (fetch naming by content) from the byte samples of
Fixtures/sniff/cases.json, which Fixtures/sniff/generate.py builds with the formats' own libraries
(zipfile, gzip, struct). Run from the repository root: python3 Fixtures/cli/generate-sniff.py"""
import json

samples = {c["id"]: c for c in json.load(open("Fixtures/sniff/cases.json")) if isinstance(c, dict)}


def hexof(sample):
    return samples[sample]["hex"].replace(" ", "")


def src(sample, why):
    return f"{why}; bytes: Fixtures/sniff/cases.json '{sample}' ({samples[sample]['source'].split(';')[0]})"


OCTET = "application/octet-stream"
suggest = [
    "`suggest` with the body's leading bytes. 'args' run the CLI; {file} is a temporary file holding 'file_hex'.",
    "'json' (with --json, or the batch line) lists top-level fields compared exactly; 'out_contains'/'err_contains' are substrings.",
]


def case(id, source, args, status=0, json_fields=None, out=None, err=None, file_sample=None, stdin=None):
    c = {"id": id, "source": source, "args": args, "status": status}
    if file_sample: c["file_hex"] = hexof(file_sample)
    if stdin is not None: c["stdin"] = stdin
    if json_fields is not None: c["json"] = json_fields
    if out: c["out_contains"] = out
    if err: c["err_contains"] = err
    return c


def sniffed(sample):
    s = samples[sample]
    return {"media_type": s["expect_type"], "rule": s["expect_rule"], "executable": s["expect_executable"],
            "detail": s.get("expect_detail")}


suggest += [
    case("file-zip-extensionless-octet-stream", src("zip-plain", "own (issue 19: a generic download named by its bytes)"),
         ["suggest", "--content-disposition", "attachment; filename=export", "--content-type", OCTET,
          "--content-file", "{file}", "--json"], file_sample="zip-plain",
         json_fields={"filename": "export.zip", "risk": "ordinary", "disguise": [], "download": True}),
    case("hex-pdf-no-type", src("pdf", "own (issue 19: no declared type; the name gets the sniffed type's extension)"),
         ["suggest", "--content-disposition", "attachment; filename=report", "--content-hex", hexof("pdf"), "--json"],
         json_fields={"filename": "report.pdf", "risk": "ordinary", "download": True}),
    case("hex-docx-url-name", src("zip-docx", "own (issue 19: OOXML by its part names)"),
         ["suggest", "--url", "https://example.com/get?id=1042", "--content-type", "binary/octet-stream",
          "--content-hex", hexof("zip-docx"), "--json"],
         json_fields={"risk": "ordinary", "download": True}),
    case("hex-pe-behind-pdf-name", src("pe-exe", "own (issue 19: an executable in disguise is flagged)"),
         ["suggest", "--content-disposition", "attachment; filename=invoice.pdf", "--content-type", OCTET,
          "--content-hex", hexof("pe-exe"), "--json"],
         json_fields={"filename": "invoice.pdf", "risk": "executable", "disguise": ["content-mismatch"]}),
    case("hex-pe-behind-png-type", src("pe-exe", "own (issue 19: `avatar.png` served as image/png but an executable)"),
         ["suggest", "--url", "https://example.com/avatar.png", "--content-type", "image/png",
          "--content-hex", hexof("pe-exe"), "--json"],
         json_fields={"risk": "executable", "disguise": ["content-mismatch"]}),
    case("hex-png-specific-type-not-sniffed", src("png", "own (issue 19: a specific declared type is not second-guessed)"),
         ["suggest", "--url", "https://example.com/a", "--content-type", "text/plain", "--content-hex", hexof("png"),
          "--json"], json_fields={"sniffed": None, "filename": "a.txt"}),
    case("no-content-sniffed-null", "own (issue 19: the field is additive, null without leading bytes)",
         ["suggest", "--url", "https://example.com/a.txt", "--json"], json_fields={"sniffed": None}),
    case("summary-content-line", src("gzip", "own (the summary shows the sniffed type)"),
         ["suggest", "--content-disposition", "attachment; filename=data", "--content-type", OCTET,
          "--content-hex", hexof("gzip")],
         out=["\n  content:    application/gzip by compression (gzip), "]),
    case("explain-content-stage", src("zip-plain", "own (--explain groups the content-* codes under 'content')"),
         ["suggest", "--content-disposition", "attachment; filename=export", "--content-type", OCTET,
          "--content-hex", hexof("zip-plain"), "--explain"],
         out=["\n  content\n", ". content-sniffed  application/zip by zip, "]),
    case("explain-content-executable", src("pe-exe", "own (--explain shows content-executable under 'content')"),
         ["suggest", "--content-disposition", "attachment; filename=invoice.pdf", "--content-type", OCTET,
          "--content-hex", hexof("pe-exe"), "--explain", "--neutralize"],
         out=["\n  content\n", ". content-executable  ", ". content-neutralized  "]),
    case("file-missing-names-flag", "own (errors name the flag)",
         ["suggest", "--content-file", "/nonexistent/fk-sniff"], status=64,
         err=["--content-file: cannot read '/nonexistent/fk-sniff': "]),
    case("file-directory-names-flag", "own (a directory cannot be read: the error names the flag)",
         ["suggest", "--content-file", "/"], status=64, err=["--content-file: cannot read '/': "]),
    case("hex-invalid-names-flag", "own (errors name the flag)",
         ["suggest", "--content-hex", "4g"], status=64, err=["--content-hex is not valid hex"]),
    case("file-and-hex-conflict", "own", ["suggest", "--content-hex", "00", "--content-file", "/dev/null"], status=64,
         err=["--content-file or --content-hex, not both"]),
    case("batch-content-hex", src("zip-plain", "own (batch op suggest takes content_hex)"),
         ["batch"], stdin=json.dumps({"id": 1, "op": "suggest", "content_disposition": "attachment; filename=export",
                                      "content_type": OCTET, "content_hex": hexof("zip-plain")}),
         json_fields={"id": 1, "filename": "export.zip"}),
    case("batch-content-hex-invalid", "own (batch errors name the field)",
         ["batch"], stdin=json.dumps({"id": 2, "op": "suggest", "url": "https://e.com/a", "content_hex": "abc"}),
         json_fields={"id": 2, "error": "content_hex is not valid hex"}),
]
# The sniffed object, compared whole where the sample's own expectations say what it is.
for c in suggest:
    if isinstance(c, dict) and c["id"] in ("file-zip-extensionless-octet-stream", "hex-pe-behind-pdf-name"):
        sample = "zip-plain" if "zip" in c["id"] else "pe-exe"
        c["sniffed"] = sniffed(sample)

fetch = [
    "`fetch --output-dir` naming by content, against the test server's /content route (Tests/FilenameKitCLITests/Support/HTTPTestServer.swift):",
    "the request headers X-Want-Type, X-Want-Disposition, X-Want-Body-Hex and X-Want-Padding say what it answers. Same shape as fetch.json.",
]


def fetch_case(id, source, sample, disposition, ctype, files, out, padding=0, json=False, status=0):
    args = ["fetch", "--progress", "none", "--output-dir", "{dir}", "-H", f"X-Want-Body-Hex: {hexof(sample)}",
            "-H", f"X-Want-Disposition: {disposition}", "-H", f"X-Want-Type: {ctype}"]
    if padding: args += ["-H", f"X-Want-Padding: {padding}"]
    if json: args.append("--json")
    args.append("{base}/content")
    size = len(hexof(sample)) // 2 + padding
    return {"id": id, "source": source, "args": args, "status": status, "requests": ["GET /content"],
            "files": {f: size for f in files}, "out_contains": out}


fetch += [
    fetch_case("zip-export", src("zip-plain", "own (issue 19: fetch names by content)"), "zip-plain",
               "attachment; filename=export", OCTET, ["export.zip"], ["suggestion: export.zip\n", "content:    application/zip by zip"]),
    fetch_case("pdf-export-long-body", src("pdf", "own (issue 19: the first 4096 bytes are held, the rest streams after them)"),
               "pdf", "attachment; filename=export", OCTET, ["export.pdf"], ["suggestion: export.pdf\n"], padding=20000),
    fetch_case("pe-as-invoice-pdf", src("pe-exe", "own (issue 19: an executable in disguise is flagged)"), "pe-exe",
               "attachment; filename=invoice.pdf", OCTET, ["invoice.pdf"],
               ["risk:       executable (disguise: content-mismatch)"]),
    fetch_case("pe-as-invoice-pdf-json", src("pe-exe", "own (issue 19: the JSON suggestion carries risk, disguise and sniffed)"),
               "pe-exe", "attachment; filename=invoice.pdf", OCTET, ["invoice.pdf"],
               ['"risk":"executable"', '"disguise":["content-mismatch"]', '"sniffed":{"media_type":"application/vnd.microsoft.portable-executable","rule":"pe"'],
               json=True),
    fetch_case("elf-as-invoice-pdf", src("elf-ident-zeroed", "own (issue 13, second pass: an ELF body behind a PDF name and type is flagged like a PE one, whatever e_ident says)"),
               "elf-ident-zeroed", "attachment; filename=invoice.pdf", "application/pdf", ["invoice.pdf"],
               ["risk:       executable (disguise: content-mismatch)", "content:    application/x-executable by elf"]),
    fetch_case("macho-fat-as-notes-txt", src("macho-fat-40-archs", "own (issue 13, second pass: a universal binary with more than 30 architectures is flagged)"),
               "macho-fat-40-archs", "attachment; filename=notes.txt", "text/plain", ["notes.txt"],
               ["risk:       executable (disguise: content-mismatch)"]),
    fetch_case("shebang-as-readme-txt", src("shebang-sh", "own (issue 13, second pass: a #! script behind a text name is flagged)"),
               "shebang-sh", "attachment; filename=readme.txt", "text/plain", ["readme.txt"],
               ["risk:       executable (disguise: content-mismatch)"]),
    {"id": "truncated-within-leading-bytes-no-file",
     "source": "own (the connection closes before the name is decided: no file was ever created)",
     "args": ["fetch", "--progress", "none", "--output-dir", "{dir}", "{base}/short/100/10"],
     "status": 1, "requests": ["GET /short/100/10"], "files": {}, "out_empty": True,
     "err_contains": ["filenamekit fetch: transfer closed with 90 bytes remaining"]},
]

for path, items in (("Fixtures/cli/sniff.json", suggest), ("Fixtures/cli/fetch-sniff.json", fetch)):
    with open(path, "w") as f:
        json.dump(items, f, indent=1, ensure_ascii=False)
        f.write("\n")
