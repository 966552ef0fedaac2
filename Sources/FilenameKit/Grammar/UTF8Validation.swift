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
enum UTF8Validation {
  /// The text `bytes` encode as UTF-8, or nil when they are not well-formed UTF-8.
  static func string(_ bytes: some Collection<UInt8>) -> String? {
    if let r = bytes.withContiguousStorageIfAvailable({ string(buffer: $0) }) { return r }
    return Array(bytes).withUnsafeBufferPointer { string(buffer: $0) }
  }

  /// `string(_:)` on contiguous bytes.
  static func string(buffer: UnsafeBufferPointer<UInt8>) -> String? {
    isWellFormed(buffer) ? String(decoding: buffer, as: UTF8.self) : nil
  }

  /// Whether `p` is well-formed UTF-8 (Unicode §3.9, Table 3-7).
  static func isWellFormed(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let n = p.count
    while i < n {
      let b = p[i]
      if b < 0x80 {
        i += 1
        continue
      }
      // The second byte's range depends on the lead byte; later bytes are 80...BF.
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch b {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return false
      }
      guard i + length <= n, p[i + 1] >= low, p[i + 1] <= high else { return false }
      var k = 2
      while k < length {
        guard p[i + k] & 0xC0 == 0x80 else { return false }
        k += 1
      }
      i += length
    }
    return true
  }
}
