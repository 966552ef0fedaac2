/// A suggested file name and everything decided on the way: the result of `suggestFilename(for:options:)`.
public struct Suggestion: Sendable, Hashable {
  /// The final safe name (its text is `filename.string`).
  public let filename: SafeFilename
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
  /// How the trace is obtained: recorded during the run, or by replaying it.
  let traceStorage: TraceStorage
  /// The parsed Content-Disposition, when there was one.
  public let contentDisposition: ContentDisposition?
  /// What the body's leading bytes are, when they were given and sniffed (see `SuggestionRun+Sniffing`).
  public internal(set) var sniffed: SniffResult? = nil
  /// The name's extension disagrees with the declared media type (`setup.exe` as `application/pdf`):
  /// kept, and reported here; nil when they agree or there is nothing to compare.
  public internal(set) var extensionMismatch: ExtensionMismatch? = nil

  /// Every decision, in order.
  ///
  /// Unless `SuggestionOptions.recordsTrace` was set, the trace is built here, on first request,
  /// by running the (pure) pipeline again with tracing on: a caller that never reads it does not pay
  /// for it, and one that reads it pays about one more suggestion, each time it reads.
  public var trace: [TraceEntry] {
    switch traceStorage {
    case .recorded(let entries): return entries
    case .replay(let metadata, let options):
      var run = SuggestionRun(options: options, tracing: true)
      return run.suggest(metadata).trace
    }
  }

  /// The trace, or what is needed to build it.
  enum TraceStorage: Sendable {
    case recorded([TraceEntry])
    case replay(DownloadMetadata, SuggestionOptions)
  }

  /// Suggestions are equal when every public property but the trace is: the trace explains the
  /// answer, it is not part of it (and reading it may replay the whole run).
  public static func == (a: Suggestion, b: Suggestion) -> Bool {
    a.filename == b.filename && a.source == b.source && a.mediaType == b.mediaType && a.risk == b.risk
      && a.disguise == b.disguise && a.decision == b.decision && a.contentDisposition == b.contentDisposition
      && a.sniffed == b.sniffed && a.extensionMismatch == b.extensionMismatch
  }

  /// Hashes every public property but the trace (as `==` compares them).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(filename)
    hasher.combine(source)
    hasher.combine(mediaType)
    hasher.combine(risk)
    hasher.combine(disguise)
    hasher.combine(decision)
    hasher.combine(contentDisposition)
    hasher.combine(sniffed)
    hasher.combine(extensionMismatch)
  }
}

extension Suggestion {
  /// Where the name came from (``FilenameSource``).
  public typealias Source = FilenameSource
}
