import FilenameKit

/// Batch op `sanitize`.
enum BatchSanitize {
  static func handle(_ r: BatchRequest, _ w: inout JSONFieldWriter) throws(BatchError) {
    guard let name = r.name else { throw BatchError(.missingField, "missing 'name'") }
    let platform: Platform
    if let p = r.platform {
      guard let known = Platform(rawValue: p) else {
        throw BatchError(.unknownValue, "unknown platform '\(p)' (linux, macos, windows, portable)")
      }
      platform = known
    } else {
      platform = .current
    }
    var options = SanitizerOptions()
    if let max = r.maxLength { options.maxLength = try SuggestRequest.positiveInteger(max, name: "max_length") }
    if r.nfd == true { options.normalization = .nfd }
    if r.neutralize == true { options.dangerousTypes = .neutralize }
    if r.ascii == true { options.asciiOnly = true }
    write(FilenameSanitizer.sanitize(name, for: platform, options: options), to: &w)
  }

  /// The protocol's fields for a result (without `id`).
  static func fields(_ r: SanitizedFilename) -> [(String, JSONValue)] {
    JSONFieldList.collect { write(r, to: &$0) }
  }

  /// Writes the protocol's fields for a result (without `id`).
  static func write<S: JSONFieldSink>(_ r: SanitizedFilename, to s: inout S) {
    s.field("filename", r.name)
    s.strings("changes", r.changes) { $0.code.rawValue }
    s.field("risk", r.risk.rawValue)
    s.strings("disguise", r.disguise) { $0.rawValue }
    s.objects("change_details", r.changes) { change, o in
      o.field("code", change.code.rawValue)
      o.field("detail", change.detail)
    }
  }
}
