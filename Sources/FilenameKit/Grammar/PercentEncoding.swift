// RFC 3986 §2.1: pct-encoded = "%" HEXDIG HEXDIG
enum PercentEncoding {
  /// Decodes every valid `%XX`; an invalid escape is kept literally. Reports whether any escape decoded.
  static func decodeLenient(_ bytes: some Collection<UInt8>) -> (bytes: [UInt8], decodedAny: Bool) {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var decodedAny = false
    var it = bytes.makeIterator()
    var pending: [UInt8] = []
    while true {
      let next: UInt8?
      if !pending.isEmpty { next = pending.removeFirst() } else { next = it.next() }
      guard let b = next else { break }
      guard b == UInt8(ascii: "%") else { out.append(b); continue }
      guard let c1 = it.next() else { out.append(b); break }
      guard let h = ASCII.hexValue(c1) else { out.append(b); pending.append(c1); continue }
      guard let c2 = it.next() else { out.append(b); out.append(c1); break }
      guard let l = ASCII.hexValue(c2) else { out.append(b); out.append(c1); pending.append(c2); continue }
      out.append(h << 4 | l)
      decodedAny = true
    }
    return (out, decodedAny)
  }

  /// Decodes `bytes` only when every `%` starts a valid escape, at least one escape yields a byte
  /// >= 0x80, and the result is valid UTF-8: the shape of a %-escaped UTF-8 name sent in a plain
  /// `filename` (`%EC%98%88%EC%88%A0.jpg`). `foo-%41.html` and `50%.html` stay as they are.
  static func decodeNonASCIIUTF8(_ bytes: [UInt8]) -> String? {
    // No `%`, no escape: the answer is nil without building anything (the usual plain name).
    guard bytes.contains(UInt8(ascii: "%")) else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var high = false
    var i = 0
    var sawEscape = false
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "%") {
        guard i + 2 < bytes.count, let h = ASCII.hexValue(bytes[i + 1]), let l = ASCII.hexValue(bytes[i + 2]) else {
          return nil
        }
        let v = h << 4 | l
        if v >= 0x80 { high = true }
        out.append(v)
        sawEscape = true
        i += 3
      } else {
        out.append(b)
        i += 1
      }
    }
    guard sawEscape, high else { return nil }
    return UTF8Validation.string(out)
  }
}
