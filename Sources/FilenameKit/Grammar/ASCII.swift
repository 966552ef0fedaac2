// Byte-level ASCII predicates shared by the parsers.
package enum ASCII {
  /// Lowercases an ASCII letter; other bytes pass through.
  @inline(__always) package static func lowercase(_ b: UInt8) -> UInt8 {
    (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
  }

  /// HTTP whitespace per Fetch: TAB, LF, CR, SPACE.
  @inline(__always) static func isHTTPWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
  }

  /// OWS per RFC 9110: SP / HTAB.
  @inline(__always) static func isOWS(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

  @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  /// The value of a hex digit (either case), or nil. Arithmetic, not a table: a static table costs
  /// a lazy-initialization check per call.
  @inline(__always) package static func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: return b - 0x30
    case 0x41...0x46: return b - 0x41 + 10
    case 0x61...0x66: return b - 0x61 + 10
    default: return nil
    }
  }

  /// ASCII bytes (a token) as a lowercased string, without an intermediate array, lowercased
  /// eight bytes at a time (`lowercaseWord`; the last word may overlap the one before).
  static func lowercasedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: bytes.count) { out in
      let n = bytes.count
      guard n >= 8, let src = bytes.baseAddress, let dst = out.baseAddress else {
        for k in 0..<n { out[k] = lowercase(bytes[k]) }
        return n
      }
      let from = UnsafeRawPointer(src)
      let to = UnsafeMutableRawPointer(dst)
      var k = 0
      while true {
        let word = lowercaseWord(from.loadUnaligned(fromByteOffset: k, as: UInt64.self))
        to.storeBytes(of: word, toByteOffset: k, as: UInt64.self)
        if k == n - 8 { return n }
        k = Swift.min(k + 8, n - 8)
      }
    }
  }

  /// The first index at or after `start` holding `byte`, or nil. Eight bytes are tested at a time
  /// (`ByteScan.firstIndex(of:in:from:)`), so the scan of a megabyte with no match is about a million
  /// instructions, not nine.
  static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
    let k = ByteScan.firstIndex(of: (byte, byte, byte), in: bytes, from: start)
    return k < bytes.count ? k : nil
  }

  /// Whether two byte buffers hold the same bytes.
  static func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
    // Eight bytes at a time, then the rest.
    let ra = UnsafeRawPointer(pa)
    let rb = UnsafeRawPointer(pb)
    var k = 0
    while k + 8 <= a.count {
      if ra.loadUnaligned(fromByteOffset: k, as: UInt64.self) != rb.loadUnaligned(fromByteOffset: k, as: UInt64.self) {
        return false
      }
      k += 8
    }
    while k < a.count {
      if a[k] != b[k] { return false }
      k += 1
    }
    return true
  }

  /// Whether two strings hold the same UTF-8 bytes (String's `==` is canonical equivalence),
  /// compared in place: a name can be a megabyte long.
  static func sameUTF8(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in bytesEqual(x, y) } }
  }

  /// Whether some UTF-8 byte of `text` satisfies `predicate`, looked for in the string's
  /// contiguous bytes: `String.UTF8View.contains(where:)` walks string indices and calls the
  /// predicate through a pointer for every byte.
  @inline(__always)
  static func containsByte(in text: Substring, where predicate: (UInt8) -> Bool) -> Bool {
    // `withUTF8`: the UTF-8 view's `withContiguousStorageIfAvailable` is not specialized for a
    // substring (it goes through the generic, unspecialized entry point).
    var text = text
    return text.withUTF8 { $0.contains(where: predicate) }
  }

  /// `containsByte(in:where:)` for any text.
  @inline(__always)
  static func containsByte(in text: some StringProtocol, where predicate: (UInt8) -> Bool) -> Bool {
    let found = text.utf8.withContiguousStorageIfAvailable { bytes in
      for b in bytes where predicate(b) { return true }
      return false
    }
    if let found { return found }
    var copy = String(text)
    return copy.withUTF8 { $0.contains(where: predicate) }
  }

  /// Case-insensitive comparison of a byte sequence with a lowercase ASCII literal.
  static func equalsLowercasedBytes(_ bytes: some Sequence<UInt8>, _ lower: StaticString) -> Bool {
    let p = lower.utf8Start
    var i = 0
    for b in bytes {
      guard i < lower.utf8CodeUnitCount, lowercase(b) == p[i] else { return false }
      i += 1
    }
    return i == lower.utf8CodeUnitCount
  }

  /// Case-insensitive comparison of bytes with a lowercase ASCII literal, eight bytes at a time
  /// (the literals are type and parameter names, compared on every parse).
  static func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: StaticString) -> Bool {
    equalsLowercased(bytes, lowercase: UnsafeBufferPointer(start: lower.utf8Start, count: lower.utf8CodeUnitCount))
  }

  /// `equalsLowercased(_:_:)` with lowercase bytes that are not a literal (a table's names).
  static func equalsLowercased(
    _ bytes: UnsafeBufferPointer<UInt8>, lowercase lower: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard bytes.count == lower.count else { return false }
    guard let base = bytes.baseAddress, let lowerBase = lower.baseAddress else { return true }
    let a = UnsafeRawPointer(base)
    let b = UnsafeRawPointer(lowerBase)
    var i = 0
    while i + 8 <= bytes.count {
      let word = a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      if lowercaseWord(word) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
      i += 8
    }
    if i < bytes.count && bytes.count >= 8 {
      // The last eight bytes, overlapping the words already compared.
      let last = bytes.count - 8
      return lowercaseWord(a.loadUnaligned(fromByteOffset: last, as: UInt64.self))
        == b.loadUnaligned(fromByteOffset: last, as: UInt64.self)
    }
    while i < bytes.count {
      if lowercase(bytes[i]) != lower[i] { return false }
      i += 1
    }
    return true
  }

  /// `lowercase` applied to each byte of a word (SWAR: a byte's high bit marks `A`-`Z` after two
  /// biased additions that cannot carry into the next byte, and that bit shifted to 0x20 is added).
  @inline(__always) static func lowercaseWord(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low7 = w & (0x7F &* ones)
    let atLeastA = low7 &+ (0x80 - 0x41) &* ones
    let pastZ = low7 &+ (0x80 - 0x5B) &* ones
    let upper = atLeastA & ~pastZ & ~w & (0x80 &* ones)
    return w | (upper >> 2)
  }

  /// The hash of the ASCII-lowercased bytes used by the package's open-addressing tables (the
  /// registry's, generated with the same function by `Scripts/generate-media-types.py`, and
  /// `RenderCapabilities`'): eight bytes at a time as little-endian words (`lowercaseWord`), then
  /// the rest as one word, each xor-ed in and multiplied by the golden-ratio constant, the length
  /// first; the high half folded into the low. A byte at a time (FNV-1a) is a multiply per byte,
  /// for every media type and extension looked up.
  static func caseFoldedHash(_ s: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let k: UInt64 = 0x9E37_79B9_7F4A_7C15
    let n = s.count
    var h = UInt64(truncatingIfNeeded: n) &* k
    var tail: UInt64 = 0
    if let base = s.baseAddress, n >= 8 {
      let raw = UnsafeRawPointer(base)
      var i = 0
      while i + 8 <= n {
        h = (h ^ lowercaseWord(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))) &* k
        i += 8
      }
      // The rest, as the high bytes of the last eight (little-endian) moved down.
      if i < n {
        tail = lowercaseWord(raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)) >> UInt64(8 * (8 - (n - i)))
      }
    } else {
      for i in 0..<n { tail |= UInt64(lowercase(s[i])) << UInt64(8 * i) }
    }
    h = (h ^ tail) &* k
    h ^= h >> 32
    return UInt32(truncatingIfNeeded: h)
  }
}
