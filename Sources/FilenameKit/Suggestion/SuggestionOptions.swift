/// Options of `suggestFilename(for:options:)`.
///
/// The sanitizer's and the URL reader's own options are nested whole (`sanitizer`, `url`), so every
/// setting of those stages can be set here; the most used ones are also properties of their own.
///
/// ```swift
/// var o = SuggestionOptions(platform: .windows, dangerousTypes: .neutralize)
/// o.sanitizer.replacement = "-"        // any SanitizerOptions field
/// o.url.detectionThreshold = 70        // any URLFilenameOptions field
/// ```
public struct SuggestionOptions: Sendable, Hashable {
  /// The name to use when no header or URL path gives one: it beats the host name.
  public var defaultName: String? {
    get { box.fields.defaultName }
    set { unique().fields.defaultName = newValue }
  }
  /// Guess the charset of legacy-encoded names when no fallback charset is given.
  public var detectCharset: Bool {
    get { box.fields.detectCharset }
    set { unique().fields.detectCharset = newValue }
  }
  /// The Content-Disposition parser profile.
  public var profile: ContentDisposition.Profile {
    get { box.fields.profile }
    set { unique().fields.profile = newValue }
  }
  /// The platform the name must be valid on.
  public var platform: Platform {
    get { box.fields.platform }
    set { unique().fields.platform = newValue }
  }
  /// What the host can display (for the download-or-display decision).
  public var renderer: RenderCapabilities {
    get { box.fields.renderer }
    set { unique().fields.renderer = newValue }
  }
  /// Every option of the sanitizer step (replacement, normalization, length, fallback name, risky types).
  public var sanitizer: SanitizerOptions {
    get { box.fields.sanitizer }
    set { unique().fields.sanitizer = newValue }
  }
  /// Every option of reading names from URLs (fallback charset, query keys, language, detection threshold).
  /// `suggest` decides `url.detectCharset` itself from `detectCharset` and the fallback charset.
  public var url: URLFilenameOptions {
    get { box.fields.url }
    set { unique().fields.url = newValue }
  }
  /// Whether the run records its trace as it goes. Off by default: `Suggestion.trace` is then built
  /// when first read, by running the pipeline again (most callers never read it). Set it
  /// when the trace is always read (the CLI's `--explain`, the batch protocol): one run instead of two.
  public var recordsTrace: Bool {
    get { box.fields.recordsTrace }
    set { unique().fields.recordsTrace = newValue }
  }

  /// The fields, shared by copies until one is changed (a suggestion copies its options
  /// twice, once into its run and once into its trace replay, and a copy of the fields retained
  /// every string and set in them; a copy of this is one reference).
  private var box: Box

  /// The options' fields; equality and hashing are theirs.
  private struct Fields: Hashable {
    var defaultName: String?
    var detectCharset: Bool
    var profile: ContentDisposition.Profile
    var platform: Platform
    var renderer: RenderCapabilities
    var sanitizer: SanitizerOptions
    var url: URLFilenameOptions
    var recordsTrace: Bool
  }

  /// The shared fields.
  private final class Box: @unchecked Sendable {
    // Unchecked: mutated only through `unique()`, while no other options value shares it.
    var fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  /// The box, copied first when another options value shares it.
  private mutating func unique() -> Box {
    if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    return box
  }

  /// Defaults: compatible parsing, detection on, the current platform, NFC, report risky types, a web view.
  public init(
    defaultName: String? = nil, fallbackCharset: Charset? = nil, detectCharset: Bool = true,
    profile: ContentDisposition.Profile = .compatible, platform: Platform = .current, maxLength: Int? = nil,
    normalization: NormalizationForm = .nfc, dangerousTypes: DangerousTypePolicy = .report,
    renderer: RenderCapabilities = .webView, queryKeys: [String] = [], reservedSuffixLength: Int = 0
  ) {
    box = Box(
      Fields(
        defaultName: defaultName, detectCharset: detectCharset, profile: profile, platform: platform,
        renderer: renderer,
        sanitizer: SanitizerOptions(
          normalization: normalization, maxLength: maxLength, reservedSuffixLength: reservedSuffixLength,
          dangerousTypes: dangerousTypes),
        url: URLFilenameOptions(fallbackCharset: fallbackCharset, detectCharset: detectCharset, queryKeys: queryKeys),
        recordsTrace: false))
  }

  /// Options are equal when every field is.
  public static func == (a: SuggestionOptions, b: SuggestionOptions) -> Bool {
    a.box === b.box || a.box.fields == b.box.fields
  }

  /// Hashes every field.
  public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

  /// The charset for raw 8-bit names and %-escapes that are not UTF-8 (the referrer charset): `url.fallbackCharset`,
  /// used for Content-Disposition too.
  public var fallbackCharset: Charset? {
    get { url.fallbackCharset }
    set { url.fallbackCharset = newValue }
  }
  /// URL query keys that may carry a name (`filename`, `file`, …); off unless listed: `url.queryKeys`.
  public var queryKeys: [String] {
    get { url.queryKeys }
    set { url.queryKeys = newValue }
  }
  /// A length limit lower than the platform's, in the platform's unit: `sanitizer.maxLength`.
  public var maxLength: Int? {
    get { sanitizer.maxLength }
    set { sanitizer.maxLength = newValue }
  }
  /// Unicode normalization of the final name: `sanitizer.normalization`.
  public var normalization: NormalizationForm {
    get { sanitizer.normalization }
    set { sanitizer.normalization = newValue }
  }
  /// What to do with executables and shortcuts: `sanitizer.dangerousTypes`.
  public var dangerousTypes: DangerousTypePolicy {
    get { sanitizer.dangerousTypes }
    set { sanitizer.dangerousTypes = newValue }
  }
  /// A plain ASCII name, other scripts transliterated: `sanitizer.asciiOnly`.
  public var asciiOnly: Bool {
    get { sanitizer.asciiOnly }
    set { sanitizer.asciiOnly = newValue }
  }
  /// Room to keep for a uniqueness suffix such as ` (12)`: `sanitizer.reservedSuffixLength`.
  public var reservedSuffixLength: Int {
    get { sanitizer.reservedSuffixLength }
    set { sanitizer.reservedSuffixLength = newValue }
  }
}
