// Byte-level ASCII predicates shared by the parsers.
enum ASCII {
  /// Lowercases an ASCII letter; other bytes pass through.
  @inline(__always) static func lowercase(_ b: UInt8) -> UInt8 {
    (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
  }

  /// HTTP whitespace per Fetch: TAB, LF, CR, SPACE.
  @inline(__always) static func isHTTPWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
  }

  /// OWS per RFC 9110: SP / HTAB.
  @inline(__always) static func isOWS(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

  @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  /// The value of a hex digit, or nil.
  @inline(__always) static func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: return b - 0x30
    case 0x41...0x46: return b - 0x41 + 10
    case 0x61...0x66: return b - 0x61 + 10
    default: return nil
    }
  }

  /// Whether two byte buffers hold the same bytes.
  static func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    for k in 0..<a.count where a[k] != b[k] { return false }
    return true
  }

  /// Case-insensitive comparison of a byte sequence with a lowercase ASCII literal.
  static func equalsLowercasedBytes(_ bytes: some Sequence<UInt8>, _ lower: StaticString) -> Bool {
    let p = lower.utf8Start
    var i = 0
    for b in bytes {
      guard i < lower.utf8CodeUnitCount, lowercase(b) == p[i] else { return false }
      i += 1
    }
    return i == lower.utf8CodeUnitCount
  }

  /// Case-insensitive comparison of bytes with a lowercase ASCII literal.
  static func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: StaticString) -> Bool {
    guard bytes.count == lower.utf8CodeUnitCount else { return false }
    let p = lower.utf8Start
    for i in 0..<bytes.count where lowercase(bytes[i]) != p[i] { return false }
    return true
  }
}
