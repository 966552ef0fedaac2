// RFC 9110 §5.6.2:
//   token  = 1*tchar
//   tchar  = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
//          / DIGIT / ALPHA
enum HTTPToken {
  /// `tchar` membership of bytes 0-63 and 64-127, one bit each (no table to load or initialize).
  private static let lowMask: UInt64 = 0x03FF_6CFA_0000_0000
  private static let highMask: UInt64 = 0x57FF_FFFF_C7FF_FFFE

  /// Whether `b` is a `tchar`.
  @inline(__always) static func isTokenChar(_ b: UInt8) -> Bool {
    // The mask is selected without a branch; a byte of 128 or more is no tchar.
    let mask = b < 64 ? lowMask : highMask
    return b < 128 && (mask >> UInt64(b & 63)) & 1 != 0
  }

  /// RFC 8187 §3.2.1: attr-char = ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
  /// (token characters except "*", "'", "%").
  @inline(__always) static func isAttrChar(_ b: UInt8) -> Bool {
    isTokenChar(b) && b != UInt8(ascii: "*") && b != UInt8(ascii: "'") && b != UInt8(ascii: "%")
  }
}
