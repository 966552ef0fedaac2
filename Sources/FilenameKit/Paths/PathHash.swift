/// A short, stable fingerprint of bytes for names that must stay apart after a cut: FNV-1a, 64-bit
/// (Fowler, Noll and Vo; offset basis 0xcbf29ce484222325, prime 0x100000001b3), written in lowercase
/// hex. The same bytes give the same digits on every platform and in every release.
///
/// ```swift
/// PathHash.hex(Array("a=1".utf8), digits: 8)   // the first 8 of the 16 hex digits
/// ```
public enum PathHash {
  /// FNV-1a over `bytes`.
  public static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes {
      h ^= UInt64(b)
      h = h &* 0x0000_0100_0000_01b3
    }
    return h
  }

  /// The first `digits` (1-16) lowercase hex digits of `fnv1a64(bytes)`, most significant first.
  public static func hex(_ bytes: some Sequence<UInt8>, digits: Int = 16) -> String {
    let h = fnv1a64(bytes)
    let n = Swift.min(Swift.max(digits, 1), 16)
    var out: [UInt8] = []
    out.reserveCapacity(n)
    for k in 0..<n {
      let nibble = UInt8(truncatingIfNeeded: h >> UInt64(60 - 4 * k)) & 0xF
      out.append(nibble < 10 ? 0x30 + nibble : 0x57 + nibble)
    }
    return String(decoding: out, as: UTF8.self)
  }
}
