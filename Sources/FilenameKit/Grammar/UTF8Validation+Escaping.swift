// Bytes that should be UTF-8 but may not be (a command line's, a file system's): kept visible as
// `%XX` where they are not, so that no byte is lost to U+FFFD without a word.

extension UTF8Validation {
  /// `bytes` as text, each byte outside a well-formed sequence (`sequenceLength`) spelt `%XX` in
  /// uppercase hex, and how many bytes were spelt so. Valid UTF-8 comes back unchanged with 0.
  /// The bytes 61 FF 62 give `("a%FFb", 1)`; E4 B8 (a cut `中`) then 2E give `("%E4%B8.", 2)`.
  static func escapingIllFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, escaped: Int) {
    if isWellFormed(bytes) { return (String(decoding: bytes, as: UTF8.self), 0) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 3)
    var escaped = 0
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      let width = b < 0x80 ? 1 : sequenceLength(bytes, at: i)
      if width > 0 {
        out.append(contentsOf: bytes[i..<i + width])
        i += width
        continue
      }
      let (percent, high, low) = PercentEncoding.escape(b)
      out.append(percent)
      out.append(high)
      out.append(low)
      escaped += 1
      i += 1
    }
    return (String(decoding: out, as: UTF8.self), escaped)
  }
}
