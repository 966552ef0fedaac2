import FilenameKit

/// Batch op `suggest`.
enum BatchSuggest {
  static func handle(_ r: BatchRequest) throws(BatchError) -> [(String, JSONValue)] {
    var q = SuggestRequest()
    q.url = r.url
    q.contentDisposition = r.contentDisposition
    q.contentDispositionHex = r.contentDispositionHex
    q.contentType = r.contentType
    q.suggestedName = r.suggestedName
    q.defaultName = r.defaultName
    q.referrerCharset = r.referrerCharset
    q.platform = r.platform
    q.maxLength = r.maxLength.map(String.init)
    q.renderer = r.renderer
    q.strict = r.profile == "strict"
    if let p = r.profile, p != "strict" && p != "compatible" { throw BatchError("unknown profile '\(p)'") }
    q.detect = r.detect ?? true
    let (m, o) = try q.resolve()
    return fields(suggestFilename(for: m, options: o), includeTrace: true)
  }

  /// The protocol's fields for a suggestion (without `id`).
  static func fields(_ s: Suggestion, includeTrace: Bool) -> [(String, JSONValue)] {
    var f: [(String, JSONValue)] = [
      ("filename", .string(s.filename)),
      ("source", .string(s.source.rawValue)),
      ("media_type", .string(s.mediaType?.essence)),
      ("download", .bool(s.decision.isDownload)),
      ("reason", .string(s.decision.reason.rawValue)),
      ("risk", .string(s.risk.rawValue)),
    ]
    if includeTrace {
      f.append(("trace", .array(s.trace.map { .object([("code", .string($0.code.rawValue)), ("detail", .string($0.detail))]) })))
    }
    return f
  }
}
