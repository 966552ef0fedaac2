import Foundation

/// Recovers the bytes of a header value that Foundation handed over as a `String`.
///
/// Foundation decodes each header value before an app sees it: Apple's stack decodes raw 8-bit
/// bytes as ISO-8859-1, so a UTF-8 name `中文.pdf` arrives as `ä¸­æ–‡.pdf` and a GBK name as
/// Latin-1 junk. When every scalar of the string is at most U+00FF, ISO-8859-1 decoding is
/// reversible: each scalar is one original byte, and the bytes are returned as they were on the
/// wire, so the core can decode them properly (UTF-8, the referrer charset, …). Otherwise the
/// string was decoded some other way (UTF-8 on Linux) and its UTF-8 bytes are the best
/// available.
///
/// ```swift
/// HeaderBytes.recover("attachment; filename=\"ä¸\u{AD}æ\u{96}\u{87}.pdf\"")  // the original UTF-8 bytes
/// ```
public enum HeaderBytes {
  /// The original bytes of a Foundation-decoded header value.
  public static func recover(_ value: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(value.utf8.count)
    for scalar in value.unicodeScalars {
      guard scalar.value <= 0xFF else { return Array(value.utf8) }
      bytes.append(UInt8(scalar.value))
    }
    return bytes
  }

  /// Whether recovering changes anything (the value held 8-bit characters decoded as ISO-8859-1).
  public static func wasLatin1Decoded(_ value: String) -> Bool {
    var sawHigh = false
    for scalar in value.unicodeScalars {
      if scalar.value > 0xFF { return false }
      if scalar.value >= 0x80 { sawHigh = true }
    }
    return sawHigh
  }
}
