import FilenameKit

/// Batch op `suggest`.
enum BatchSuggest {
  static func handle(_ r: BatchRequest, _ w: inout JSONFieldWriter) throws(BatchError) {
    var (m, o) = try request(r).resolve()
    o.recordsTrace = true  // the answer always has the trace: record it in the one run
    write(suggestFilename(for: m, options: o), includeTrace: true, to: &w)
  }

  /// The `suggest` inputs of a request line (the `response` op reads the same ones).
  static func request(_ r: BatchRequest) throws(BatchError) -> SuggestRequest {
    var q = SuggestRequest(naming: .fields)
    q.url = r.url
    q.contentDisposition = r.contentDisposition.map { Array($0.utf8) }
    q.contentDispositionHex = r.contentDispositionHex
    q.contentType = r.contentType.map { Array($0.utf8) }
    q.suggestedName = r.suggestedName
    q.defaultName = r.defaultName
    q.contentHex = r.contentHex
    q.language = r.language
    if let label = r.referrerCharset, !label.isEmpty {
      q.fallbackCharset = try CharsetLabel.batchCharset(label)
    }
    q.platform = r.platform
    q.maxLength = r.maxLength
    q.renderer = r.renderer
    q.strict = r.profile == "strict"
    if let p = r.profile, p != "strict" && p != "compatible" { throw BatchError("unknown profile '\(p)'") }
    q.detect = r.detect ?? true
    q.nfd = r.nfd ?? false
    q.neutralize = r.neutralize ?? false
    return q
  }

  /// The protocol's fields for a suggestion (without `id`).
  static func fields(_ s: Suggestion, includeTrace: Bool) -> [(String, JSONValue)] {
    JSONFieldList.collect { write(s, includeTrace: includeTrace, to: &$0) }
  }

  /// Writes the protocol's fields for a suggestion (without `id`).
  static func write<S: JSONFieldSink>(_ s: Suggestion, includeTrace: Bool, to f: inout S) {
    f.field("filename", s.filename)
    f.field("source", s.source.rawValue)
    f.field("media_type", s.mediaType?.essence)
    f.field("download", .bool(s.decision.isDownload))
    f.field("reason", s.decision.reason.rawValue)
    f.field("risk", s.risk.rawValue)
    if includeTrace {
      f.objects("trace", s.trace) { entry, o in
        o.field("code", entry.code.rawValue)
        // A closure, not `entry.composeDetail`: the method reference copied the entry (~300
        // instructions an entry, retains and releases).
        o.field("detail", pieces: { entry.composeDetail($0) })
      }
    }
    // Added later (the protocol only grows): after the original fields.
    f.strings("disguise", s.disguise) { $0.rawValue }
    f.field("media_type_serialized", s.mediaType?.description)
    f.field("decision_detail", s.decision.detail)
    f.field("conflict", s.decision.conflict?.detail)
    f.field("conflict_code", s.decision.conflict?.code.rawValue)
    if let cd = s.contentDisposition {
      f.object("content_disposition") { BatchDisposition.write(cd, to: &$0) }
    } else {
      f.field("content_disposition", .null)
    }
    if let sniffed = s.sniffed {
      f.object("sniffed") { writeSniffed(sniffed, to: &$0) }
    } else {
      f.field("sniffed", .null)
    }
    if let m = s.extensionMismatch {
      f.object("extension_mismatch") { o in
        o.field("extension", m.fileExtension)
        o.field("media_type", m.mediaType)
        o.field("expected", m.expected)
      }
    } else {
      f.field("extension_mismatch", .null)
    }
  }

  /// What the content sniffer made of the leading bytes (`sniffed`).
  static func writeSniffed<S: JSONFieldSink>(_ r: SniffResult, to f: inout S) {
    f.field("media_type", r.mediaType)
    f.field("rule", r.rule.rawValue)
    f.field("bytes_examined", .int(r.bytesExamined))
    f.field("executable", .bool(r.isExecutable))
    f.field("detail", r.detail)
  }
}
