#!/usr/bin/env bash
# Writes Fixtures/warc/wget/wget.warc.gz: `wget --warc-file` fetching three files from a local Python
# http.server (a PDF, a text file, and a PNG without an extension, which http.server serves as
# application/octet-stream), then regenerates Fixtures/warc/warc.json. wget writes warcinfo, request,
# response, metadata and resource records, one gzip member each, with fresh record ids and dates, so
# the file differs at each run; the answers (Fixtures/warc/wget/expect.json) do not.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$tmp"' EXIT
mkdir "$tmp/site" "$tmp/out"
printf '%%PDF-1.4\n%%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n' > "$tmp/site/report.pdf"
printf 'hello from wget\n' > "$tmp/site/notes.txt"
printf '\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00' > "$tmp/site/picture"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$tmp/site" >/dev/null 2>&1 &
server=$!
for _ in $(seq 50); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1', $port))" 2>/dev/null && break
  sleep 0.1
done
base="http://127.0.0.1:$port"
(cd "$tmp/out" && wget -q --warc-file=wget "$base/report.pdf" "$base/notes.txt" "$base/picture" || true)
cp "$tmp/out/wget.warc.gz" Fixtures/warc/wget/wget.warc.gz
python3 - "$port" <<'PY'
import json, sys
from warcio.archiveiterator import ArchiveIterator
port = sys.argv[1]
# The answers, by target path; the offsets are the ones warcio reads back.
want = {
    "/report.pdf": {"filename": "report.pdf", "media_type": "application/pdf", "decision": "display"},
    "/notes.txt": {"filename": "notes.txt", "media_type": "text/plain", "decision": "display"},
    "/picture": {"filename": "picture.png", "sniffed_type": "image/png", "media_type": "application/octet-stream"},
    # wget's own resource records: its arguments and its log, named from their metadata: URIs.
    "wget_arguments.txt": {"filename": "wget_arguments.txt", "media_type": "text/plain"},
    "wget.log": {"filename": "wget.log", "media_type": "text/plain"},
}
records, files = [], {}
with open("Fixtures/warc/wget/wget.warc.gz", "rb") as f:
    it = ArchiveIterator(f)
    for rec in it:
        if rec.rec_type not in ("response", "resource"):
            continue
        uri = rec.rec_headers.get_header("WARC-Target-URI")
        content = rec.content_stream().read()  # before get_record_offset, which reads the record to its end
        e = {"offset": it.get_record_offset(), "type": rec.rec_type, "target_uri": uri, "error": None}
        path = uri.split(str(port), 1)[-1] if "127.0.0.1" in uri else uri.rsplit("/", 1)[-1]
        if path in want:
            e.update(want[path])
            files[want[path]["filename"]] = content.hex()
        records.append(e)
case = {"id": "wget-local", "source": "GNU Wget 1.21 --warc-file against Python's http.server (one gzip member "
        "per record)", "file": "wget/wget.warc.gz", "extract": True, "status": 0, "records": records, "files": files}
with open("Fixtures/warc/wget/expect.json", "w", encoding="utf-8") as f:
    json.dump([case], f, indent=1)
    f.write("\n")
PY
python3 Scripts/generate-warc-fixtures.py
echo "wrote Fixtures/warc/wget/wget.warc.gz and Fixtures/warc/warc.json"
