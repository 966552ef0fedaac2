import FilenameKit

/// Batch op `sanitize`.
enum BatchSanitize {
  static func handle(_ r: BatchRequest) throws(BatchError) -> [(String, JSONValue)] {
    guard let name = r.name else { throw BatchError("missing 'name'") }
    let platform: Platform
    if let p = r.platform {
      guard let known = Platform(rawValue: p) else {
        throw BatchError("unknown platform '\(p)' (linux, macos, windows, portable)")
      }
      platform = known
    } else {
      platform = .current
    }
    var options = SanitizerOptions()
    if let max = r.maxLength { options.maxLength = try SuggestRequest.positiveInteger(max, name: "max_length") }
    return fields(FilenameSanitizer.sanitize(name, for: platform, options: options))
  }

  /// The protocol's fields for a result (without `id`).
  static func fields(_ r: SanitizedFilename) -> [(String, JSONValue)] {
    [
      ("filename", .string(r.name)),
      ("changes", .array(r.changes.map { .string($0.code.rawValue) })),
      ("risk", .string(r.risk.rawValue)),
      ("disguise", .array(r.disguise.map { .string($0.rawValue) })),
      (
        "change_details",
        .array(r.changes.map { .object([("code", .string($0.code.rawValue)), ("detail", .string($0.detail))]) })
      ),
    ]
  }
}
