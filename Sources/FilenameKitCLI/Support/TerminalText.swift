/// Text that reaches a terminal: anything a server or a user controls is escaped so it cannot move the
/// cursor, change colours or reorder the line. (Header bytes use `HTTPHeaderField.escape`, `\xNN`.)
enum TerminalText {
  /// Whether `scalar` is shown escaped: C0 and C1 controls, DEL, the line and paragraph separators
  /// U+2028 and U+2029 (general categories Zl, Zp: line breaks to a terminal or an editor, escaped by
  /// the JSON output too), and invisible format characters (bidi controls, zero-width characters:
  /// Default_Ignorable_Code_Point or general category Cf).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return false }
    if v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v) { return true }
    if v == 0x2028 || v == 0x2029 { return true }
    return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
  }

  /// `s` with every such scalar written as `<U+202E>`; everything else (CJK, accents) as is.
  static func escape(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: needsEscape) else { return s }
    var out = ""
    for scalar in s.unicodeScalars {
      if needsEscape(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
