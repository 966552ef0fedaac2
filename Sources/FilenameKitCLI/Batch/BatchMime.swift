import FilenameKit

/// Batch op `mime`: WHATWG-parse one MIME type and list its registered extensions.
enum BatchMime {
  static func handle(_ r: BatchRequest) throws(BatchError) -> [(String, JSONValue)] {
    guard let input = r.input else { throw BatchError("missing 'input'") }
    return fields(MediaType(input))
  }

  /// The protocol's fields (without `id`): only `valid` when parsing failed.
  static func fields(_ t: MediaType?) -> [(String, JSONValue)] {
    guard let t else { return [("valid", .bool(false))] }
    return [
      ("valid", .bool(true)),
      ("essence", .string(t.essence)),
      ("serialized", .string(t.description)),
      ("parameters", .array(t.parameters.map { .array([.string($0.name), .string($0.value)]) })),
      ("extensions", .array(MediaTypeRegistry.extensions(for: t.essence).map { .string($0) })),
    ]
  }
}
