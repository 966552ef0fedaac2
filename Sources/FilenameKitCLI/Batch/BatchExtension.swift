import FilenameKit

/// Batch op `extension`: the extensions of a `Content-Type` value, and whether a name's extension fits.
enum BatchExtension {
  static func handle(_ r: BatchRequest, _ w: inout JSONFieldWriter) throws(BatchError) {
    guard let contentType = r.contentType else { throw BatchError(.missingField, "missing 'content_type'") }
    write(MediaType.extract(fromContentType: contentType), name: r.name, to: &w)
  }

  /// Writes the protocol's fields (without `id`). An unparsable value has no extensions and agrees with nothing.
  static func write<S: JSONFieldSink>(_ t: MediaType?, name: String?, to s: inout S) {
    let agrees: Bool? = name.flatMap { t?.agrees(withName: $0) }
    s.field("preferred", t.flatMap { MediaTypeRegistry.preferredExtension(for: $0.essence) })
    s.strings("all", t.map { MediaTypeRegistry.extensions(for: $0.essence) } ?? []) { $0 }
    s.field("agrees", agrees.map { .bool($0) } ?? .null)
  }
}
