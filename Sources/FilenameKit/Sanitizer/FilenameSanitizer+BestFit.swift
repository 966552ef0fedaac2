// Windows' best-fit conversion to an ANSI code page ("WorstFit"): which scalars it turns into
// path syntax, and the folded form of a name that the reserved-name and trailing-dot rules see.

extension FilenameSanitizer {
  /// The printable ASCII byte that Windows' best-fit conversion to some ANSI code page turns `v`
  /// into (`WideCharToMultiByte` without `WC_NO_BEST_FIT_CHARS`; Microsoft's tables, see
  /// `bestFitToASCII`), or nil. ASCII maps to itself.
  static func bestFitASCII(_ v: UInt32) -> UInt8? {
    if v < 0x80 { return UInt8(v) }
    let table = bestFitToASCII
    var lo = 0
    var hi = table.count
    while lo < hi {
      let mid = (lo + hi) / 2
      let key = table[mid] >> 8
      if key == v { return UInt8(truncatingIfNeeded: table[mid]) }
      if key < v { lo = mid + 1 } else { hi = mid }
    }
    return nil
  }

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
