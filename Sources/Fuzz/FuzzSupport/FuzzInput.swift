// Splits fuzz bytes into option bytes and NUL-separated fields, so one input drives several
// arguments and libFuzzer's mutations stay meaningful.

import FilenameKit

/// A fuzz input read front to back: option bytes first, then fields separated by NUL.
struct FuzzInput {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The next option byte (0 once the input is used up).
  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// Everything not read yet.
  var rest: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }

  /// The rest split at NUL into at most `count` fields; a field that is absent is nil, and the last
  /// field keeps any further NULs.
  func fields(_ count: Int) -> [[UInt8]?] {
    var out: [[UInt8]?] = []
    var remaining = rest
    while out.count < count - 1, let nul = remaining.firstIndex(of: 0) {
      out.append(Array(remaining[..<nul]))
      remaining = remaining[(nul + 1)...]
    }
    if out.count < count { out.append(Array(remaining)) }
    while out.count < count { out.append(nil) }
    return out
  }
}

/// Choices an option byte selects from.
enum FuzzChoices {
  static func platform(_ b: UInt8) -> Platform { Platform.allCases[Int(b) % Platform.allCases.count] }

  /// nil, or one of the charsets servers really use for raw names.
  static func charset(_ b: UInt8) -> Charset? {
    let labels = ["", "windows-1252", "shift_jis", "gbk", "euc-kr", "big5", "iso-8859-1", "utf-8"]
    let label = labels[Int(b) % labels.count]
    return label.isEmpty ? nil : Charset(label: label)
  }

  /// Replacements, including unsafe ones the sanitizer must refuse.
  static func replacement(_ b: UInt8) -> String {
    ["_", "", "-", "/", ".", " ", "\u{202E}", "\u{301}"][Int(b) % 8]
  }
}
