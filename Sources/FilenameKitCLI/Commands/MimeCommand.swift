import FilenameKit

/// `filenamekit mime VALUE`: parse a MIME type and show its registered file extensions.
enum MimeCommand: ToolCommand {
  static let name = "mime"
  static let abstract = "Parse a MIME type (WHATWG); show its file extensions."
  static let help = """
    USAGE: filenamekit mime <value> [--header] [--name NAME] [--json]
           filenamekit mime --ext <extension> [--json]

    Parses a MIME type as the WHATWG MIME Sniffing Standard does (lowercased type and subtype,
    parameters in order with the first of a repeated name winning, quoted values unescaped) and
    shows its serialization, its canonical name when it is an alias, the WHATWG groups it is in,
    and the file extensions the compiled-in registry gives it (preferred first).

    OPTIONS:
      --header      The value is a whole Content-Type header, possibly combined from several
                    fields ("text/html, text/plain;charset=gbk"): use Fetch's "extract a MIME type".
      --name NAME   Also say whether NAME's extension fits the type, and which extension the
                    filename pipeline would add.
      --ext         The value is a file extension (any case, "tar.gz" allowed): list its media types.
      --json        One JSON object; for a MIME type, as the batch 'mime' op prints it (plus
                    "agrees" and "extension_to_add" with --name).

    EXIT STATUS: 0 ok; 64 bad command line; 65 (EX_DATAERR) the value is not a MIME type, or
    --ext names an extension no media type has (the answer is printed all the same), so
    'filenamekit mime "$t" >/dev/null' tests a type.

    EXAMPLES:
      filenamekit mime 'Text/HTML; Charset="utf-8"'
      filenamekit mime --json image/jpeg
      filenamekit mime --header 'text/html;charset=gbk, text/html;x=y'
      filenamekit mime application/x-zip-compressed --name report.docx
      filenamekit mime --ext tar.gz

    """

  static let valueOptions: Set<String> = ["--name"]
  static let flagOptions: Set<String> = ["--json", "--header", "--ext"]

  static func run(_ args: [[UInt8]], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try arguments(args)
    guard a.positionals.count == 1 else { throw UsageError("expected exactly one value") }
    let value = a.positional(0)
    if a.has("--ext") {
      guard !a.has("--header"), a.value("--name") == nil else { throw UsageError("--ext takes no --header or --name") }
      return describeExtension(value, json: a.has("--json"), io: io)
    }
    let parsed = a.has("--header") ? MediaType.extract(fromContentType: value) : MediaType(value)
    let name = a.value("--name")
    if a.has("--json") {
      var fields = BatchMime.fields(parsed)
      if let name, let parsed {
        fields.append(("agrees", parsed.agrees(withName: name).map { .bool($0) } ?? .null))
        fields.append(("extension_to_add", .string(parsed.extensionToAdd(toName: name))))
      }
      io.writeOut(JSONValue.object(fields).serialized + "\n")
    } else {
      io.writeOut(describe(parsed, name: name))
    }
    return parsed == nil ? ExitStatus.dataError : ExitStatus.ok
  }

  /// The readable form.
  static func describe(_ parsed: MediaType?, name: String?) -> String {
    guard let t = parsed else { return "invalid:     not a MIME type (the WHATWG parser fails on it)\n" }
    var s = "essence:     \(t.essence)\n"
    s += "type:        \(t.type)\n"
    s += "subtype:     \(t.subtype)\n"
    if !t.parameters.isEmpty {
      s += "parameters:\n"
      // Values come from a server and may hold C1 controls (U+009B is CSI) or bidi controls.
      for p in t.parameters { s += "  \(p.name) = \"\(TerminalText.escape(p.value))\"\n" }
    }
    s += "serialized:  \(TerminalText.escape(t.description))\n"
    let canonical = MediaTypeRegistry.canonicalEssence(t.essence)
    if canonical != t.essence { s += "canonical:   \(canonical)  (\(t.essence) is an alias)\n" }
    let groups = [
      ("generic", t.isGeneric), ("html", t.isHTML), ("xml", t.isXML), ("javascript", t.isJavaScript),
      ("json", t.isJSON), ("image", t.isImage), ("audio-or-video", t.isAudioOrVideo), ("font", t.isFont),
      ("text", t.isText), ("zip-based", t.isZIPBased), ("archive", t.isArchive), ("scriptable", t.isScriptable),
    ].filter(\.1).map(\.0)
    if !groups.isEmpty { s += "groups:      \(groups.joined(separator: ", "))\n" }
    let all = MediaTypeRegistry.extensions(for: t.essence)
    if t.isGeneric {
      s += "extensions:  (none: a generic type never decides an extension)\n"
    } else if all.isEmpty {
      s += "extensions:  (none registered)\n"
    } else {
      s += "preferred:   \(all[0])\n"
      s += "extensions:  \(all.joined(separator: " "))\n"
    }
    if let name {
      let agrees = t.agrees(withName: name).map { $0 ? "yes" : "no" } ?? "(no opinion)"
      s += "name:        \(TerminalText.escape(name))\n"
      s += "  agrees:    \(agrees)\n"
      s += "  add:       \(t.extensionToAdd(toName: name).map { "." + TerminalText.escape($0) } ?? "(nothing)")\n"
    }
    return s
  }

  static func describeExtension(_ ext: String, json: Bool, io: ToolIO) -> Int32 {
    let bare = ext.hasPrefix(".") ? String(ext.dropFirst()) : ext
    let types = MediaTypeRegistry.mediaTypes(forExtension: bare)
    if json {
      io.writeOut(
        JSONValue.object([
          ("extension", .string(bare)), ("media_types", .array(types.map { .string($0) })),
        ]).serialized + "\n")
    } else if types.isEmpty {
      io.writeOut("extension:   .\(TerminalText.escape(bare))\nmedia types: (none registered)\n")
    } else {
      io.writeOut(
        "extension:   .\(TerminalText.escape(bare))\nmedia types: \(types.joined(separator: "\n             "))\n")
    }
    return types.isEmpty ? ExitStatus.dataError : ExitStatus.ok
  }
}
