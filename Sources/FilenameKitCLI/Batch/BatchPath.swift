import FilenameKit

/// Batch op `path`: a URL's relative path in a mirror (`MirrorPath`).
enum BatchPath {
  static func handle(_ r: BatchRequest, _ w: inout JSONFieldWriter) throws(BatchError) {
    guard let url = r.url else { throw BatchError(.missingField, "missing 'url'") }
    var options = MirrorPathOptions()
    if let p = r.platform {
      guard let known = Platform(rawValue: p) else {
        throw BatchError(
          .unknownValue, "unknown platform '\(TerminalText.escape(p))' (linux, macos, windows, portable)")
      }
      options.platform = known
    }
    if let index = r.indexName { options.indexName = index }
    options.decoding.detectCharset = r.detect ?? false
    options.decoding.language = r.language
    if let label = r.referrerCharset, !label.isEmpty {
      options.decoding.fallbackCharset = try CharsetLabel.batchCharset(label)
    }
    do throws(MirrorPathError) {
      write(try MirrorPath.make(url: url, name: r.name, options: options), to: &w)
    } catch {
      throw BatchError(.invalidPath, error.description)
    }
  }

  /// The protocol's fields for a mirror path (without `id`).
  static func fields(_ p: MirrorPath) -> [(String, JSONValue)] {
    JSONFieldList.collect { write(p, to: &$0) }
  }

  /// Writes the protocol's fields for a mirror path (without `id`).
  static func write<S: JSONFieldSink>(_ p: MirrorPath, to s: inout S) {
    s.field("path", p.path)
    s.strings("segments", p.segments) { $0 }
    s.field("directory", .bool(p.isDirectory))
    s.field("platform", p.platform.rawValue)
    s.field("length", .int(p.length))
    s.field("room", .int(p.room))
    s.objects("steps", p.steps) { step, o in
      o.field("code", step.code.rawValue)
      o.field("segment", step.segment.map { .int($0) } ?? .null)
      o.field("detail", step.detail)
    }
    s.strings("diagnostics", p.diagnostics) { $0.code.rawValue }
  }
}
