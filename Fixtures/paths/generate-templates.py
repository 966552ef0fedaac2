#!/usr/bin/env python3
"""Writes templates.json: FilenameTemplate cases. Expected names are built here by hand from the
rules (fixed text, marked fields and the extension whole; other fields cut longest first at grapheme
cluster boundaries), never by the code under test. Run from this folder: python3 generate-templates.py"""
import json
import unicodedata

MS = "Microsoft, Naming Files, Paths, and Namespaces (255 UTF-16 code units)"
LINUX = "Linux NAME_MAX 255 bytes (limits.h); own"
MAC = "Apple, HFS Plus Volume Format (255 UTF-16 units, decomposed) and APFS (255 UTF-8 bytes); own"
UAX29 = "UAX #29 extended grapheme clusters; own"
YTDLP = "yt-dlp output template documentation (fields cut to fit the file name); own"

cases = []


def case(id, source, template, fields, platform, expected=None, cuts=None, **extra):
    c = {"id": id, "source": source, "template": template, "fields": fields, "platform": platform}
    c.update(extra)
    if expected is not None:
        c["expected"] = expected
    if cuts is not None:
        c["cuts"] = cuts
    cases.append(c)


def err(id, template, fields, kind, offset, source="own"):
    cases.append({"id": id, "source": source, "template": template, "fields": fields, "platform": "linux",
                  "error": kind, "error_offset": offset})


x300 = "x" * 300
case("fits", YTDLP, "{title} [{id!}].{ext}", {"title": "Intro", "id": "abc", "ext": "mp4"}, "linux",
     "Intro [abc].mp4", [])
case("slash-in-field", "own: a field is one name, a / in it never a directory", "{title}.{ext}",
     {"title": "AC/DC: live", "ext": "mp3"}, "linux", "AC_DC: live.mp3", [])
case("slash-in-field-windows", MS, "{title}.{ext}", {"title": "AC/DC: live\\x", "ext": "mp3"}, "windows",
     "AC_DC_ live_x.mp3", [])
case("traversal-in-field", "own: ../ in a field stays in the name", "{a}-{b}.txt",
     {"a": "../../etc", "b": "passwd"}, "linux", "etc-passwd.txt", [])
case("long-title-cut", LINUX, "{title} [{id!}].{ext}", {"title": x300, "id": "abc", "ext": "mp4"}, "linux",
     "x" * 245 + " [abc].mp4", [["title", 255, 245]])
case("part-reserve", "own: room kept for a .part file while downloading (wget, yt-dlp)", "{title} [{id!}].{ext}",
     {"title": x300, "id": "abc", "ext": "mp4"}, "linux", "x" * 240 + " [abc].mp4", [["title", 255, 240]], reserve=5)
# a 200, b 100, room 95: common length 47 (94), 1 left over goes to a (template order).
case("longest-first", "own", "{a}-{b}.txt", {"a": "a" * 200, "b": "b" * 100}, "linux",
     "a" * 48 + "-" + "b" * 47 + ".txt", [["a", 200, 48], ["b", 100, 47]], max_length=100)
case("longest-first-short-kept", "own", "{a}-{b}.txt", {"a": "a" * 200, "b": "b" * 10}, "linux",
     "a" * 85 + "-" + "b" * 10 + ".txt", [["a", 200, 85]], max_length=100)
case("three-fields-equalized", "own", "{a}{b}{c}", {"a": "a" * 90, "b": "b" * 40, "c": "c" * 10}, "linux",
     "a" * 25 + "b" * 25 + "c" * 10, [["a", 90, 25], ["b", 40, 25]], max_length=60)
kan = "漢" * 300
case("cjk-linux-bytes", LINUX + "; CJK ideographs are 3 bytes", "{title}.{ext}", {"title": kan, "ext": "txt"},
     "linux", "漢" * 83 + ".txt", [["title", 255, 249]])
case("cjk-windows-units", MS + "; CJK ideographs are 1 unit", "{title}.{ext}", {"title": kan, "ext": "txt"},
     "windows", "漢" * 251 + ".txt", [["title", 255, 251]])
case("cjk-macos", MAC, "{title}.{ext}", {"title": kan, "ext": "txt"}, "macos", "漢" * 83 + ".txt",
     [["title", 255, 249]])
case("kana-hangul-mixed", "own", "{a} {b!}.txt", {"a": "かな" * 100, "b": "한국어"}, "linux",
     "かな" * 20 + "か" + " 한국어.txt", [["a", 255, 123]], max_length=137)
fam = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # 18 bytes, 8 UTF-16 units, one cluster
case("emoji-zwj-linux", UAX29, "{t}.x", {"t": fam * 20}, "linux", fam * 2 + ".x", [["t", 252, 36]], max_length=40)
case("emoji-zwj-windows", UAX29 + "; " + MS, "{t}.x", {"t": fam * 40}, "windows", fam * 4 + ".x",
     [["t", 248, 32]], max_length=40)
thumb = "\U0001F44D\U0001F3FD"  # 8 bytes, 4 UTF-16 units
case("emoji-modifier-windows", UAX29 + "; " + MS, "{t}.x", {"t": thumb * 40}, "windows", thumb * 4 + ".x",
     [["t", 160, 16]], max_length=20)
case("emoji-modifier-macos", UAX29 + "; " + MAC, "{t}.x", {"t": thumb * 40}, "macos", thumb * 2 + ".x",
     [["t", 248, 16]], max_length=20)
nfd_e = unicodedata.normalize("NFD", "é")
case("combining-marks-kept-whole", UAX29, "{t}.txt", {"t": "é" * 100}, "linux", nfd_e * 5 + ".txt",
     [["t", 255, 15]], normalization="nfd", max_length=20)
case("combining-marks-nfc-linux", UAX29, "{t}.txt", {"t": "e\u0301" * 100}, "linux", "é" * 8 + ".txt",
     [["t", 200, 16]], max_length=20)
udd = "\u01D8"  # 2 bytes; its NFD u + U+0308 + U+0301 is 3 UTF-16 units
case("macos-decomposed-units", MAC, "{t}.txt", {"t": udd * 100}, "macos", udd * 5 + ".txt", [["t", 255, 15]],
     max_length=20)
case("linux-same-letters-bytes", LINUX, "{t}.txt", {"t": udd * 100}, "linux", udd * 8 + ".txt", [["t", 200, 16]],
     max_length=20)
case("portable-strictest-units", "own: portable counts the largest of every unit", "{t}.txt", {"t": udd * 100},
     "portable", udd * 5 + ".txt", [["t", 255, 15]], max_length=20)
heb = "שלום עולם"  # 9 units
case("rtl-field", "own; Unicode bidi text kept in logical order", "{t} [{id!}].{ext}",
     {"t": heb * 20, "id": "7", "ext": "pdf"}, "windows", heb * 2 + "שלום [7].pdf", [["t", 180, 22]], max_length=30)
case("rtl-cut-at-space", "own: a cut drops the trailing space it leaves", "{t} [{id!}].{ext}",
     {"t": heb * 20, "id": "7", "ext": "pdf"}, "windows", heb * 2 + "שלום [7].pdf", [["t", 180, 22]], max_length=31)
arabic = "مرحبا بالعالم"
case("arabic-with-latin-id", "own", "{id!}-{t}.txt", {"t": arabic * 20, "id": "A1"}, "linux",
     "A1-" + (arabic * 20)[:10] + ".txt", [["t", 254, 19]], max_length=26)
case("marked-field-survives", "own", "{t}{id!}", {"t": "t" * 100, "id": "I" * 50}, "linux",
     "t" * 10 + "I" * 50, [["t", 100, 10]], max_length=60)
case("escaped-braces", "own", "{{{t}}}.txt", {"t": "a"}, "linux", "{a}.txt", [])
case("empty-field", "own", "{t}[{id!}].txt", {"t": "\u0000\u0001", "id": "1"}, "linux", "[1].txt", [])
case("all-empty-falls-back", "own", "{t}", {"t": "\u0000"}, "linux", "download", [])
case("empty-ext-no-dot", "own", "{title}.{ext}", {"title": "notes", "ext": ""}, "linux", "notes", [])
case("ext-leading-dot", "own", "{title}.{ext}", {"title": "notes", "ext": ".md"}, "linux", "notes.md", [])
case("junction-space-trimmed", "own: the whole name is sanitized once more", "{a} {b}.txt", {"a": "", "b": "b"},
     "linux", "b.txt", [])
case("reserved-result", MS + ": reserved device names", "{t}.{ext}", {"t": "CON", "ext": "txt"}, "windows",
     "CON_.txt", [])
case("windows-trailing-dot-at-cut", MS + ": no trailing dots", "{t}[{id!}]", {"t": "ab." * 100, "id": "1"},
     "windows", "ab." * 5 + "ab" + "[1]", [["t", 254, 17]], max_length=21)
case("name-keeps-extension", "own: {name}'s extension survives as {ext} does", "[{id!}] {name}",
     {"name": "a" * 300 + ".pdf", "id": "7"}, "linux", "[7] " + "a" * 247 + ".pdf", [["name", 251, 247]])
case("neutralized-keeps-room", "own: room for .download on a dangerous name", "{title}.{ext}",
     {"title": x300, "ext": "exe"}, "linux", "x" * 242 + ".exe.download", [["title", 255, 242]], neutralize=True)
case("shortcut-field-not-neutralized-alone", "own", "{title} - {id!}.txt", {"title": "link.url", "id": "1"},
     "windows", "link.url - 1.txt", [])
case("shortcut-whole-name-neutralized", "Chromium: .url files the shell follows are neutralized", "{title}",
     {"title": "link.url"}, "windows", "link.url.download", [])
case("leading-dots-field", "own", "{title}.txt", {"title": "..hidden"}, "linux", "hidden.txt", [])
case("repeated-field", "own", "{t}-{t}", {"t": "r" * 100}, "linux", "r" * 25 + "-" + "r" * 24,
     [["t", 100, 25], ["t", 100, 24]], max_length=50)
case("suggestion-host-and-name", "own", "{host} - {name}", {}, "linux", "www.example.com - report.pdf", [],
     url="https://www.example.com/files/report.pdf")
case("suggestion-stem-ext", "own: .tar.gz is one extension", "{stem} ({host}).{ext}", {}, "linux",
     "archive (example.org).tar.gz", [], url="https://example.org/a/archive.tar.gz")
case("suggestion-caller-field", "RFC 6266 filename parameter", "{id!}_{name}", {"id": "42"}, "windows",
     "42_Q3 report.xlsx", [], url="https://example.net/dl", content_disposition='attachment; filename="Q3 report.xlsx"')
case("suggestion-neutralized-ext", "own: {ext} of a neutralized suggestion is its own extension, and the whole name is neutralized",
     "{title}.{ext}", {"title": "abc"}, "windows", "abc.exe.download", [], url="https://e.example/setup.exe",
     neutralize=True)
case("suggestion-neutralized-stem", "own: {stem} of a neutralized suggestion has no .download", "{stem}-{title}.{ext}",
     {"title": "abc"}, "windows", "setup-abc.exe.download", [], url="https://e.example/setup.exe", neutralize=True)
case("empty-stem-fallback", "own: fields that leave nothing before the extension give the fallback name as the stem",
     "{title}.{ext}", {"title": "\u0001\u200b", "ext": "pdf"}, "linux", "download.pdf", [])
case("empty-stem-fallback-tight", "own: where the fallback name does not fit, the stem is _", "{title}.{ext}",
     {"title": "\u0001", "ext": "pdf"}, "linux", "_.pdf", [], max_length=6)
case("ascii-fixed-and-marked-survive", "ICU Any-Latin; Latin-ASCII: in ASCII mode the fit measures the transliterated text, so the fixed text, {id!} and the extension survive",
     "{title} [{id!}].{ext}", {"title": "中" * 200, "id": "ид-42", "ext": "mp4"}, "linux",
     "zhong zhong zhong zhong zhon [id-42].mp4", [["title", 255, 28]], max_length=40, ascii=True)
case("ascii-fixed-text-transliterated", "ICU Any-Latin; Latin-ASCII: the template's own text is made ASCII too",
     "视频 {title}.{ext}", {"title": "x", "ext": "mp4"}, "linux", "shi pin x.mp4", [], ascii=True)

err("err-unbalanced-open", "{title", {}, "unbalancedBrace", 0)
err("err-unbalanced-open-later", "ab{{c}}{d", {"d": "x"}, "unbalancedBrace", 7)
err("err-unbalanced-close", "a}b", {}, "unbalancedBrace", 1)
err("err-empty-placeholder", "{}", {}, "invalidPlaceholder", 0)
err("err-only-mark", "x{!}", {}, "invalidPlaceholder", 1)
err("err-space-in-name", "{a b}", {}, "invalidPlaceholder", 0)
err("err-digit-first", "x{1a}", {}, "invalidPlaceholder", 1)
err("err-nested", "{a{b}}", {}, "unbalancedBrace", 0)
err("err-unknown", "{title}-{nope}", {"title": "t"}, "unknownPlaceholder", 8)
err("err-separator-text", "dir/{t}", {"t": "a"}, "separatorInText", 3)
err("err-backslash-text", "{t}\\x", {"t": "a"}, "separatorInText", 3)
err("err-fixed-too-long", "{id!}.txt", {"id": "i" * 300}, "fixedPartsTooLong", None)

with open("templates.json", "w", encoding="utf-8") as f:
    f.write("[\n")
    f.write(json.dumps("Generated by generate-templates.py (edit there): FilenameTemplate; fields sanitized as one "
                       "piece; fixed text, {id!} and {ext} survive a cut; other fields cut longest first at "
                       "grapheme cluster boundaries; cuts are [field, from, to] in the platform's unit") + ",\n")
    f.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in cases))
    f.write("\n]\n")
