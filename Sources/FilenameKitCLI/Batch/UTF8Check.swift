import FilenameKit

/// Well-formed UTF-8 (Unicode 15, §3.9 Table 3-7), byte by byte, for the batch line scanner.
enum UTF8Check {
  /// The length of the well-formed sequence starting at `i` (a byte at or above 0x80), or 0: the
  /// core's statement of Table 3-7.
  @inline(__always)
  static func width(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int { UTF8Validation.sequenceLength(b, at: i) }

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
