/// `%XX` encoding of bytes, for URLs that must go on the wire (or to a parser) as ASCII.
public enum URLPercentEncoding {
  /// `bytes` with every byte for which `escape` is true written as `%XX` (uppercase hex).
  public static func encode(_ bytes: some Sequence<UInt8>, escaping escape: (UInt8) -> Bool) -> [UInt8] {
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.underestimatedCount)
    for b in bytes {
      if escape(b) { out += [0x25, digits[Int(b >> 4)], digits[Int(b & 15)]] } else { out.append(b) }
    }
    return out
  }
}
