/// A suggested file name and everything decided on the way: the result of `suggestFilename(for:options:)`.
public struct Suggestion: Sendable, Hashable {
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

  /// One decision, in order. The human text is composed when `detail` is read, so a caller that
  /// never looks at the trace does not pay for formatting it.
  public struct TraceEntry: Sendable, Hashable, CustomStringConvertible {
    /// A stable machine-readable code (`candidate-skipped`, `extension-added`, …).
    public let code: String
    let event: TraceEvent

    /// Creates an entry with ready-made text.
    public init(_ code: String, _ detail: String) {
      self.code = code
      self.event = .text(detail)
    }

    init(_ code: String, _ event: TraceEvent) {
      self.code = code
      self.event = event
    }

    /// Human text.
    public var detail: String { event.text }

    /// `code: detail`.
    public var description: String { "\(code): \(detail)" }

    /// Entries are equal when their code and text are.
    public static func == (a: TraceEntry, b: TraceEntry) -> Bool { a.code == b.code && a.detail == b.detail }

    /// Hashes the code and the text.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(code)
      hasher.combine(detail)
    }
  }

  /// The final safe name.
  public let filename: String
  /// Where it came from.
  public let source: Source
  /// The parsed media type (Content-Type, or a `data:` URL's), when there was one.
  public let mediaType: MediaType?
  /// The risk class of the final name.
  public let risk: FileRisk
  /// Download or display, and why.
  public let decision: DownloadDecision
  /// Every decision, in order.
  public let trace: [TraceEntry]
  /// The parsed Content-Disposition, when there was one.
  public let contentDisposition: ContentDisposition?
  /// What the body's leading bytes are, when they were given and sniffed (see `SuggestionRun+Sniffing`).
  public internal(set) var sniffed: SniffResult? = nil
}
