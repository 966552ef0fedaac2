// RFC 3986 §2.1: pct-encoded = "%" HEXDIG HEXDIG — and its twins, RFC 2047's Q encoding `=XX` and
// RFC 8187's ext-value escapes. Every escape decoder of the package is built on `escapedByte`.
package enum PercentEncoding {
  /// The byte that the escape starting at `i` (`%XX` or `=XX`: the marker is not checked) encodes,
  /// or nil when two hex digits do not follow.
  @inline(__always)
  static func escapedByte<C: RandomAccessCollection<UInt8>>(_ s: C, at i: Int) -> UInt8? where C.Index == Int {
    guard i + 2 < s.endIndex, let h = ASCII.hexValue(s[i + 1]), let l = ASCII.hexValue(s[i + 2]) else { return nil }
    return h << 4 | l
  }

  /// The three bytes of `%XX` that encode `b`, in uppercase hex (RFC 3986 §2.1: producers should
  /// use uppercase). Every `%XX` writer of the package spells its escapes with it.
  @inline(__always)
  static func escape(_ b: UInt8) -> (UInt8, UInt8, UInt8) {
    (UInt8(ascii: "%"), hexDigit(b >> 4), hexDigit(b & 0xF))
  }

  /// `bytes` with every byte for which `escape` is true written as `%XX` (uppercase hex).
  package static func encode(_ bytes: some Sequence<UInt8>, escaping escape: (UInt8) -> Bool) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.underestimatedCount)
    for b in bytes {
      if escape(b) {
        let (p, h, l) = Self.escape(b)
        out += [p, h, l]
      } else {
        out.append(b)
      }
    }
    return out
  }

  /// The uppercase hex digit of `v` (0-15).
  @inline(__always) static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x37 + v }

  /// What `decodeStrict` produced.
  struct Decoded {
    var bytes: [UInt8]
    /// Whether any escape was decoded.
    var sawEscape = false
    /// Whether an escape decoded to a byte >= 0x80.
    var sawHighEscape = false
  }

  /// Decodes `s` where every `marker` byte must start a well-formed escape; `literal` maps every
  /// other byte (nil refuses it). Nil when an escape is malformed or truncated, or a byte is refused.
  static func decodeStrict<C: RandomAccessCollection<UInt8>>(
    _ s: C, marker: UInt8 = UInt8(ascii: "%"), literal: (UInt8) -> UInt8?
  ) -> Decoded? where C.Index == Int {
    var out = Decoded(bytes: [])
    out.bytes.reserveCapacity(s.count)
    var i = s.startIndex
    while i < s.endIndex {
      let b = s[i]
      if b == marker {
        guard let v = escapedByte(s, at: i) else { return nil }
        out.bytes.append(v)
        out.sawEscape = true
        if v >= 0x80 { out.sawHighEscape = true }
        i += 3
      } else {
        guard let l = literal(b) else { return nil }
        out.bytes.append(l)
        i += 1
      }
    }
    return out
  }

  /// Decodes every valid `%XX`; an invalid escape is kept literally. Reports whether any escape decoded.
  static func decodeLenient(_ bytes: [UInt8]) -> (bytes: [UInt8], decodedAny: Bool) {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var decodedAny = false
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%"), let v = escapedByte(bytes, at: i) {
        out.append(v)
        decodedAny = true
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return (out, decodedAny)
  }
}
