/// Hex helpers for `*_hex` fields and byte display.
enum Hex {
  /// Decodes an even-length hex string; nil when it is not one.
  static func decode(_ s: String) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count / 2)
    var high: UInt8? = nil
    for c in s.utf8 {
      if ASCIIHex.isSpace(c) { continue }
      guard let v = ASCIIHex.value(c) else { return nil }
      if let h = high {
        out.append(h << 4 | v)
        high = nil
      } else {
        high = v
      }
    }
    return high == nil ? out : nil
  }

  /// Lowercase hex of bytes.
  static func encode(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for b in bytes {
      out.append(digits[Int(b >> 4)])
      out.append(digits[Int(b & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}

private enum ASCIIHex {
  static func isSpace(_ c: UInt8) -> Bool { c == 0x20 }
  static func value(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: return c - 0x30
    case 0x41...0x46: return c - 0x37
    case 0x61...0x66: return c - 0x57
    default: return nil
    }
  }
}
