import FilenameKit

/// Batch op `disposition`.
enum BatchDisposition {
  static func handle(_ r: BatchRequest) throws(BatchError) -> [(String, JSONValue)] {
    let bytes: [UInt8]
    if r.headerHex != nil && r.header != nil {
      // Which one wins differs between readers; a proxy checking one must not let the other through.
      throw BatchError("both 'header' and 'header_hex' given (send one)")
    }
    if let hex = r.headerHex {
      guard let b = Hex.decode(hex) else { throw BatchError("header_hex is not valid hex") }
      bytes = b
    } else if let header = r.header {
      bytes = Array(header.utf8)
    } else {
      throw BatchError("missing 'header' or 'header_hex'")
    }
    var options = ContentDisposition.Options()
    switch r.profile {
    case nil, "compatible": options.profile = .compatible
    case "strict": options.profile = .strict
    case let other?: throw BatchError("unknown profile '\(other)'")
    }
    if let label = r.referrerCharset, !label.isEmpty {
      guard let c = Charset(label: label) else { throw BatchError("unknown charset '\(label)'") }
      options.fallbackCharset = c
    }
    // `detect` is off unless asked for, as in the `url` op: the op's answers for raw bytes stay what
    // they were before detection existed (the protocol only grows).
    options.detectCharset = r.detect ?? false
    let (cd, guess) = ContentDisposition.parseDetectingCharset(bytes, options: options)
    return fields(cd) + [("detected_charset", .string(guess?.charset.name))]
  }

  /// The protocol's fields for a parsed header (without `id`).
  static func fields(_ cd: ContentDisposition) -> [(String, JSONValue)] {
    var params: [(String, JSONValue)] = []
    var seen = Set<String>()  // a look-back per parameter was quadratic (issue 13)
    for p in cd.parameters where seen.insert(p.name).inserted {
      params.append((p.name, .string(p.value)))
    }
    return [
      ("type", cd.isEmpty ? .null : .string(cd.type.name)),
      ("filename", .string(cd.filename)),
      ("parameters", .object(params)),
      ("diagnostics", .array(cd.diagnostics.map { .string($0.code.rawValue) })),
    ]
  }
}
