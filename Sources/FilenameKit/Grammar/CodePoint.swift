/// The Unicode Standard's notation for a code point: `U+` and at least four uppercase hex digits
/// (`U+0007`, `U+202E`, `U+1F600`), as diagnostics, traces and escaped terminal text spell one.
package enum CodePoint {
  /// `U+XXXX` for `value`.
  package static func spelled(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
