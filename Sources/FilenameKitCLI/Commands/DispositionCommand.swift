import FilenameKit

/// `filenamekit disposition VALUE`: parse one Content-Disposition header value.
enum DispositionCommand: ToolCommand {
  static let name = "disposition"
  static let abstract = "Parse a Content-Disposition header value."
  static let help = """
    USAGE: filenamekit disposition <value> [--referrer-charset NAME] [--strict] [--json]

    Parses a Content-Disposition header value (RFC 6266, RFC 8187 filename*, RFC 2231
    continuations, RFC 2047 words, raw 8-bit names) and shows the type, the resolved file
    name, every parameter and every diagnostic.

    OPTIONS:
      --referrer-charset NAME  Charset for raw 8-bit names that are not UTF-8 (a WHATWG
                               label: gbk, shift_jis, euc-kr, big5, windows-1251, ...).
      --strict                 RFC 6266 and tc2231 exactly (default: the compatible profile).
      --json                   One JSON object, as the batch 'disposition' op prints it.
      --hex                    The value is given as hex bytes (for raw 8-bit headers).

    EXAMPLES:
      filenamekit disposition "attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87.pdf"
      filenamekit disposition --hex 6174746163686d656e743b2066696c656e616d653d22d6d0cec42e70646622 --referrer-charset gbk
      filenamekit disposition --strict 'attachment; filename="foo.html"; filename="bar.html"'

    """

  static func run(_ args: [String], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try Arguments(args, valueOptions: ["--referrer-charset"], flagOptions: ["--strict", "--json", "--hex"])
    guard a.positionals.count == 1 else { throw UsageError("expected exactly one header value") }
    let raw = a.positionals[0]
    let bytes: [UInt8]
    if a.has("--hex") {
      guard let decoded = Hex.decode(raw) else { throw UsageError("--hex: not an even-length hex string") }
      bytes = decoded
    } else {
      bytes = Array(raw.utf8)
    }
    var options = ContentDisposition.Options(profile: a.has("--strict") ? .strict : .compatible)
    if let label = a.value("--referrer-charset") {
      guard let charset = Charset(label: label) else { throw UsageError("unknown charset '\(label)'") }
      options.fallbackCharset = charset
    }
    let cd = ContentDisposition(parsing: bytes, options: options)
    if a.has("--json") {
      io.writeOut(JSONValue.object(BatchDisposition.fields(cd)).serialized + "\n")
      return ExitStatus.ok
    }
    io.writeOut(describe(cd))
    return ExitStatus.ok
  }

  /// The readable form.
  static func describe(_ cd: ContentDisposition) -> String {
    var s = ""
    if cd.isEmpty {
      s += "type:      (none: empty header)\n"
    } else if cd.isIgnored {
      s += "type:      inline (header ignored as invalid; treated as absent)\n"
    } else {
      let note = cd.type.isAttachmentLike && cd.type != .attachment ? " (treated as attachment)" : ""
      s += "type:      \(cd.type.name)\(note)\n"
    }
    if let c = cd.candidates.first {
      var how = "from \(c.source.rawValue)"
      if let charset = c.charset { how += ", \(charset.name)" }
      if let d = c.decoding { how += ", \(d)" }
      s += "filename:  \(c.name)  (\(how))\n"
    } else {
      s += "filename:  (none)\n"
    }
    if !cd.parameters.isEmpty {
      s += "parameters:\n"
      for p in cd.parameters {
        s += "  \(p.name) = " + (p.value.map { "\"\($0)\"" } ?? "(undecodable)")
        if let c = p.charset { s += "  [\(c.name)\(p.language.map { ", lang " + $0 } ?? "")]" }
        s += "\n"
      }
    }
    if !cd.diagnostics.isEmpty {
      s += "diagnostics:\n"
      for d in cd.diagnostics { s += "  \(d)\n" }
    }
    return s
  }
}
