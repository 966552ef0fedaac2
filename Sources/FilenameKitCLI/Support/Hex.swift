import FilenameKit

/// Hex helpers for `*_hex` fields and byte display.
enum Hex {
  /// Decodes an even number of hex digits (either case; spaces anywhere are ignored); nil when the
  /// text holds anything else or an odd number of digits.
  static func decode(_ s: String) -> [UInt8]? {
    var s = s
    return s.withUTF8 { decode($0) }
  }

  /// `decode(_:)` over bytes: one table lookup per digit, the output written in place.
  static func decode(_ u: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var ok = true
    let out = [UInt8](unsafeUninitializedCapacity: u.count / 2) { buf, count in
      count = table.withUnsafeBufferPointer { table in decode(u, into: buf, table: table, ok: &ok) }
    }
    return ok ? out : nil
  }

  private static func decode(
    _ u: UnsafeBufferPointer<UInt8>, into buf: UnsafeMutableBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>,
    ok: inout Bool
  ) -> Int {
    var n = 0
    var high: UInt8 = 0
    var haveHigh = false
    // Two digits at a time while no space comes between them (hex sent by a program has none):
    // one table load a digit and no space test (a 1 MiB header is 2 MiB of hex).
    var i = 0
    while i + 1 < u.count {
      let h = table[Int(u[i])]
      let l = table[Int(u[i + 1])]
      guard h | l < 16 else { break }
      buf[n] = h << 4 | l
      n += 1
      i += 2
    }
    for c in u[i...] {
      let v = table[Int(c)]
      if v < 16 {
        if haveHigh {
          buf[n] = high << 4 | v
          n += 1
        } else {
          high = v
        }
        haveHigh.toggle()
      } else if v != space {
        ok = false
        break
      }
    }
    if haveHigh { ok = false }
    return n
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

  /// Marks a space in `table`: skipped by `decode`.
  private static let space: UInt8 = 0xFE

  /// Every byte's digit value; `space` for U+0020; 0xFF for anything else.
  private static let table: [UInt8] = (0...255).map { (c: Int) -> UInt8 in
    ASCII.hexValue(UInt8(c)) ?? (c == 0x20 ? space : 0xFF)
  }
}
