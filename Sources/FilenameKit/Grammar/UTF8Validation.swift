/// Strict UTF-8 decoding that runs on every OS the package supports.
///
/// ```swift
/// UTF8Validation.string([0xE4, 0xB8, 0xAD])  // "中"
/// UTF8Validation.string([0xE4, 0xB8])        // nil: truncated, not repaired
/// ```
///
/// The standard library's `String(validating:as:)` does the same but needs iOS 18 / macOS 15; the core
/// supports iOS 14.5 (`WKDownload`). Bytes are checked first against the well-formed byte sequences
/// of Unicode §3.9 Table 3-7 (no overlong forms, no surrogates, nothing above U+10FFFF): an
/// ill-formed input costs one pass and no allocation. Well-formed bytes are then decoded with
/// `String(decoding:as:)`. One behaviour on every platform, so the Linux suite tests it.
package enum UTF8Validation {
  /// The text `bytes` encode as UTF-8, or nil when they are not well-formed UTF-8.
  static func string(_ bytes: some Collection<UInt8>) -> String? {
    if let r = bytes.withContiguousStorageIfAvailable({ string(buffer: $0) }) { return r }
    return Array(bytes).withUnsafeBufferPointer { string(buffer: $0) }
  }

  /// `string(_:)` on contiguous bytes.
  package static func string(buffer: UnsafeBufferPointer<UInt8>) -> String? {
    isWellFormed(buffer) ? String(decoding: buffer, as: UTF8.self) : nil
  }

  /// The greatest scalar boundary of `u` at or before `offset` (not a continuation byte).
  static func scalarBoundary(in u: UnsafeBufferPointer<UInt8>, atOrBefore offset: Int) -> Int {
    var i = Swift.max(0, Swift.min(offset, u.count))
    while i > 0 && i < u.count && u[i] & 0xC0 == 0x80 { i -= 1 }
    return i
  }

  /// The scalar whose UTF-8 begins at `start` in well-formed `u`, and where the next one begins
  /// (U+FFFD for a sequence `u` cuts short).
  @inline(__always)
  static func scalar(in u: UnsafeBufferPointer<UInt8>, at start: Int) -> (scalar: Unicode.Scalar, end: Int) {
    let lead = u[start]
    let count = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard start + count <= u.count else { return ("\u{FFFD}", u.count) }
    var v = count == 1 ? UInt32(lead) : UInt32(lead) & (0x7F >> count)
    for k in start + 1..<start + count { v = v << 6 | UInt32(u[k] & 0x3F) }
    return (Unicode.Scalar(v) ?? "\u{FFFD}", start + count)
  }

  /// Whether `p` is well-formed UTF-8 (Unicode §3.9, Table 3-7).
  static func isWellFormed(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < p.count {
      if p[i] < 0x80 {
        i += 1
        continue
      }
      let width = sequenceLength(p, at: i)
      if width == 0 { return false }
      i += width
    }
    return true
  }

  /// The length of the well-formed sequence (Unicode §3.9, Table 3-7) that starts at `i`, a byte at
  /// or above 0x80; 0 when the bytes there are not one: a stray continuation byte, an overlong form,
  /// a surrogate, a scalar above U+10FFFF, or a sequence cut off by the end of the buffer. The one
  /// statement of the rule in the package (the batch line scanner uses it too).
  @inlinable
  package static func sequenceLength(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    let n = p.count
    func cont(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool { k < n && p[k] >= low && p[k] <= high }
    switch p[i] {
    case 0xC2...0xDF: return cont(i + 1) ? 2 : 0
    case 0xE0: return cont(i + 1, 0xA0) && cont(i + 2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF: return cont(i + 1) && cont(i + 2) ? 3 : 0
    case 0xED: return cont(i + 1, 0x80, 0x9F) && cont(i + 2) ? 3 : 0
    case 0xF0: return cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0
    case 0xF1...0xF3: return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
    case 0xF4: return cont(i + 1, 0x80, 0x8F) && cont(i + 2) && cont(i + 3) ? 4 : 0
    default: return 0
    }
  }
}
