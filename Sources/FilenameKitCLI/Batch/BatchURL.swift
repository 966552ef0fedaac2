import FilenameKit

/// Batch op `url`.
enum BatchURL {
  static func handle(_ r: BatchRequest) throws(BatchError) -> [(String, JSONValue)] {
    guard let url = r.url else { throw BatchError("missing 'url'") }
    var options = URLFilenameOptions(detectCharset: r.detect ?? false)
    if let label = r.referrerCharset, !label.isEmpty {
      guard let c = Charset(label: label) else { throw BatchError("unknown charset '\(label)'") }
      options.fallbackCharset = c
    }
    return fields(URLFilename.extract(from: url, options: options))
  }

  /// The protocol's fields for an extracted name (without `id`).
  static func fields(_ r: URLFilename) -> [(String, JSONValue)] {
    [
      ("filename", .string(r.filename)),
      ("charset", .string(r.charset?.name)),
      ("source", .string(r.source.map(protocolName))),
      ("media_type", .string(r.mediaType)),
      ("confidence", r.guess.map { .int($0.confidence) } ?? .null),
      ("diagnostics", .array(r.diagnostics.map { .string($0.code.rawValue) })),
      ("content_disposition", r.contentDisposition.map { .object(BatchDisposition.fields($0)) } ?? .null),
    ]
  }
}

extension BatchURL {
  /// The `url` op's names for a URL name's source, as published before the core had one
  /// `FilenameSource` (the protocol only grows): `path`, `query`, `host`.
  static func protocolName(_ source: FilenameSource) -> String {
    switch source {
    case .urlPath: "path"
    case .urlQuery: "query"
    default: source.rawValue
    }
  }
}
