// Diagnostic codes of `URLFilename`.
extension Diagnostic.Code {
  /// The string has no scheme; it was read as a path reference.
  public static let urlNotAbsolute = Self(rawValue: "url-not-absolute")
  /// A scheme that carries no file name (`mailto:`, `javascript:`, `about:`); detail: the scheme.
  public static let urlUnsupportedScheme = Self(rawValue: "url-unsupported-scheme")
  /// A scheme the extractor does not know but that has a path; it was read like `https:`.
  public static let urlUnknownScheme = Self(rawValue: "url-unknown-scheme")
  /// A `data:` URL: no name, only a media type; detail: the media type.
  public static let urlData = Self(rawValue: "url-data")
  /// A `data:` URL without a comma, or with a media type that is not `type/subtype`.
  public static let urlDataInvalid = Self(rawValue: "url-data-invalid")
  /// A `blob:` URL; its inner URL was used.
  public static let urlBlob = Self(rawValue: "url-blob")
  /// A literal backslash in a special URL's path was read as `/` (WHATWG URL).
  public static let urlBackslash = Self(rawValue: "url-backslash-separator")
  /// `;params` were cut from an `ftp` URL's segment (RFC 1738 `;type=`); detail: what was cut.
  public static let urlPathParams = Self(rawValue: "url-path-params")
  /// The path ended with `/`; the last non-empty segment was used.
  public static let urlTrailingSlash = Self(rawValue: "url-trailing-slash")
  /// A `.` or `..` segment was resolved (reported once, at the first).
  public static let urlDotSegment = Self(rawValue: "url-dot-segment")
  /// A `%` that does not start a valid escape was kept literally (reported once per name).
  public static let urlInvalidEscape = Self(rawValue: "url-invalid-escape")
  /// An escape decoded to `/` or `\`; it stays part of the one name (reported once per name).
  public static let urlEscapedSeparator = Self(rawValue: "url-escaped-separator")
  /// An escape decoded to a control character; it stays part of the one name (reported once per name).
  public static let urlEscapedControl = Self(rawValue: "url-escaped-control")
  /// Escaped bytes decoded as UTF-8.
  public static let urlUTF8 = Self(rawValue: "url-utf8")
  /// Escaped bytes decoded with the fallback charset; detail: the charset.
  public static let urlFallbackCharset = Self(rawValue: "url-fallback-charset")
  /// The fallback charset could not decode the bytes; detail: the charset.
  public static let urlFallbackCharsetFailed = Self(rawValue: "url-fallback-charset-failed")
  /// Detection chose the charset; detail: `charset confidence`.
  public static let urlCharsetDetected = Self(rawValue: "url-charset-detected")
  /// Detection found no reading above the threshold; detail: the best `charset confidence`.
  public static let urlCharsetUndetected = Self(rawValue: "url-charset-undetected")
  /// Bytes that are neither UTF-8 nor decodable by a hint or guess: the name was kept as written.
  public static let urlEscapesKept = Self(rawValue: "url-escapes-kept")
  /// The path had no name; the host was used.
  public static let urlHostFallback = Self(rawValue: "url-host-fallback")
  /// The host went through IDNA (UTS #46 to Unicode); detail: the host as written, lowercased.
  public static let urlIDNAHost = Self(rawValue: "url-idna-host")
  /// The host is not valid IDNA; it is shown as written (ASCII lowercased).
  public static let urlIDNAInvalid = Self(rawValue: "url-idna-invalid")
  /// A presigned URL's `response-content-disposition` gave the name; detail: the key.
  public static let urlPresignedDisposition = Self(rawValue: "url-presigned-disposition")
  /// A `response-content-disposition` parameter carried no usable file name; detail: the key.
  public static let urlPresignedNoFilename = Self(rawValue: "url-presigned-no-filename")
  /// An opted-in query key gave the name; detail: the key.
  public static let urlQueryFilename = Self(rawValue: "url-query-filename")
  /// Directories were cut from a query value at literal `/` or `\`.
  public static let urlQueryPathStripped = Self(rawValue: "url-query-path-stripped")
  /// Nothing usable: no path segment and no host.
  public static let urlNoName = Self(rawValue: "url-no-name")
}
