#!/usr/bin/env python3
"""Runs `wget -x -nv --restrict-file-names=unix|windows|ascii` on the URLs of
Fixtures/paths/mirror-paths.json (those without FilenameKit-only options) against a local server that
answers 200 to every request (wget reaches every host through it as its HTTP proxy, so the layout keeps
the URL's own host; an https URL is given to both as http), and writes Fixtures/paths/wget-layouts.json: what wget wrote beside what
`filenamekit path` answers for the matching platform (unix: linux, windows: windows, ascii: portable),
each difference explained. Bytes wget wrote that are not UTF-8 are shown as \\xHH.
Run: python3 Scripts/compare-wget-paths.py [path/to/filenamekit]   (default .build/debug/filenamekit)
"""
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "filenamekit")
MODES = {"unix": "linux", "windows": "windows", "ascii": "portable"}
SKIP_KEYS = {"name", "index_name", "referrer_charset", "max_query_length", "budget_directory"}

# Why FilenameKit's answer differs from wget's, by fixture case (the id without its platform suffix).
BY_CASE = {
    "idn-punycode-shown-unicode": "wget writes the host as sent, in punycode (IDNA ToASCII); FilenameKit shows IDNA hosts in Unicode, as URLFilename.hostName does",
    "idn-unicode-host": "wget writes the host as sent, in punycode (IDNA ToASCII); FilenameKit shows IDNA hosts in Unicode, as URLFilename.hostName does",
    "host-trailing-dot": "wget keeps the host's trailing dot (example.com.); FilenameKit drops it, as a name of the same host",
    "ipv6-port": "wget drops the IPv6 brackets; FilenameKit keeps the host as the URL Standard serializes it, made safe (':' is '_' where forbidden)",
    "escaped-dotdot-resolved": "wget keeps %2e%2e as a literal directory named %2E%2E; the URL Standard (and FilenameKit) resolve it as '..'",
    "escaped-dotdot-above-root": "wget keeps %2e%2e as a literal directory named %2E%2E; the URL Standard (and FilenameKit) resolve it as '..'",
    "dotdot-to-directory": "wget keeps .%2E as a literal name; the URL Standard (and FilenameKit) resolve it, leaving a directory URL",
    "escaped-dot-name": "wget keeps the trailing dot of x., which Windows strips; FilenameKit removes trailing dots on windows and portable",
    "three-dots-segment": "wget writes a directory named '...'; FilenameKit's sanitizer removes leading dots, and a segment of dots only becomes '_'",
    "leading-dot-hidden": "wget keeps a leading dot (a hidden directory); FilenameKit's sanitizer removes leading dots so nothing is hidden by accident",
    "controls-removed": "wget escapes control bytes as %XX; FilenameKit's sanitizer removes them",
    "escaped-slash-stays-in-segment": "both keep %2F inside the segment: wget writes it back as %2F (and %5C as \\ on unix), FilenameKit replaces it with '_'",
    "reserved-names": "wget writes Windows reserved names as they are (CON, aux.txt), which Windows opens as devices; FilenameKit appends '_' on windows and portable",
    "reserved-com-lpt": "wget writes Windows reserved names as they are; FilenameKit appends '_' on windows and portable",
    "host-reserved": "wget writes Windows reserved names as they are; FilenameKit appends '_' on windows and portable",
    "trailing-dots-spaces": "wget keeps trailing dots and spaces, which Windows strips (two URLs can then meet); FilenameKit trims spaces everywhere and dots on windows and portable",
    "forbidden-characters": "wget escapes forbidden characters as %XX (unescaped again by nothing); FilenameKit replaces them with '_', as its sanitizer does for any name",
    "shortcut-neutralized": "wget writes a .lnk shell link as it is; FilenameKit appends .download on windows so Explorer never follows it",
    "query-escaped-slash": "wget writes a decoded '/' in the query back as %2F; FilenameKit replaces it with '_'",
    "query-windows-forbidden": "wget escapes forbidden characters as %XX; FilenameKit replaces them with '_'",
    "query-long-hashed": "wget folds a long query whole and cuts the name to 236 bytes; FilenameKit writes a query over 64 units as '~' and its FNV-1a hash",
    "query-long-hashed-windows": "wget folds a long query whole and cuts the name to 236 bytes; FilenameKit writes a query over 64 units as '~' and its FNV-1a hash",
    "segment-over-name-max": "wget cuts a long name to 236 bytes (NAME_MAX less room for its .1 suffixes) and drops the extension; FilenameKit cuts to NAME_MAX keeping the extension, with '~' and a hash so cut names stay apart",
    "cjk-segment-over-name-max": "wget cuts a long name to 236 bytes, here inside a character (its last bytes are not UTF-8); FilenameKit cuts at a character boundary, to 255 bytes on linux with '~' and a hash, and not at all on windows, where 200 CJK characters are 200 UTF-16 units",
    "gbk-kept-without-charset": "wget writes the decoded bytes as they are, which are not UTF-8 (shown as \\xHH); FilenameKit keeps the escapes as written when no charset reads them (a referrer charset or detection decodes them: gbk-referrer)",
    "backslash-separator": "wget reads '\\' as part of the host and fetches the root; the URL Standard (and FilenameKit) read it as '/' in http URLs",
    "query-empty": "wget keeps the '?' (or '@') of an empty query; FilenameKit folds only a query that has text",
    "empty-authority-slashes": "wget reads http:///a as an empty host and fails; the URL Standard (and FilenameKit) skip the slashes: host a",
    "tab-newline-removed": "wget keeps the tab and newline in the URL; the URL Standard (and FilenameKit) remove them",
    "userinfo-at-in-password": "wget splits the userinfo at the first '@'; the URL Standard (and FilenameKit) at the last",
}
ASCII = ("wget's ascii mode escapes every non-ASCII byte as %XX; FilenameKit has no ASCII mode here and is compared "
         "with its portable rules (Unicode kept; windows' forbidden characters, reserved names and '@' for '?')")


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", "1")
        self.end_headers()
        self.wfile.write(b"x")

    def log_message(self, *args):
        pass


def wget_version():
    first = subprocess.run(["wget", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    return first.split(" built")[0]


def wget_url(url):
    """The URL both tools are given: https as http (the local server is a plain HTTP proxy, without
    CONNECT), so wget fetches it; the layout does not depend on the scheme but for its default port."""
    if not url.startswith("https://"):
        return url
    return "http://" + url[len("https://"):]


def wget_path(url, mode, port):
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(
            ["wget", "-x", "-nv", "-e", "use_proxy=yes", "-e", f"http_proxy=http://127.0.0.1:{port}",
             "-e", f"https_proxy=http://127.0.0.1:{port}", "--tries=1", "--timeout=5", "--no-check-certificate",
             f"--restrict-file-names={mode}", url], cwd=d, capture_output=True)
        found = []
        for top, _, files in os.walk(d):
            for f in files:
                rel = os.path.relpath(os.path.join(top, f), d)
                found.append(os.fsencode(rel).decode("utf-8", "backslashreplace"))
        return found[0] if len(found) == 1 else None


def ours(requests):
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    out = subprocess.run([TOOL, "batch"], input=lines, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with open(os.path.join(ROOT, "Fixtures", "paths", "mirror-paths.json"), encoding="utf-8") as f:
        cases = [c for c in json.load(f) if isinstance(c, dict)]
    seen, urls = set(), []
    for c in cases:
        if "error" in c or SKIP_KEYS & c.keys() or len(c["url"]) > 2000 or c["url"] in seen:
            continue
        if not c["url"].startswith(("http://", "https://")):
            continue
        seen.add(c["url"])
        base = c["id"]
        for p in ("-linux", "-macos", "-windows", "-portable"):
            base = base[: -len(p)] if base.endswith(p) else base
        urls.append((base, wget_url(c["url"])))
    requests = [{"id": i, "op": "path", "url": u, "platform": MODES[m]}
                for i, (m, (_, u)) in enumerate((m, x) for x in urls for m in MODES)]
    answers = ours(requests)
    version = wget_version()
    entries = []
    for r, a in zip(requests, answers):
        base, url = urls[r["id"] // len(MODES)]
        mode = [m for m, p in MODES.items() if p == r["platform"]][0]
        got = wget_path(url, mode, port)
        mine = a.get("path")
        difference = None
        if got != mine:
            difference = BY_CASE.get(base) or (ASCII if mode == "ascii" else None)
            if got is None:
                difference = (difference or "") + " (wget wrote no file)"
        entries.append({"id": f"{base}-{mode}", "source": f"{version}, run by Scripts/compare-wget-paths.py",
                        "url": url, "mode": mode, "platform": r["platform"], "wget": got, "filenamekit": mine,
                        "difference": difference})
    server.shutdown()
    path = os.path.join(ROOT, "Fixtures", "paths", "wget-layouts.json")
    with open(path, "w", encoding="utf-8") as out:
        out.write("[\n")
        out.write(json.dumps(f"Generated by Scripts/compare-wget-paths.py with {version}: wget -x --restrict-file-names="
                             "unix|windows|ascii beside filenamekit path --platform linux|windows|portable") + ",\n")
        out.write(",\n".join(json.dumps(e, ensure_ascii=False) for e in entries))
        out.write("\n]\n")
    unexplained = [e["id"] for e in entries if e["wget"] != e["filenamekit"] and not e["difference"]]
    print(f"{len(entries)} layouts, {sum(e['wget'] != e['filenamekit'] for e in entries)} differ; unexplained: {unexplained}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
