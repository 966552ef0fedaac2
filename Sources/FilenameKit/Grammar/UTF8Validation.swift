/// Strict UTF-8 decoding that runs on every OS the package supports.
///
/// ```swift
/// UTF8Validation.string([0xE4, 0xB8, 0xAD])  // "中"
/// UTF8Validation.string([0xE4, 0xB8])        // nil: truncated, not repaired
/// ```
///
/// The standard library's `String(validating:as:)` does the same but needs iOS 18 / macOS 15; the core
/// supports iOS 14.5 (`WKDownload`), so it decodes with `String(decoding:as:)`, which replaces each
/// ill-formed sequence with U+FFFD, and keeps the result only when it re-encodes to the input bytes
/// exactly (a repair never does). One behaviour on every platform, so the Linux suite tests it.
enum UTF8Validation {
  /// The text `bytes` encode as UTF-8, or nil when they are not well-formed UTF-8.
  static func string(_ bytes: some Collection<UInt8>) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }
}
