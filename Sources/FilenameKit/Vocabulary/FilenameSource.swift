/// Where a file name came from, in precedence order: the one vocabulary of the Content-Disposition
/// parser (``ContentDisposition/FilenameCandidate/source``), the URL reader (``URLFilename/source``)
/// and the suggestion (``Suggestion/source``). Raw values are the stable names JSON output carries.
public enum FilenameSource: String, Sendable, Hashable, CaseIterable {
  /// `filename*` (RFC 8187) in Content-Disposition.
  case dispositionExtended = "filename*"
  /// RFC 2231 continuations `filename*0`, `filename*1*`, … in Content-Disposition.
  case dispositionContinuation = "filename*0"
  /// `filename` in Content-Disposition.
  case disposition = "filename"
  /// No longer produced: the Content-Disposition `name` parameter is a form field's name, not a
  /// file name (as in Chromium and Firefox). Kept so that the value stays reserved.
  case dispositionName = "name"
  /// The caller's suggested name.
  case suggestedName = "suggested-name"
  /// A name carried in the URL query (`response-content-disposition`, or an opted-in key).
  case urlQuery = "url-query"
  /// The last non-empty URL path segment.
  case urlPath = "url-path"
  /// The URL's host.
  case host
  /// The caller's default name.
  case defaultName = "default-name"
  /// The last resort, `download`.
  case fallback
}

extension FilenameSource: CustomStringConvertible {
  /// The published name (`filename*`, `url-path`, …): what the CLI prints and JSON carries, not the
  /// case name.
  public var description: String { rawValue }
}
