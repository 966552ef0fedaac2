#!/usr/bin/env python3
"""Writes mirror-paths.json: MirrorPath cases. Short cases are written out by hand from the rules;
the expected paths of long ones (cuts, hashes, folded directories) are computed here from the
documented rule (FNV-1a 64, the longest segments cut first to one common length), never by the code
under test. Run from this folder: python3 generate-mirror-paths.py"""
import json

WHATWG = "WHATWG URL Standard (host parsing, path state: dot segments, %2e)"
WGET = "GNU Wget manual, -x and --restrict-file-names; Wget 1.21 url_file_name"
MS = "Microsoft, Naming Files, Paths, and Namespaces (reserved names, trailing dots and spaces, <>:\"/\\|?*)"
RFC3986 = "RFC 3986 §2.1 percent-encoding, §3.2.1 userinfo"
cases = []


def fnv(data, digits=16):
    h = 0xCBF29CE484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"[:digits]


def case(id, source, url, expected, platform="linux", **extra):
    c = {"id": id, "source": source, "url": url, "platform": platform, "path": expected}
    c.update(extra)
    cases.append(c)


def error(id, source, url, err, platform="linux", **extra):
    c = {"id": id, "source": source, "url": url, "platform": platform, "error": err}
    c.update(extra)
    cases.append(c)


def every(id, source, url, paths, **extra):
    for p, expected in paths.items():
        case(f"{id}-{p}", source, url, expected, platform=p, **extra)


# Hosts, ports, userinfo.
every("host-lowercased", WHATWG, "https://Example.COM/docs/report.pdf",
      {p: "example.com/docs/report.pdf" for p in ("linux", "macos", "windows", "portable")})
every("port-kept", WGET + " (host:port; host+port on Windows)", "http://example.com:8080/a.txt",
      {"linux": "example.com:8080/a.txt", "macos": "example.com+8080/a.txt", "windows": "example.com+8080/a.txt",
       "portable": "example.com+8080/a.txt"}, steps=["mirror-port-kept"])
case("port-default-https", WHATWG + " (default port)", "https://example.com:443/a", "example.com/a",
     steps=["mirror-default-port-dropped"])
case("port-default-leading-zeros", WHATWG + " (port state: leading zeros)", "http://example.com:0080/a",
     "example.com/a", steps=["mirror-default-port-dropped"])
case("port-ftp-default", WHATWG, "ftp://ftp.example.org:21/pub/f.iso", "ftp.example.org/pub/f.iso")
case("port-empty", WHATWG + " (an empty port is no port)", "http://example.com:/a", "example.com/a")
error("port-too-large", WHATWG + " (port over 65535 is a failure)", "http://example.com:99999/a", "invalidPort")
error("port-not-digits", WHATWG, "http://example.com:8x/a", "invalidPort")
case("userinfo-dropped", RFC3986, "https://user:secret@example.com/f.zip", "example.com/f.zip",
     steps=["mirror-userinfo-dropped"])
case("userinfo-at-in-password", RFC3986 + " (the last @ ends userinfo)", "https://u:p@ss@example.com/f", "example.com/f")
case("idn-punycode-shown-unicode", "UTS #46 ToUnicode", "https://xn--r8jz45g.jp/a", "例え.jp/a",
     diagnostics=["url-idna-host"])
case("idn-unicode-host", "UTS #46", "https://例え.JP/a", "例え.jp/a")
case("host-trailing-dot", "own: a trailing dot names the same host", "http://example.com./a", "example.com/a")
every("ipv6-port", WHATWG + " (IPv6 host)", "http://[::1]:8080/a",
      {"linux": "[::1]:8080/a", "windows": "[__1]+8080/a", "macos": "[__1]+8080/a"})
case("ipv4", WHATWG, "http://192.168.0.1/x", "192.168.0.1/x")
case("empty-authority-slashes", WHATWG + " (special-authority-ignore-slashes state)", "http:///a", "a/index.html")

# Segments: decoding.
case("utf8-segments", RFC3986 + "; WHATWG percent-decode as UTF-8",
     "http://h.example/%E4%B8%AD%E6%96%87/%F0%9F%98%80.txt", "h.example/中文/😀.txt", diagnostics=["url-utf8"])
case("utf8-raw-segments", WHATWG + " (non-ASCII path bytes)", "http://h.example/résumé/файл.txt",
     "h.example/résumé/файл.txt")
case("gbk-referrer", "WHATWG Encoding Standard (gbk); own: referrer charset as for names",
     "http://h.example/%C4%E3%BA%C3/a.txt", "h.example/你好/a.txt", referrer_charset="gbk",
     diagnostics=["url-fallback-charset"])
case("gbk-kept-without-charset", "own: escapes kept as written when nothing reads them",
     "http://h.example/%C4%E3%BA%C3/a.txt", "h.example/%C4%E3%BA%C3/a.txt", diagnostics=["url-escapes-kept"])
case("shift-jis-referrer", "WHATWG Encoding Standard (shift_jis)", "http://h.example/%83e%83X%83g.txt",
     "h.example/テスト.txt", referrer_charset="shift_jis")
every("escaped-slash-stays-in-segment", RFC3986 + " (%2F is data, not a separator)",
      "http://h.example/a%2Fb/c%5Cd.txt", {p: "h.example/a_b/c_d.txt" for p in ("linux", "windows", "macos")},
      steps=["mirror-segment-sanitized"])
case("escaped-dotdot-resolved", WHATWG + " (%2e%2e is a double-dot segment)", "http://h.example/a/b/%2e%2e/c",
     "h.example/a/c", diagnostics=["url-dot-segment"])
case("escaped-dotdot-above-root", WHATWG, "http://h.example/%2e%2e/%2E%2e/etc/passwd", "h.example/etc/passwd")
case("dotdot-to-directory", WHATWG + " (a last dot segment leaves the path ending in /)",
     "http://h.example/a/.%2E", "h.example/index.html", steps=["mirror-index-name"])
case("single-dot", WHATWG, "http://h.example/./a/./b", "h.example/a/b")
case("three-dots-segment", "own: a segment of dots only is never . or ..", "http://h.example/.../x", "h.example/_/x")
case("escaped-dot-name", "own", "http://h.example/%2E/x%2e", "h.example/x.")
case("leading-dot-hidden", "own: the sanitizer never hides a name (leading dots)", "http://h.example/.well-known/x",
     "h.example/well-known/x")
case("controls-removed", "own: the sanitizer removes C0 controls", "http://h.example/a%00b/c%0A.txt", "h.example/ab/c.txt")
case("backslash-separator", WHATWG + " (\\ is / in special URLs)", "http://h.example\\a\\b.txt", "h.example/a/b.txt")
case("empty-segments-dropped", WGET + " (a//b is a/b)", "http://h.example/a//b///c", "h.example/a/b/c",
     steps=["mirror-empty-segments-dropped"])
case("tab-newline-removed", WHATWG + " (tabs and newlines removed)", "http://h.exa\tmple/a\nb", "h.example/ab")

# Windows names.
every("reserved-names", MS, "http://h.example/CON/aux.txt",
      {"linux": "h.example/CON/aux.txt", "macos": "h.example/CON/aux.txt", "windows": "h.example/CON_/aux_.txt",
       "portable": "h.example/CON_/aux_.txt"})
every("reserved-com-lpt", MS, "http://h.example/com1/LPT9.log/nul",
      {"linux": "h.example/com1/LPT9.log/nul", "windows": "h.example/com1_/LPT9_.log/nul_"})
every("trailing-dots-spaces", MS + "; own: whitespace ends trimmed everywhere", "http://h.example/a./b%20/c.%20",
      {"linux": "h.example/a./b/c.", "macos": "h.example/a./b/c.", "windows": "h.example/a/b/c", "portable": "h.example/a/b/c"})
every("forbidden-characters", MS + "; Apple (: in names)", "http://h.example/a%3Ab%2A/c%3F",
      {"linux": "h.example/a:b*/c?", "macos": "h.example/a_b*/c?", "windows": "h.example/a_b_/c_",
       "portable": "h.example/a_b_/c_"})
every("shortcut-neutralized", "Microsoft, shell links (.lnk) are followed by Explorer", "http://h.example/x.lnk",
      {"linux": "h.example/x.lnk", "windows": "h.example/x.lnk.download"})
case("host-reserved-windows", MS, "http://con/x", "con_/x", platform="windows")

# Directory URLs and the index name.
case("directory-url", WGET + " (index.html for a directory URL)", "http://h.example/docs/", "h.example/docs/index.html",
     steps=["mirror-index-name"])
case("root-url", WGET, "http://h.example", "h.example/index.html")
case("root-slash", WGET, "http://h.example/", "h.example/index.html")
case("index-name-option", WGET + " (--default-page)", "http://h.example/docs/", "h.example/docs/index.htm",
     index_name="index.htm")
case("index-name-sanitized", "own: the index name is made safe like any name", "http://h.example/d/",
     "h.example/d/default_.aspx", index_name="default?.aspx", platform="windows")

# Queries.
every("query-folded", WGET + " (name?query; @ for ? on Windows)", "http://h.example/page.php?id=1&x=y",
      {"linux": "h.example/page.php?id=1&x=y", "macos": "h.example/page.php?id=1&x=y",
       "windows": "h.example/page.php@id=1&x=y", "portable": "h.example/page.php@id=1&x=y"},
      steps=["mirror-query-folded"])
case("query-directory", WGET, "http://h.example/dir/?q=1", "h.example/dir/index.html?q=1")
case("query-escaped-slash", "own: a decoded / in the query stays in the name", "http://h.example/p?a=%2Fetc",
     "h.example/p?a=_etc")
case("query-windows-forbidden", MS, "http://h.example/q/page?a=1:2*3", "h.example/q/page@a=1_2_3", platform="windows")
case("query-empty", WHATWG + " (an empty query)", "http://h.example/a?", "h.example/a")
case("query-plus-kept", "WHATWG URL (+ is not a space in a path or query)", "http://h.example/s?q=a+b", "h.example/s?q=a+b")
long_query = "k=" + "q" * 98
case("query-long-hashed", "own: a query over 64 units is its FNV-1a 64 hash", "http://h.example/a.cgi?" + long_query,
     "h.example/a.cgi?~" + fnv(long_query.encode()), steps=["mirror-query-hashed"])
case("query-long-hashed-windows", "own", "http://h.example/a.cgi?" + long_query,
     "h.example/a.cgi@~" + fnv(long_query.encode()), platform="windows")
case("query-limit-option", "own", "http://h.example/a?abcdef", "h.example/a?~" + fnv(b"abcdef"), max_query_length=5)
case("fragment-dropped", WHATWG + " (the fragment is not sent)", "http://h.example/a.html?x=1#sec", "h.example/a.html?x=1",
     steps=["mirror-fragment-dropped"])

# A given name.
case("given-name", "RFC 6266 §4.3 (the Content-Disposition name replaces the URL's)", "http://h.example/dl?id=5",
     "h.example/Report 2024.pdf", name="Report 2024.pdf", steps=["mirror-given-name"])
case("given-name-path", "RFC 6266 §4.3 (directory information removed)", "http://h.example/d/dl",
     "h.example/d/x.pdf", name="../x.pdf")
case("given-name-directory-url", "own", "http://h.example/d/", "h.example/d/a.zip", name="a.zip")

# Errors.
error("relative", WHATWG + " (no scheme)", "/relative/path", "notAbsolute")
error("data-url", "own: a data: URL names no file on a host", "data:text/plain,x", "unsupportedScheme")
error("mailto", "own", "mailto:a@example.com", "unsupportedScheme")
error("file-url", "own: a file: URL is not mirrored", "file:///etc/passwd", "unsupportedScheme")
error("blob-url", "own", "blob:https://h.example/1234", "unsupportedScheme")
error("empty-index-name", "own", "http://h.example/", "emptyIndexName", index_name="")

# Lengths: one segment over NAME_MAX.
seg = "a" * 300 + ".txt"
case("segment-over-name-max", "own: cut to NAME_MAX keeping the extension, ~ and FNV-1a of the segment",
     "http://h.example/" + seg, "h.example/" + "a" * 242 + "~" + fnv(seg.encode(), 8) + ".txt",
     steps=["mirror-segment-shortened"])
cjk = "%E4%B8%AD" * 200
case("cjk-segment-over-name-max-linux", "own: 255 bytes of UTF-8", "http://h.example/" + cjk,
     "h.example/" + "中" * 82 + "~" + fnv(cjk.encode(), 8))
case("cjk-segment-fits-windows", "Microsoft: 255 UTF-16 code units", "http://h.example/" + cjk,
     "h.example/" + "中" * 200, platform="windows")

# Lengths: the whole path within a directory's room.
d, e, f = "d" * 100, "e" * 100, "f" * 100 + ".bin"
case("budget-longest-first", "Microsoft MAX_PATH 260; own: all segments over the common length cut to it",
     f"http://h.example/{d}/{e}/{f}",
     "h.example/" + "d" * 70 + "~" + fnv(d.encode(), 8) + "/" + "e" * 70 + "~" + fnv(e.encode(), 8) + "/"
     + "f" * 66 + "~" + fnv(f.encode(), 8) + ".bin",
     platform="windows", budget_directory="C:\\mirror", length=249)
n = "n" * 50 + ".txt"
case("budget-small-room", "Microsoft MAX_PATH 260", "http://www.example.com/" + n,
     "www.example.com/" + "n" * 11 + "~" + fnv(n.encode(), 8) + ".txt", platform="windows",
     budget_directory="C:\\" + "x" * 215)
error("budget-no-room", "Microsoft MAX_PATH 260", "http://www.example.com/file.txt", "noRoom", platform="windows",
      budget_directory="C:\\" + "x" * 235)
dirs = ["a"] * 3000
kept = 2035
folded = "/".join(dirs[kept:])
case("directories-folded", "Linux PATH_MAX 4096; own: the last directories folded into ~ and their hash",
     "http://h.example/" + "/".join(dirs) + "/z.txt",
     "h.example/" + "/".join(dirs[:kept]) + "/~" + fnv(folded.encode(), 8) + "/z.txt",
     steps=["mirror-directories-folded"], length=4095)

with open("mirror-paths.json", "w", encoding="utf-8") as out:
    out.write("[\n")
    out.write(json.dumps("Generated by generate-mirror-paths.py (edit there): MirrorPath, a URL's relative path in a "
                         "mirror; long cases computed from the documented rule") + ",\n")
    out.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in cases))
    out.write("\n]\n")
