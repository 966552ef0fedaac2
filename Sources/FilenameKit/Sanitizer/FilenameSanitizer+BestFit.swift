// Windows' best-fit conversion to an ANSI code page ("WorstFit"): which scalars it turns into
// path syntax, and the folded form of a name that the reserved-name and trailing-dot rules see.

extension FilenameSanitizer {
  /// The printable ASCII byte that Windows' best-fit conversion to some ANSI code page turns `v`
  /// into (`WideCharToMultiByte` without `WC_NO_BEST_FIT_CHARS`; Microsoft's tables, see
  /// `bestFitToASCII`), or nil. ASCII maps to itself.
  static func bestFitASCII(_ v: UInt32) -> UInt8? {
    if v < 0x80 { return UInt8(v) }
    guard v < 0x1_0000 else { return nil }
    let pages = bestFitPages
    let page = Int(pages.index[Int(v >> 8)])
    guard page != 0 else { return nil }
    let b = pages.bytes[(page - 1) << 8 | Int(v & 0xFF)]
    return b == 0 ? nil : b
  }

  /// `bestFitToASCII` laid out as pages of 256 code points, one byte each (0: no best fit), for the
  /// BMP blocks that have entries (all of them are in the BMP): a lookup is two loads, not a binary
  /// search over 530 entries, which a long name paid for every scalar. `index` holds a block's page
  /// number plus one (0: no page).
  private static let bestFitPages: (index: [UInt8], bytes: [UInt8]) = {
    var index = [UInt8](repeating: 0, count: 256)
    var bytes: [UInt8] = []
    for entry in bestFitToASCII {
      let block = Int(entry >> 16)
      if index[block] == 0 {
        bytes += repeatElement(0, count: 256)
        index[block] = UInt8(bytes.count >> 8)
      }
      bytes[(Int(index[block]) - 1) << 8 | Int((entry >> 8) & 0xFF)] = UInt8(truncatingIfNeeded: entry)
    }
    return (index, bytes)
  }()

  /// Scalars that some best-fit table turns into a character Windows forbids in a name or uses
  /// as path syntax: `/ \ : * ? " < > |` (U+FF0F, U+2044, U+2215 to `/`; U+FF3C, U+2216, U+00A5
  /// under 932, U+20A9 under 949 to `\`; U+FF1A, U+2236, U+0589 to `:`; U+02BA, U+030E, U+FF02 to
  /// `"`; U+2217 to `*`; U+00BF to `?`; arrows and angle brackets to `<` `>`; U+2223, U+00A6 to
  /// `|`, …). A program that reads the saved name through the ANSI API, or gets it on an ANSI
  /// command line, would see a path, a stream, a wildcard or a closed quote ("WorstFit", Orange
  /// Tsai and Splitline, 2025). Replaced on windows and portable.
  static func isBestFitHazard(_ v: UInt32) -> Bool {
    guard v >= 0x80, let b = bestFitASCII(v) else { return false }
    switch b {
    case 0x2F, 0x5C, 0x3A, 0x2A, 0x3F, 0x22, 0x3C, 0x3E, 0x7C: return true
    default: return false
    }
  }

  /// `s` as the ANSI program sees it: its best-fit ASCII byte when it has one (fullwidth `Ｃ` is
  /// `C`, U+3000 is a space, U+FF0E is `.`), else `s` itself.
  static func bestFitFolded(_ s: Unicode.Scalar) -> UInt32 {
    if let b = bestFitASCII(s.value) { return UInt32(b) }
    return s.value
  }

  /// A dot once folded on windows/portable: `.` and, there, U+FF0E FULLWIDTH FULL STOP (to `.`).
  /// A trailing one is removed like `.`, so a name never folds to `..` or ends in a dot.
  static func isDotLike(_ s: Unicode.Scalar, on platform: Platform) -> Bool {
    s == "." || (platform.hasWindowsRules && s.value == 0xFF0E)
  }
}
