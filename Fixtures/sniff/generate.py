#!/usr/bin/env python3
"""Writes the content-sniffing fixtures of issue 19 from the formats' own libraries and specifications.

    python3 Fixtures/sniff/generate.py

Outputs (all deterministic; rerun after editing):
  Fixtures/sniff/cases.json        leading bytes of generated files and what ContentSniffer.sniff must say
  Fixtures/sniff/wpt-unknown.json  WPT mimesniff/mime-type-sniffing expectations for the WHATWG unknown-type rules
  Fixtures/sniff/suggest.json      end-to-end suggestFilename cases that carry leading bytes
  Fixtures/fuzz/regressions/sniff/ hand-written hostile inputs (hand-*)

No sample file is copied from anywhere: every byte is produced here, by Python's standard library
(zipfile, gzip, bz2, lzma, tarfile, wave, aifc, zlib, struct) or by struct-packing the header the
cited specification defines. Each case's `source` names the library or section used.
"""
import bz2, gzip, io, json, lzma, os, struct, sys, tarfile, wave, zipfile, zlib
import warnings
warnings.filterwarnings("ignore", category=DeprecationWarning)
import aifc  # noqa: E402  (deprecated in 3.11, removed in 3.13; this script targets 3.11)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LIMIT = 4096  # ContentSniffer.maxBytes: a case keeps the leading bytes a downloader would have
PY = "Python 3.11"

cases = []


def case(id, data, mediaType, rule, source, executable=False, detail=None, note=None):
    c = {"id": id, "source": source, "hex": data[:LIMIT].hex(), "expect_type": mediaType, "expect_rule": rule,
         "expect_executable": executable}
    if detail is not None:
        c["expect_detail"] = detail
    if note:
        c["note"] = note
    cases.append(c)


# ---------------------------------------------------------------------------------------------
# ZIP-based formats (Python zipfile; fixed timestamps so the bytes are stable)

def zip_bytes(entries, stream=False):
    """entries: (name, data, compress_type). stream=True writes to a non-seekable file, so zipfile
    sets general-purpose flag bit 3 and writes data descriptors (APPNOTE 4.3.9)."""
    raw = io.BytesIO()

    class NoSeek(io.RawIOBase):
        def writable(self): return True
        def write(self, b): return raw.write(b)
        def seekable(self): return False
        def tell(self): raise OSError("not seekable")

    target = NoSeek() if stream else raw
    with zipfile.ZipFile(target, "w") as z:
        for name, data, method in entries:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 2, 3, 4, 6))
            info.compress_type = method
            z.writestr(info, data)
    return raw.getvalue()


D, S = zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED
CT = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>'
RELS = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'
XML = b'<?xml version="1.0" encoding="UTF-8"?><root/>'
OOXML = "Python 3.11 zipfile; part names of ECMA-376 Part 2 (OPC) and Part 1 (main parts word/, xl/, ppt/)"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"

case("zip-docx", zip_bytes([("[Content_Types].xml", CT, D), ("_rels/.rels", RELS, D), ("word/document.xml", XML, D)]),
     DOCX, "zip-ooxml", OOXML, detail="word/document.xml")
case("zip-docx-docprops-first", zip_bytes([("[Content_Types].xml", CT, D), ("_rels/.rels", RELS, D),
     ("docProps/core.xml", XML, D), ("docProps/app.xml", XML, D), ("word/_rels/document.xml.rels", RELS, D),
     ("word/document.xml", XML, D)]), DOCX, "zip-ooxml", OOXML, detail="word/_rels/document.xml.rels")
case("zip-docx-streamed", zip_bytes([("[Content_Types].xml", CT, D), ("_rels/.rels", RELS, D), ("word/document.xml", XML, D)],
     stream=True), DOCX, "zip-ooxml", OOXML + "; written to a non-seekable stream, so sizes follow in data descriptors")
case("zip-xlsx", zip_bytes([("[Content_Types].xml", CT, D), ("_rels/.rels", RELS, D), ("xl/workbook.xml", XML, D),
     ("xl/worksheets/sheet1.xml", XML, D)]), XLSX, "zip-ooxml", OOXML, detail="xl/workbook.xml")
case("zip-pptx", zip_bytes([("[Content_Types].xml", CT, D), ("_rels/.rels", RELS, D), ("ppt/presentation.xml", XML, D)]),
     PPTX, "zip-ooxml", OOXML, detail="ppt/presentation.xml")
case("zip-ooxml-no-part-in-window", zip_bytes([("[Content_Types].xml", CT, D), ("_rels/.rels", RELS, D),
     ("docProps/thumbnail.jpeg", bytes(range(256)) * 24, S), ("word/document.xml", XML, D)]),
     "application/zip", "zip", OOXML + "; a stored 6 KiB thumbnail pushes word/ past the first 4 KiB",
     note="only [Content_Types].xml is seen: a ZIP, no more")

ODF = "Python 3.11 zipfile; OASIS ODF 1.2 Part 3 §3.3: the stored, first `mimetype` entry"
for ext, t in [("odt", "text"), ("ods", "spreadsheet"), ("odp", "presentation"), ("odg", "graphics")]:
    mt = "application/vnd.oasis.opendocument." + t
    case("zip-" + ext, zip_bytes([("mimetype", mt.encode(), S), ("META-INF/manifest.xml", XML, D), ("content.xml", XML, D)]),
         mt, "zip-mimetype", ODF)
case("zip-epub", zip_bytes([("mimetype", b"application/epub+zip", S), ("META-INF/container.xml", XML, D),
     ("OEBPS/content.opf", XML, D)]), "application/epub+zip", "zip-mimetype",
     "Python 3.11 zipfile; EPUB OCF 3.3 §4.3: the stored, first `mimetype` entry")
case("zip-odt-mimetype-deflated", zip_bytes([("mimetype", b"application/vnd.oasis.opendocument.text", D),
     ("content.xml", XML, D)]), "application/zip", "zip",
     ODF + "; negative: the entry is deflated, so its bytes cannot be read as the type")
case("zip-jar", zip_bytes([("META-INF/", b"", S), ("META-INF/MANIFEST.MF", b"Manifest-Version: 1.0\r\nCreated-By: 17\r\n\r\n", D),
     ("com/example/Main.class", b"\xca\xfe\xba\xbe\x00\x00\x00\x3d", D)]), "application/java-archive", "zip-jar",
     "Python 3.11 zipfile; JAR File Specification (META-INF/MANIFEST.MF); executable: a double click runs it where Java is installed (hostile pass 19 F2)",
     executable=True)
case("zip-apk", zip_bytes([("AndroidManifest.xml", b"\x03\x00\x08\x00", D), ("classes.dex", b"dex\n035\x00", D),
     ("resources.arsc", b"\x02\x00\x0c\x00", S)]), "application/vnd.android.package-archive", "zip-apk",
     "Python 3.11 zipfile; Android APK layout (AndroidManifest.xml, classes.dex, resources.arsc); executable: an installable app (hostile pass 19 F2)",
     executable=True, detail="AndroidManifest.xml")
case("zip-apk-signed-meta-inf-first", zip_bytes([("META-INF/MANIFEST.MF", b"Manifest-Version: 1.0\r\n", D),
     ("META-INF/CERT.SF", b"Signature-Version: 1.0\r\n", D), ("classes.dex", b"dex\n035\x00", D)]),
     "application/vnd.android.package-archive", "zip-apk",
     "Python 3.11 zipfile; a v1-signed APK lists META-INF/ first; classes.dex still makes it an APK", executable=True,
     detail="classes.dex")
case("zip-plain", zip_bytes([("readme.txt", b"hello\n", D), ("data/values.csv", b"a,b\n1,2\n", D)]),
     "application/zip", "zip", "Python 3.11 zipfile")
case("zip-empty", zip_bytes([]), "application/zip", "zip",
     "Python 3.11 zipfile: an empty archive is only the end-of-central-directory record (APPNOTE 4.3.16)",
     detail="empty archive")

# ---------------------------------------------------------------------------------------------
# ISO base media files: ftyp box (ISO/IEC 14496-12 §4.3), brands as registered at mp4ra.org

def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def ftyp(major, compatible, minor=0):
    return box(b"ftyp", major + struct.pack(">I", minor) + b"".join(compatible)) + box(b"free", b"") + box(b"mdat", b"\x00" * 64)


BMFF = "struct: ISO/IEC 14496-12 §4.3 FileTypeBox; brand from the MP4 registration authority (mp4ra.org)"
case("bmff-mp4-isom", ftyp(b"isom", [b"isom", b"iso2", b"avc1", b"mp41"], 0x200), "video/mp4", "iso-bmff-brand", BMFF)
case("bmff-mp4-mp42", ftyp(b"mp42", [b"mp42", b"isom"]), "video/mp4", "iso-bmff-brand", BMFF)
case("bmff-m4a", ftyp(b"M4A ", [b"M4A ", b"mp42", b"isom", b"\x00\x00\x00\x00"]), "audio/mp4", "iso-bmff-brand", BMFF)
case("bmff-mov", ftyp(b"qt  ", [b"qt  "], 0x20050300), "video/quicktime", "iso-bmff-brand", BMFF + " (QuickTime File Format)")
case("bmff-heic", ftyp(b"heic", [b"mif1", b"heic"]), "image/heic", "iso-bmff-brand", BMFF + " (ISO/IEC 23008-12 HEIF)")
case("bmff-heic-mif1-major", ftyp(b"mif1", [b"mif1", b"heic", b"miaf"]), "image/heic", "iso-bmff-brand",
     BMFF + " (ISO/IEC 23008-12: mif1 major brand, heic compatible)")
case("bmff-heif", ftyp(b"mif1", [b"mif1", b"miaf"]), "image/heif", "iso-bmff-brand", BMFF + " (ISO/IEC 23008-12)")
case("bmff-avif", ftyp(b"avif", [b"mif1", b"avif", b"miaf", b"MA1B"]), "image/avif", "iso-bmff-brand", BMFF + " (AV1 Image File Format §9.2)")
case("bmff-avif-mif1-major", ftyp(b"mif1", [b"avif", b"mif1", b"miaf"]), "image/avif", "iso-bmff-brand", BMFF + " (AVIF)")
case("bmff-3gp", ftyp(b"3gp5", [b"3gp5", b"isom"]), "video/3gpp", "iso-bmff-brand", BMFF + " (3GPP TS 26.244)")
case("bmff-m4v", ftyp(b"M4V ", [b"M4V ", b"M4A ", b"mp42", b"isom"]), "video/mp4", "iso-bmff-brand", BMFF)
case("bmff-unknown-brand", ftyp(b"zzzz", [b"zzzz"]), "application/octet-stream", "whatwg-binary",
     BMFF + "; negative: an unregistered brand is not guessed")

# ---------------------------------------------------------------------------------------------
# RIFF (wave module; AVI and WebP headers by struct)

w = io.BytesIO()
with wave.open(w, "wb") as f:
    f.setnchannels(1); f.setsampwidth(2); f.setframerate(8000); f.writeframes(b"\x00\x00" * 800)
case("riff-wav", w.getvalue(), "audio/wav", "whatwg-audio-video", "Python 3.11 wave module", detail="WHATWG: audio/wave")
avi = b"RIFF" + struct.pack("<I", 4 + 12 + 56) + b"AVI " + b"LIST" + struct.pack("<I", 4 + 8 + 56) + b"hdrl" + b"avih" + struct.pack("<I", 56) + b"\x00" * 56
case("riff-avi", avi, "video/avi", "whatwg-audio-video", "struct: AVI RIFF File Reference (RIFF 'AVI ' LIST 'hdrl' 'avih')")
vp8l = b"\x2f" + struct.pack("<I", 0) + b"\x00" * 4
webp = b"RIFF" + struct.pack("<I", 4 + 8 + len(vp8l)) + b"WEBP" + b"VP8L" + struct.pack("<I", len(vp8l)) + vp8l
case("riff-webp", webp, "image/webp", "whatwg-image", "struct: RFC 9649 §2.5 (RIFF 'WEBP' with a 'VP8L' chunk)")

# ---------------------------------------------------------------------------------------------
# EBML: Matroska (RFC 9559) and WebM; EBML header elements of RFC 8794 §11.2

def ebml(doctype):
    body = (b"\x42\x86\x81\x01" + b"\x42\xf7\x81\x01" + b"\x42\xf2\x81\x04" + b"\x42\xf3\x81\x08"
            + b"\x42\x82" + bytes([0x80 | len(doctype)]) + doctype + b"\x42\x87\x81\x04" + b"\x42\x85\x81\x02")
    return b"\x1a\x45\xdf\xa3" + bytes([0x80 | len(body)]) + body + b"\x18\x53\x80\x67\x01\xff\xff\xff\xff\xff\xff\xff"


case("ebml-mkv", ebml(b"matroska"), "video/x-matroska", "ebml-doctype", "struct: RFC 8794 §11.2 EBML header, RFC 9559 DocType \"matroska\"")
case("ebml-webm", ebml(b"webm"), "video/webm", "ebml-doctype", "struct: RFC 8794 §11.2 EBML header, DocType \"webm\" (WebM container guidelines)")

# ---------------------------------------------------------------------------------------------
# Ogg pages (RFC 3533 §6, CRC of §6 polynomial 0x04C11DB7)

def ogg_crc(data):
    crc = 0
    for b in data:
        crc ^= b << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) & 0xFFFFFFFF if crc & 0x80000000 else (crc << 1) & 0xFFFFFFFF
    return crc


def ogg_page(packet):
    lacing = [255] * (len(packet) // 255) + [len(packet) % 255]  # \u00a76 lacing values: 255s, then the rest
    header = b"OggS" + bytes([0, 2]) + struct.pack("<qII", 0, 0x1234, 0) + b"\x00\x00\x00\x00" + bytes([len(lacing)] + lacing)
    page = header + packet
    crc = ogg_crc(page)
    return page[:22] + struct.pack("<I", crc) + page[26:]


vorbis = b"\x01vorbis" + struct.pack("<IBIiiiBB", 0, 2, 44100, 0, 128000, 0, 0xB8, 1)
opus = b"OpusHead" + struct.pack("<BBHIhB", 1, 2, 312, 48000, 0, 0)
theora = b"\x80theora" + bytes([3, 2, 1]) + b"\x00" * 35
flac_streaminfo = struct.pack(">HH", 4096, 4096) + b"\x00" * 30
oggflac = b"\x7fFLAC" + bytes([1, 0]) + struct.pack(">H", 1) + b"fLaC" + bytes([0x80, 0, 0, 34]) + flac_streaminfo
OGG = "struct: RFC 3533 §6 page (CRC computed); "
case("ogg-vorbis", ogg_page(vorbis), "audio/ogg", "ogg-codec", OGG + "Vorbis I spec §4.2.2 identification header", detail="Vorbis")
case("ogg-opus", ogg_page(opus), "audio/ogg", "ogg-codec", OGG + "RFC 7845 §5.1 ID header", detail="Opus")
case("ogg-theora", ogg_page(theora), "video/ogg", "ogg-codec", OGG + "Theora spec §6.2 identification header", detail="Theora")
case("ogg-flac", ogg_page(oggflac), "audio/ogg", "ogg-codec", OGG + "FLAC-to-Ogg mapping (0x7F \"FLAC\")", detail="FLAC")
case("ogg-unknown-codec", ogg_page(b"\x01unknown" + b"\x00" * 20), "application/ogg", "whatwg-audio-video",
     OGG + "an unknown first packet: the WHATWG Ogg row decides")
speex = b"Speex   " + b"1.2.0".ljust(20, b"\x00") + struct.pack("<iiiiiiiiiiiii", 1, 80, 16000, 1, 4, 1, -1, 320, 0, 0, 0, 0, 0)
# Xiph Ogg Skeleton 4.0 fishead: identifier, version 4.0, presentation and base times, UTC, segment
# length, content byte offset (80 bytes); a skeleton stream's BOS page comes first in the file.
fishead = b"fishead\x00" + struct.pack("<HHqqqq", 4, 0, 0, 1000, 0, 1000) + b"\x00" * 20 + struct.pack("<QQ", 0, 0)
dirac = b"BBCD\x00" + b"\x00" * 8 + bytes([0x10]) + b"\x00" * 12
BOS = ("RFC 3533 \u00a74, \u00a76: every logical stream begins with a beginning-of-stream page (header_type 0x02) "
       "holding its identification packet, and all of them come first, so the codec of each is read from its BOS page; ")
case("ogg-speex", ogg_page(speex), "audio/ogg", "ogg-codec", OGG + "Speex manual \u00a7 Ogg file format: Speex header", detail="Speex")
case("ogg-skeleton-theora-vorbis", ogg_page(fishead) + ogg_page(theora) + ogg_page(vorbis), "video/ogg", "ogg-codec",
     OGG + BOS + "Xiph Ogg Skeleton 4 fishead first, then Theora and Vorbis: video/ogg (Xiph MIME types and file extensions: "
     "video/ogg, .ogv, for Theora with or without audio)", detail="Theora")
case("ogg-skeleton-vorbis", ogg_page(fishead) + ogg_page(vorbis), "audio/ogg", "ogg-codec",
     OGG + BOS + "Skeleton then Vorbis: audio/ogg, .ogg (Xiph: .ogg for Vorbis I)", detail="Vorbis")
case("ogg-skeleton-opus", ogg_page(fishead) + ogg_page(opus), "audio/ogg", "ogg-codec",
     OGG + BOS + "Skeleton then Opus: audio/ogg (RFC 7845 \u00a79)", detail="Opus")
case("ogg-skeleton-long-packet-opus", ogg_page(fishead + b"\x00" * 220) + ogg_page(opus), "audio/ogg", "ogg-codec",
     OGG + BOS + "a 300-byte first packet laced as 255 + 45 (\u00a76 lacing values) before the Opus page", detail="Opus")
case("ogg-vorbis-then-theora", ogg_page(vorbis) + ogg_page(theora), "video/ogg", "ogg-codec",
     OGG + BOS + "an audio stream first and a video stream after it: the file is video (Xiph: video/ogg)", detail="Theora")
case("ogg-dirac", ogg_page(dirac), "video/ogg", "ogg-codec", OGG + "Dirac's Ogg mapping: BBCD parse info header", detail="Dirac")
case("ogg-skeleton-only", ogg_page(fishead), "application/ogg", "whatwg-audio-video",
     OGG + BOS + "a Skeleton stream and no codec in the bytes given: the WHATWG Ogg row decides (application/ogg)")
case("flac", b"fLaC" + bytes([0x80, 0, 0, 34]) + flac_streaminfo + b"\xff\xf8" + b"\x00" * 20, "audio/flac", "flac",
     "struct: FLAC format (RFC 9639 §8.1, §8.2 STREAMINFO)")

# ---------------------------------------------------------------------------------------------
# Compressors and archives

payload = b"The quick brown fox jumps over the lazy dog.\n" * 40
case("gzip", gzip.compress(payload, mtime=0), "application/gzip", "compression", "Python 3.11 gzip.compress (RFC 1952)", detail="gzip")
case("bzip2", bz2.compress(payload), "application/x-bzip2", "compression", "Python 3.11 bz2.compress", detail="bzip2")
case("bzip2-empty", bz2.compress(b""), "application/x-bzip2", "compression", "Python 3.11 bz2.compress of nothing (end-of-stream magic)", detail="bzip2")
case("xz", lzma.compress(payload, format=lzma.FORMAT_XZ), "application/x-xz", "compression", "Python 3.11 lzma.compress(FORMAT_XZ)", detail="xz")
raw = b"hello zstd\n"
zstd = b"\x28\xb5\x2f\xfd" + bytes([0x20, len(raw)]) + struct.pack("<I", 1 | (len(raw) << 3))[:3] + raw
case("zstd", zstd, "application/zstd", "compression", "struct: RFC 8878 §3.1.1 frame (single segment, one raw block)", detail="zstd")
start = struct.pack("<QQI", 0, 0, 0)
sevenz = b"7z\xbc\xaf\x27\x1c" + bytes([0, 4]) + struct.pack("<I", zlib.crc32(start)) + start
case("7z-empty", sevenz, "application/x-7z-compressed", "compression", "struct: 7zFormat.txt SignatureHeader (an empty archive)", detail="7z")
rar4_main = bytes([0x73]) + struct.pack("<HHHI", 0, 13, 0, 0)
rar4 = b"Rar!\x1a\x07\x00" + struct.pack("<H", zlib.crc32(rar4_main) & 0xFFFF) + rar4_main
case("rar4", rar4, "application/vnd.rar", "whatwg-archive", "struct: RAR 4.x technote (marker block, MAIN_HEAD)",
     detail="WHATWG: application/x-rar-compressed")
rar5_body = bytes([3, 1, 0, 0])  # header size 3, type 1 (main), flags 0, archive flags 0
rar5 = b"Rar!\x1a\x07\x01\x00" + struct.pack("<I", zlib.crc32(rar5_body)) + rar5_body
case("rar5", rar5, "application/vnd.rar", "compression", "struct: RAR 5.0 archive format (signature, main archive header)", detail="RAR 5")


def tar_bytes(fmt):
    b = io.BytesIO()
    with tarfile.open(fileobj=b, mode="w", format=fmt) as t:
        info = tarfile.TarInfo("notes/readme.txt"); info.size = len(payload); info.mtime = 0
        t.addfile(info, io.BytesIO(payload))
    return b.getvalue()


case("tar-ustar", tar_bytes(tarfile.USTAR_FORMAT), "application/x-tar", "tar-ustar", "Python 3.11 tarfile (USTAR_FORMAT)", detail="POSIX ustar")
case("tar-gnu", tar_bytes(tarfile.GNU_FORMAT), "application/x-tar", "tar-ustar", "Python 3.11 tarfile (GNU_FORMAT)", detail="GNU tar")
case("tar-pax", tar_bytes(tarfile.PAX_FORMAT), "application/x-tar", "tar-ustar", "Python 3.11 tarfile (PAX_FORMAT)", detail="POSIX ustar")
case("tar-gz", gzip.compress(tar_bytes(tarfile.USTAR_FORMAT), mtime=0), "application/gzip", "compression",
     "Python 3.11 tarfile + gzip: the tar inside is not visible without inflating", detail="gzip")

# ---------------------------------------------------------------------------------------------
# OLE compound files ([MS-CFB] v3, 512-byte sectors), directory names from [MS-DOC], [MS-XLS], [MS-PPT], HWP 5

FREE, END, FATSECT, NOSTREAM = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF


def dir_entry(name, kind, child=NOSTREAM, right=NOSTREAM, clsid=b"\x00" * 16):
    n = name.encode("utf-16-le") + b"\x00\x00"
    return (n.ljust(64, b"\x00") + struct.pack("<HBB", len(n), kind, 1) + struct.pack("<III", NOSTREAM, right, child)
            + clsid + struct.pack("<I", 0) + struct.pack("<QQ", 0, 0) + struct.pack("<IQ", END, 0))


def cfb(names, clsid=b"\x00" * 16, dir_sector=1):
    """A v3 compound file: header, one FAT sector (sector 0), then the directory from `dir_sector`
    on, four 128-byte entries a sector, its sectors chained in the FAT."""
    entries = [dir_entry("Root Entry", 5, child=1 if names else NOSTREAM, clsid=clsid)]
    for i, (name, kind) in enumerate(names):
        entries.append(dir_entry(name, kind, right=i + 2 if i + 1 < len(names) else NOSTREAM))
    dir_sectors = (len(entries) + 3) // 4
    directory = b"".join(entries).ljust(512 * dir_sectors, b"\x00")
    header = (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 16 + struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6) + b"\x00" * 6
              + struct.pack("<IIIIIIIII", 0, 1, dir_sector, 0, 4096, END, 0, END, 0)
              + struct.pack("<I", 0) + struct.pack("<I", FREE) * 108)
    chain = [dir_sector + k + 1 for k in range(dir_sectors - 1)] + [END]
    fat = [FATSECT] + [FREE] * (dir_sector - 1) + chain
    fat_sector = struct.pack("<%dI" % len(fat), *fat).ljust(512, b"\xff")
    filler = b"\x00" * 512 * (dir_sector - 1)
    return header + fat_sector + filler + directory


CFB = "struct: [MS-CFB] v3 header, FAT and directory sector; "
case("ole-doc", cfb([("WordDocument", 2), ("1Table", 2), ("\x05SummaryInformation", 2)]), "application/msword", "ole-compound",
     CFB + "[MS-DOC] §2.1 WordDocument stream", detail="WordDocument stream")
case("ole-xls", cfb([("Workbook", 2), ("\x05SummaryInformation", 2)]), "application/vnd.ms-excel", "ole-compound",
     CFB + "[MS-XLS] §2.1.2 Workbook stream", detail="Workbook stream")
case("ole-xls-biff5", cfb([("Book", 2)]), "application/vnd.ms-excel", "ole-compound", CFB + "[MS-XLS] Book stream (BIFF5)",
     detail="Workbook stream")
case("ole-ppt", cfb([("Current User", 2), ("PowerPoint Document", 2)]), "application/vnd.ms-powerpoint", "ole-compound",
     CFB + "[MS-PPT] §2.1.1 PowerPoint Document stream", detail="PowerPoint Document stream")
case("ole-hwp5", cfb([("FileHeader", 2), ("DocInfo", 2), ("BodyText", 1), ("Scripts", 1), ("\x05HwpSummaryInformation", 2)]),
     "application/x-hwp", "ole-compound", CFB + "Hancom HWP 5.0 format §2 (FileHeader, \\x05HwpSummaryInformation)",
     detail="HWP 5 FileHeader stream", note="six entries: the directory spans two sectors, chained in the FAT")
msi_clsid = struct.pack("<IHH", 0x000C1084, 0, 0) + bytes([0xC0, 0, 0, 0, 0, 0, 0, 0x46])
case("ole-msi", cfb([("\u4840\u3f3f\u4577\u446c", 2)], clsid=msi_clsid), "application/x-msi", "ole-compound",
     CFB + "Windows Installer root CLSID {000C1084-0000-0000-C000-000000000046}", executable=True,
     detail="Windows Installer root CLSID")
case("ole-directory-beyond-window", cfb([("WordDocument", 2)], dir_sector=9), "application/x-ole-storage", "ole-compound",
     CFB + "the directory sector starts at 5 KiB, past the 4 KiB considered", note="the first bytes do not allow more")
case("hwp3", b"HWP Document File V3.00 \x1a\x01\x02\x03\x04\x05" + b"\x00" * 100, "application/x-hwp", "hwp",
     "struct: HWP 3.0 file signature (Hancom HWP 3.0 format document §1)", detail="HWP 3")

# ---------------------------------------------------------------------------------------------
# Executables

def pe(characteristics=0x0022, lfanew=0x80, size=None):
    dos = bytearray(64)
    dos[0:2] = b"MZ"
    struct.pack_into("<HHHHHHHHHHHHHH", dos, 2, 0x90, 3, 0, 4, 0, 0xFFFF, 0, 0xB8, 0, 0, 0, 0x40, 0, 0)
    struct.pack_into("<I", dos, 0x3C, lfanew)
    stub = bytes([0x0E, 0x1F, 0xBA, 0x0E, 0x00, 0xB4, 0x09, 0xCD, 0x21, 0xB8, 0x01, 0x4C, 0xCD, 0x21])  # print, exit
    body = bytes(dos) + stub
    body = body.ljust(lfanew, b"\x00")
    coff = struct.pack("<HHIIIHH", 0x8664, 1, 0, 0, 0, 0xF0, characteristics)
    optional = struct.pack("<H", 0x20B) + b"\x00" * (0xF0 - 2)
    out = body + b"PE\x00\x00" + coff + optional
    return out if size is None else out[:size]


PE = "struct: Microsoft PE/COFF specification §2 (MS-DOS header, e_lfanew at 0x3C, PE signature, COFF header)"
case("pe-exe", pe(), "application/vnd.microsoft.portable-executable", "pe", PE, executable=True, detail="PE image")
case("pe-dll", pe(0x2022), "application/vnd.microsoft.portable-executable", "pe", PE + "; IMAGE_FILE_DLL", executable=True, detail="DLL")
case("pe-header-beyond-window", pe(lfanew=0x1800), "application/x-msdos-program", "mz",
     PE + "; e_lfanew 6 KiB, past the 4 KiB considered", executable=True, detail="PE header beyond the bytes given")
case("mz-text", b"MZ is the label on the box; this is a plain text note.\n" * 3, "text/plain", "whatwg-text",
     "own: text that starts with MZ is not a program (no binary DOS header)")


def elf(cls, data, etype, machine, segments=(3, 1), ident_bytes=None):
    """An ELF header and its program header table right after it (segments: p_type values; 3 is
    PT_INTERP, 1 PT_LOAD). ident_bytes overrides e_ident[4:7] (class, data, version) as written,
    the fields themselves staying in the layout cls/data say."""
    end = "<" if data == 1 else ">"
    ident = b"\x7fELF" + (ident_bytes if ident_bytes is not None else bytes([cls, data, 1])) + b"\x00" * 9
    n = len(segments)
    if cls == 2:
        rest = struct.pack(end + "HHIQQQIHHHHHH", etype, machine, 1, 0x1040, 64, 0, 0, 64, 56, n, 64, 0, 0)
        phdrs = b"".join(struct.pack(end + "IIQQQQQQ", t, 4, 0, 0, 0, 0x1c, 0x1c, 1) for t in segments)
    else:
        rest = struct.pack(end + "HHIIIIIHHHHHH", etype, machine, 1, 0x400, 52, 0, 0, 52, 32, n, 40, 0, 0)
        phdrs = b"".join(struct.pack(end + "IIIIIIII", t, 0, 0, 0, 0x13, 0x13, 4, 1) for t in segments)
    return ident + rest + phdrs


ELF = "struct: System V ABI §4 ELF header and §5 program header table"
case("elf-exec-x86_64", elf(2, 1, 2, 0x3E), "application/x-executable", "elf", ELF + " (ELFCLASS64, LSB, ET_EXEC)", executable=True, detail="ET_EXEC")
case("elf-pie-x86_64", elf(2, 1, 3, 0x3E), "application/x-executable", "elf", ELF + " (ET_DYN with PT_INTERP: a PIE executable)",
     executable=True, detail="ET_DYN with PT_INTERP")
case("elf-pie-mips-be", elf(1, 2, 3, 8), "application/x-executable", "elf", ELF + " (ELFCLASS32, MSB, ET_DYN with PT_INTERP)",
     executable=True, detail="ET_DYN with PT_INTERP")
case("elf-shared-object", elf(2, 1, 3, 0x3E, segments=(1, 1, 2)), "application/x-sharedlib", "elf",
     ELF + " (ET_DYN without PT_INTERP: a shared library or a static PIE, which execve(2) runs alike; issue 13, "
     "second pass: executable, as a PE DLL is)", executable=True, detail="ET_DYN shared object or static PIE")
LOADER = "; Linux fs/binfmt_elf.c load_elf_binary checks the magic, e_type and e_machine only"
case("elf-ident-zeroed", elf(2, 1, 2, 0x3E, ident_bytes=b"\x00\x00\x00"), "application/x-executable", "elf",
     ELF + " (EI_CLASS, EI_DATA, EI_VERSION zeroed; still ET_EXEC x86-64)" + LOADER, executable=True, detail="ET_EXEC")
case("elf-data-misstated", elf(2, 1, 2, 0x3E, ident_bytes=b"\x02\x02\x01"), "application/x-executable", "elf",
     ELF + " (EI_DATA says big-endian, the fields are little-endian)" + LOADER, executable=True, detail="ET_EXEC")
case("elf-dyn-class-bogus", elf(2, 1, 3, 0x3E, ident_bytes=b"\x07\x01\x01"), "application/x-executable", "elf",
     ELF + " (EI_CLASS 7: program headers not read)" + LOADER, executable=True, detail="ET_DYN")
case("elf-rel", elf(2, 1, 1, 0xB7, segments=()), "application/x-object", "elf", ELF + " (ET_REL: an object file, not run)", detail="ET_REL")
MACHO = "struct: <mach-o/loader.h> mach_header"
case("macho-64", struct.pack("<IiiIIII", 0xFEEDFACF, 0x01000007, 3, 2, 0, 0, 0) + b"\x00" * 4, "application/x-mach-binary", "mach-o",
     MACHO + "_64 (MH_MAGIC_64, little-endian, MH_EXECUTE)", executable=True, detail="64-bit")
case("macho-32-be", struct.pack(">IiiIIII", 0xFEEDFACE, 18, 0, 2, 0, 0, 0), "application/x-mach-binary", "mach-o",
     MACHO + " (MH_MAGIC, big-endian PowerPC)", executable=True, detail="32-bit")
fat = struct.pack(">II", 0xCAFEBABE, 2) + struct.pack(">iiIII", 0x01000007, 3, 0x4000, 0x1000, 14) + struct.pack(">iiIII", 0x0100000C, 0, 0x8000, 0x1000, 14)
case("macho-fat", fat, "application/x-mach-binary", "mach-o-fat", "struct: <mach-o/fat.h> fat_header + 2 fat_arch (x86_64, arm64)",
     executable=True, detail="2 architectures")
FAT2 = "struct: <mach-o/fat.h>; XNU accepts a fat_arch table that fits the first page (issue 13, second pass)"
case("macho-fat-40-archs", struct.pack(">II", 0xCAFEBABE, 40) + struct.pack(">iiIII", 0x01000007, 3, 0x4000, 0x1000, 14) * 40,
     "application/x-mach-binary", "mach-o-fat", FAT2 + ": 40 fat_arch, more than the 30 once required", executable=True,
     detail="40 architectures")
case("macho-fat64", struct.pack(">II", 0xCAFEBABF, 1) + struct.pack(">iiQQII", 0x0100000C, 0, 0x8000, 0x1000, 14, 0),
     "application/x-mach-binary", "mach-o-fat", FAT2 + ": FAT_MAGIC_64 and one fat_arch_64 (arm64)", executable=True,
     detail="1 architecture")
JAVA_RUNS = ("; its own rule (libmagic tells a class file from a universal binary by the version where the count "
             "would be); executable: `java` runs it and Chromium's download policy rates .class dangerous")
case("java-class-major-45", struct.pack(">IHHHB", 0xCAFEBABE, 0, 45, 29, 10) + b"\x00" * 20, "application/java-vm", "java-class",
     "struct: JVM spec §4.1 ClassFile (major 45 where a fat count could be; constant pool count 29, tag 10 at byte 10: "
     "not a cputype)" + JAVA_RUNS, executable=True, detail="Java class file, version 45")
case("java-class", struct.pack(">IHHH", 0xCAFEBABE, 0, 52, 10) + b"\x00" * 20, "application/java-vm", "java-class",
     "struct: JVM spec §4.1 ClassFile (magic, minor 0, major 52): not a universal binary" + JAVA_RUNS, executable=True,
     detail="Java class file, version 52")
case("java-class-major-65", struct.pack(">IHHHB", 0xCAFEBABE, 0, 65, 31, 10) + b"\x00" * 20, "application/java-vm",
     "java-class", "struct: JVM spec §4.1 ClassFile (Java 21, major 65)" + JAVA_RUNS, executable=True,
     detail="Java class file, version 65")
SHORT_ELF = ("struct: System V ABI §4 e_ident: the magic, EI_CLASS 1 or 2 and EI_DATA 1 or 2 are an ELF file even when "
             "e_type (byte 16) lies beyond the bytes given; a short head of a program is flagged executable")
for n in (6, 8, 12, 16, 17):
    case(f"elf-short-head-{n}", elf(2, 1, 2, 0x3E)[:n], "application/x-executable", "elf", SHORT_ELF + f" ({n} bytes)",
         executable=True, detail="ELF header beyond the bytes given")
case("elf-short-head-32-msb", elf(1, 2, 3, 8)[:10], "application/x-executable", "elf", SHORT_ELF + " (ELFCLASS32, MSB)",
     executable=True, detail="ELF header beyond the bytes given")
case("elf-short-head-class-none", b"\x7fELF\x00\x01\x01\x00", "application/octet-stream", "whatwg-binary",
     "struct: System V ABI §4: EI_CLASS 0 (ELFCLASSNONE) and no e_type to go by: not taken for ELF")
case("elf-short-head-no-data-byte", b"\x7fELF\x02", "application/octet-stream", "whatwg-binary",
     "own: the magic and the class alone, without EI_DATA: not enough to call it ELF")
LNK_CLSID = bytes.fromhex("0114020000000000c000000000000046")
case("ms-shllink", struct.pack("<I", 0x4C) + LNK_CLSID + struct.pack("<II", 0x0000009B, 0x20) + b"\x00" * 52, "application/x-ms-shortcut",
     "ms-shllink", "struct: MS-SHLLINK §2.1 ShellLinkHeader (HeaderSize 0x4C, LinkCLSID 00021401-0000-0000-C000-000000000046); "
     "session 4 inbox 13: opening a shell link runs its target", executable=True, detail="Windows shell link")
case("ms-shllink-other-clsid", struct.pack("<I", 0x4C) + bytes(16) + b"\x00" * 56, "application/octet-stream", "whatwg-binary",
     "own (session 4 inbox 13): HeaderSize 0x4C without the LinkCLSID is no shell link")
SHEBANG = "own: execve(2) interpreter line"
case("shebang-sh", b"#!/bin/sh\nset -e\necho hello\n", "application/x-shellscript", "shebang", SHEBANG, executable=True, detail="interpreter sh")
case("shebang-env-python", b"#!/usr/bin/env python3\nprint('hi')\n", "text/x-python", "shebang", SHEBANG, executable=True, detail="interpreter python3")
case("shebang-space-perl", b"#! /usr/bin/perl -w\nprint 1;\n", "application/x-perl", "shebang", SHEBANG, executable=True, detail="interpreter perl")
case("shebang-env-S-node", b"#!/usr/bin/env -S node --no-warnings\nconsole.log(1)\n", "application/javascript", "shebang", SHEBANG,
     executable=True, detail="interpreter node")
case("shebang-unknown-interpreter", b"#!/opt/tools/runme\nstep 1\n", "text/x-script", "shebang", SHEBANG + "; session 4 "
     "inbox 13: a script of another interpreter is text/x-script, never text/plain, whose .txt would agree with it",
     executable=True, detail="interpreter runme")
case("shebang-pwsh", b"#!/usr/bin/pwsh\nWrite-Output 'hi'\n", "application/x-powershell", "shebang", SHEBANG +
     " (PowerShell 7 on Unix: pwsh); session 4 inbox 13", executable=True, detail="interpreter pwsh")
case("shebang-not-a-path", b"#!important: read me first\n", "text/plain", "whatwg-text", "own: `#!` without an absolute path is text")
WASM = "WebAssembly Core Specification §5.5.16 (magic \\0asm, version 1); session 4 inbox 13"
case("wasm-module", b"\x00asm" + struct.pack("<I", 1) + bytes.fromhex("010401600000030201000a040102000b"), "application/wasm",
     "bytecode", "struct: " + WASM + ": a module with one empty function", detail="WebAssembly module, version 1")
case("wasm-version-2-not", b"\x00asm" + struct.pack("<I", 2) + b"\x00" * 8, "application/octet-stream", "whatwg-binary",
     "own: " + WASM + ": only version 1 exists")
DEX = "source.android.com Dalvik executable format (header_item: magic dex\\n035\\0, checksum, signature, sizes); session 4 inbox 13"
case("dex-035", b"dex\n035\x00" + bytes(24) + struct.pack("<IIII", 0x70, 0x70, 0x12345678, 0) + bytes(64), "application/vnd.android.dex",
     "bytecode", "struct: " + DEX, detail="DEX version 035")
CAB = "MS-CAB §2.1 CFHEADER (MSCF, reserved1 0, cbCabinet, coffFiles, versionMinor 3, versionMajor 1); session 4 inbox 13"
case("cab", b"MSCF" + struct.pack("<IIIIIBBHHHHH", 0, 0x50, 0, 0x2C, 0, 3, 1, 1, 1, 0, 0x1234, 0) + b"\x00" * 40,
     "application/vnd.ms-cab-compressed", "compression", "struct: " + CAB, detail="Microsoft Cabinet")

# ---------------------------------------------------------------------------------------------
# WHATWG pattern tables, through the full sniffer (images, audio/video, fonts, text)

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


png = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
       + png_chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + png_chunk(b"IEND", b""))
case("png", png, "image/png", "whatwg-image", "struct + zlib: PNG (ISO/IEC 15948) 1x1 image, CRCs computed")
gif = b"GIF89a" + struct.pack("<HHBBB", 1, 1, 0x80, 0, 0) + b"\x00\x00\x00\xff\xff\xff" + b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
case("gif89a", gif, "image/gif", "whatwg-image", "struct: GIF89a specification (header, logical screen, image, trailer)")
case("gif87a", b"GIF87a" + gif[6:], "image/gif", "whatwg-image", "struct: GIF87a header")
jfif = b"\xff\xd8\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + b"\xff\xd9"
case("jpeg-jfif", jfif, "image/jpeg", "whatwg-image", "struct: JFIF 1.02 APP0 after SOI (ITU-T T.81)")
bmp = b"BM" + struct.pack("<IHHI", 58, 0, 0, 54) + struct.pack("<IiiHHIIiiII", 40, 1, 1, 1, 24, 0, 4, 2835, 2835, 0, 0) + b"\x00\x00\xff\x00"
case("bmp", bmp, "image/bmp", "whatwg-image", "struct: BITMAPFILEHEADER + BITMAPINFOHEADER")
ico = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 1, 1, 0, 0, 1, 32, 40, 22) + b"\x00" * 40
case("ico", ico, "image/x-icon", "whatwg-image", "struct: ICONDIR + ICONDIRENTRY")
case("cur", struct.pack("<HHH", 0, 2, 1) + b"\x00" * 16, "image/x-icon", "whatwg-image", "struct: ICONDIR type 2 (cursor)")
class KeepOpen(io.BytesIO):
    def close(self): pass  # aifc closes the file it writes to; keep the bytes


a = KeepOpen()
with aifc.open(a, "wb") as f:
    f.aiff(); f.setnchannels(1); f.setsampwidth(2); f.setframerate(8000); f.writeframes(b"\x00\x00" * 100)
case("aiff", a.getvalue(), "audio/x-aiff", "whatwg-audio-video", "Python 3.11 aifc module (AIFF)", detail="WHATWG: audio/aiff")
tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 3) + struct.pack("<HHII", 256, 3, 1, 1) + struct.pack("<HHII", 257, 3, 1, 1) + struct.pack("<HHII", 259, 3, 1, 1) + struct.pack("<I", 0)
case("tiff-le", tiff, "image/tiff", "tiff", "struct: TIFF 6.0 §2 image file header and IFD (little-endian)")
case("tiff-be", b"MM\x00*" + struct.pack(">I", 8) + struct.pack(">H", 0) + struct.pack(">I", 0), "image/tiff", "tiff",
     "struct: TIFF 6.0 §2 image file header (big-endian)")
case("tiff-big", b"II+\x00" + struct.pack("<HHQ", 8, 0, 16) + struct.pack("<QQ", 0, 0), "image/tiff", "tiff",
     "struct: BigTIFF header (version 43, bytesize 8)", detail="BigTIFF")
c = KeepOpen()
with aifc.open(c, "wb") as f:
    f.aifc(); f.setnchannels(1); f.setsampwidth(2); f.setframerate(8000); f.writeframes(b"\x00\x00" * 100)
case("aifc", c.getvalue(), "audio/x-aifc", "iff-form", "Python 3.11 aifc module (AIFF-C)", detail="AIFF-C")
case("midi", b"MThd" + struct.pack(">IHHH", 6, 0, 1, 96) + b"MTrk" + struct.pack(">I", 4) + b"\x00\xff\x2f\x00", "audio/midi",
     "whatwg-audio-video", "struct: Standard MIDI File 1.0 (MThd length 6)")
id3 = b"ID3" + bytes([4, 0, 0]) + bytes([0, 0, 0, 10]) + b"TIT2" + bytes([0, 0, 0, 0]) + b"\x00\x00" + b"\x00" * 0
case("mp3-id3", id3 + b"\x00" * 10, "audio/mpeg", "whatwg-audio-video", "struct: ID3v2.4 header (id3.org)")


def mp3_frame(pad=0):
    # MPEG-1 Layer III, 128 kbit/s, 44.1 kHz: 144 * 128000 / 44100 = 417 bytes (+1 padded)
    header = bytes([0xFF, 0xFB, 0x90 | (pad << 1), 0x64])
    return header + b"\x00" * (417 + pad - 4)


case("mp3-no-id3", mp3_frame() + mp3_frame(1) + mp3_frame(), "audio/mpeg", "whatwg-mp3",
     "struct: ISO/IEC 11172-3 §2.4.2.3 frame headers, MPEG-1 Layer III 128 kbit/s 44.1 kHz (417-byte frames)")
case("mp4-whatwg-brand-only", ftyp(b"mp41", []), "video/mp4", "iso-bmff-brand", BMFF)
case("webm-whatwg", bytes.fromhex("1A45DFA3 9F 4286 81 01 42F7 81 01 42F2 81 04 42F3 81 08 4282 84 7765626D 4287 81 02 4285 81 02"),
     "video/webm", "ebml-doctype", "struct: RFC 8794 EBML header, DocType webm")
case("pdf", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", "application/pdf", "whatwg-scriptable",
     "own, after ISO 32000-2 §7.5.2 (file header)")
case("postscript", b"%!PS-Adobe-3.0\n%%Title: test\nshowpage\n", "application/postscript", "whatwg-non-scriptable",
     "own, after Adobe DSC 3.0 (%!PS-Adobe-3.0)")
case("eps", b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n", "application/postscript", "whatwg-non-scriptable", "own, after Adobe EPSF 3.0")
case("html-doctype", b"<!DOCTYPE html>\n<html><head><title>x</title></head><body>hi</body></html>\n", "text/html", "whatwg-scriptable", "own")
case("html-leading-whitespace", b"\r\n\t  <html lang=en>\n<body>x</body></html>", "text/html", "whatwg-scriptable", "own (whitespace bytes skipped)")
case("html-lowercase-script", b"<script>alert(1)</script>", "text/html", "whatwg-scriptable", "own (mask 0xDF: case-insensitive)")
case("html-comment", b"<!-- generated -->\n<p>x</p>", "text/html", "whatwg-scriptable", "own")
case("html-tag-not-terminated", b"<bold>not a tag the table lists</bold>", "text/plain", "whatwg-text",
     "own: `<B` must be followed by a tag-terminating byte (0x20 or 0x3E)")
case("xml", b'<?xml version="1.0" encoding="UTF-8"?>\n<feed/>\n', "text/xml", "whatwg-scriptable", "own")
case("text-utf16le-bom", "hello".encode("utf-16"), "text/plain", "whatwg-non-scriptable", "Python 3.11 str.encode('utf-16') (BOM FF FE)")
case("text-utf16be-bom", b"\xfe\xff" + "hello".encode("utf-16-be"), "text/plain", "whatwg-non-scriptable", "Python 3.11 utf-16-be with BOM")
case("text-utf8-bom", "\ufeffname,amount\nä,1\n".encode("utf-8"), "text/plain", "whatwg-non-scriptable", "Python 3.11 utf-8 with BOM")
case("text-csv", b"id,name,amount\n1,alpha,3.50\n2,beta,4.25\n", "text/plain", "whatwg-text", "own: no binary data byte")
case("text-utf8", "Grüße aus Köln — 東京\n".encode("utf-8"), "text/plain", "whatwg-text", "own: UTF-8 text has no binary data byte")
case("binary-unknown", bytes(range(0, 32)) * 4, "application/octet-stream", "whatwg-binary", "own: binary data bytes, no signature")


def sfnt(tag):
    return tag + struct.pack(">HHHH", 1, 16, 0, 0) + b"head" + struct.pack(">III", 0, 28, 54) + b"\x00" * 54


case("font-ttf", sfnt(b"\x00\x01\x00\x00"), "font/ttf", "whatwg-font", "struct: OpenType 1.9 §5 table directory (sfntVersion 0x00010000)")
case("font-otf", sfnt(b"OTTO"), "font/otf", "whatwg-font", "struct: OpenType table directory (sfntVersion 'OTTO')")
case("font-ttc", b"ttcf" + struct.pack(">HHII", 1, 0, 1, 16) + sfnt(b"\x00\x01\x00\x00"), "font/collection", "whatwg-font",
     "struct: OpenType font collection header (TTCHeader 1.0)")
case("font-woff", b"wOFF" + struct.pack(">IIHHIHHIIIII", 0x10000, 44, 0, 0, 12, 1, 0, 0, 0, 0, 0, 0), "font/woff", "whatwg-font",
     "struct: WOFF 1.0 §3 header")
case("font-woff2", b"wOF2" + struct.pack(">IIHHIIHHIIIII", 0x10000, 48, 0, 0, 12, 0, 1, 0, 0, 0, 0, 0, 0), "font/woff2", "whatwg-font",
     "struct: WOFF 2.0 §3 header")
eot = struct.pack("<IIII", 200, 100, 0x00020001, 0) + bytes(10) + struct.pack("<BBIH", 1, 0, 400, 0) + struct.pack("<H", 0x504C) + b"\x00" * 60
case("font-eot", eot, "application/vnd.ms-fontobject", "whatwg-font", "struct: Embedded OpenType (W3C submission 2008) header, MagicNumber 0x504C at 34")
case("truncated-png-signature", b"\x89PNG\r\n", "text/plain", "whatwg-text",
     "own: 6 of the 8 signature bytes; none is a binary data byte (WHATWG §3), so §7.1 says text")
case("truncated-zip", b"PK\x03", "application/octet-stream", "whatwg-binary",
     "own: 3 of the 4 signature bytes; 0x03 is a binary data byte (WHATWG §3)")

# ---------------------------------------------------------------------------------------------
# WPT mimesniff/mime-type-sniffing expectations for the WHATWG unknown-type rules (§7.1)

WPT_COMMIT = "78ebae58220c2c8559d0891d275a0892322ad978"
WPT_UNKNOWN = [  # (description, payload, expected) of resources/unknown-mime-types.json at WPT_COMMIT
    ("Windows Icon", "00 00 01 00", "image/x-icon"), ("Windows Cursor", "00 00 02 00", "image/x-icon"),
    ("BMP", "42 4D", "image/bmp"), ("GIF87a", "47 49 46 38 37 61", "image/gif"), ("GIF89a", "47 49 46 38 39 61", "image/gif"),
    ("WebP with VP", "52 49 46 46 00 00 00 00 57 45 42 50 56 50", "image/webp"),
    ("WebP without VP", "52 49 46 46 00 00 00 00 57 45 42 50", "application/octet-stream"),
    ("PNG", "89 50 4E 47 0D 0A 1A 0A", "image/png"), ("JPEG", "FF D8 FF", "image/jpeg"),
    ("basic audio", "2E 73 6E 64", "text/plain"), ("AIFF", "46 4F 52 4D 00 00 00 00 41 49 46 46", "audio/aiff"),
    ("ID3v2-tagged MP3", "49 44 33", "audio/mpeg"), ("Ogg container with null byte", "4F 67 67 53 00", "application/ogg"),
    ("Ogg container without null byte", "4F 67 67 53", "text/plain"), ("MIDI", "4D 54 68 64 00 00 00 06", "audio/midi"),
    ("AVI", "52 49 46 46 00 00 00 00 41 56 49 20", "video/avi"), ("WAVE", "52 49 46 46 00 00 00 00 57 41 56 45", "audio/wave"),
    ("WebM with default header values", "1A 45 DF A3 81 42 82 84 77 65 62 6D", "video/webm"),
    ("WebM with explicit header values", "1A 45 DF A3 01 FF FF FF FF FF FF FF 42 86 81 01 42 F7 81 01 42 F2 81 04 42 F3 81 08 42 87 81 01 42 85 81 01 42 82 84 77 65 62 6D", "video/webm"),
    ("GZIP archive", "1F 8B 08", "application/x-gzip"), ("ZIP archive", "50 4B 03 04", "application/zip"),
    ("RAR archive", "52 61 72 21 1A 07 00", "application/x-rar-compressed"),
    ("binary bytes", "00 01 02 03 04 05 06 07 08 0B 0E 0F 10 11 12 13 14 15 16 17 18 19 1A 1C 1D 1E 1F", "application/octet-stream"),
    ("no binary bytes (lower ASCII)", " ".join("%02X" % b for b in range(0x20, 0x80)), "text/plain"),
    ("no binary bytes (upper ASCII)", " ".join("%02X" % b for b in range(0x80, 0x100)), "text/plain"),
    ("RealAudio", "2E 52 4D 46", "text/plain"), ("ASF", "30 26 B2 75 8E 66 CF 11 A6 D9 00 AA 00 62 CE 6C", "application/octet-stream"),
    ("TIFF (big-endian)", "4D 4D 00 2A", "application/octet-stream"), ("TIFF (little-endian)", "49 49 2A 00", "application/octet-stream"),
    ("TIFF (I I)", "49 20 49", "text/plain"), ("TIFF (little-endian without null byte)", "49 49 2A", "text/plain"),
    ("WMF (Aldus Placeable Metafile)", "D7 CD C6 9A", "text/plain"), ("JFIF", "FF D8 FF E0 00 00 4A 46 49 46 00", "image/jpeg"),
    ("ART 03", "4A 47 03 0E 00", "application/octet-stream"), ("ART 04", "4A 47 04 0E 00", "application/octet-stream"),
    ("JPEG XL codestream", "FF 0A", "text/plain"), ("JPEG XL container", "00 00 00 0C 4A 58 4C 20 0D 0A 87 0A", "application/octet-stream"),
    ("MP3 in RIFF WAVE", "52 49 46 46 00 00 00 00 57 41 56 45 00 00 00 00 00 00 00 00 55 00", "audio/wave"),
    ("FLAC", "66 4C 61 43", "text/plain"), ("Extended M3U playlist", "23 45 58 54 4D 33 55", "text/plain"),
    ("JPEG2000", "00 00 00 0C 6A 50 20 20 0D 0A 87 0A", "application/octet-stream"),
    ("JPEG2000 box contents", "0D 0A 87 0A", "text/plain"), ("JPEG2000 codestream (J2K)", "FF 4F FF 51", "text/plain"),
]
for brand, text in [("mp4", "6D 70 34 00"), ("mp41", "6D 70 34 31"), ("mp42", "6D 70 34 32")]:
    WPT_UNKNOWN.append((brand + " (first brand)", "00 00 00 10 66 74 79 70 " + text + " 00 00 00 00", "video/mp4"))
    WPT_UNKNOWN.append((brand + " (second brand)", "00 00 00 18 66 74 79 70 00 00 00 00 00 00 00 00 " + text + " 00 00 00 00", "video/mp4"))
for brand, text in [("avc", "61 76 63 00"), ("avc1", "61 76 63 31"), ("avc2", "61 76 63 32"), ("3gp4", "33 67 70 34"),
                    ("3gp", "33 67 70 00"), ("3gp5", "33 67 70 35"), ("M4V", "4D 34 56 20"), ("M4A", "4D 34 41 20"),
                    ("M4P", "4D 34 50 20"), ("qt", "71 74 20 20"), ("iso", "69 73 6F 00"), ("isom", "69 73 6F 6D"),
                    ("iso2", "69 73 6F 32"), ("mmp4", "6D 6D 70 34"), ("avif", "61 76 69 66")]:
    WPT_UNKNOWN.append((brand + " (first brand)", "00 00 00 10 66 74 79 70 " + text + " 00 00 00 00", "application/octet-stream"))
    WPT_UNKNOWN.append((brand + " (second brand)", "00 00 00 18 66 74 79 70 00 00 00 00 00 00 00 00 " + text + " 00 00 00 00", "application/octet-stream"))

wpt = ["WPT mimesniff/mime-type-sniffing at " + WPT_COMMIT + ": resources/unknown-mime-types.json (payloads and expected types "
       "copied), then the cases of resources/generate-scriptable-mime-type-tests.py regenerated by its own rules (nosniff = "
       "sniff-scriptable unset; the Content-Type axis is dropped: every value it uses is an unknown type)."]
for i, (desc, payload, expected) in enumerate(WPT_UNKNOWN):
    wpt.append({"id": "unknown-%02d" % i, "source": "WPT unknown-mime-types.json: " + desc, "hex": payload.replace(" ", "").lower(),
                "sniff_scriptable": True, "expect_type": expected})

# generate-scriptable-mime-type-tests.py, reimplemented: its pattern tuples, prefixes and expectation rules.
BINARY = [b for b in range(0x20) if b not in (0x09, 0x0A, 0x0C, 0x0D, 0x1B)]
WS = ["09", "0A", "0C", "0D", "20"]
TUPLES = [  # (is_scriptable, byte pattern, ignore leading whitespace, computed type)
    (True, "3C 21 44 4F 43 54 59 50 45 20 48 54 4D 4C TT", True, "text/html"), (True, "3C 48 54 4D 4C TT", True, "text/html"),
    (True, "3C 48 45 41 44 TT", True, "text/html"), (True, "3C 53 43 52 49 50 54 TT", True, "text/html"),
    (True, "3C 49 46 52 41 4D 45 TT", True, "text/html"), (True, "3C 48 31 TT", True, "text/html"),
    (True, "3C 44 49 56 TT", True, "text/html"), (True, "3C 46 4F 4E 54 TT", True, "text/html"),
    (True, "3C 54 41 42 4C 45 TT", True, "text/html"), (True, "3C 41 TT", True, "text/html"),
    (True, "3C 53 54 59 4C 45 TT", True, "text/html"), (True, "3C 54 49 54 4C 45 TT", True, "text/html"),
    (True, "3C 42 TT", True, "text/html"), (True, "3C 42 4F 44 59 TT", True, "text/html"), (True, "3C 42 52 TT", True, "text/html"),
    (True, "3C 50 TT", True, "text/html"), (True, "3C 21 2D 2D TT", True, "text/html"), (True, "3C 3F 78 6D 6C", True, "text/xml"),
    (True, "25 50 44 46 2D", False, "application/pdf"), (False, "25 21 50 53 2D 41 64 6F 62 65 2D", False, "application/postscript"),
    (False, "FE FF 00 00", False, "text/plain"), (False, "FF FE 00 00", False, "text/plain"), (False, "EF BB BF 00", False, "text/plain"),
]


def safe_type(payload):
    # WPT's byte_pattern_is_binary tests whether a binary byte's hex text occurs in the payload text.
    return "application/octet-stream" if any(("%02X" % b) in payload for b in BINARY) else "text/plain"


n = 0
for scriptable, pattern, ignores_ws, computed in TUPLES:
    prefixes = [None] + ([" ".join(WS)] + [" ".join([w] * 5) for w in WS] if ignores_ws else [])
    for prefix in prefixes:
        for tt in (None, "20", "3E"):
            if tt is not None and "TT" not in pattern:
                continue
            no_match = tt is None and "TT" in pattern
            payload = pattern.replace("TT", "" if tt is None else tt).strip()
            if prefix is not None:
                payload = prefix + " " + payload
            for nosniff in (False, True):
                if scriptable and nosniff:
                    expected = safe_type(payload)
                else:
                    expected = safe_type(payload) if no_match else computed
                wpt.append({"id": "scriptable-%03d" % n, "source": "WPT generate-scriptable-mime-type-tests.py: " + payload
                            + (" with nosniff" if nosniff else ""), "hex": payload.replace(" ", "").lower(),
                            "sniff_scriptable": not nosniff, "expect_type": expected})
                n += 1

# ---------------------------------------------------------------------------------------------
# End-to-end suggestFilename cases (Fixtures/sniff/suggest.json; not in Fixtures/suggest/, whose rows carry no bytes): the bytes come from cases above by id

suggest = [
    "Content sniffing in suggestFilename (issue 19). `content_case` names a case of Fixtures/sniff/cases.json whose "
    "bytes are the body's leading bytes. Expectations are the issue's policy (source: issue 19).",
]


def s(id, content_case, expect_filename, content_type=None, disposition=None, url=None, sniffed=None, risk="ordinary",
      disguise=False, download=True, neutralize=False, note=None):
    c = {"id": id, "source": "issue 19 policy" + ("; " + note if note else ""), "content_case": content_case,
         "expect_filename": expect_filename, "expect_risk": risk, "expect_content_mismatch": disguise, "expect_download": download}
    if content_type is not None: c["content_type"] = content_type
    if disposition is not None: c["content_disposition"] = disposition
    if url is not None: c["url"] = url
    if sniffed is not None: c["expect_sniffed"] = sniffed
    if neutralize: c["neutralize"] = True
    suggest.append(c)


s("generic-docx-no-extension", "zip-docx", "export.docx", "application/octet-stream", "attachment; filename=export", sniffed=DOCX)
s("no-type-xlsx", "zip-xlsx", "report.xlsx", None, "attachment; filename=report", sniffed=XLSX)
s("force-download-pdf-php", "pdf", "download.pdf", "application/force-download", None, "https://example.com/download.php?id=7",
  sniffed="application/pdf", note="a server-script extension from the URL is replaced")
s("x-download-png-query", "png", "get.png", "application/x-download", None, "https://example.com/get?id=1042", sniffed="image/png")
s("binary-octet-stream-heic", "bmff-heic", "IMG_0042.heic", "binary/octet-stream", 'attachment; filename="IMG_0042"', sniffed="image/heic")
s("unknown-odt", "zip-odt", "minutes.odt", "application/unknown", "attachment; filename=minutes", sniffed="application/vnd.oasis.opendocument.text")
s("generic-epub", "zip-epub", "book.epub", "application/octet-stream", "attachment; filename=book", sniffed="application/epub+zip")
s("generic-m4a", "bmff-m4a", "voice.m4a", "application/octet-stream", "attachment; filename=voice", sniffed="audio/mp4")
s("generic-mkv", "ebml-mkv", "episode.mkv", "application/octet-stream", "attachment; filename=episode", sniffed="video/x-matroska")
s("generic-ogg", "ogg-vorbis", "track.ogg", "application/octet-stream", "attachment; filename=track", sniffed="audio/ogg")
s("generic-tar", "tar-ustar", "backup.tar", "application/octet-stream", "attachment; filename=backup", sniffed="application/x-tar")
s("generic-gzip", "gzip", "logs.gz", "application/octet-stream", "attachment; filename=logs", sniffed="application/gzip")
s("generic-7z", "7z-empty", "archive.7z", "application/octet-stream", "attachment; filename=archive", sniffed="application/x-7z-compressed")
s("generic-doc-legacy", "ole-doc", "letter.doc", "application/octet-stream", "attachment; filename=letter", sniffed="application/msword")
s("generic-hwp", "ole-hwp5", "공문.hwp", "application/octet-stream", "attachment; filename*=UTF-8''%EA%B3%B5%EB%AC%B8", sniffed="application/x-hwp")
s("generic-keeps-agreeing-extension", "zip-docx", "contract.docx", "application/octet-stream", "attachment; filename=contract.docx",
  sniffed=DOCX, note="a registered extension that agrees is kept")
s("generic-keeps-registered-mismatch", "zip-plain", "report.pdf", "application/octet-stream", "attachment; filename=report.pdf",
  sniffed="application/zip", note="a registered extension is never replaced by sniffing; the mismatch is only traced")
s("generic-text-gets-txt", "text-csv", "export.txt", "application/octet-stream", "attachment; filename=export", sniffed="text/plain")
s("generic-html-stays-download", "html-doctype", "page.html", "application/octet-stream", "inline; filename=page", sniffed="text/html",
  download=True, note="never flips to display: the declared type is generic, so the response downloads even though it is HTML")
s("no-type-html-stays-download", "html-doctype", "index.html", None, None, "https://example.com/index", sniffed="text/html",
  download=True, note="no Content-Type: sniffing names the file but the decision stays a download")
s("specific-type-not-sniffed", "zip-docx", "export.pdf", "application/pdf", "attachment; filename=export", sniffed=None,
  note="a specific declared type is not second-guessed: the extension comes from it")
s("binary-unknown-no-extension", "binary-unknown", "blob", "application/octet-stream", "attachment; filename=blob",
  sniffed="application/octet-stream", note="nothing recognized: no extension")
s("exe-behind-pdf-name", "pe-exe", "invoice.pdf", "application/octet-stream", "attachment; filename=invoice.pdf",
  sniffed="application/vnd.microsoft.portable-executable", risk="executable", disguise=True)
s("exe-behind-png-type", "pe-exe", "avatar.png", "image/png", None, "https://example.com/avatar.png",
  sniffed="application/vnd.microsoft.portable-executable", risk="executable", disguise=True, download=False,
  note="an executable signature is flagged even behind a specific declared type; download-or-display stays the declared "
  "type's (image/png renders), sniffing never changes it")
s("exe-behind-png-neutralized", "pe-exe", "avatar.png.download", "image/png", None, "https://example.com/avatar.png",
  sniffed="application/vnd.microsoft.portable-executable", risk="executable", disguise=True, neutralize=True, download=False,
  note="the neutralizing policy applies to the disguised executable")
s("elf-behind-jpg", "elf-pie-x86_64", "photo.jpg", "image/jpeg", "attachment; filename=photo.jpg", sniffed="application/x-executable",
  risk="executable", disguise=True)
s("macho-fat-behind-zip", "macho-fat", "tool.zip", "application/zip", "attachment; filename=tool.zip", sniffed="application/x-mach-binary",
  risk="executable", disguise=True)
s("shebang-behind-txt", "shebang-sh", "readme.txt", "text/plain", "attachment; filename=readme.txt", sniffed="application/x-shellscript",
  risk="executable", disguise=True)
s("java-class-behind-txt", "java-class", "notes.txt", "text/plain", "attachment; filename=notes.txt", sniffed="application/java-vm",
  risk="executable", disguise=True, note="session 4 inbox 13: a Java class is checked behind a specific type like any executable")
s("java-class-behind-png", "java-class", "avatar.png", "image/png", "attachment; filename=avatar.png", sniffed="application/java-vm",
  risk="executable", disguise=True, note="session 4 inbox 13")
s("java-class-generic-named", "java-class", "Main.class", "application/octet-stream", "attachment; filename=Main",
  sniffed="application/java-vm", risk="executable", note="session 4 inbox 13: the .class comes from the content; no disguise")
s("pwsh-behind-txt", "shebang-pwsh", "notes.txt", "text/plain", "attachment; filename=notes.txt", sniffed="application/x-powershell",
  risk="executable", disguise=True, note="session 4 inbox 13: a pwsh script in notes.txt is a disguise (its type is no text/plain)")
s("unknown-interpreter-behind-txt", "shebang-unknown-interpreter", "notes.txt", "text/plain", "attachment; filename=notes.txt",
  sniffed="text/x-script", risk="executable", disguise=True, note="session 4 inbox 13: the general rule, any interpreter")
s("lnk-behind-pdf", "ms-shllink", "invoice.pdf", "application/pdf", "attachment; filename=invoice.pdf",
  sniffed="application/x-ms-shortcut", risk="executable", disguise=True, note="session 4 inbox 13: a shell link is recognized")
s("generic-cab", "cab", "update.cab", "application/octet-stream", "attachment; filename=update", sniffed="application/vnd.ms-cab-compressed",
  risk="executable", note="session 4 inbox 13: named by content; .cab is an executable type by name")
s("generic-wasm", "wasm-module", "module.wasm", "application/octet-stream", "attachment; filename=module", sniffed="application/wasm",
  note="session 4 inbox 13")
s("exe-extensionless-generic", "pe-exe", "setup.exe", "application/octet-stream", "attachment; filename=setup",
  sniffed="application/vnd.microsoft.portable-executable", risk="executable",
  note="the sniffed type names the file; the name now says what it is, so the risk is the name's own")
s("exe-named-exe-not-disguised", "pe-exe", "setup.exe", "application/octet-stream", "attachment; filename=setup.exe",
  sniffed="application/vnd.microsoft.portable-executable", risk="executable")
s("elf-extensionless", "elf-exec-x86_64", "tool", "application/octet-stream", "attachment; filename=tool",
  sniffed="application/x-executable", risk="executable", note="no extension to add; the content is still an executable")
s("shared-object-named-so", "elf-shared-object", "libfoo.so", "application/octet-stream", "attachment; filename=libfoo",
  sniffed="application/x-sharedlib", risk="executable",
  note="an ET_DYN without PT_INTERP may be a static PIE, which execve(2) runs (issue 13, second pass): flagged; the "
  ".so came from the content, so it claims nothing else (no disguise)")
s("shared-object-behind-pdf", "elf-shared-object", "invoice.pdf", "application/octet-stream", "attachment; filename=invoice.pdf",
  sniffed="application/x-sharedlib", risk="executable", disguise=True, note="issue 13, second pass: flagged like a PE DLL")
s("elf-ident-zeroed-behind-pdf", "elf-ident-zeroed", "invoice.pdf", "application/pdf", "attachment; filename=invoice.pdf",
  sniffed="application/x-executable", risk="executable", disguise=True,
  note="issue 13, second pass: a header field the loader ignores does not hide an executable")
s("fat-40-behind-txt", "macho-fat-40-archs", "notes.txt", "text/plain", "attachment; filename=notes.txt",
  sniffed="application/x-mach-binary", risk="executable", disguise=True, download=True)
s("generic-tiff", "tiff-le", "scan.tif", "application/octet-stream", "attachment; filename=scan", sniffed="image/tiff")
s("java-class-not-executable", "java-class", "Main.class", "application/octet-stream", "attachment; filename=Main",
  sniffed="application/java-vm", risk="executable",
  note="the CAFEBABE magic of a Java class is not read as a Mach-O fat binary; the risk comes from the name (.class "
  "is in Chromium's download file types policy, so the sanitizer classifies it executable)")

# ---------------------------------------------------------------------------------------------
# Hostile inputs for the fuzz regression replay (hand-*): every one must be handled in bounds.

hostile = {
    "hand-zip-name-length-past-end": b"PK\x03\x04" + b"\x14\x00\x00\x00\x08\x00" + b"\x00" * 12 + b"\xff\xff\xff\xff" * 2 + b"\xff\xff\x00\x00" + b"word/",
    "hand-zip-huge-compressed-size": b"PK\x03\x04" + b"\x14\x00\x00\x00\x00\x00" + b"\x00" * 8 + b"\xff\xff\xff\x7f" + b"\x00" * 4 + b"\x08\x00\x00\x00" + b"mimetype",
    "hand-zip-data-descriptor-no-next": b"PK\x03\x04" + b"\x14\x00\x08\x00\x08\x00" + b"\x00" * 16 + b"\x03\x00\x00\x00" + b"a/b" + b"PK\x03",
    "hand-ftyp-size-huge": b"\xff\xff\xff\xfcftypzzzz" + b"\x00" * 8,
    "hand-ftyp-size-zero": b"\x00\x00\x00\x00ftypisom",
    "hand-ebml-doctype-at-end": b"\x1a\x45\xdf\xa3\x42\x82",
    "hand-ebml-vint-zero": b"\x1a\x45\xdf\xa3\x42\x82\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
    "hand-ogg-segments-past-end": b"OggS\x00\x02" + b"\x00" * 20 + b"\xff",
    "hand-ole-directory-sector-huge": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 22 + b"\x09\x00" + b"\x00" * 16 + b"\xf9\xff\xff\xff",
    "hand-ole-shift-12": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 22 + b"\x0c\x00" + b"\x00" * 16 + b"\x00\x00\x00\x00",
    "hand-mz-lfanew-max": b"MZ" + b"\x00" * 58 + b"\xff\xff\xff\xff",
    "hand-mz-lfanew-at-end": b"MZ" + b"\x00" * 58 + b"\x40\x00\x00\x00" + b"PE",
    "hand-elf-truncated": b"\x7fELF\x02\x01\x01",
    "hand-shebang-no-newline": b"#!/" + b"a" * 300,
    "hand-shebang-env-only-options": b"#!/usr/bin/env -S -x -y -z",
    "hand-mp3-frame-at-end": bytes([0xFF, 0xFB, 0x90, 0x64]) + b"\x00" * 413 + bytes([0xFF, 0xFB]),
    "hand-webm-padded-zeros": b"\x1a\x45\xdf\xa3" + b"\x42\x82\x88" + b"\x00" * 30,
    "hand-whitespace-only": b" \t\r\n\x0c" * 400,
    "hand-tar-magic-at-end": b"\x00" * 257 + b"ustar",
    "hand-fat-zero-arch": b"\xca\xfe\xba\xbe\x00\x00\x00\x00",
    "hand-empty": b"",
}

# ---------------------------------------------------------------------------------------------

def write_json(path, data):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


write_json(os.path.join(HERE, "cases.json"),
           ["Leading bytes of files generated by Fixtures/sniff/generate.py (first 4 KiB at most) and what "
            "ContentSniffer.sniff must answer: expect_type, expect_rule (SniffRule raw value), expect_executable, "
            "and expect_detail where given."] + cases)
write_json(os.path.join(HERE, "wpt-unknown.json"), wpt)
# suggest.json has been edited by hand since 5d6292d (hostile pass 14 L4: an extension that makes the
# name risky is never added from the bytes; nine rows changed) and has grown since: this list no longer
# matches it. It is written only when asked (--write-suggest), after those edits are ported here.
if "--write-suggest" in sys.argv:
    write_json(os.path.join(HERE, "suggest.json"), suggest)
regressions = os.path.join(ROOT, "Fixtures", "fuzz", "regressions", "sniff")
os.makedirs(regressions, exist_ok=True)
for name, data in hostile.items():
    with open(os.path.join(regressions, name), "wb") as f:
        f.write(data)
print("cases.json: %d, wpt-unknown.json: %d, suggest.json: %d, hostile: %d"
      % (len(cases), len(wpt) - 1, len(suggest) - 1, len(hostile)))
