// Which scalars a person reading a name on a terminal or in a trace cannot see for what they are.
// The trace and the CLI show each as `<U+XXXX>`; the rule is kept here, once.

/// Scalars that are shown escaped wherever people read a server's text (the trace, the CLI's
/// human output): they move the cursor, break or reorder the line, or look like nothing or like a
/// plain space.
package enum HiddenScalar {
  /// Whether `scalar` is shown as `<U+XXXX>`: C0 and C1 controls and DEL; U+2028 and U+2029 (line
  /// breaks to a terminal or an editor); Default_Ignorable and format scalars (bidi controls,
  /// zero-width characters); the blank-looking ones the sanitizer removes (private use, unassigned,
  /// U+1D159, U+FFFC) and U+2800; and every White_Space scalar but U+0020 and the visible spaces a
  /// name keeps (U+3000, U+1680), which pass for a plain space.
  package static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return false }
    if v <= 0x9F { return true }  // C0, DEL, C1
    if v == 0x2028 || v == 0x2029 || v == 0x2800 { return true }
    let traits = ScalarTraits(scalar)
    if traits.isDefaultIgnorableCodePoint || ScalarTraits.isBlank(v, traits) { return true }
    return traits.isWhitespace && !ScalarTraits.isKeptSpace(scalar)
  }
}
