/// A set of ASCII bytes as two 64-bit masks (bytes 0–63, 64–127): membership is a shift and a
/// mask, so a scan asks one question a byte however many characters a rule lists.
struct ASCIISet {
  let low: UInt64
  let high: UInt64

  init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  /// The set of the ASCII bytes of `bytes` (others are left out).
  init(_ bytes: some Sequence<UInt8>) {
    var (low, high): (UInt64, UInt64) = (0, 0)
    for b in bytes where b < 128 {
      if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) }
    }
    self.init(low: low, high: high)
  }

  /// Whether `b` is in the set (never for a byte at or above 0x80).
  @inline(__always) func contains(_ b: UInt8) -> Bool {
    b < 64 ? (low &>> UInt64(b)) & 1 != 0 : b < 128 && (high &>> UInt64(b)) & 1 != 0
  }
}
