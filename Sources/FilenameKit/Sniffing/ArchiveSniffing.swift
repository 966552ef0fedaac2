// Compressors and archives beyond the WHATWG archive table, by their format specifications' magic
// numbers: gzip (RFC 1952 §2.3.1: 1F 8B, any method), bzip2 (`BZh` + block size '1'–'9' + the block
// or end-of-stream magic, bzip2 1.0.8 format notes), xz (xz file format 1.2.1 §2.1.1.1:
// FD 37 7A 58 5A 00), Zstandard (RFC 8878 §3.1.1: 28 B5 2F FD), 7z (7zFormat.txt: 37 7A BC AF 27 1C),
// RAR 5 (52 61 72 21 1A 07 01 00, RARLAB technote), Microsoft Cabinet (MS-CAB §2.1 CFHEADER:
// `MSCF`, reserved1 0, versionMajor 1 at 25) and tar (POSIX.1-2017 pax, ustar header: `ustar\0` at
// 257; GNU tar: `ustar  \0`).

/// Compressed streams and archives.
enum ArchiveSniffing {
  /// The type of a compressed stream or archive, or nil.
  static func sniff(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    guard let first = input.byte(0) else { return nil }
    switch first {
    case 0x1F where input.byte(1) == 0x8B:
      return ("application/gzip", .compression, "gzip")
    case 0x42 where input.has("BZh", at: 0):
      guard let level = input.byte(3), level >= 0x31, level <= 0x39,
        input.bigEndian(4, width: 6) == 0x3141_5926_5359 || input.bigEndian(4, width: 6) == 0x1772_4538_5090
      else { return nil }
      return ("application/x-bzip2", .compression, "bzip2")
    case 0xFD where input.bigEndian(0, width: 6) == 0xFD37_7A58_5A00:
      return ("application/x-xz", .compression, "xz")
    case 0x28 where input.u32be(0) == 0x28B5_2FFD:
      return ("application/zstd", .compression, "zstd")
    case 0x37 where input.bigEndian(0, width: 6) == 0x377A_BCAF_271C:
      return ("application/x-7z-compressed", .compression, "7z")
    case 0x52 where input.bigEndian(0, width: 8) == 0x5261_7221_1A07_0100:
      return ("application/vnd.rar", .compression, "RAR 5")
    case 0x4D where input.has("MSCF", at: 0) && input.u32le(4) == 0 && input.byte(25) == 1:
      return ("application/vnd.ms-cab-compressed", .compression, "Microsoft Cabinet")
    default:
      return tar(&input)
    }
  }

  /// A tar archive: `ustar` and NUL (POSIX) or two spaces and NUL (GNU) at offset 257.
  static func tar(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    guard input.has("ustar", at: 257) else { return nil }
    if input.byte(262) == 0x00 { return ("application/x-tar", .tar, "POSIX ustar") }
    if input.has("  \u{0}", at: 262) { return ("application/x-tar", .tar, "GNU tar") }
    return nil
  }
}
