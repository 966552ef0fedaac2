/// The one hex decoder of the test suites, for fixtures that carry raw bytes.
public enum FixtureHex {
  /// Decodes pairs of hex digits; spaces between bytes are allowed. Stops the run on an odd number of
  /// digits or a character that is not a hex digit, naming the fixture text: a typo in a fixture must not
  /// silently become a different byte.
  public static func decode(_ s: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count / 2)
    var high: UInt8? = nil
    for c in s.utf8 where c != 0x20 {
      guard let v = digit(c) else { fatalError("fixture hex \"\(s)\" has a non-hex character") }
      if let h = high {
        out.append(h << 4 | v)
        high = nil
      } else {
        high = v
      }
    }
    precondition(high == nil, "fixture hex \"\(s)\" has an odd number of digits")
    return out
  }

  /// The value of one ASCII hex digit.
  static func digit(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: c - 0x30
    case 0x41...0x46: c - 0x41 + 10
    case 0x61...0x66: c - 0x61 + 10
    default: nil
    }
  }
}
