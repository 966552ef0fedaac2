/// The leading bytes of a body as the sniffer reads them. Every read is checked against the bytes
/// given (a read past the end yields nil, never a byte from beyond), and the furthest byte read is
/// remembered for `SniffResult.bytesExamined`. No read allocates.
struct SniffBytes {
  private let base: UnsafeBufferPointer<UInt8>
  /// One past the furthest byte read so far.
  private(set) var examined = 0

  init(_ base: UnsafeBufferPointer<UInt8>) { self.base = base }

  /// How many bytes there are.
  var count: Int { base.count }

  /// The byte at `i`, or nil when `i` is outside the bytes.
  @inline(__always) mutating func byte(_ i: Int) -> UInt8? {
    guard i >= 0, i < base.count else { return nil }
    if i >= examined { examined = i + 1 }
    return base[i]
  }

  /// A big-endian integer of `width` bytes (at most 8) at `i`, or nil when it does not fit.
  mutating func bigEndian(_ i: Int, width: Int) -> UInt64? {
    guard i >= 0, width <= 8, i <= base.count - width else { return nil }
    var v: UInt64 = 0
    for k in 0..<width { v = v << 8 | UInt64(base[i + k]) }
    if i + width > examined { examined = i + width }
    return v
  }

  /// A little-endian integer of `width` bytes (at most 8) at `i`, or nil when it does not fit.
  mutating func littleEndian(_ i: Int, width: Int) -> UInt64? {
    guard i >= 0, width <= 8, i <= base.count - width else { return nil }
    var v: UInt64 = 0
    for k in stride(from: width - 1, through: 0, by: -1) { v = v << 8 | UInt64(base[i + k]) }
    if i + width > examined { examined = i + width }
    return v
  }

  mutating func u16le(_ i: Int) -> Int? { littleEndian(i, width: 2).map { Int($0) } }
  mutating func u32le(_ i: Int) -> Int? { littleEndian(i, width: 4).map { Int($0) } }
  mutating func u32be(_ i: Int) -> Int? { bigEndian(i, width: 4).map { Int($0) } }

  /// Whether the bytes at `i` are exactly `literal`'s UTF-8 bytes.
  mutating func has(_ literal: StaticString, at i: Int) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard i >= 0, i <= base.count - n else { return false }
    let p = literal.utf8Start
    for k in 0..<n {
      if i + k >= examined { examined = i + k + 1 }
      if base[i + k] != p[k] { return false }
    }
    return true
  }

  /// Whether the `n` bytes at `i` (inside the bytes) equal `literal`'s UTF-8 bytes.
  mutating func range(_ i: Int, count n: Int, equals literal: StaticString) -> Bool {
    n == literal.utf8CodeUnitCount && has(literal, at: i)
  }

  /// Whether the `n` bytes at `i` start with `literal`.
  mutating func range(_ i: Int, count n: Int, startsWith literal: StaticString) -> Bool {
    n >= literal.utf8CodeUnitCount && has(literal, at: i)
  }

  /// The bytes `i..<i+n` as text (ASCII expected; others decoded as UTF-8 with replacement), or nil
  /// when they are not all inside the bytes. For details of a result only, never on a hot path.
  mutating func text(_ i: Int, count n: Int) -> String? {
    guard i >= 0, n >= 0, i <= base.count - n else { return nil }
    if i + n > examined { examined = i + n }
    return String(decoding: UnsafeBufferPointer(rebasing: base[i..<i + n]), as: UTF8.self)
  }
}
