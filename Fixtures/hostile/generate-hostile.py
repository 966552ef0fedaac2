#!/usr/bin/env python3
"""Writes the hostile-server corpus Fixtures/hostile/*.json (see Tests/FilenameKitTests/HostileCorpusTests.swift).

Every case is run through suggestFilename for every platform (linux, macos, windows, portable); the
result must pass FilenameSanitizer.isSafe, and must equal `expect[platform]` where an expectation is
given (each one reviewed by hand against the documented pipeline rules). Huge inputs are described,
not stored: a value may be {"repeat": S, "count": N, "prefix": P, "suffix": Q} (S repeated N times;
"{i}" in S becomes the 0-based index, counting down when "descending" is true) or a list of strings
and such objects, joined.

Case fields: id, source, category; inputs url, content_disposition (or content_disposition_hex),
content_type, suggested_name, default_name; options profile ("strict"), dangerous_types
("neutralize"), max_length; expectations expect {platform: name}, expect_source, expect_risk,
expect_absent (strings no platform's result may contain).
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.dirname(HERE)
PLATFORMS = ["linux", "macos", "windows", "portable"]

OWASP = "OWASP Path Traversal (https://owasp.org/www-community/attacks/Path_Traversal)"
CWE22 = "CWE-22 Path Traversal"
CWE158 = "CWE-158 Improper Neutralization of Null Byte or NUL Character"
CWE113 = "CWE-113 HTTP Response Splitting (CR/LF in header values)"
RFC3629 = "RFC 3629 §3, §10 (overlong and ill-formed UTF-8)"
SURR = "Unicode 15 §3.9 D92 (surrogate code points are ill-formed in UTF-8; CESU-8)"
UTR36 = "UTR #36 Unicode Security Considerations §2.1 (bidi spoofing of file names)"
UTS39 = "UTS #39 Unicode Security Mechanisms (confusables, invisible characters)"
MSNAMES = "Microsoft Learn: Naming Files, Paths, and Namespaces (reserved names, trailing dots and spaces)"
UAX15 = "UAX #15 §13 Stream-Safe Text Format (at most 30 non-starters in a row)"
UTS51 = "UTS #51 Unicode Emoji (ZWJ sequences) and UAX #29 grapheme clusters"
RFC6266 = "RFC 6266 §4.3 (only the last path segment of a file name is used)"
PATH14 = ("; issue 14 item 7: / and \\ separate path segments on every platform, dot and empty segments are dropped, "
          "kept segments joined with _")

cases = []


def E(all=None, linux=None, macos=None, windows=None, portable=None, unix=None, win=None):
    """An expectation per platform: `all`, then `unix` (linux+macos) / `win` (windows+portable), then each."""
    m = {}
    for p in PLATFORMS:
        v = all
        if p in ("linux", "macos") and unix is not None: v = unix
        if p in ("windows", "portable") and win is not None: v = win
        v = {"linux": linux, "macos": macos, "windows": windows, "portable": portable}[p] or v
        if v is not None: m[p] = v
    return m


def case(id, source, category, expect=None, **fields):
    c = {"id": id, "source": source, "category": category}
    for k, v in fields.items():
        if v is not None: c[k] = v
    if expect: c["expect"] = expect
    cases.append(c)


def cd(value):
    return "attachment; filename=\"" + value + "\""


def ext(value):
    return "attachment; filename*=UTF-8''" + value


# ---------------------------------------------------------------- traversal
T = "traversal"
case("trav-cd-dotdot-slash", OWASP + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("etc_passwd"), content_disposition=cd("../../etc/passwd"))
case("trav-cd-deep-dotdot", OWASP + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("etc_shadow"), content_disposition=cd("../" * 40 + "etc/shadow"))
case("trav-cd-dotdot-backslash", OWASP + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("windows_win.ini"), content_disposition=cd("..\\\\..\\\\windows\\\\win.ini"))
case("trav-cd-dotdot-backslash-strict", OWASP + "; tc2231 attfnbrokentoken-style strict reading" + PATH14, T,
     E("windows_win.ini"),
     content_disposition=cd("..\\\\..\\\\windows\\\\win.ini"), profile="strict")
case("trav-cd-unescaped-backslash", OWASP + "; RFC 9110 quoted-pair", T, E("evil.exe"), content_disposition=cd("..\\evil.exe"))
case("trav-ext-slash", OWASP + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("etc_passwd"), content_disposition=ext("..%2F..%2Fetc%2Fpasswd"))
case("trav-ext-lower-hex", OWASP + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("etc_passwd"), content_disposition=ext("%2e%2e%2f%2e%2e%2fetc%2fpasswd"))
case("trav-ext-backslash", OWASP, T, E("boot.ini"), content_disposition=ext("..%5C..%5Cboot.ini"))
case("trav-ext-backslash-strict", OWASP + PATH14, T, E("boot.ini"),
     content_disposition=ext("..%5C..%5Cboot.ini"), profile="strict")
case("trav-plain-pct-literal", OWASP + "; issue 14 item 2: escapes in filename decode, then only the last path segment is used" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("etc_passwd"),
     content_disposition=cd("%2e%2e%2fetc%2fpasswd"))
case("trav-plain-pct-backslash-literal", OWASP + "; issue 14 item 2: escapes in filename decode, then only the last path segment is used", T, E("boot.ini"), content_disposition=cd("..%5c..%5cboot.ini"))
case("trav-cd-absolute", CWE22 + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("etc_passwd"), content_disposition=cd("/etc/passwd"))
case("trav-cd-slash-combining", CWE22 + "; fuzz-disposition finding: a mark after / must not hide the separator" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment" + "; hostile pass 13 F8: combining marks with nothing before them at the start are removed", T, E("etc_́passwd"),
     content_disposition=ext("..%2F%CC%81etc%2F%CC%81passwd"))
case("trav-cd-slash-emoji-modifier", CWE22 + "; fuzz-disposition finding: an emoji modifier after / must not hide the separator" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T,
     E("tmp_🏻x.txt"), content_disposition=cd("../../tmp/\U0001F3FBx.txt"))
case("trav-cd-backslash-combining", CWE22 + "; as trav-cd-slash-combining, for \\" + "; hostile pass 13 F8: combining marks with nothing before them at the start are removed", T, E("boot.ini"),
     content_disposition=ext("..%5C%CC%81boot.ini"), expect_absent=[".."])
case("trav-cd-root-only", CWE22, T, E("download"), content_disposition=cd("/"))
case("trav-cd-trailing-slash", RFC6266 + " (a trailing separator means the segment before it)" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("tmp_evil"), content_disposition=cd("/tmp/evil/"))
case("trav-cd-drive-path", CWE22 + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E(linux="C:_Windows_System32_drivers_etc_hosts", macos="C__Windows_System32_drivers_etc_hosts", windows="C__Windows_System32_drivers_etc_hosts", portable="C__Windows_System32_drivers_etc_hosts"), content_disposition=cd("C:\\\\Windows\\\\System32\\\\drivers\\\\etc\\\\hosts"))
case("trav-cd-drive-forward", CWE22 + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E(linux="C:_Windows_System32_evil.dll", macos="C__Windows_System32_evil.dll", windows="C__Windows_System32_evil.dll", portable="C__Windows_System32_evil.dll"), content_disposition=cd("C:/Windows/System32/evil.dll"))
case("trav-cd-drive-relative", CWE22 + "; ':' is forbidden on macOS and Windows", T, E(linux="C:evil.exe", macos="C_evil.exe", win="C_evil.exe"),
     content_disposition=cd("C:evil.exe"))
case("trav-cd-drive-only", CWE22, T, E(linux="C:", macos="C_", win="C_"), content_disposition=cd("C:"))
case("trav-cd-unc", CWE22 + " (UNC path)" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("server_share_evil.exe"), content_disposition=cd("\\\\\\\\server\\\\share\\\\evil.exe"))
case("trav-cd-unc-device", CWE22 + " (Win32 device namespace)", T, E("PhysicalDrive0"), content_disposition=cd("\\\\\\\\.\\\\PhysicalDrive0"))
case("trav-cd-unc-long", CWE22 + " (\\\\?\\ long path prefix)" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E(linux="?_C:_x.txt", macos="?_C__x.txt", windows="__C__x.txt", portable="__C__x.txt"), content_disposition=cd("\\\\\\\\?\\\\C:\\\\x.txt"))
case("trav-ext-unc", CWE22 + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("server_share_evil.exe"), content_disposition=ext("%5C%5Cserver%5Cshare%5Cevil.exe"))
case("trav-cd-tilde-path", OWASP + " (home directory)" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment; issue 13 ninth blind pass L6: on portable a leading ~ becomes _ (POSIX XCU §2.6.1 Tilde Expansion)", T, E("~_.ssh_authorized_keys", portable="__.ssh_authorized_keys"), content_disposition=cd("~/.ssh/authorized_keys"))
case("trav-cd-tilde", OWASP + " (a lone ~ is an ordinary name, never expanded by the library); issue 13 ninth blind pass L6: on portable a leading ~ becomes _ (POSIX XCU §2.6.1 Tilde Expansion)", T, E("~", portable="_"), content_disposition=cd("~"))
case("trav-cd-tilde-user", OWASP + "; issue 13 ninth blind pass L6: on portable a leading ~ becomes _ (POSIX XCU §2.6.1 Tilde Expansion)", T, E("~root", portable="_root"), content_disposition=cd("~root"))
case("trav-cd-tilde-bashrc", OWASP + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment; issue 13 ninth blind pass L6: on portable a leading ~ becomes _ (POSIX XCU §2.6.1 Tilde Expansion)", T, E("~_.bashrc", portable="__.bashrc"), content_disposition=cd("~/.bashrc"))
case("trav-cd-dotdot-only", CWE22, T, E("download"), content_disposition=cd(".."))
case("trav-cd-dot-only", CWE22, T, E("download"), content_disposition=cd("."))
case("trav-cd-three-dots", CWE22, T, E("download"), content_disposition=cd("..."))
case("trav-cd-dotdot-then-url", CWE22 + "; the next candidate wins when the header's sanitizes to nothing", T, E("report.pdf"),
     content_disposition=cd(".."), url="https://example.com/files/report.pdf")
case("trav-cd-dots-spaces", CWE22, T, E("download"), content_disposition=cd(". . ."))
case("trav-cd-doubled-dots", OWASP + " (filter-evasion ....//)" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("etc_passwd"), content_disposition=cd("....//....//etc/passwd"))
case("trav-cd-dotdot-semicolon", OWASP + " (Tomcat ..; trick)" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E(";_WEB-INF_web.xml"), content_disposition=cd("..;/WEB-INF/web.xml"))
case("trav-cd-hidden-file", CWE22 + " (dotfile overwrite)", T, E("bashrc"), content_disposition=cd(".bashrc"))
case("trav-cd-hidden-ssh", CWE22, T, E("ssh"), content_disposition=cd(".ssh"))
case("trav-cd-git-config", CWE22 + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("git_config"), content_disposition=cd(".git/config"))
case("trav-ext-nested-encoding", OWASP + " (double encoding stays literal)", T, E("%2e%2e%2fpasswd"), content_disposition=ext("%252e%252e%252fpasswd"))
case("trav-ext-overlong-slash", "CVE-2000-0884 (IIS overlong %c0%af); " + RFC3629, T, E("download"),
     content_disposition=ext("..%c0%af..%c0%afetc%c0%afpasswd"))
case("trav-ext-overlong-with-fallback", "CVE-2000-0884; " + RFC3629, T, E("safe.txt"),
     content_disposition="attachment; filename=\"safe.txt\"; filename*=UTF-8''..%c0%af..%c0%afetc%c0%afpasswd")
case("trav-url-encoded-slash", OWASP + " (escaped separators never create structure)" + PATH14, T, E("etc_passwd"),
     url="https://example.com/download/..%2F..%2Fetc%2Fpasswd")
case("trav-url-encoded-lower", OWASP + PATH14, T, E("etc_passwd"), url="https://example.com/dl/%2e%2e%2f%2e%2e%2fetc%2fpasswd")
case("trav-url-encoded-backslash", OWASP + PATH14, T, E("win.ini"), url="https://example.com/dl/..%5C..%5Cwin.ini")
case("trav-url-dot-segments", "WHATWG URL (dot segments are resolved)", T, E("passwd"), url="https://example.com/a/b/../../../etc/passwd")
case("trav-url-raw-backslash", "WHATWG URL (\\ is a separator in special URLs)", T, E("win.ini"), url="https://example.com/dl/..\\..\\win.ini")
case("trav-url-file-scheme", CWE22, T, E("passwd"), url="file:///etc/passwd")
case("trav-url-file-unc", CWE22, T, E("evil.exe"), url="file://server/share/evil.exe")
case("trav-url-query-rcd", OWASP + " (presigned response-content-disposition)" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", T, E("etc_passwd"),
     url="https://bucket.s3.amazonaws.com/x?response-content-disposition=attachment%3B%20filename%3D%22..%2F..%2Fetc%2Fpasswd%22")
case("trav-suggested-name", CWE22 + " (HTML download attribute)" + PATH14, T, E("etc_passwd"), suggested_name="../../etc/passwd")
case("trav-suggested-backslash", CWE22 + PATH14, T, E("evil.exe"), suggested_name="..\\..\\evil.exe")
case("trav-suggested-drive", CWE22 + PATH14, T, E(linux="C:_evil.exe", macos="C__evil.exe", win="C__evil.exe"), suggested_name="C:\\evil.exe")
case("trav-suggested-unc", CWE22 + PATH14, T, E("server_share_x.exe"), suggested_name="\\\\server\\share\\x.exe")
case("trav-suggested-report-path", "issue 14 item 7 (Chromium, Firefox: reports_2024_q3.pdf)", T, E("reports_2024_q3.pdf"),
     suggested_name="reports/2024/q3.pdf")
case("trav-suggested-mixed-dots", "issue 14 item 7", T, E("a_b_c.txt"), suggested_name="a/./b/../c.txt")
case("trav-suggested-absolute", "issue 14 item 7", T, E("abs_x.pdf"), suggested_name="/abs/x.pdf")
case("trav-default-only-dots", "issue 14 item 7 (nothing left: the literal fallback)", T, E("download"), default_name="../..//./")
case("trav-suggested-tilde", CWE22 + "; issue 13 ninth blind pass L6: on portable a leading ~ becomes _ (POSIX XCU §2.6.1 Tilde Expansion)", T, E("~_.ssh_id_rsa", portable="__.ssh_id_rsa"), suggested_name="~/.ssh/id_rsa")
case("trav-default-name", CWE22 + " (the caller's default name is sanitized too)" + PATH14, T, E("etc_passwd"), default_name="../../etc/passwd")
WORSTFIT = ("WorstFit (Orange Tsai and Splitline, 2025): Windows best-fit maps it to a separator for ANSI programs, "
            "so windows/portable replace it (issue 13 Low 6)")
case("trav-fullwidth-solidus", UTS39 + " (U+FF0F is not a separator); " + WORSTFIT, T,
     E(unix="..／..／etc／passwd".lstrip("."), win="_.._etc_passwd"),
     content_disposition=ext("..%EF%BC%8F..%EF%BC%8Fetc%EF%BC%8Fpasswd"))
case("trav-division-slash", UTS39 + " (U+2215 is not a separator); " + WORSTFIT, T, E(unix="∕etc∕passwd", win="_etc_passwd"), content_disposition=ext("..%E2%88%95etc%E2%88%95passwd"))

# ---------------------------------------------------------------- NUL and control bytes
N = "control"
case("nul-ext-truncation", CWE158, N, E("evil.exe.pdf"), content_disposition=ext("evil.exe%00.pdf"))
case("nul-raw-in-quoted", CWE158, N, E("evil.exe.pdf"), content_disposition_hex=(cd("evil.exe").encode()[:-1] + b"\x00.pdf\"").hex())
case("nul-only-ext", CWE158, N, E("download"), content_disposition=ext("%00"))
case("nul-many-ext", CWE158, N, E("a.txt"), content_disposition=ext("a" + "%00" * 100 + ".txt"))
case("nul-url-escaped", CWE158, N, E("evil.exe.jpg"), url="https://example.com/evil.exe%00.jpg")
case("nul-suggested", CWE158, N, E("evil.exe.pdf"), suggested_name="evil.exe\u0000.pdf")
case("nul-default", CWE158, N, E("ab"), default_name="a\u0000b")
for b in [1, 2, 7, 8, 9, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f]:
    case(f"ctl-ext-{b:02x}", "own: C0 controls and DEL are removed", N, E("ab.txt"), content_disposition=ext(f"a%{b:02X}b.txt"))
case("ctl-ext-all-c0", "own", N, E("x.txt"), content_disposition=ext("".join(f"%{b:02X}" for b in range(1, 32)) + "x.txt"))
case("ctl-ext-c1-nel", "own: C1 controls (U+0085 NEL) are removed", N, E("ab.txt"), content_disposition=ext("a%C2%85b.txt"))
case("ctl-ext-c1-csi", "own: C1 CSI U+009B", N, E("a31mb.txt"), content_disposition=ext("a%C2%9B31mb.txt"))
case("ctl-ext-all-c1", "own", N, E("x.txt"), content_disposition=ext("".join(f"%C2%{b:02X}" for b in range(0x80, 0xA0)) + "x.txt"))
case("ctl-ansi-escape", "own: terminal escape sequences (CVE-2003-0063 class)", N, E("[31mred[0m.txt"),
     content_disposition=ext("%1B%5B31mred%1B%5B0m.txt"))
case("ctl-backspace-spoof", "own: backspaces that would hide an extension on a terminal", N, E("invoice.pdf.exe"),
     content_disposition=ext("invoice.pdf%08%08%08%08.exe"), expect_risk="executable")
case("ctl-tab-in-name", "own", N, E("ab.txt"), content_disposition=ext("a%09b.txt"))
case("ctl-raw-tab-quoted", "own: a raw tab is a control (removed), not a space", N, E("ab.txt"), content_disposition="attachment; filename=\"a\tb.txt\"")
case("ctl-url-escaped", "own", N, E("ab.txt"), url="https://example.com/a%01%02%7Fb.txt")
case("ctl-suggested-bell", "own", N, E("ab.txt"), suggested_name="a\u0007b.txt")
case("ctl-raw-bytes-hex", "own: raw C0 bytes inside a quoted-string", N, E("ab.txt"),
     content_disposition_hex=(b"attachment; filename=\"a\x01\x02\x03b.txt\"").hex())
case("ctl-raw-del-hex", "own", N, E("ab.txt"), content_disposition_hex=(b"attachment; filename=\"a\x7fb.txt\"").hex())
case("ctl-latin1-c1", "own; issue 14 item 5: the label iso-8859-1 is windows-1252 (WHATWG Encoding Standard), where 0x85 0x9B are … and ›", N, E("a…›b.txt"),
     content_disposition="attachment; filename*=ISO-8859-1''a%85%9Bb.txt")
case("ctl-only-controls", "own", N, E("download"), content_disposition=ext("%01%02%03%1F%7F"))
case("ctl-controls-then-default", "own", N, E("fallback.bin"), content_disposition=ext("%01%02"), default_name="fallback.bin")

# ---------------------------------------------------------------- header injection
H = "injection"
case("inj-crlf-quoted", CWE113, H, E(linux="a.txtSet-Cookie: x=y", macos="a.txtSet-Cookie_ x=y", win="a.txtSet-Cookie_ x=y"), content_disposition="attachment; filename=\"a.txt\r\nSet-Cookie: x=y\"")
case("inj-crlf-ext", CWE113, H, E(linux="a.txtSet-Cookie: x=y", macos="a.txtSet-Cookie_ x=y", win="a.txtSet-Cookie_ x=y"), content_disposition=ext("a.txt%0D%0ASet-Cookie%3A%20x%3Dy"), expect_absent=["\r", "\n"])
case("inj-lf-ext", CWE113 + "; the decoded / makes html the last path segment" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", H, E(linux="a.txtContent-Type: text_html", macos="a.txtContent-Type_ text_html", windows="a.txtContent-Type_ text_html", portable="a.txtContent-Type_ text_html"), content_disposition=ext("a.txt%0AContent-Type%3A%20text%2Fhtml"))
case("inj-crlf-body-ext", CWE113, H, E(unix="a.txt<script>", win="a.txt_script_"), content_disposition=ext("a.txt%0D%0A%0D%0A%3Cscript%3E"))
case("inj-obs-fold", CWE113 + "; RFC 9112 §5.2 obs-fold: a user agent replaces it with spaces (issue 14 item 4)", H, E("folded.txt"), content_disposition="attachment;\r\n filename=\"folded.txt\"")
case("inj-raw-lf-unquoted", CWE113, H, E(linux="a.txtContent-Length: 0", macos="a.txtContent-Length_ 0", win="a.txtContent-Length_ 0"), content_disposition="attachment; filename=a.txt\nContent-Length: 0")
case("inj-raw-cr-only", CWE113, H, E("ab.txt"), content_disposition="attachment; filename=\"a\rb.txt\"")
case("inj-second-header", CWE113 + " (the first instance wins)", H, E("good.pdf"), content_disposition="attachment; filename=\"good.pdf\"\r\nContent-Disposition: attachment; filename=\"evil.exe\"")
case("inj-url-crlf-path", CWE113, H, E(linux="a.txtSet-Cookie:x", macos="a.txtSet-Cookie_x", win="a.txtSet-Cookie_x"),
     url="https://example.com/a.txt%0D%0ASet-Cookie:x")
case("inj-content-type-crlf", CWE113 + " (the Content-Type is invalid: no extension from it)", H, E("readme"), content_type="text/plain\r\nContent-Disposition: attachment; filename=evil.exe",
     url="https://example.com/readme")
case("inj-suggested-crlf", CWE113, H, E(linux="a.txtX-Evil: 1", macos="a.txtX-Evil_ 1", win="a.txtX-Evil_ 1"), suggested_name="a.txt\r\nX-Evil: 1")
case("inj-unicode-line-separator", CWE113 + " (U+2028/U+2029)", H, E("ab.txt"), content_disposition=ext("a%E2%80%A8%E2%80%A9b.txt"))
case("inj-nel-ext", CWE113 + " (U+0085 NEL)", H, E("ab.txt"), content_disposition=ext("a%C2%85b.txt"))
case("inj-quote-break", CWE113 + " (quote breaking out of the parameter; the first wins)", H, E("a.txt"), content_disposition="attachment; filename=\"a.txt\"; filename=\"evil.exe\"")
case("inj-escaped-quote", "RFC 9110 §5.6.4 quoted-pair", H, E(unix="a\".txt", win="a_.txt"), content_disposition="attachment; filename=\"a\\\".txt\"")
case("inj-semicolon-in-ext2", "own", H, E("a.pdf; filename=evil.exe"), content_disposition=ext("a.pdf%3B%20filename%3Devil.exe"))
case("inj-ext-quote-and-crlf", CWE113, H, E(unix="x\"y.txt", win="x_y.txt"), content_disposition=ext("x%22%0D%0Ay.txt"))

# ---------------------------------------------------------------- encodings
U = "encoding"
case("enc-overlong-slash-ext", RFC3629, U, E("download"), content_disposition=ext("a%C0%AFb.txt"))
case("enc-overlong-dot-ext", RFC3629, U, E("download"), content_disposition=ext("%C0%AE%C0%AE%C0%AFx"))
case("enc-overlong-3byte", RFC3629, U, E("download"), content_disposition=ext("a%E0%80%AFb"))
case("enc-overlong-4byte", RFC3629, U, E("download"), content_disposition=ext("a%F0%80%80%AFb"))
case("enc-overlong-nul", RFC3629 + " (Java modified UTF-8 NUL)", U, E("download"), content_disposition=ext("a%C0%80b"))
case("enc-invalid-ff", RFC3629, U, E("download"), content_disposition=ext("%FF%FEa.txt"))
case("enc-truncated-seq", RFC3629, U, E("download"), content_disposition=ext("%E4%B8.txt"))
case("enc-5byte", RFC3629, U, E("download"), content_disposition=ext("%F8%88%80%80%80.txt"))
case("enc-above-10ffff", RFC3629, U, E("download"), content_disposition=ext("%F4%90%80%80.txt"))
case("enc-invalid-with-plain", RFC3629 + "; the plain filename is the fallback", U, E("plain.txt"),
     content_disposition="attachment; filename=\"plain.txt\"; filename*=UTF-8''%FF.txt")
case("enc-lone-high-surrogate-ext", SURR, U, E("download"), content_disposition=ext("a%ED%A0%80b.txt"))
case("enc-lone-low-surrogate-ext", SURR, U, E("download"), content_disposition=ext("a%ED%B0%80b.txt"))
case("enc-cesu-pair-ext", SURR, U, E("download"), content_disposition=ext("%ED%A0%BD%ED%B8%80.txt"))
case("enc-lone-surrogate-fallback", SURR, U, E("ok.txt"),
     content_disposition="attachment; filename=\"ok.txt\"; filename*=UTF-8''%ED%A0%80.txt")
case("enc-lone-surrogate-url", SURR + "; escapes that decode to nothing valid are kept", U, E("a%ED%A0%80b.txt"),
     url="https://example.com/a%ED%A0%80b.txt")
case("enc-lone-surrogate-raw", SURR, U, None, content_disposition_hex=(b"attachment; filename=\"a\xed\xa0\x80b.txt\"").hex())
case("enc-overlong-raw", RFC3629, U, None, content_disposition_hex=(b"attachment; filename=\"..\xc0\xaf..\xc0\xafpasswd\"").hex(),
     expect_absent=["/"])
case("enc-invalid-raw-ff", RFC3629, U, None, content_disposition_hex=(b"attachment; filename=\"\xff\xfe.txt\"").hex())
case("enc-raw-truncated", RFC3629, U, None, content_disposition_hex=(b"attachment; filename=\"a\xe4\xb8.txt\"").hex())
case("enc-url-overlong", RFC3629 + "; not UTF-8, so charset detection may read the bytes (EUC-KR: 유)", U, None, expect_absent=["/"], url="https://example.com/a%C0%AFb.txt")
case("enc-url-invalid-escape", "WHATWG URL (an invalid escape stays literal)", U, E("a%zzb.txt"), url="https://example.com/a%zzb.txt")
case("enc-url-lone-percent", "WHATWG URL", U, E("100%.txt"), url="https://example.com/100%.txt")
case("enc-noncharacter", "Unicode §23.7 noncharacters (unassigned: removed, issue 13 Medium 2)", U, E("ab.txt"), content_disposition=ext("a%EF%BF%BEb.txt"))
case("enc-replacement-char", "own", U, E("a\uFFFDb.txt"), content_disposition=ext("a%EF%BF%BDb.txt"))
case("enc-bom-start", "own: U+FEFF is removed", U, E("a.txt"), content_disposition=ext("%EF%BB%BFa.txt"))
case("enc-utf16-charset", "RFC 8187 (a charset beyond UTF-8 and ISO-8859-1 may be supported; here UTF-16 with a BOM)", U, E("a"), content_disposition="attachment; filename*=UTF-16''%FF%FEa%00")
case("enc-unknown-charset", "RFC 8187", U, E("download"), content_disposition="attachment; filename*=x-klingon''abc.txt")
case("enc-unknown-charset-fallback", "RFC 8187", U, E("ok.txt"), content_disposition="attachment; filename=\"ok.txt\"; filename*=x-klingon''abc.txt")
case("enc-rfc2047-nul", "RFC 2047 encoded word hiding a NUL", U, E("evil.exe.pdf"), content_disposition="attachment; filename=\"=?UTF-8?Q?evil.exe=00.pdf?=\"")
case("enc-rfc2047-slash", "RFC 2047 encoded word hiding a path" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", U, E("etc_passwd"), content_disposition="attachment; filename=\"=?UTF-8?B?Li4vLi4vZXRjL3Bhc3N3ZA==?=\"")
case("enc-rfc2047-invalid-utf8", "RFC 2047 §4; a word's bytes its charset cannot read become U+FFFD, as Chromium and Firefox decode them (WHATWG Encoding: UTF-8 decoder errors are replaced)", U, E("a\ufffd\ufffdb.txt"), content_disposition="attachment; filename=\"=?UTF-8?Q?a=FF=FEb.txt?=\"")
case("enc-pct-utf8-plain-traversal", "own: %-escaped UTF-8 in a plain filename, then " + RFC6266 + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", U, E("中_x.txt"), content_disposition=cd("%E4%B8%AD%2F..%2Fx.txt"))
case("enc-gbk-raw", "own: raw GBK bytes with a path (the name depends on charset detection)", U, None, expect_absent=["\\", ".."], content_disposition_hex=(b"attachment; filename=\"..\\" + "报告.txt".encode("gbk") + b"\"").hex())
case("enc-shift-jis-backslash", "own: Shift_JIS 0x5C trail byte (ソ = 83 5C)", U, None,
     content_disposition_hex=(b"attachment; filename=\"" + "ソフト.txt".encode("shift_jis") + b"\"").hex())
case("enc-latin1-ext", "RFC 8187", U, E("naïve.txt"), content_disposition="attachment; filename*=ISO-8859-1''na%EFve.txt")
case("enc-nfd-input", "UAX #15 (names are NFC)", U, E("é.txt"), content_disposition=ext("e%CC%81.txt"))
case("enc-nfd-hangul", "UAX #15", U, E("한.txt"), content_disposition=ext("%E1%84%92%E1%85%A1%E1%86%AB.txt"))
case("enc-url-2047-lookalike", "own", U, E(unix="=?UTF-8?Q?a?=.txt", win="=_UTF-8_Q_a_=.txt"), url="https://example.com/%3D%3FUTF-8%3FQ%3Fa%3F%3D.txt")

# ---------------------------------------------------------------- spoofing
S = "spoofing"
case("bidi-rlo-invoice", UTR36, S, E("invoicefdp.exe"), content_disposition=ext("invoice%E2%80%AEfdp.exe"), expect_risk="executable",
     expect_absent=["\u202e"])
case("bidi-rlo-plain-utf8", UTR36, S, E("invoicefdp.exe"), content_disposition=cd("invoice\u202efdp.exe"), expect_risk="executable")
case("bidi-rlo-url", UTR36, S, E("invoicefdp.exe"), url="https://example.com/invoice%E2%80%AEfdp.exe", expect_risk="executable")
case("bidi-rlo-suggested", UTR36, S, E("invoicefdp.exe"), suggested_name="invoice\u202efdp.exe", expect_risk="executable")
case("bidi-rlo-scr", UTR36, S, E("photo_gnp.scr"), content_disposition=ext("photo_%E2%80%AEgnp.scr"), expect_risk="executable")
case("bidi-rlo-neutralize", UTR36 + "; DangerousTypePolicy.neutralize", S, E("invoicefdp.exe.download"),
     content_disposition=ext("invoice%E2%80%AEfdp.exe"), dangerous_types="neutralize")
# hostile pass 9 L4: a declared type whose preferred extension is an executable type says the content runs too.
DECLARED_BY_EXTENSION = ["application/hta", "text/javascript", "application/x-sh", "application/java-archive",
                         "text/vbscript", "application/vnd.android.package-archive", "application/x-apple-diskimage",
                         "application/x-iso9660-image"]
for t in DECLARED_BY_EXTENSION:
    case("declared-runnable-behind-pdf-" + t.split("/")[1], "hostile pass 9 L4: a harmless name sent with a type whose "
         "preferred extension runs (its registered extension is in the executable table) is rated executable with the "
         "content mismatch reported, as application/x-msdownload is", S, E("invoice.pdf"),
         content_disposition=cd("invoice.pdf"), content_type=t, expect_risk="executable")
for t, e in zip(DECLARED_BY_EXTENSION, ["hta", "js", "sh", "jar", "vbs", "apk", "dmg", "iso"]):
    case("declared-runnable-no-extension-" + t.split("/")[1], "hostile pass 9 L4: a name without an extension gets the "
         "declared type's extension, and the risk of a runnable one", S, E("tool." + e),
         content_disposition=cd("tool"), content_type=t, expect_risk="executable")
T1036 = ("MITRE ATT&CK T1036.007 (double file extension; Explorer hides known extensions); hostile pass 9 M2: the "
         "extension is judged as the sanitizer leaves the name (trailing dots and spaces aside, as risk reads it), so a "
         "PDF name sent with an executable type stays a PDF name (content mismatch reported) and no .exe is manufactured")
case("appended-extension-after-trailing-dot", T1036, S, E(unix="invoice.pdf.", win="invoice.pdf"),
     content_disposition=cd("invoice.pdf."), content_type="application/x-msdownload", expect_risk="executable")
case("appended-extension-after-dots-and-space", T1036, S, E(unix="invoice.pdf. .", win="invoice.pdf"),
     content_disposition=cd("invoice.pdf. ."), content_type="application/x-msdownload", expect_risk="executable")
for tag, tail in [("space", " "), ("tab", "\t"), ("zwsp", "\u200b"), ("nbsp", "\u00a0"), ("ideographic-space", "\u3000"),
                  ("braille-blank", "\u2800"), ("bom", "\ufeff")]:
    case(f"judged-extension-trailing-{tag}", T1036, S, E("invoice.pdf"),
         content_disposition=ext("invoice.pdf" + "".join(f"%{b:02X}" for b in tail.encode())),
         content_type="application/x-msdownload", expect_risk="executable")
case("judged-extension-zwsp-inside", T1036, S, E("invoice.pdf"),
     content_disposition=ext("invoice.pd%E2%80%8Bf"), content_type="application/x-msdownload", expect_risk="executable")
case("judged-extension-benign-trailing-space", T1036 + "; a matching type adds nothing (not photo.jpg.jpg)", S,
     E("photo.jpg"), content_disposition=cd("photo.jpg "), content_type="image/jpeg", expect_risk="ordinary")
case("judged-extension-benign-trailing-dot", T1036 + "; a matching type adds nothing (not report.pdf.pdf)", S,
     E(unix="report.pdf.", win="report.pdf"), content_disposition=cd("report.pdf."), content_type="application/pdf",
     expect_risk="ordinary")
for t in ["application/x-executable", "application/x-elf", "application/x-mach-binary", "application/x-pie-executable",
          "application/x-dosexec"]:
    case("declared-executable-" + t.split("/")[1], "session 4 addendum L-b: a declared executable type gives the risk, as "
         "the same body sniffed would (no extension is registered for it, so the name stays)", S, E("tool"),
         content_disposition=cd("tool"), content_type=t, expect_risk="executable")
for name, cp in [("lre", "202A"), ("rle", "202B"), ("pdf", "202C"), ("lro", "202D"), ("lri", "2066"), ("rli", "2067"),
                 ("fsi", "2068"), ("pdi", "2069"), ("lrm", "200E"), ("rlm", "200F"), ("alm", "061C")]:
    enc = chr(int(cp, 16)).encode().hex().upper()
    pct = "".join("%" + enc[i:i + 2] for i in range(0, len(enc), 2))
    case(f"bidi-{name}", UTR36 + f" (U+{cp})", S, E("reportcod.exe"), content_disposition=ext("report" + pct + "cod.exe"),
         expect_absent=[chr(int(cp, 16))])
case("bidi-rli-pdi-wrap", UTR36, S, E("txt.exe"), content_disposition=ext("%E2%81%A7txt.exe%E2%81%A9"))
case("bidi-many-overrides", UTR36, S, E("a.exe"), content_disposition=ext("%E2%80%AE" * 50 + "a.exe" + "%E2%80%AC" * 50))
case("bidi-arabic-name-keeps-letters", UTR36, S, E("تقرير.pdf"), content_disposition=ext("%E2%80%AB" + "%D8%AA%D9%82%D8%B1%D9%8A%D8%B1" + "%E2%80%AC.pdf"))
for name, cp in [("zwsp", "200B"), ("wj", "2060"), ("shy", "00AD"), ("bom", "FEFF"), ("cgj", "034F"), ("mvs", "180E"),
                 ("hangul-filler", "3164"), ("hangul-choseong-filler", "115F"), ("invisible-times", "2062"), ("zwnj-latin", "200C"),
                 ("zwj-latin", "200D"), ("tag-a", "E0061"), ("vs16-ascii", "FE0F")]:
    enc = chr(int(cp, 16)).encode().hex().upper()
    pct = "".join("%" + enc[i:i + 2] for i in range(0, len(enc), 2))
    case(f"invis-{name}", UTS39 + f" (U+{cp} removed)", S, E("evil.exe"), content_disposition=ext("ev" + pct + "il.e" + pct + "xe"),
         expect_absent=[chr(int(cp, 16))], expect_risk="executable")
case("invis-zwsp-before-ext", UTS39, S, E("photo.jpg.exe"), content_disposition=ext("photo.jpg%E2%80%8B.exe"), expect_risk="executable")
case("invis-only-zwsp", UTS39, S, E("download"), content_disposition=ext("%E2%80%8B%E2%80%8B"))
case("invis-zwnj-persian-kept", UTS39 + " (ZWNJ is needed in Persian)", S, E("می\u200cخواهم.txt"),
     content_disposition=ext("%D9%85%DB%8C%E2%80%8C%D8%AE%D9%88%D8%A7%D9%87%D9%85.txt"))
case("invis-zwj-devanagari-kept", UTS39 + " (ZWJ in Devanagari conjuncts)", S, E("क्\u200dष.txt"),
     content_disposition=ext("%E0%A4%95%E0%A5%8D%E2%80%8D%E0%A4%B7.txt"))
case("homoglyph-cyrillic-a", UTS39 + " (kept: letters are not rewritten)", S, E("pаypal.exe"), content_disposition=ext("p%D0%B0ypal.exe"), expect_risk="executable")
case("homoglyph-cyrillic-ext", UTS39 + " (Cyrillic е in the extension: not an executable extension)", S, E("setup.еxe"),
     content_disposition=ext("setup.%D0%B5xe"), expect_risk="ordinary")
case("homoglyph-one-dot-leader", UTS39 + " (U+2024 is not a dot)", S, E("invoice\u2024pdf.exe"), content_disposition=ext("invoice%E2%80%A4pdf.exe"), expect_risk="executable")
case("homoglyph-fullwidth-dot", UTS39 + "; " + WORSTFIT + ": U+FF0E folds to '.', so the risk is that of a.exe (blind pass, was "
     "ordinary)", S, E("a．exe"), content_disposition=ext("a%EF%BC%8Eexe"), expect_risk="executable")
case("homoglyph-greek-omicron", UTS39, S, E("gοοgle.com"), content_disposition=ext("g%CE%BF%CE%BFgle.com"), expect_risk="executable")
case("homoglyph-fullwidth-colon", UTS39 + " (U+FF1A is not ':'; on windows/portable it is replaced: bestfit1252.txt maps it to ':', WorstFit, issue 13 item 6)", S, E(unix="C：evil.exe", win="C_evil.exe"), content_disposition=ext("C%EF%BC%9Aevil.exe"))
case("homoglyph-mathematical-bold", UTS39 + " (NFC keeps compatibility characters)", S, E("𝐞𝐯𝐢𝐥.exe"),
     content_disposition=ext("%F0%9D%90%9E%F0%9D%90%AF%F0%9D%90%A2%F0%9D%90%A5.exe"))
case("spoof-space-padding", "own: whitespace padding hides the real extension", S, E("invoice.pdf .exe"),
     content_disposition=ext("invoice.pdf" + "%20" * 80 + ".exe"), expect_risk="executable")
case("spoof-nbsp-padding", "own", S, E("invoice.pdf .exe"), content_disposition=ext("invoice.pdf" + "%C2%A0" * 40 + ".exe"))
case("spoof-ideographic-space", "own; issue 14 item 9: U+3000 is visible content, kept", S, E("a\u3000b.txt"), content_disposition=ext("a%E3%80%80b.txt"))
case("spoof-en-quad-spaces", "own", S, E("a b.txt"), content_disposition=ext("a%E2%80%80%E2%80%81%E2%80%8Ab.txt"))
case("spoof-trailing-dot", MSNAMES, S, E(unix="evil.exe.", win="evil.exe"), content_disposition=cd("evil.exe."), expect_risk="executable")
case("spoof-trailing-dots-spaces", MSNAMES, S, E(unix="evil.exe. .", win="evil.exe"), content_disposition=cd("evil.exe. . "))
case("spoof-ads", MSNAMES + " (NTFS alternate data stream)", S, E(linux="evil.txt::$DATA", macos="evil.txt__$DATA", win="evil.txt__$DATA"),
     content_disposition=cd("evil.txt::$DATA"))
case("spoof-ads-exe", MSNAMES, S, E(linux="a.txt:evil.exe", macos="a.txt_evil.exe", win="a.txt_evil.exe"), content_disposition=cd("a.txt:evil.exe"))
case("spoof-double-ext", "own", S, E("report.pdf.exe"), content_disposition=cd("report.pdf.exe"), expect_risk="executable")
case("spoof-double-ext-neutralize", "own", S, E("report.pdf.exe.download"), content_disposition=cd("report.pdf.exe"), dangerous_types="neutralize")
case("spoof-lnk-neutralize", "own", S, E("readme.txt.lnk.download"), content_disposition=cd("readme.txt.lnk"), dangerous_types="neutralize")
case("spoof-clsid-ext", "own: a {CLSID} extension makes Explorer run a shell handler", S, None,
     content_disposition=cd("readme.txt.{20D04FE0-3AEA-1069-A2D8-08002B30309D}"), expect_risk="shortcut")
cases[-1]["expect"] = E(unix="readme.txt.{20D04FE0-3AEA-1069-A2D8-08002B30309D}",
                        win="readme.txt.{20D04FE0-3AEA-1069-A2D8-08002B30309D}.download")  # Chromium neutralizes it (issue 13 Low 5)
# Issue 13 Medium 2: blank padding that is not whitespace; Low 6: WorstFit best-fit lookalikes.
BLANK = "issue 13 Medium 2 (blank padding that is not whitespace)"
case("spoof-braille-padding", BLANK, S, E("invoice.pdf .exe"), content_disposition=ext("invoice.pdf" + "%E2%A0%80" * 60 + ".exe"),
     expect_risk="executable")
case("spoof-private-use-padding", BLANK, S, E("cv.docx.js"), content_disposition=ext("cv.docx" + "%EE%80%80" * 20 + ".js"),
     expect_risk="executable")
case("spoof-null-notehead-padding", BLANK, S, E("a.pdf.scr"), content_disposition=cd("a.pdf" + "\U0001D159" * 10 + ".scr"),
     expect_risk="executable")
case("spoof-hangul-filler-padding", BLANK, S, E("photo.jpg.com"), content_disposition=ext("photo.jpg" + "%E3%85%A4" * 30 + ".com"),
     expect_risk="executable")
case("spoof-bestfit-quote", "WorstFit: U+FF02 best-fits to a double quote; issue 13 Low 6", S,
     E(unix="report\uFF02 --x.txt", win="report_ --x.txt"), content_disposition=ext("report%EF%BC%82%20--x.txt"))
case("spoof-bestfit-yen", "WorstFit: U+00A5 best-fits to 0x5C under code page 932; issue 13 Low 6", S,
     E(unix="\u00A5..\u00A5boot.ini", win="_.._boot.ini"), content_disposition=ext("..%C2%A5..%C2%A5boot.ini"))
case("spoof-windows-forbidden", MSNAMES, S, E(linux="a<b>c|d?e*f\"g.txt", macos="a<b>c|d?e*f\"g.txt", win="a_b_c_d_e_f_g.txt"),
     content_disposition=ext("a%3Cb%3Ec%7Cd%3Fe%2Af%22g.txt"))
case("spoof-url-display-vs-name", "own: the URL path names an image, the header an executable", S, E("holiday.jpg.exe"),
     url="https://example.com/holiday.jpg", content_disposition=cd("holiday.jpg.exe"), expect_risk="executable")

# ---------------------------------------------------------------- reserved names
R = "reserved"
reserved = ["CON", "PRN", "AUX", "NUL"] + [f"COM{i}" for i in range(10)] + [f"LPT{i}" for i in range(10)] + \
           ["COM¹", "COM²", "COM³", "LPT¹", "LPT²", "LPT³", "CONIN$", "CONOUT$"]
for r in reserved:
    case(f"res-{r.lower()}", MSNAMES, R, E(unix=r + ".txt", win=r + "_.txt"), content_disposition=ext(
        "".join(c if c.isascii() and c.isalnum() else "".join("%%%02X" % b for b in c.encode()) for c in r) + ".txt"))
case("res-con-bare", MSNAMES, R, E(unix="CON", win="CON_"), content_disposition=cd("CON"))
case("res-lowercase", MSNAMES, R, E(unix="nul", win="nul_"), content_disposition=cd("nul"))
case("res-mixed-case", MSNAMES, R, E(unix="cOm1.log", win="cOm1_.log"), content_disposition=cd("cOm1.log"))
case("res-compound-ext", MSNAMES, R, E(unix="nul.tar.gz", win="nul_.tar.gz"), content_disposition=cd("nul.tar.gz"))
case("res-trailing-space-base", MSNAMES, R, E(unix="CON .txt", win="CON_ .txt"), content_disposition=cd("CON .txt"))
case("res-trailing-dot", MSNAMES, R, E(unix="AUX.", win="AUX_"), content_disposition=cd("AUX."))
case("res-trailing-spaces", MSNAMES, R, E(unix="PRN", win="PRN_"), content_disposition=cd("PRN   "))
case("res-not-reserved-longer", MSNAMES, R, E("CONSOLE.txt"), content_disposition=cd("CONSOLE.txt"))
case("res-not-reserved-com10", MSNAMES, R, E("COM10.txt"), content_disposition=cd("COM10.txt"))
case("res-url-path", MSNAMES, R, E(unix="aux", win="aux_"), url="https://example.com/files/aux")
case("res-url-path-ext", MSNAMES, R, E(unix="com1.pdf", win="com1_.pdf"), url="https://example.com/com1.pdf")
case("res-suggested", MSNAMES, R, E(unix="PRN.pdf", win="PRN_.pdf"), suggested_name="PRN.pdf")
case("res-default", MSNAMES, R, E(unix="NUL", win="NUL_"), default_name="NUL")
case("res-host", MSNAMES + " (a host name as the file name)", R, E(unix="con", win="con_"), url="http://con/")
case("res-with-content-type", MSNAMES, R, E(unix="lpt1.pdf", win="lpt1_.pdf"), content_disposition=cd("lpt1"), content_type="application/pdf")
case("res-empty", "own: an empty name", R, E("download"), content_disposition=cd(""))
case("res-dot", "POSIX: . and .. are reserved everywhere", R, E("download"), suggested_name=".")
case("res-dotdot", "POSIX", R, E("download"), suggested_name="..")
case("res-ds-store", "own: macOS metadata file (leading dot removed)", R, E("DS_Store"), content_disposition=cd(".DS_Store"))
case("res-apple-double", "own: AppleDouble file", R, E("_evil"), content_disposition=cd("._evil"))
case("res-colon-macos", "Apple: ':' is the HFS separator", R, E(linux="a:b", macos="a_b", win="a_b"), content_disposition=cd("a:b"))
case("res-reserved-after-strip", MSNAMES + "; reserved once the path is stripped" + "; issue 14 item 7: compatible keeps the path (joined with _, dot segments dropped) instead of its last segment", R, E(linux="C:_dir_CON.txt", macos="C__dir_CON.txt", windows="C__dir_CON.txt", portable="C__dir_CON.txt"),
     content_disposition=cd("C:\\\\dir\\\\CON.txt"))
case("res-reserved-after-controls", MSNAMES + "; reserved once controls are removed", R, E(unix="CON.txt", win="CON_.txt"),
     content_disposition=ext("C%00O%01N.txt"))
case("res-reserved-after-dots", MSNAMES + "; reserved once leading dots are removed", R, E(unix="NUL", win="NUL_"), content_disposition=cd("...NUL"))
case("res-reserved-after-truncation", MSNAMES + "; reserved base kept by truncation", R, E(unix="CON.txt", win="CON_.txt"), content_disposition=cd("CON.txt"), max_length=8)
case("res-reserved-tight-limit", MSNAMES, R, E(unix="CON", win="CO_"), content_disposition=cd("CON"), max_length=3)

# Issue 13 Low 5: names and extensions the Windows shell acts on by itself (Chromium IsReservedNameOnWindows,
# IsShellIntegratedExtension); Low 7: a leading "-" on portable.
CHROMIUM_SHELL = "Chromium net/base/filename_util (IsReservedNameOnWindows, IsShellIntegratedExtension); issue 13 Low 5"
case("res-desktop-ini", CHROMIUM_SHELL, R, E(unix="desktop.ini", win="desktop_.ini"), content_disposition=cd("desktop.ini"))
case("res-thumbs-db", CHROMIUM_SHELL, R, E(unix="thumbs.db", win="thumbs_.db"), content_disposition=cd("thumbs.db"))
case("res-autorun-inf", "Microsoft AutoPlay; issue 13 Low 5", R, E(unix="Autorun.inf", win="Autorun_.inf"),
     content_disposition=cd("Autorun.inf"), expect_risk="executable")
case("res-clock-dollar", CHROMIUM_SHELL, R, E(unix="clock$", win="clock$_"), content_disposition=cd("clock$"))
case("res-lnk-report", CHROMIUM_SHELL, R, E(unix="readme.txt.lnk", win="readme.txt.lnk.download"),
     content_disposition=cd("readme.txt.lnk"), expect_risk="shortcut")
case("res-local-dll-redirect", CHROMIUM_SHELL, R, E(unix="Setup.exe.local", win="Setup.exe.local.download"),
     content_disposition=cd("Setup.exe.local"), expect_risk="shortcut")
case("res-url-shortcut", CHROMIUM_SHELL, R, E(unix="home.URL", win="home.URL.download"), content_disposition=ext("home.URL"))
case("res-scf-trailing-dots", CHROMIUM_SHELL, R, E(unix="icon.scf..", win="icon.scf.download"), content_disposition=cd("icon.scf.."))
case("res-hyphen-portable", "issue 13 Low 7 (a script that forgets -- reads -rf as options)", R, E(all="-rf", portable="_rf"),
     content_disposition=cd("-rf"))
case("res-hyphen-long-portable", "issue 13 Low 7", R, E(all="--version.txt", portable="_-version.txt"),
     content_disposition=ext("--version.txt"))

# ---------------------------------------------------------------- scale
Z = "scale"
MiB = 1 << 20
case("scale-1mib-quoted", "issue 9: 1 MiB headers", Z, E({"repeat": "a", "count": 251, "suffix": ".pdf"}),
     content_disposition={"prefix": "attachment; filename=\"", "repeat": "a", "count": MiB, "suffix": ".pdf\""})
case("scale-1mib-ext", "issue 9: 1 MiB headers", Z, E({"repeat": "a", "count": 251, "suffix": ".pdf"}),
     content_disposition={"prefix": "attachment; filename*=UTF-8''", "repeat": "a", "count": MiB, "suffix": ".pdf"})
case("scale-1mib-ext-cjk", "issue 9: 1 MiB headers (3-byte UTF-8: cut at a character)", Z,
     E(unix={"repeat": "中", "count": 83, "suffix": ".pdf"}, win={"repeat": "中", "count": 251, "suffix": ".pdf"},
       portable={"repeat": "中", "count": 83, "suffix": ".pdf"}),
     content_disposition={"prefix": "attachment; filename*=UTF-8''", "repeat": "%E4%B8%AD", "count": MiB // 9, "suffix": ".pdf"})
case("scale-1mib-semicolons", "issue 9: 1 MiB headers", Z, E("download"), content_disposition={"prefix": "attachment", "repeat": ";", "count": MiB})
case("scale-1mib-unterminated", "issue 9: 1 MiB headers (an unterminated quoted-string runs to the end)", Z, E(unix={"repeat": "\"", "count": 255}, win={"repeat": "_", "count": 255}),
     content_disposition={"prefix": "attachment; filename=\"", "repeat": "\\\"", "count": MiB // 2})
case("scale-1mib-backslashes", "issue 9: 1 MiB headers", Z, E("x.txt"),
     content_disposition={"prefix": "attachment; filename=\"", "repeat": "\\\\\\\\", "count": MiB // 4, "suffix": "x.txt\""})
case("scale-1mib-slashes", "issue 9: 1 MiB headers", Z, E("x.txt"),
     content_disposition={"prefix": "attachment; filename=\"", "repeat": "../", "count": MiB // 3, "suffix": "x.txt\""})
case("scale-1mib-controls", "issue 9: 1 MiB headers", Z, E("x.txt"),
     content_disposition={"prefix": "attachment; filename*=UTF-8''", "repeat": "%01", "count": MiB // 3, "suffix": "x.txt"})
case("scale-1mib-rlo", "issue 9: 1 MiB headers", Z, E("x.txt"),
     content_disposition={"prefix": "attachment; filename*=UTF-8''", "repeat": "%E2%80%AE", "count": MiB // 9, "suffix": "x.txt"})
case("scale-1mib-spaces", "issue 9: 1 MiB headers", Z, E("a b.txt"),
     content_disposition={"prefix": "attachment; filename*=UTF-8''a", "repeat": "%20", "count": MiB // 3, "suffix": "b.txt"})
case("scale-1mib-content-type", "issue 9: 1 MiB headers", Z, E("report.pdf"), url="https://example.com/report",
     content_type={"prefix": "application/pdf; x=", "repeat": "y", "count": MiB})
case("scale-1mib-url", "issue 9: 1 MiB headers (a 1 MiB URL)", Z, E({"repeat": "a", "count": 251, "suffix": ".pdf"}),
     url={"prefix": "https://example.com/", "repeat": "a", "count": MiB, "suffix": ".pdf"})
case("scale-1mib-url-escapes", "issue 9", Z, E({"repeat": "a", "count": 251, "suffix": ".pdf"}),
     url={"prefix": "https://example.com/", "repeat": "%61", "count": MiB // 3, "suffix": ".pdf"})
case("scale-1mib-suggested", "issue 9", Z, E({"repeat": "b", "count": 251, "suffix": ".zip"}),
     suggested_name={"repeat": "b", "count": MiB, "suffix": ".zip"})
case("scale-100k-parameters", "issue 9: 100,000 parameters (the first filename wins)", Z, E("real.pdf"),
     content_disposition={"prefix": "attachment", "repeat": "; x{i}=y", "count": 100000, "suffix": "; filename=\"real.pdf\""})
case("scale-100k-parameters-strict", "issue 9: 100,000 parameters", Z, E("real.pdf"), profile="strict",
     content_disposition={"prefix": "attachment", "repeat": "; x{i}=y", "count": 100000, "suffix": "; filename=\"real.pdf\""})
case("scale-100k-duplicate-filenames", "issue 9: 100,000 parameters (duplicates: the first wins)", Z, E("first.txt"),
     content_disposition={"prefix": "attachment; filename=\"first.txt\"", "repeat": "; filename=\"n{i}.exe\"", "count": 100000})
case("scale-100k-duplicate-strict", "issue 9; tc2231 attwith2filenames (duplicates make strict ignore the header)", Z, E("download"),
     profile="strict", content_disposition={"prefix": "attachment; filename=\"first.txt\"", "repeat": "; filename=\"n{i}.exe\"", "count": 100000})
case("scale-10k-continuations", "issue 9: 10,000 continuations", Z, E({"repeat": "a", "count": 255}),
     content_disposition={"prefix": "attachment", "repeat": "; filename*{i}=\"a\"", "count": 10000})
case("scale-10k-continuations-reversed", "issue 9: 10,000 continuations (reversed order)", Z, E({"repeat": "a", "count": 255}),
     content_disposition={"prefix": "attachment", "repeat": "; filename*{i}=\"a\"", "count": 10000, "descending": True})
case("scale-10k-continuations-encoded", "issue 9: 10,000 continuations (filename*N*)", Z, E({"repeat": "ä", "count": 127}, win={"repeat": "ä", "count": 255}, portable={"repeat": "ä", "count": 127}),
     content_disposition={"prefix": "attachment; filename*0*=UTF-8''%C3%A4", "repeat": "; filename*{i}*=%C3%A4", "count": 9999, "start": 1})
case("scale-10k-continuations-traversal", "issue 9; " + OWASP, Z, E("x"),
     content_disposition={"prefix": "attachment", "repeat": "; filename*{i}=\"../\"", "count": 10000, "suffix": "; filename*10000=\"x\""})
case("scale-10k-marks-ext", "issue 9; " + UAX15, Z, E({"prefix": "Z", "repeat": "\u0336", "count": 30, "suffix": ".txt"}),
     content_disposition={"prefix": "attachment; filename*=UTF-8''Z", "repeat": "%CC%B6", "count": 10000, "suffix": ".txt"})
case("scale-10k-marks-raw", "issue 9; " + UAX15, Z, E({"prefix": "Z", "repeat": "\u0336", "count": 30, "suffix": ".txt"}),
     content_disposition={"prefix": "attachment; filename=\"Z", "repeat": "\u0336", "count": 10000, "suffix": ".txt\""})
case("scale-10k-marks-url", "issue 9; " + UAX15, Z, E({"prefix": "Z", "repeat": "\u0336", "count": 30, "suffix": ".txt"}),
     url={"prefix": "https://example.com/Z", "repeat": "%CC%B6", "count": 10000, "suffix": ".txt"})
case("scale-10k-marks-suggested", "issue 9; " + UAX15, Z, E({"prefix": "Z", "repeat": "\u0336", "count": 30, "suffix": ".txt"}),
     suggested_name={"prefix": "Z", "repeat": "\u0336", "count": 10000, "suffix": ".txt"})
case("scale-10k-acute-composes", "issue 9; " + UAX15 + " (the first acute composes)", Z, E({"prefix": "á", "repeat": "\u0301", "count": 30, "suffix": ".txt"}),
     content_disposition={"prefix": "attachment; filename*=UTF-8''a", "repeat": "%CC%81", "count": 10000, "suffix": ".txt"})
case("scale-10k-marks-no-base", "issue 9; " + UAX15 + "; hostile pass 13 F8: combining marks with nothing before them at the start are removed; the marks were the stem, which becomes _ as a removed stem does", Z, E("_.txt"),
     content_disposition={"prefix": "attachment; filename*=UTF-8''", "repeat": "%CC%B6", "count": 10000, "suffix": ".txt"})
fam = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"  # 25 UTF-8 bytes, 11 UTF-16 units
case("zwj-family-at-boundary", UTS51, Z, E(unix={"repeat": "a", "count": 240, "suffix": ".png"},
                                             windows={"repeat": "a", "count": 240, "suffix": fam + ".png"},
                                             portable={"repeat": "a", "count": 240, "suffix": ".png"}),
     suggested_name={"repeat": "a", "count": 240, "suffix": fam + ".png"})
case("zwj-family-fits-exactly", UTS51, Z, E({"repeat": "a", "count": 226, "suffix": fam + ".png"}),
     suggested_name={"repeat": "a", "count": 226, "suffix": fam + ".png"})
case("zwj-family-one-over", UTS51, Z, E(unix={"repeat": "a", "count": 227, "suffix": ".png"},
                                          win={"repeat": "a", "count": 227, "suffix": fam + ".png"},
                                          portable={"repeat": "a", "count": 227, "suffix": ".png"}),
     suggested_name={"repeat": "a", "count": 227, "suffix": fam + ".png"})
case("zwj-family-ext-header", UTS51, Z, E(unix={"repeat": "a", "count": 240, "suffix": ".png"},
                                            windows={"repeat": "a", "count": 240, "suffix": fam + ".png"},
                                            portable={"repeat": "a", "count": 240, "suffix": ".png"}),
     content_disposition={"prefix": "attachment; filename*=UTF-8''", "repeat": "a", "count": 240,
                          "suffix": "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7%E2%80%8D%F0%9F%91%A6.png"})
case("zwj-many-families", UTS51, Z, E(unix={"repeat": fam, "count": 10, "suffix": ".png"}, win={"repeat": fam, "count": 22, "suffix": ".png"},
                                      portable={"repeat": fam, "count": 10, "suffix": ".png"}),
     suggested_name={"repeat": fam, "count": 100, "suffix": ".png"})
case("zwj-dangling-at-cut", UTS51 + " (a ZWJ whose emoji was cut is dropped)", Z, E({"repeat": "a", "count": 247, "suffix": ".png"}),
     suggested_name={"repeat": "a", "count": 247, "suffix": "\U0001F469\u200D\U0001F4BB.png"})
flag = "\U0001F1FA\U0001F1F8"  # US flag: 8 bytes, 4 UTF-16 units
case("zwj-flag-at-boundary", UTS51, Z, E(unix={"repeat": "a", "count": 245, "suffix": ".png"}, win={"repeat": "a", "count": 245, "suffix": flag + ".png"},
                                         portable={"repeat": "a", "count": 245, "suffix": ".png"}),
     suggested_name={"repeat": "a", "count": 245, "suffix": flag + ".png"})
skin = "\U0001F44D\U0001F3FD"  # thumbs up + medium skin tone: 8 bytes, 4 units
case("zwj-skin-tone-at-boundary", UTS51, Z, E(unix={"repeat": "a", "count": 245, "suffix": ".png"}, win={"repeat": "a", "count": 245, "suffix": skin + ".png"},
                                              portable={"repeat": "a", "count": 245, "suffix": ".png"}),
     suggested_name={"repeat": "a", "count": 245, "suffix": skin + ".png"})
case("zwj-rainbow-flag-no-ext", UTS51 + " (14 bytes, 6 UTF-16 units a cluster)", Z, E(unix={"repeat": "\U0001F3F3\uFE0F\u200D\U0001F308", "count": 18}, win={"repeat": "\U0001F3F3\uFE0F\u200D\U0001F308", "count": 42}, portable={"repeat": "\U0001F3F3\uFE0F\u200D\U0001F308", "count": 18}), suggested_name={"repeat": "\U0001F3F3\uFE0F\u200D\U0001F308", "count": 100})
case("zwj-keycaps", UTS51 + " (7 bytes, 3 UTF-16 units a keycap)", Z, E(unix={"repeat": "1\uFE0F\u20E3", "count": 35, "suffix": ".txt"}, win={"repeat": "1\uFE0F\u20E3", "count": 83, "suffix": ".txt"}, portable={"repeat": "1\uFE0F\u20E3", "count": 35, "suffix": ".txt"}), suggested_name={"repeat": "1\uFE0F\u20E3", "count": 200, "suffix": ".txt"})
case("scale-max-length-tiny", "own: SuggestionOptions.maxLength 1", Z, E("r"), content_disposition=cd("report.pdf"), max_length=1)
case("scale-max-length-ext-only", "own", Z, E("r.pdf"), content_disposition=cd("report.pdf"), max_length=5)

# ---------------------------------------------------------------- tc2231 "UA should reject" cases
deviations = {c["id"]: c for c in json.load(open(os.path.join(FIX, "content-disposition", "tc2231-compatible-deviations.json")))
              if isinstance(c, dict)}
tc = [c for c in json.load(open(os.path.join(FIX, "content-disposition", "tc2231.json"))) if isinstance(c, dict)]
FALLBACK_URL = "https://example.com/files/fallback.bin"
for c in tc:
    if c.get("tc2231_kind") not in ("header-ignored", "parameter-ignored"): continue
    code = c["tc2231_code"]
    src = f"greenbytes tc2231 {code} ({c['tc2231_kind']}): {c.get('tc2231_text', '')}".strip()
    strict_name = c["expect_filename"] or "fallback.bin"
    case(f"tc2231-{code}-strict", src, "tc2231", E(strict_name), tc2231_code=code, profile="strict",
         content_disposition_hex=c["header_hex"], url=FALLBACK_URL)
    dev = deviations.get(c["id"])
    compat_name = (dev["expect_filename"] or "fallback.bin") if dev else strict_name
    # Characters Windows reserves (a name that keeps a `"` of an unquoted value) become _ on windows and portable.
    compat_win = "".join("_" if ch in '<>:"|?*' else ch for ch in compat_name)
    case(f"tc2231-{code}-compatible", src + (f"; compatible deviation: {dev['reason']}" if dev else ""), "tc2231", E(compat_name, win=compat_win),
         tc2231_code=code, content_disposition_hex=c["header_hex"], url=FALLBACK_URL)

groups = {}
for c in cases:
    groups.setdefault(c["category"], []).append(c)
ids = [c["id"] for c in cases]
assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
for cat, items in groups.items():
    header = f"Hostile-server corpus, {cat}: generated by generate-hostile.py (edit there). Expectations reviewed by hand."
    with open(os.path.join(HERE, f"{cat}.json"), "w", encoding="utf-8") as f:
        json.dump([header] + items, f, ensure_ascii=False, indent=1)
        f.write("\n")
print(f"{len(cases)} cases: " + ", ".join(f"{k} {len(v)}" for k, v in groups.items()), file=sys.stderr)
