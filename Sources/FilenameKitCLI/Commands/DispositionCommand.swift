import FilenameKit

/// `filenamekit disposition VALUE`: parse one Content-Disposition header value.
enum DispositionCommand: ToolCommand {
  static let name = "disposition"
  static let abstract = "Parse a Content-Disposition header value."
  static let valueOptions: Set<String> = CharsetArguments.valueOptions
  static let flagOptions: Set<String> = CharsetArguments.flagOptions.union(["--strict", "--json", "--hex"])
  static let help = """
    USAGE: filenamekit disposition <value> [--hex] \(CharsetArguments.usage) [--strict] [--json]

    Parses a Content-Disposition header value (RFC 6266, RFC 8187 filename*, RFC 2231
    continuations, RFC 2047 words, raw 8-bit names) and shows the type, the resolved file
    name, every parameter and every diagnostic. The value is taken as the bytes the shell
    passed; raw 8-bit names that are not UTF-8 are decoded exactly as 'suggest' decodes them.

    The file name shown (and "filename" in --json) is safe to save as given (RFC 6266 section
    4.3): the resolved name sanitized as 'sanitize --platform portable' does, so a path
    (filename="..\\..\\x.exe", "C:\\Windows\\x.exe") becomes one name. The parameters are shown
    as sent.

    OPTIONS:
      --hex                      The value is given as hex bytes (for bytes a shell cannot type).
    \(CharsetArguments.help)
      --strict                   RFC 6266 and tc2231 exactly (default: the compatible profile);
                                 no detection.
      --json                     One JSON object, as the batch 'disposition' op prints it (plus
                                 "detected_charset" when detection decided).

    EXAMPLES:
      filenamekit disposition "attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87.pdf"
      filenamekit disposition "$(printf 'attachment; filename="\\xbb\\xe1\\xd2\\xe9.docx"')"
      filenamekit disposition --hex 6174746163686d656e743b2066696c656e616d653d22d6d0cec42e70646622 --referrer-charset gbk
      filenamekit disposition --strict 'attachment; filename="foo.html"; filename="bar.html"'

    """

  static func run(_ args: [[UInt8]], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try arguments(args)
    guard a.positionals.count == 1 else { throw UsageError("expected exactly one header value") }
    let bytes: [UInt8]
    if a.has("--hex") {
      guard let decoded = Hex.decode(a.positional(0)) else { throw UsageError("--hex: not an even-length hex string") }
      bytes = decoded
    } else {
      bytes = a.positionals[0]
    }
    let charset = try CharsetArguments(a)
    let (cd, guess) = parse(bytes, profile: a.has("--strict") ? .strict : .compatible, charset: charset)
    if a.has("--json") {
      var fields = BatchDisposition.fields(cd)
      fields.append(("detected_charset", .string(guess.map { $0.charset.name })))
      io.writeOut(JSONValue.object(fields).serialized + "\n")
      return ExitStatus.ok
    }
    var out = describe(cd)
    if let guess {
      out += "detected:  \(guess.charset.name) (confidence \(guess.confidence)); --no-detect reads ISO-8859-1\n"
    }
    io.writeOut(out)
    return ExitStatus.ok
  }

  /// Parses as `suggestFilename` does: with the referrer charset when given; otherwise, in the
  /// compatible profile with detection on, a raw 8-bit name that is not UTF-8 is parsed again with
  /// the detected charset (the rule of the pipeline's Content-Disposition step).
  static func parse(
    _ bytes: [UInt8], profile: ContentDisposition.Profile, charset: CharsetArguments
  ) -> (ContentDisposition, CharsetGuess?) {
    ContentDisposition.parseDetectingCharset(
      bytes, options: .init(profile: profile, fallbackCharset: charset.charset, detectCharset: charset.detect))
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
    if let (c, safe) = ParsedFilename.safe(cd) {
      var how = "from \(c.source.rawValue)"
      if let charset = c.charset { how += ", \(charset.name)" }
      if let d = c.decoding { how += ", \(d.rawValue)" }
      if safe != c.name { how += ", sanitized" }
      s += "filename:  \(TerminalText.escape(safe))  (\(how))\n"
    } else {
      s += "filename:  (none)\n"
    }
    if !cd.parameters.isEmpty {
      s += "parameters:\n"
      for p in cd.parameters {
        s +=
          "  \(TerminalText.escape(p.name)) = " + (p.value.map { "\"\(TerminalText.escape($0))\"" } ?? "(undecodable)")
        if let c = p.charset { s += "  [\(c.name)\(p.language.map { ", lang " + TerminalText.escape($0) } ?? "")]" }
        s += "\n"
      }
    }
    if !cd.diagnostics.isEmpty {
      s += "diagnostics:\n"
      for d in cd.diagnostics { s += "  \(TerminalText.escape(d.description))\n" }
    }
    return s
  }
}
