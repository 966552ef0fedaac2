extension Suggestion {
  /// Where the name came from, in precedence order.
  public enum Source: String, Sendable, Hashable, CaseIterable {
    /// `filename*` (RFC 8187) in Content-Disposition.
    case dispositionExtended = "filename*"
    /// RFC 2231 continuations in Content-Disposition.
    case dispositionContinuation = "filename*0"
    /// `filename` in Content-Disposition.
    case disposition = "filename"
    /// `name` in Content-Disposition (compatible profile only).
    case dispositionName = "name"
    /// The caller's suggested name.
    case suggestedName = "suggested-name"
    /// A name carried in the URL query (`response-content-disposition`, or an opted-in key).
    case urlQuery = "url-query"
    /// The last URL path segment.
    case urlPath = "url-path"
    /// The URL's host.
    case host
    /// The caller's default name.
    case defaultName = "default-name"
    /// The last resort, `download`.
    case fallback
  }
}

extension Suggestion.Source {
  /// The source of a Content-Disposition candidate (same raw value).
  init(_ source: ContentDisposition.FilenameSource) {
    switch source {
    case .extended: self = .dispositionExtended
    case .continuation: self = .dispositionContinuation
    case .plain: self = .disposition
    case .name: self = .dispositionName
    }
  }
}
