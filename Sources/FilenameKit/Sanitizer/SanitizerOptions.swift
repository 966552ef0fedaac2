/// Settings for `FilenameSanitizer.sanitize(_:for:options:)`.
///
/// ```swift
/// var options = SanitizerOptions()
/// options.maxLength = 100              // in the platform's unit
/// options.reservedSuffixLength = 5     // room for " (12)"
/// options.dangerousTypes = .neutralize // "setup.exe" -> "setup.exe.download"
/// ```
public struct SanitizerOptions: Sendable, Hashable {
  /// Replaces path separators and forbidden characters. It must itself be safe on the platform
  /// (no separators, forbidden, control, invisible, whitespace or `.` characters, no combining
  /// marks) and at most 8 scalars long (``FilenameSanitizer/isUsableReplacement(_:on:)``);
  /// otherwise `_` is used. An empty replacement deletes.
  public var replacement: String
  /// The Unicode normalization form of the result (NFC by default).
  public var normalization: NormalizationForm
  /// A limit lower than the platform's, in the platform's unit; nil for the platform limit.
  /// Values below 1 count as 1.
  public var maxLength: Int?
  /// Room (in the platform's unit) to keep free for a uniqueness suffix such as `" (12)"`.
  public var reservedSuffixLength: Int
  /// The name used when nothing is left (itself sanitized; `download` if that fails too).
  public var fallbackName: String
  /// What to do with executable and shortcut names.
  public var dangerousTypes: DangerousTypePolicy
  /// Whether the name must be plain ASCII: other scripts are transliterated by ICU's
  /// `Any-Latin; Latin-ASCII` transform (`会议纪要.docx` -> `hui yi ji yao.docx`,
  /// `Ünïcödé.txt` -> `Unicode.txt`), and what has no transliteration becomes the replacement
  /// (`_` when the replacement is not ASCII itself). Off by default.
  public var asciiOnly: Bool

  /// Creates options; every parameter has the default described on its property.
  public init(
    replacement: String = "_",
    normalization: NormalizationForm = .nfc,
    maxLength: Int? = nil,
    reservedSuffixLength: Int = 0,
    fallbackName: String = "download",
    dangerousTypes: DangerousTypePolicy = .report,
    asciiOnly: Bool = false
  ) {
    self.replacement = replacement
    self.normalization = normalization
    self.maxLength = maxLength
    self.reservedSuffixLength = reservedSuffixLength
    self.fallbackName = fallbackName
    self.dangerousTypes = dangerousTypes
    self.asciiOnly = asciiOnly
  }

  /// The length budget for a name on `platform`: the smaller limit minus the reserved room,
  /// never below 1.
  func budget(for platform: Platform) -> Int {
    let limit = Swift.min(platform.maxLength, Swift.max(maxLength ?? platform.maxLength, 1))
    return Swift.max(limit - Swift.max(reservedSuffixLength, 0), 1)
  }
}
