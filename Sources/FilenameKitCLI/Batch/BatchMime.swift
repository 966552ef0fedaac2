import FilenameKit

/// Batch op `mime`: WHATWG-parse one MIME type and list its registered extensions.
enum BatchMime {
  static func handle(_ r: BatchRequest, _ w: inout JSONFieldWriter) throws(BatchError) {
    guard let input = r.input else { throw BatchError(.missingField, "missing 'input'") }
    write(MediaType(input), to: &w)
  }

  /// The protocol's fields (without `id`): only `valid` when parsing failed.
  static func fields(_ t: MediaType?) -> [(String, JSONValue)] {
    JSONFieldList.collect { write(t, to: &$0) }
  }

  /// Writes the protocol's fields (without `id`).
  static func write<S: JSONFieldSink>(_ t: MediaType?, to s: inout S) {
    guard let t else { return s.field("valid", .bool(false)) }
    s.field("valid", .bool(true))
    s.field("essence", t.essence)
    s.field("serialized", t.description)
    s.stringPairs("parameters", t.parameters) { ($0.name, $0.value) }
    s.strings("extensions", MediaTypeRegistry.extensions(for: t.essence)) { $0 }
  }
}
