import FilenameKit

/// Batch op `suggest`.
enum BatchSuggest {
  static func handle(_ r: BatchRequest) throws(BatchError) -> [(String, JSONValue)] {
    var q = SuggestRequest(naming: .fields)
    q.url = r.url
    q.contentDisposition = r.contentDisposition.map { Array($0.utf8) }
    q.contentDispositionHex = r.contentDispositionHex
    q.contentType = r.contentType.map { Array($0.utf8) }
    q.suggestedName = r.suggestedName
    q.defaultName = r.defaultName
    q.contentHex = r.contentHex
    if let label = r.referrerCharset, !label.isEmpty {
      guard let c = Charset(label: label) else { throw BatchError("unknown charset '\(label)'") }
      q.fallbackCharset = c
    }
    q.platform = r.platform
    q.maxLength = r.maxLength
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
      f.append(
        (
          "trace",
          .array(s.trace.map { .object([("code", .string($0.code.rawValue)), ("detail", .string($0.detail))]) })
        ))
    }
    // Added later (the protocol only grows): after the original fields.
    f += [
      ("disguise", .array(s.disguise.map { .string($0.rawValue) })),
      ("media_type_serialized", .string(s.mediaType?.description)),
      ("decision_detail", .string(s.decision.detail)),
      ("conflict", .string(s.decision.conflict?.detail)),
      ("conflict_code", .string(s.decision.conflict?.code.rawValue)),
      ("content_disposition", s.contentDisposition.map { .object(BatchDisposition.fields($0)) } ?? .null),
      ("sniffed", s.sniffed.map { .object(sniffedFields($0)) } ?? .null),
    ]
    return f
  }

  /// What the content sniffer made of the leading bytes (`sniffed`).
  static func sniffedFields(_ r: SniffResult) -> [(String, JSONValue)] {
    [
      ("media_type", .string(r.mediaType)),
      ("rule", .string(r.rule.rawValue)),
      ("bytes_examined", .int(r.bytesExamined)),
      ("executable", .bool(r.isExecutable)),
      ("detail", .string(r.detail)),
    ]
  }
}
