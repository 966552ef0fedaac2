/// A suggested file name and everything decided on the way: the result of `suggestFilename(for:options:)`.
public struct Suggestion: Sendable, Hashable {
  /// The final safe name.
  public let filename: String
  /// Where it came from.
  public let source: Source
  /// The parsed media type (Content-Type, or a `data:` URL's), when there was one.
  public let mediaType: MediaType?
  /// The risk class of the final name.
  public let risk: FileRisk
  /// Disguise tricks the sanitizer saw in the name (`double-extension`, `bidi-spoof`, …).
  public let disguise: [SanitizedFilename.Disguise]
  /// Download or display, and why.
  public let decision: DownloadDecision
  /// Every decision, in order.
  public let trace: [TraceEntry]
  /// The parsed Content-Disposition, when there was one.
  public let contentDisposition: ContentDisposition?
  /// What the body's leading bytes are, when they were given and sniffed (see `SuggestionRun+Sniffing`).
  public internal(set) var sniffed: SniffResult? = nil
}
