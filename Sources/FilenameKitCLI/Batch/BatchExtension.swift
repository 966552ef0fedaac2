import FilenameKit

/// Batch op `extension`: the extensions of a `Content-Type` value, and whether a name's extension fits.
enum BatchExtension {
  static func handle(_ r: BatchRequest) throws(BatchError) -> [(String, JSONValue)] {
    guard let contentType = r.contentType else { throw BatchError("missing 'content_type'") }
    return fields(MediaType.extract(fromContentType: contentType), name: r.name)
  }

  /// The protocol's fields (without `id`). An unparsable value has no extensions and agrees with nothing.
  static func fields(_ t: MediaType?, name: String?) -> [(String, JSONValue)] {
    let agrees: Bool? = name.flatMap { t?.agrees(withName: $0) }
    return [
      ("preferred", .string(t.flatMap { MediaTypeRegistry.preferredExtension(for: $0.essence) })),
      ("all", .array((t.map { MediaTypeRegistry.extensions(for: $0.essence) } ?? []).map { .string($0) })),
      ("agrees", agrees.map { .bool($0) } ?? .null),
    ]
  }
}
