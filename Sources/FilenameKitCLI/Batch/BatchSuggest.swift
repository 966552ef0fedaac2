import FilenameKit

/// Batch op `suggest`.
enum BatchSuggest {
  static func handle(_ r: BatchRequest, _ w: inout JSONFieldWriter) throws(BatchError) {
    let q = try request(r)
    var (m, o) = try q.resolve()
    o.recordsTrace = true  // the answer always has the trace: record it in the one run
    let template = try TemplateRequest.make(template: r.template, fields: r.fields ?? [], naming: .fields)
    let s = suggestFilename(for: m, options: o)
    write(s, includeTrace: true, template: try template?.render(s, url: q.url, options: o), to: &w)
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
    if let p = r.profile, p != "strict" && p != "compatible" {
      throw BatchError(.unknownValue, "unknown profile '\(p)'")
    }
    q.detect = r.detect ?? true
    q.nfd = r.nfd ?? false
    q.neutralize = r.neutralize ?? false
    q.ascii = r.ascii ?? false
    return q
  }

  /// The protocol's fields for a suggestion (without `id`).
  static func fields(_ s: Suggestion, includeTrace: Bool, template: RenderedTemplate? = nil) -> [(String, JSONValue)] {
    JSONFieldList.collect { write(s, includeTrace: includeTrace, template: template, to: &$0) }
  }

  /// Writes the protocol's fields for a suggestion (without `id`). With a rendered template,
  /// `filename`, `risk` and `disguise` are the template's name's, and `template` says how it was made.
  static func write<S: JSONFieldSink>(
    _ s: Suggestion, includeTrace: Bool, template: RenderedTemplate? = nil, to f: inout S
  ) {
    f.field("filename", template?.name ?? s.filename.string)
    f.field("source", s.source.rawValue)
    f.field("media_type", s.mediaType?.essence)
    f.field("download", .bool(s.decision.isDownload))
    f.field("reason", s.decision.reason.rawValue)
    f.field("risk", (template?.sanitized.risk ?? s.risk).rawValue)
    if includeTrace {
      f.objects("trace", s.trace) { entry, o in
        o.field("code", entry.code.rawValue)
        // A closure, not `entry.composeDetail`: the method reference copied the entry (~300
        // instructions an entry, retains and releases).
        o.field("detail", pieces: { entry.composeDetail($0) })
      }
    }
    // Added later (the protocol only grows): after the original fields.
    f.strings("disguise", template.map { SuggestionSummary.disguise(s, $0) } ?? s.disguise) { $0.rawValue }
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
    // Only with a template: an answer without one stays as it was.
    if let template { f.object("template") { writeTemplate(template, suggested: s.filename.string, to: &$0) } }
  }

  /// How a template made the name (`template`): the suggested name it started from, the budget,
  /// each cut field, and the final sanitizer pass's change codes.
  static func writeTemplate<S: JSONFieldSink>(_ t: RenderedTemplate, suggested: String, to f: inout S) {
    f.field("suggested_filename", suggested)
    f.field("budget", .int(t.budget))
    f.objects("cuts", t.cuts) { cut, o in
      o.field("field", cut.field)
      o.field("from", .int(cut.from))
      o.field("to", .int(cut.to))
    }
    f.strings("changes", t.sanitized.changes) { $0.code.rawValue }
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
