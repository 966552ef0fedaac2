import FilenameKit

/// Batch op `disposition`.
enum BatchDisposition {
  static func handle(_ r: BatchRequest, _ w: inout JSONFieldWriter) throws(BatchError) {
    if r.headerHex != nil && r.header != nil {
      // Which one wins differs between readers; a proxy checking one must not let the other through.
      throw BatchError(.conflictingFields, "both 'header' and 'header_hex' given (send one)")
    }
    var hexBytes: [UInt8]? = nil
    if let hex = r.headerHex {
      guard let b = Hex.decode(hex) else { throw BatchError(.invalidHex, "header_hex is not valid hex") }
      hexBytes = b
    } else if r.header == nil {
      throw BatchError(.missingField, "missing 'header' or 'header_hex'")
    }
    var options = ContentDisposition.Options()
    switch r.profile {
    case nil, "compatible": options.profile = .compatible
    case "strict": options.profile = .strict
    case let other?: throw BatchError(.unknownValue, "unknown profile '\(other)'")
    }
    if let label = r.referrerCharset, !label.isEmpty {
      options.fallbackCharset = try CharsetLabel.batchCharset(label)
    }
    // `detect` is off unless asked for, as in the `url` op: the op's answers for raw bytes stay what
    // they were before detection existed (the protocol only grows).
    options.detectCharset = r.detect ?? false
    // A header sent as text is parsed from the string's own bytes, not a copy.
    let (cd, guess) =
      if let hexBytes {
        ContentDisposition.parseDetectingCharset(hexBytes, options: options, language: r.language)
      } else {
        ContentDisposition.parseDetectingCharset(r.header!.utf8, options: options, language: r.language)
      }
    write(cd, to: &w)
    w.field("detected_charset", guess?.charset.name)
  }

  /// The protocol's fields for a parsed header (without `id`).
  static func fields(_ cd: ContentDisposition) -> [(String, JSONValue)] {
    JSONFieldList.collect { write(cd, to: &$0) }
  }

  /// Writes the protocol's fields for a parsed header (without `id`): `filename` made safe
  /// (`ParsedFilename`). The parser keeps a repeated parameter name's first
  /// value only (`ContentDisposition.parameters` never repeats a name), so no check is needed here.
  static func write<S: JSONFieldSink>(_ cd: ContentDisposition, to s: inout S) {
    s.field("type", cd.isEmpty ? nil : cd.type.name)
    s.field("filename", ParsedFilename.safe(cd)?.name)
    let params = cd.parameters
    s.stringMembers("parameters", params.indices) { k -> (String, String?)? in (params[k].name, params[k].value) }
    s.strings("diagnostics", cd.diagnostics) { $0.code.rawValue }
  }
}
