/// Word-at-a-time scanning (eight bytes per step, SWAR; sixteen with SIMD compares) for the fast
/// paths' "plain" runs and for the bytes they look for: the header and URL shapes they take are
/// mostly bytes that need no decision, and a byte loop with several comparisons a byte was most of
/// their cost.
enum ByteScan {
  /// Where the whole eight-byte words from `start` that hold only bytes in `lowest...0x7E` and
  /// none of `stops` end: a byte loop then reads the rest exactly. (Repeat a stop to use fewer.)
  @inline(__always)
  static func plainWordsEnd(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, lowest: UInt8,
    stops: (UInt8, UInt8, UInt8, UInt8, UInt8)
  ) -> Int {
    guard let base = input.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    // Whether any byte of `w` is zero (exact for "any": a borrow only follows a zero byte).
    @inline(__always) func hasZero(_ w: UInt64) -> Bool { (w &- ones) & ~w & high != 0 }
    @inline(__always) func has(_ w: UInt64, _ b: UInt8) -> Bool { hasZero(w ^ (UInt64(b) &* ones)) }
    var j = start
    // Sixteen bytes at a time first (SIMD compares) when there are that many, then words of eight.
    if input.count - j >= 16 {
      let (low, top) = (SIMD16<UInt8>(repeating: lowest), SIMD16<UInt8>(repeating: 0x7E))
      let (s0, s1, s2) = (SIMD16(repeating: stops.0), SIMD16(repeating: stops.1), SIMD16(repeating: stops.2))
      let (s3, s4) = (SIMD16<UInt8>(repeating: stops.3), SIMD16<UInt8>(repeating: stops.4))
      while j + 16 <= input.count {
        let v = raw.loadUnaligned(fromByteOffset: j, as: SIMD16<UInt8>.self)
        let special = (v .< low) .| (v .> top) .| (v .== s0) .| (v .== s1) .| (v .== s2) .| (v .== s3) .| (v .== s4)
        if any(special) { break }
        j += 16
      }
    }
    while j + 8 <= input.count {
      let w = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
      // A byte below `lowest` (none is >= 0x80 once the next test passes), or 0x7F and above.
      let below = (w &- UInt64(lowest) &* ones) & ~w & high != 0
      let above7E = ((w &+ ones) | w) & high != 0
      if below || above7E || has(w, stops.0) || has(w, stops.1) || has(w, stops.2) || has(w, stops.3)
        || has(w, stops.4)
      {
        break
      }
      j += 8
    }
    return j
  }

  /// Where the whole eight-byte words from `start` that hold only ASCII (no byte at or above 0x80)
  /// end: a byte loop then reads the rest exactly.
  @inline(__always)
  static func asciiWordsEnd(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = input.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    var j = start
    while j + 8 <= input.count, raw.loadUnaligned(fromByteOffset: j, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
      j += 8
    }
    return j
  }

  /// The index of the first byte at or after `start` that is one of `bytes` (repeat one to look for
  /// fewer), or `input.count`. Eight bytes per step: in a word, the lowest byte the zero-byte test
  /// flags is a true match (a false one can only follow a true one), so the match is found without
  /// a byte loop.
  @inline(__always)
  static func firstIndex(
    of bytes: (UInt8, UInt8, UInt8), in input: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int {
    var j = start
    if let base = input.baseAddress {
      let raw = UnsafeRawPointer(base)
      let ones: UInt64 = 0x0101_0101_0101_0101
      let high: UInt64 = 0x8080_8080_8080_8080
      @inline(__always) func zeros(_ w: UInt64) -> UInt64 { (w &- ones) & ~w & high }
      let (a, b, c) = (UInt64(bytes.0) &* ones, UInt64(bytes.1) &* ones, UInt64(bytes.2) &* ones)
      while j + 8 <= input.count {
        let w = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)  // little-endian: byte k at bits 8k
        let m = zeros(w ^ a) | zeros(w ^ b) | zeros(w ^ c)
        if m != 0 { return j + m.trailingZeroBitCount / 8 }
        j += 8
      }
    }
    while j < input.count && input[j] != bytes.0 && input[j] != bytes.1 && input[j] != bytes.2 { j += 1 }
    return j
  }

  /// The index of the first byte at or after `start` that is below `lowest`, above 0x7E or one of
  /// `stops`, or `input.count`: `plainWordsEnd` to the exact byte. In a word the lowest byte each
  /// test flags is a true one (a borrow or carry only runs upward from a true one), so the word's
  /// first flagged byte is found without a byte loop.
  @inline(__always)
  static func firstNotPlain(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, lowest: UInt8, stops: (UInt8, UInt8, UInt8)
  ) -> Int {
    var j = plainWordsEnd(input, from: start, lowest: lowest, stops: (stops.0, stops.1, stops.2, stops.0, stops.0))
    if let base = input.baseAddress, j + 8 <= input.count {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let high: UInt64 = 0x8080_8080_8080_8080
      @inline(__always) func zeros(_ w: UInt64) -> UInt64 { (w &- ones) & ~w & high }
      let w = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: j, as: UInt64.self)
      let below = (w &- UInt64(lowest) &* ones) & ~w & high
      let above7E = ((w &+ ones) | w) & high
      let m =
        below | above7E | zeros(w ^ (UInt64(stops.0) &* ones)) | zeros(w ^ (UInt64(stops.1) &* ones))
        | zeros(w ^ (UInt64(stops.2) &* ones))
      if m != 0 { return j + m.trailingZeroBitCount / 8 }  // (`plainWordsEnd` stopped here: always)
    }
    while j < input.count {
      let b = input[j]
      if b < lowest || b > 0x7E || b == stops.0 || b == stops.1 || b == stops.2 { return j }
      j += 1
    }
    return j
  }
}
