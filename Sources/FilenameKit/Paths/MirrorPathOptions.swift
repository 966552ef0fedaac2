/// Settings for `MirrorPath.make(url:name:options:)`.
///
/// ```swift
/// var options = MirrorPathOptions(platform: .windows)
/// options.indexName = "index.htm"
/// options.budget = try PathBudget(directory: #"C:\mirror"#, platform: .windows)
/// ```
public struct MirrorPathOptions: Sendable, Hashable {
  /// The rules every segment follows, and the unit lengths are counted in.
  public var platform: Platform
  /// The file name of a directory URL (a path that ends in `/`, or is empty): `index.html`, as wget.
  public var indexName: String
  /// A query longer than this, folded and made safe (in the platform's unit), is written as a hash.
  public var maxQueryLength: Int
  /// The directory the path goes into: the whole path stays within its room (its path limit less
  /// its own length) and each segment within its `NAME_MAX`. Nil: the platform's path limit and 255.
  public var budget: PathBudget?
  /// Room, in the platform's unit, kept free at the end of the whole path (for `MirrorLayout`'s
  /// moves, or a `.part` suffix while downloading).
  public var reservedLength: Int
  /// Replaces separators and forbidden characters in a segment (as `SanitizerOptions.replacement`).
  public var replacement: String
  /// How escaped bytes that are not UTF-8 are read (a referrer charset, detection), as for names.
  public var decoding: URLFilenameOptions

  /// Creates options; every parameter has the default described on its property.
  public init(
    platform: Platform = .current, indexName: String = "index.html", maxQueryLength: Int = 64,
    budget: PathBudget? = nil, reservedLength: Int = 0, replacement: String = "_",
    decoding: URLFilenameOptions = .init()
  ) {
    self.platform = platform
    self.indexName = indexName
    self.maxQueryLength = maxQueryLength
    self.budget = budget
    self.reservedLength = reservedLength
    self.replacement = replacement
    self.decoding = decoding
  }
}
