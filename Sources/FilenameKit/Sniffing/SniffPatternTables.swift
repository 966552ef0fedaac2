// The byte pattern tables of the WHATWG MIME Sniffing Standard, row for row as the standard gives
// them (https://mimesniff.spec.whatwg.org/, §6 "Matching a MIME type pattern" and §7.1 "Identifying
// a resource with an unknown MIME type"; snapshot "Review Draft Publication: January 2026").
// Each row is written in the standard's own notation: hex bytes, `TT` for a tag-terminating byte.

/// One row of a WHATWG pattern table.
struct SniffPattern: Sendable {
  /// The byte pattern (a `TT` position holds 0x20 and is matched by `isTagTerminated`).
  let pattern: [UInt8]
  /// The pattern mask: 0xFF significant, 0xDF ASCII case-insensitive, 0x00 ignored.
  let mask: [UInt8]
  /// Whether whitespace bytes (0x09, 0x0A, 0x0C, 0x0D, 0x20) before the pattern are ignored.
  let skipsWhitespace: Bool
  /// Whether the pattern ends with a tag-terminating byte (0x20 or 0x3E), written `TT`.
  let isTagTerminated: Bool
  /// The computed MIME type of a match.
  let essence: String
  /// The standard's note for the row.
  let note: String

  /// A row from the standard's notation: `pattern` and `mask` are space-separated hex bytes, and
  /// `TT` in `pattern` stands for a tag-terminating byte (its mask byte is FF, as in the tables).
  init(_ pattern: String, _ mask: String, whitespace: Bool = false, _ essence: String, _ note: String) {
    var bytes: [UInt8] = []
    var tagTerminated = false
    for token in pattern.split(separator: " ") {
      if token == "TT" {
        tagTerminated = true
        bytes.append(0x20)
      } else {
        bytes.append(SniffPattern.hexByte(token))
      }
    }
    self.pattern = bytes
    self.mask = mask.split(separator: " ").map(SniffPattern.hexByte)
    self.skipsWhitespace = whitespace
    self.isTagTerminated = tagTerminated
    self.essence = essence
    self.note = note
  }

  private static func hexByte(_ token: Substring) -> UInt8 {
    var v: UInt8 = 0
    for b in token.utf8 { v = v << 4 | (ASCII.hexValue(b) ?? 0) }
    return v
  }
}

/// The tables.
enum SniffPatternTables {
  /// §6.1, the image type pattern matching algorithm's table.
  static let image: [SniffPattern] = [
    .init("00 00 01 00", "FF FF FF FF", "image/x-icon", "A Windows Icon signature."),
    .init("00 00 02 00", "FF FF FF FF", "image/x-icon", "A Windows Cursor signature."),
    .init("42 4D", "FF FF", "image/bmp", "The string \"BM\", a BMP signature."),
    .init("47 49 46 38 37 61", "FF FF FF FF FF FF", "image/gif", "The string \"GIF87a\", a GIF signature."),
    .init("47 49 46 38 39 61", "FF FF FF FF FF FF", "image/gif", "The string \"GIF89a\", a GIF signature."),
    .init(
      "52 49 46 46 00 00 00 00 57 45 42 50 56 50", "FF FF FF FF 00 00 00 00 FF FF FF FF FF FF", "image/webp",
      "The string \"RIFF\" followed by four bytes followed by the string \"WEBPVP\"."),
    .init(
      "89 50 4E 47 0D 0A 1A 0A", "FF FF FF FF FF FF FF FF", "image/png",
      "An error-checking byte followed by the string \"PNG\" followed by CR LF SUB LF, the PNG signature."),
    .init(
      "FF D8 FF", "FF FF FF", "image/jpeg",
      "The JPEG Start of Image marker followed by the indicator byte of another marker."),
  ]

  /// §6.2, the audio or video type pattern matching algorithm's table (the MP4, WebM and MP3
  /// signatures that follow it are functions in `WHATWGSniffing`).
  static let audioVideo: [SniffPattern] = [
    .init(
      "46 4F 52 4D 00 00 00 00 41 49 46 46", "FF FF FF FF 00 00 00 00 FF FF FF FF", "audio/aiff",
      "The string \"FORM\" followed by four bytes followed by the string \"AIFF\", the AIFF signature."),
    .init("49 44 33", "FF FF FF", "audio/mpeg", "The string \"ID3\", the ID3v2-tagged MP3 signature."),
    .init(
      "4F 67 67 53 00", "FF FF FF FF FF", "application/ogg",
      "The string \"OggS\" followed by NUL, the Ogg container signature."),
    .init(
      "4D 54 68 64 00 00 00 06", "FF FF FF FF FF FF FF FF", "audio/midi",
      "The string \"MThd\" followed by four bytes representing the number 6 in 32 bits (big-endian), the MIDI signature."
    ),
    .init(
      "52 49 46 46 00 00 00 00 41 56 49 20", "FF FF FF FF 00 00 00 00 FF FF FF FF", "video/avi",
      "The string \"RIFF\" followed by four bytes followed by the string \"AVI \", the AVI signature."),
    .init(
      "52 49 46 46 00 00 00 00 57 41 56 45", "FF FF FF FF 00 00 00 00 FF FF FF FF", "audio/wave",
      "The string \"RIFF\" followed by four bytes followed by the string \"WAVE\", the WAVE signature."),
  ]

  /// §6.3, the font type pattern matching algorithm's table.
  static let font: [SniffPattern] = [
    .init(
      "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 4C 50",
      "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 FF FF",
      "application/vnd.ms-fontobject", "34 bytes followed by the string \"LP\", the Embedded OpenType signature."),
    .init(
      "00 01 00 00", "FF FF FF FF", "font/ttf", "4 bytes representing the version number 1.0, a TrueType signature."),
    .init("4F 54 54 4F", "FF FF FF FF", "font/otf", "The string \"OTTO\", the OpenType signature."),
    .init("74 74 63 66", "FF FF FF FF", "font/collection", "The string \"ttcf\", the TrueType Collection signature."),
    .init("77 4F 46 46", "FF FF FF FF", "font/woff", "The string \"wOFF\", the Web Open Font Format 1.0 signature."),
    .init("77 4F 46 32", "FF FF FF FF", "font/woff2", "The string \"wOF2\", the Web Open Font Format 2.0 signature."),
  ]

  /// §6.4, the archive type pattern matching algorithm's table.
  static let archive: [SniffPattern] = [
    .init("1F 8B 08", "FF FF FF", "application/x-gzip", "The GZIP archive signature."),
    .init(
      "50 4B 03 04", "FF FF FF FF", "application/zip",
      "The string \"PK\" followed by ETX EOT, the ZIP archive signature."),
    .init(
      "52 61 72 21 1A 07 00", "FF FF FF FF FF FF FF", "application/x-rar-compressed",
      "The string \"Rar!\" followed by SUB BEL NUL, the RAR 4.x archive signature."),
  ]

  /// §7.1 step 1, the rows checked only with the sniff-scriptable flag set.
  static let scriptable: [SniffPattern] = [
    .init(
      "3C 21 44 4F 43 54 59 50 45 20 48 54 4D 4C TT", "FF FF DF DF DF DF DF DF DF FF DF DF DF DF FF", whitespace: true,
      "text/html", "The case-insensitive string \"<!DOCTYPE HTML\" followed by a tag-terminating byte."),
    .init(
      "3C 48 54 4D 4C TT", "FF DF DF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<HTML\" followed by a tag-terminating byte."),
    .init(
      "3C 48 45 41 44 TT", "FF DF DF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<HEAD\" followed by a tag-terminating byte."),
    .init(
      "3C 53 43 52 49 50 54 TT", "FF DF DF DF DF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<SCRIPT\" followed by a tag-terminating byte."),
    .init(
      "3C 49 46 52 41 4D 45 TT", "FF DF DF DF DF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<IFRAME\" followed by a tag-terminating byte."),
    .init(
      "3C 48 31 TT", "FF DF FF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<H1\" followed by a tag-terminating byte."),
    .init(
      "3C 44 49 56 TT", "FF DF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<DIV\" followed by a tag-terminating byte."),
    .init(
      "3C 46 4F 4E 54 TT", "FF DF DF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<FONT\" followed by a tag-terminating byte."),
    .init(
      "3C 54 41 42 4C 45 TT", "FF DF DF DF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<TABLE\" followed by a tag-terminating byte."),
    .init(
      "3C 41 TT", "FF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<A\" followed by a tag-terminating byte."),
    .init(
      "3C 53 54 59 4C 45 TT", "FF DF DF DF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<STYLE\" followed by a tag-terminating byte."),
    .init(
      "3C 54 49 54 4C 45 TT", "FF DF DF DF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<TITLE\" followed by a tag-terminating byte."),
    .init(
      "3C 42 TT", "FF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<B\" followed by a tag-terminating byte."),
    .init(
      "3C 42 4F 44 59 TT", "FF DF DF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<BODY\" followed by a tag-terminating byte."),
    .init(
      "3C 42 52 TT", "FF DF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<BR\" followed by a tag-terminating byte."),
    .init(
      "3C 50 TT", "FF DF FF", whitespace: true, "text/html",
      "The case-insensitive string \"<P\" followed by a tag-terminating byte."),
    .init(
      "3C 21 2D 2D TT", "FF FF FF FF FF", whitespace: true, "text/html",
      "The string \"<!--\" followed by a tag-terminating byte."),
    .init("3C 3F 78 6D 6C", "FF FF FF FF FF", whitespace: true, "text/xml", "The string \"<?xml\"."),
    .init("25 50 44 46 2D", "FF FF FF FF FF", "application/pdf", "The string \"%PDF-\", the PDF signature."),
  ]

  /// §7.1 step 2, the rows checked whatever the sniff-scriptable flag.
  static let nonScriptable: [SniffPattern] = [
    .init(
      "25 21 50 53 2D 41 64 6F 62 65 2D", "FF FF FF FF FF FF FF FF FF FF FF", "application/postscript",
      "The string \"%!PS-Adobe-\", the PostScript signature."),
    .init("FE FF 00 00", "FF FF 00 00", "text/plain", "UTF-16BE BOM"),
    .init("FF FE 00 00", "FF FF 00 00", "text/plain", "UTF-16LE BOM"),
    .init("EF BB BF 00", "FF FF FF 00", "text/plain", "UTF-8 BOM"),
  ]
}
