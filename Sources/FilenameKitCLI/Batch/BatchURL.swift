import FilenameKit

/// Batch op `url`.
enum BatchURL {
  static func handle(_ r: BatchRequest, _ w: inout JSONFieldWriter) throws(BatchError) {
    guard let url = r.url else { throw BatchError(.missingField, "missing 'url'") }
    var options = URLFilenameOptions(detectCharset: r.detect ?? false)
    options.language = r.language
    if let label = r.referrerCharset, !label.isEmpty {
      options.fallbackCharset = try CharsetLabel.batchCharset(label)
    }
    write(URLFilename.extract(from: url, options: options), to: &w)
  }

  /// The protocol's fields for an extracted name (without `id`).
  static func fields(_ r: URLFilename) -> [(String, JSONValue)] {
    JSONFieldList.collect { write(r, to: &$0) }
  }

  /// Writes the protocol's fields for an extracted name (without `id`). `filename` is made safe
  /// (`ParsedFilename`); `raw_filename`, last, is the name as decoded.
  static func write<S: JSONFieldSink>(_ r: URLFilename, to s: inout S) {
    s.field("filename", ParsedFilename.safe(r))
    s.field("charset", r.charset?.name)
    s.field("source", r.source.map(ParsedFilename.urlSourceName))
    s.field("media_type", r.mediaType)
    s.field("confidence", r.guess.map { .int($0.confidence) } ?? .null)
    s.strings("diagnostics", r.diagnostics) { $0.code.rawValue }
    if let cd = r.contentDisposition {
      s.object("content_disposition") { BatchDisposition.write(cd, to: &$0) }
    } else {
      s.field("content_disposition", .null)
    }
    s.field("raw_filename", r.filename)
  }
}
