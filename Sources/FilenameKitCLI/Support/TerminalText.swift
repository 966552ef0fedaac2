import FilenameKit

/// Text that reaches a terminal: anything a server or a user controls is escaped so it cannot move the
/// cursor, change colours or reorder the line. (Header bytes use `HTTPHeaderField.escape`, `\xNN`.)
enum TerminalText {
  /// Whether `scalar` is shown escaped (`HiddenScalar`, the rule the trace follows too).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { HiddenScalar.isHidden(scalar) }

  /// `s` with every such scalar written as `<U+202E>`; everything else (CJK, accents) as is.
  static func escape(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: needsEscape) else { return s }
    var out = ""
    for scalar in s.unicodeScalars {
      if needsEscape(scalar) {
        out += "<" + CodePoint.spelled(scalar.value) + ">"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
