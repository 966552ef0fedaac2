/// Well-formed UTF-8 (Unicode 15, §3.9 Table 3-7), byte by byte, for the batch line scanner.
enum UTF8Check {
  /// The length of the well-formed sequence starting at `i` (a byte at or above 0x80), or 0 when the
  /// bytes there are not one: a stray continuation byte, an overlong form, a surrogate, a scalar above
  /// U+10FFFF, or a sequence cut off by the end of the buffer.
  @inline(__always)
  static func width(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    let lead = b[i]
    let n = b.count
    func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool { k < n && b[k] >= lo && b[k] <= hi }
    switch lead {
    case 0xC2...0xDF: return cont(i + 1) ? 2 : 0
    case 0xE0: return cont(i + 1, 0xA0) && cont(i + 2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF: return cont(i + 1) && cont(i + 2) ? 3 : 0
    case 0xED: return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0
    case 0xF0: return cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0
    case 0xF1...0xF3: return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
    case 0xF4: return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0
    default: return 0
    }
  }

  /// Appends the UTF-8 form of `scalar` (a Unicode scalar value: not a surrogate, at most U+10FFFF).
  @inline(__always)
  static func append(_ scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      out.append(UInt8(scalar))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | scalar >> 6))
      out.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | scalar >> 12))
      out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      out.append(UInt8(0x80 | scalar & 0x3F))
    default:
      out.append(UInt8(0xF0 | scalar >> 18))
      out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      out.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
