/// Suggests a safe file name for a download, decides download-or-display, and explains both.
///
/// Candidates are tried in the order browsers use: a valid `filename*`, RFC 2231 continuations,
/// `filename` (and, in the compatible profile, `name`), the caller's suggested name, a name carried
/// in the URL query, the last URL path segment, the host, the default name, and finally `download`.
/// A candidate that sanitizes to nothing falls through to the next. The winner gets its extension
/// fixed from the media type (never from a generic type), is sanitized for the platform, and the
/// whole run is recorded in `trace`. Total: every input yields a safe name; nothing throws.
///
/// ```swift
/// let s = suggestFilename(for: DownloadMetadata(
///   url: "https://example.com/download.php?id=7",
///   contentDisposition: "attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87",
///   contentType: "application/pdf"))
/// s.filename            // "中文.pdf"
/// s.source              // .dispositionExtended
/// s.decision.isDownload // true
/// ```
public func suggestFilename(for metadata: DownloadMetadata, options: SuggestionOptions = SuggestionOptions())
  -> Suggestion
{
  var run = SuggestionRun(options: options, tracing: options.recordsTrace)
  return run.suggest(metadata)
}
