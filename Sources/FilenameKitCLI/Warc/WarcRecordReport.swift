import FilenameKit

/// What `warc` says about one record: its answer (a named `response` or `resource` record) or a
/// diagnostic (a record that cannot be read, or one that is not named), with its offset.
struct WarcRecordReport {
  /// The file offset of the record (of its gzip member in a .warc.gz).
  var offset: Int64
  /// `WARC-Record-ID`, as text.
  var recordID: String?
  /// `WARC-Type`, lowercased.
  var type: String?
  /// `WARC-Target-URI`.
  var targetURI: String?
  /// The answer, for a named record.
  var naming: ResponseNaming.Result?
  /// The payload's sniffed media type.
  var sniffed: String?
  /// How the payload was written: `decoded` (codings removed), `as-sent` (a coding kept), or nil.
  var extractedAs: String?
  /// The path written under the destination.
  var extracted: String?
  /// Payload bytes written.
  var extractedBytes: Int64 = 0
  /// Why nothing was written, when extracting and the record was named.
  var skipped: String?
  /// What went wrong reading the record; the run goes on with the next.
  var error: String?
  /// Sentences about the record that are not errors (an unknown record type).
  var notes: [String] = []

  /// The report's JSON members.
  func write<S: JSONFieldSink>(to f: inout S) {
    f.field("offset", .int(Int(offset)))
    f.field("record_id", recordID)
    f.field("type", type)
    f.field("target_uri", targetURI)
    if let n = naming {
      let s = n.suggestion
      f.field("filename", s.filename.string)
      f.field("decision", s.decision.isDownload ? "download" : "display")
      f.field("reason", s.decision.reason.rawValue)
      f.field("risk", s.risk.rawValue)
      f.field("media_type", s.mediaType?.essence)
      f.field("sniffed_type", sniffed)
      f.field("status", n.status.map { .int($0) } ?? .null)
      f.field("savable", .bool(n.savable))
      f.field("content_coding", n.coding.rawValue)
      f.field("content_encoding", n.codings)
    }
    f.field("extracted", extracted)
    if extracted != nil { f.field("extracted_bytes", .int(Int(extractedBytes))) }
    f.field("extracted_as", extractedAs)
    f.field("skipped", skipped)
    f.field("error", error)
    f.strings("notes", notes + (naming?.notes ?? [])) { $0 }
    f.field("rules_version", FilenameKitVersion.rules)
  }

  /// One line of text: `OFFSET NAME` plus what happened, or `OFFSET error: …`.
  var text: String {
    var line = "\(offset)"
    if let n = naming { line += "\t" + TerminalText.escape(n.suggestion.filename.string) }
    if let t = targetURI { line += "\t" + TerminalText.escape(t) }
    if let e = extracted { line += "\t-> " + TerminalText.escape(e) + (extractedAs == "as-sent" ? " (as sent)" : "") }
    if let s = skipped { line += "\tnot written: " + s }
    if let e = error { line += "\terror: " + e }
    for note in notes + (naming?.notes ?? []) { line += "\n\(offset)\tnote: " + note }
    return line + "\n"
  }
}
