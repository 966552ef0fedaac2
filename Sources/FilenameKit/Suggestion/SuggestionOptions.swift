/// Options of `suggestFilename(for:options:)`.
public struct SuggestionOptions: Sendable, Hashable {
  /// The name to use when no candidate survives (before the last resort, `download`).
  public var defaultName: String?
  /// The charset for raw 8-bit names and %-escapes that are not UTF-8 (the referrer charset).
  public var fallbackCharset: Charset?
  /// Guess the charset of legacy-encoded names when no fallback charset is given.
  public var detectCharset: Bool
  /// The Content-Disposition parser profile.
  public var profile: ContentDisposition.Profile
  /// The platform the name must be valid on.
  public var platform: Platform
  /// A length limit lower than the platform's, in the platform's unit.
  public var maxLength: Int?
  /// Unicode normalization of the final name.
  public var normalization: NormalizationForm
  /// What to do with executables and shortcuts.
  public var dangerousTypes: DangerousTypePolicy
  /// What the host can display (for the download-or-display decision).
  public var renderer: RenderCapabilities
  /// URL query keys that may carry a name (`filename`, `file`, …); off unless listed.
  public var queryKeys: [String]
  /// Room to keep for a uniqueness suffix such as ` (12)`.
  public var reservedSuffixLength: Int

  /// Defaults: compatible parsing, detection on, the current platform, NFC, report risky types, a web view.
  public init(
    defaultName: String? = nil, fallbackCharset: Charset? = nil, detectCharset: Bool = true,
    profile: ContentDisposition.Profile = .compatible, platform: Platform = .current, maxLength: Int? = nil,
    normalization: NormalizationForm = .nfc, dangerousTypes: DangerousTypePolicy = .report,
    renderer: RenderCapabilities = .webView, queryKeys: [String] = [], reservedSuffixLength: Int = 0
  ) {
    self.defaultName = defaultName
    self.fallbackCharset = fallbackCharset
    self.detectCharset = detectCharset
    self.profile = profile
    self.platform = platform
    self.maxLength = maxLength
    self.normalization = normalization
    self.dangerousTypes = dangerousTypes
    self.renderer = renderer
    self.queryKeys = queryKeys
    self.reservedSuffixLength = reservedSuffixLength
  }

  /// The sanitizer options these imply.
  var sanitizerOptions: SanitizerOptions {
    var o = SanitizerOptions()
    o.normalization = normalization
    o.maxLength = maxLength
    o.dangerousTypes = dangerousTypes
    o.reservedSuffixLength = reservedSuffixLength
    return o
  }
}
