// OLE compound files ([MS-CFB] §2.2: signature D0 CF 11 E0 A1 B1 1A E1; sector shift at 30; first
// directory sector at 48; 128-byte directory entries with a UTF-16LE name of up to 32 code units,
// its byte length at 64, and the CLSID at 80, §2.6.1). Legacy Office by the stream names of
// [MS-DOC] §2.1 (`WordDocument`), [MS-XLS] §2.1.2 (`Workbook`, `Book`), [MS-PPT] §2.1.1
// (`PowerPoint Document`); Windows Installer by the root CLSID {000C1084-0000-0000-C000-000000000046}
// (patches {000C1086-…}); HWP 5 by `FileHeader` and `\u{5}HwpSummaryInformation` (Hancom's HWP 5.0
// format document §2). HWP 3 files start with the plain text `HWP Document File`.

/// OLE compound files and HWP.
enum CompoundFileSniffing {
  /// The type of a compound file, or nil when the bytes do not start with the CFB signature.
  /// The directory is read sector by sector along its FAT chain while its sectors lie inside the
  /// bytes given; when the first one does not, the answer is the generic `application/x-ole-storage`.
  static func sniff(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    guard input.bigEndian(0, width: 8) == 0xD0CF_11E0_A1B1_1AE1 else { return nil }
    let generic = ("application/x-ole-storage", SniffRule.compoundFile, String?.none)
    guard let shift = input.u16le(30), shift == 9 || shift == 12, var sector = input.u32le(48) else { return generic }
    var seen = Seen()
    // A chain has at most count / 512 sectors inside the bytes; the bound also stops a cyclic chain.
    for _ in 0..<(input.count >> 9) {
      guard sector < 0xFFFF_FFFA, (sector + 1) << shift < input.count else { break }
      if let found = scanDirectorySector(
        &input, at: (sector + 1) << shift, size: 1 << shift, first: seen.entries == 0, &seen)
      {
        return found
      }
      guard let next = fatEntry(&input, of: sector, shift: shift) else { break }
      sector = next
    }
    return generic
  }

  /// What the directory entries read so far contained.
  private struct Seen {
    var entries = 0
    var fileHeader = false
    var hwpSummary = false
  }

  /// Reads the directory entries of one sector; a type as soon as one entry decides it.
  private static func scanDirectorySector(
    _ input: inout SniffBytes, at start: Int, size: Int, first: Bool,
    _ seen: inout Seen
  ) -> (String, SniffRule, String?)? {
    var entry = start
    while entry + 128 <= input.count && entry < start + size {
      if first && entry == start && isInstallerCLSID(&input, entry: entry) {
        return ("application/x-msi", .compoundFile, "Windows Installer root CLSID")
      }
      if name(&input, entry: entry, is: "WordDocument") {
        return ("application/msword", .compoundFile, "WordDocument stream")
      }
      if name(&input, entry: entry, is: "Workbook") || name(&input, entry: entry, is: "Book") {
        return ("application/vnd.ms-excel", .compoundFile, "Workbook stream")
      }
      if name(&input, entry: entry, is: "PowerPoint Document") {
        return ("application/vnd.ms-powerpoint", .compoundFile, "PowerPoint Document stream")
      }
      if name(&input, entry: entry, is: "FileHeader") { seen.fileHeader = true }
      if name(&input, entry: entry, is: "\u{5}HwpSummaryInformation") { seen.hwpSummary = true }
      if seen.fileHeader && seen.hwpSummary { return ("application/x-hwp", .compoundFile, "HWP 5 FileHeader stream") }
      seen.entries += 1
      entry += 128
    }
    return nil
  }

  /// The FAT entry of `sector` (the next sector of its chain), through the header's DIFAT (the first
  /// 109 FAT sectors), or nil when it is outside the bytes or ends the chain.
  private static func fatEntry(_ input: inout SniffBytes, of sector: Int, shift: Int) -> Int? {
    let perSector = (1 << shift) / 4
    let index = sector / perSector
    guard index < 109, let fatSector = input.u32le(76 + 4 * index), fatSector < 0xFFFF_FFFA,
      let next = input.u32le(((fatSector + 1) << shift) + 4 * (sector % perSector)), next < 0xFFFF_FFFA
    else { return nil }
    return next
  }

  /// Whether the directory entry at `entry` is named `ascii` (its UTF-16LE name, compared exactly).
  private static func name(_ input: inout SniffBytes, entry: Int, is ascii: StaticString) -> Bool {
    let n = ascii.utf8CodeUnitCount
    guard input.u16le(entry + 64) == 2 * (n + 1) else { return false }
    let p = ascii.utf8Start
    for k in 0..<n {
      guard input.byte(entry + 2 * k) == p[k], input.byte(entry + 2 * k + 1) == 0 else { return false }
    }
    return true
  }

  /// Whether the root entry's CLSID is Windows Installer's package or patch class.
  private static func isInstallerCLSID(_ input: inout SniffBytes, entry: Int) -> Bool {
    // {000C1084-…} and {000C1086-…} in the GUID's little-endian byte layout.
    guard let d1 = input.u32le(entry + 80), d1 == 0x000C_1084 || d1 == 0x000C_1086 else { return false }
    return input.bigEndian(entry + 84, width: 4) == 0 && input.bigEndian(entry + 88, width: 8) == 0xC000_0000_0000_0046
  }

  /// An HWP 3 file: `HWP Document File` at 0.
  static func hwp3(_ input: inout SniffBytes) -> (String, SniffRule, String?)? {
    input.has("HWP Document File", at: 0) ? ("application/x-hwp", .hwp, "HWP 3") : nil
  }
}
