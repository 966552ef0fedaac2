/// How `URLFilename.extract(from:options:)` decodes names.
public struct URLFilenameOptions: Sendable, Hashable {
  /// The charset for escaped bytes that are not UTF-8 (the referrer charset). A hint: always
  /// tried before detection.
  public var fallbackCharset: Charset?
  /// Whether `CharsetDetector` may guess the charset of escaped bytes that are neither UTF-8
  /// nor the fallback charset. Off by default here; `suggest` turns it on.
  public var detectCharset: Bool
  /// Query keys whose value is taken as the file name (`filename`, `file`, `name`, `download`),
  /// in priority order, compared case-insensitively. Empty by default: opt-in only.
  public var queryKeys: [String]
  /// A BCP 47 language preference (`zh-TW`, `ja`) that steers detection toward its charsets.
  public var language: String?
  /// The lowest detection confidence (0-100) that is accepted.
  public var detectionThreshold: Int

  /// Creates options.
  public init(
    fallbackCharset: Charset? = nil,
    detectCharset: Bool = false,
    queryKeys: [String] = [],
    language: String? = nil,
    detectionThreshold: Int = CharsetDetector.defaultThreshold
  ) {
    self.fallbackCharset = fallbackCharset
    self.detectCharset = detectCharset
    self.queryKeys = queryKeys
    self.language = language
    self.detectionThreshold = detectionThreshold
  }
}

/// The file name a user expects from a URL, with every decision recorded.
///
/// From an absolute URL (http, https, ftp, file, data, blob) the candidate is, in order:
/// the name in a presigned URL's `response-content-disposition` (or Azure's `rscd`) query
/// parameter, parsed as a Content-Disposition header; the value of an opted-in query key; the
/// last non-empty path segment (`;params` cut, dot segments resolved, query and fragment
/// ignored); else the host, shown in Unicode when it is IDNA. `data:` URLs give no name but
/// their media type; `blob:` URLs follow their inner URL.
///
/// Escapes are decoded to bytes, then read as UTF-8, else with the fallback charset, else (when
/// enabled) with the detected charset; when none applies, the name is kept as written, escapes
/// and all (`%B1%A8%B8%E6.txt`), so nothing is silently garbled. Escapes that decode to separators or
/// controls (`%2F`, `%5C`, `%00`) never create structure: the candidate stays one name that
/// contains those characters, and the sanitizer makes it safe later.
///
/// ```swift
/// URLFilename.extract(from: "https://example.com/docs/%E4%B8%AD%E6%96%87.pdf?x=1").filename  // "中文.pdf"
/// URLFilename.extract(from: "https://xn--fsq.com/").filename                                 // "例.com"
/// ```
public struct URLFilename: Sendable, Hashable {
  /// Where the candidate came from.
  /// ``FilenameSource/urlPath`` (the last non-empty path segment), ``FilenameSource/urlQuery`` (a
  /// query parameter: `response-content-disposition`, or an opted-in key) or ``FilenameSource/host``
  /// (the path was empty).
  public typealias Source = FilenameSource

  /// The candidate name, or nil (data URLs, unsupported schemes, nothing usable).
  public let filename: String?
  /// Where `filename` came from.
  public let source: Source?
  /// The charset that decoded the escapes; nil when the name is pure ASCII or escapes were kept.
  public let charset: Charset?
  /// The detector's guess, when detection chose the charset.
  public let guess: CharsetGuess?
  /// For `data:` URLs: the media type essence as written, lowercased (`text/plain` when absent).
  public let mediaType: String?
  /// For presigned URLs: the parsed `response-content-disposition`.
  public let contentDisposition: ContentDisposition?
  /// Every decision, in the order it was taken.
  public let diagnostics: [Diagnostic]

  /// Creates a result.
  public init(
    filename: String?, source: Source?, charset: Charset?, guess: CharsetGuess?, mediaType: String?,
    contentDisposition: ContentDisposition?, diagnostics: [Diagnostic]
  ) {
    self.filename = filename
    self.source = source
    self.charset = charset
    self.guess = guess
    self.mediaType = mediaType
    self.contentDisposition = contentDisposition
    self.diagnostics = diagnostics
  }

  /// Extracts the file name candidate from a URL string. Never fails: a URL without a usable
  /// name yields a nil `filename` and says why in `diagnostics`.
  public static func extract(from url: some StringProtocol, options: URLFilenameOptions = .init()) -> URLFilename {
    // The common shape from its bytes in place (`URLFilename+FastPath`); opted-in query keys can
    // name the file from any query, so they always take the full extractor.
    if options.queryKeys.isEmpty,
      let fast = url.utf8.withContiguousStorageIfAvailable({ URLNameExtractor.fastPath($0) }) ?? nil
    {
      return fast
    }
    return extractFully(from: url, options: options)
  }

  /// `extract(from:options:)` without the fast path (for the fuzzers, which check that both agree).
  package static func extractFully(from url: some StringProtocol, options: URLFilenameOptions = .init()) -> URLFilename
  {
    var extractor = URLNameExtractor(bytes: Array(url.utf8), options: options)
    return extractor.run()
  }

  /// The fast path alone: the name of a URL of the common shape, or nil (for the fuzzers).
  package static func fastPathExtract(from url: String) -> URLFilename? {
    var url = url
    return url.withUTF8 { URLNameExtractor.fastPath($0) }
  }

  /// The host of a URL as a name (lowercased, userinfo, port and a trailing dot removed, IDNA shown
  /// in Unicode), or nil when the URL has no authority or an IP-literal host. `blob:` URLs give
  /// their inner URL's host.
  public static func hostName(of url: some StringProtocol) -> String? {
    var extractor = URLNameExtractor(bytes: Array(url.utf8), options: .init())
    return extractor.hostOnly(extractor.normalizedInput())
  }
}
