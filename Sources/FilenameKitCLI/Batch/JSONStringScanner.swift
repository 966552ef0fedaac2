import FilenameKit

/// Scans one JSON string literal (RFC 8259 §7) in a batch line's bytes and decodes it to UTF-8.
///
/// One pass, byte runs copied in bulk: eight bytes at a time are checked for the four things that need
/// a closer look (`"`, `\`, a control byte, a byte at or above 0x80), so a long plain run costs about a
/// load and a few ALU operations per eight bytes. Non-ASCII bytes must be well-formed UTF-8 (Unicode
/// Table 3-7: no overlongs, no surrogates, nothing above U+10FFFF); `\uXXXX` surrogates must pair.
enum JSONStringScanner {
  /// How a scan ended.
  enum Outcome: Equatable {
    /// The literal is well formed; the index is past its closing quote.
    case ok
    /// The literal ends, but its text is not Unicode text (the reason, for the error line).
    /// The index is past its closing quote; the decoded bytes are not meaningful.
    case invalid(String)
    /// The line ends inside the literal.
    case unterminated
  }

  /// Scans the literal whose opening quote is at `i`; on return `i` is past the closing quote.
  /// With `decode`, `text` holds the decoded bytes (cleared first); without it, `text` is untouched.
  static func scan(
    _ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, into text: inout [UInt8], decode: Bool
  ) -> Outcome {
    var plain: Range<Int>? = nil
    let outcome = scan(b, &i, into: &text, decode: decode, plain: &plain)
    if decode, let plain {
      text.removeAll(keepingCapacity: true)
      text.append(contentsOf: UnsafeBufferPointer(rebasing: b[plain]))
    }
    return outcome
  }

  /// `scan(_:_:into:decode:)`, except that a literal without an escape is not copied: `plain` is
  /// then the range of its text in `b` and `text` is untouched. After an escape, `plain` is nil
  /// and `text` (when decoding) holds the decoded bytes.
  static func scan(
    _ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, into text: inout [UInt8], decode: Bool,
    plain: inout Range<Int>?
  ) -> Outcome {
    plain = nil
    var problem: String? = nil
    i += 1
    let start = i
    var runStart = i
    var escaped = false
    func flush(_ end: Int) {
      if decode && end > runStart { text.append(contentsOf: UnsafeBufferPointer(rebasing: b[runStart..<end])) }
    }
    while true {
      i = skipPlain(b, from: i)
      guard i < b.count else { return .unterminated }
      let c = b[i]
      switch c {
      case UInt8(ascii: "\""):
        if escaped { flush(i) } else { plain = start..<i }
        i += 1
        return problem.map { .invalid($0) } ?? .ok
      case UInt8(ascii: "\\"):
        if !escaped {
          escaped = true
          if decode { text.removeAll(keepingCapacity: true) }
        }
        flush(i)
        guard i + 1 < b.count else { return .unterminated }
        if let reason = unescape(b, &i, into: &text, decode: decode) { problem = problem ?? reason }
        runStart = i
      case 0x00..<0x20:
        problem = problem ?? "unescaped control character in a string"
        i += 1
      case 0x80...:
        let width = UTF8Check.width(b, at: i)
        if width == 0 {
          problem = problem ?? "invalid UTF-8 in a string"
          i += 1
        } else {
          i += width
        }
      default:
        i += 1
      }
    }
  }

  /// The index of the first byte at or after `i` that is `"`, `\`, below 0x20 or at/above 0x80
  /// (or `b.count`). Eight bytes per step while eight remain.
  @inline(__always)
  static func skipPlain(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var i = start
    if let base = b.baseAddress {
      let raw = UnsafeRawPointer(base)
      while i + 8 <= b.count {
        let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        if SWAR.hasStringSpecial(w) { break }
        i += 8
      }
    }
    while i < b.count {
      let c = b[i]
      if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { return i }
      i += 1
    }
    return i
  }

  /// Decodes the escape at `i` (a backslash, with at least one byte after it) and moves past it.
  /// Returns the reason when it is not a valid escape or is a lone surrogate; the scan goes on
  /// after the backslash's next byte, so the literal's end is still found.
  private static func unescape(
    _ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, into text: inout [UInt8], decode: Bool
  ) -> String? {
    let e = b[i + 1]
    let simple: UInt8?
    switch e {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = e
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"): simple = nil
    default:
      i += 2
      return "invalid escape in a string"
    }
    if let simple {
      if decode { text.append(simple) }
      i += 2
      return nil
    }
    guard let unit = hex4(b, i + 2) else {
      i += 2
      return "invalid \\u escape in a string"
    }
    var scalar = unit
    var width = 6
    if (0xD800...0xDBFF).contains(unit) {
      guard i + 7 < b.count, b[i + 6] == UInt8(ascii: "\\"), b[i + 7] == UInt8(ascii: "u"),
        let low = hex4(b, i + 8), (0xDC00...0xDFFF).contains(low)
      else {
        i += 6
        return "lone surrogate \(CodePoint.spelled(unit)) in a string"
      }
      scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      width = 12
    } else if (0xDC00...0xDFFF).contains(unit) {
      i += 6
      return "lone surrogate \(CodePoint.spelled(unit)) in a string"
    }
    if decode { UTF8Check.append(scalar, to: &text) }
    i += width
    return nil
  }

  /// The value of four hex digits at `at`, or nil.
  private static func hex4(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32? {
    guard at + 4 <= b.count else { return nil }
    var v: UInt32 = 0
    for k in at..<(at + 4) {
      guard let d = ASCII.hexValue(b[k]) else { return nil }
      v = v << 4 | UInt32(d)
    }
    return v
  }
}

/// Word-at-a-time byte tests (the classic bit tricks, e.g. Anderson's "Bit Twiddling Hacks"). Each may
/// report a byte that is not there (a borrow from a lower byte), never miss one: callers re-check per byte.
enum SWAR {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// Some byte of `w` is zero.
  @inline(__always) static func hasZero(_ w: UInt64) -> Bool { (w &- ones) & ~w & highs != 0 }

  /// Some byte of `w` equals `byte`.
  @inline(__always) static func has(_ w: UInt64, _ byte: UInt8) -> Bool { hasZero(w ^ (ones &* UInt64(byte))) }

  /// Some byte of `w` is below `n` (n ≤ 128) or at/above 0x80.
  @inline(__always) static func hasBelowOrHigh(_ w: UInt64, _ n: UInt8) -> Bool {
    ((w &- ones &* UInt64(n)) | w) & highs != 0
  }

  /// Some byte of `w` is `"`, `\`, below 0x20 or at/above 0x80: what a JSON string scan stops at.
  @inline(__always) static func hasStringSpecial(_ w: UInt64) -> Bool {
    hasBelowOrHigh(w, 0x20) || has(w, UInt8(ascii: "\"")) || has(w, UInt8(ascii: "\\"))
  }
}
