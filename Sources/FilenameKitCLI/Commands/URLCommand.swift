import FilenameKit

/// `filenamekit url URL`: the file name a URL suggests.
enum URLCommand: ToolCommand {
  static let name = "url"
  static let abstract = "Extract the file name candidate from a URL."
  static let valueOptions: Set<String> = CharsetArguments.valueOptions.union(["--language", "--query-key"])
  static let flagOptions: Set<String> = CharsetArguments.flagOptions.union(["--json"])
  static let help = """
    USAGE: filenamekit url <url> \(CharsetArguments.usage) [--language TAG]
                             [--query-key KEY ...] [--json]

    Shows the file name a user expects from an absolute URL (http, https, ftp, file, data,
    blob): the last non-empty path segment, percent-decoded; a presigned URL's
    response-content-disposition; the host (in Unicode) when the path is empty; a data: URL's
    media type. Escaped bytes are read as UTF-8, else with the referrer charset, else with the
    detected charset (unless --no-detect); otherwise the escapes are kept as written. Bytes of
    the argument that are not UTF-8 are %-escaped first, as a browser sends them.

    The name shown (and "filename" in --json) is safe to save as given: the decoded name
    sanitized as 'sanitize --platform portable' does, so an escaped path
    (..%2F..%2Fetc%2Fpasswd) or control (%00) cannot leave the directory, and a host (the path
    names nothing) has its dots turned to '_', so 'https://setup.scr/' is not the screen saver
    setup.scr but setup_scr, as 'suggest' names it. The name as decoded
    is shown as "raw" ("raw_filename" in --json) when it differs: never use it as a path.

    OPTIONS:
    \(CharsetArguments.help)
      --language TAG             Language preference for detection (zh-CN, zh-TW, ja, ko, ru,
                                 or an Accept-Language value), as in 'suggest'.
      --query-key KEY            Also take the name from this query parameter (repeatable, in
                                 priority order), e.g. --query-key filename --query-key file.
      --json                     One JSON object, as the batch 'url' op prints it.

    EXAMPLES:
      filenamekit url "https://example.com/docs/%E4%B8%AD%E6%96%87.pdf?x=1"
      filenamekit url "https://example.com/%BB%E1%D2%E9%BC%CD%D2%AA.docx"
      filenamekit url --referrer-charset shift_jis "https://example.jp/%8C%A9%90%CF%8F%91.pdf"
      filenamekit url "https://bucket.s3.amazonaws.com/k?response-content-disposition=attachment%3B%20filename%3Dr.pdf"
      filenamekit url --json "https://xn--fsq.com/"

    """

  static func run(_ args: [[UInt8]], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try arguments(args)
    guard a.positionals.count == 1 else { throw UsageError("expected exactly one URL") }
    let charset = try CharsetArguments(a)
    var options = URLFilenameOptions(detectCharset: charset.detect)
    options.fallbackCharset = charset.charset
    options.language = a.value("--language")
    options.queryKeys = a.values("--query-key")
    let r = URLFilename.extract(from: SuggestRequest.urlText(a.positionals[0]), options: options)
    if a.has("--json") {
      io.writeOut(JSONValue.object(BatchURL.fields(r)).serialized + "\n")
    } else {
      io.writeOut(describe(r))
    }
    return ExitStatus.ok
  }

  /// The readable form.
  static func describe(_ r: URLFilename) -> String {
    var s = ""
    if let name = r.filename, let safe = ParsedFilename.safe(r) {
      var how = "from \(r.source.map(ParsedFilename.urlSourceName) ?? "?")"
      if let c = r.charset { how += ", \(c.name)" }
      if let g = r.guess { how += ", detected with confidence \(g.confidence)" }
      s += "filename:    \(TerminalText.escape(safe))  (\(how))\n"
      if safe != name { s += "raw:         \(TerminalText.escape(name))  (as decoded; sanitized above)\n" }
    } else {
      s += "filename:    (none)\n"
    }
    if let m = r.mediaType { s += "media type:  \(TerminalText.escape(m))\n" }
    if let cd = r.contentDisposition {
      s +=
        "disposition: \(TerminalText.escape(cd.type.name))\(cd.filename.map { ", filename \(TerminalText.escape($0))" } ?? "")\n"
    }
    if !r.diagnostics.isEmpty {
      s += "diagnostics:\n"
      for d in r.diagnostics { s += "  \(TerminalText.escape(d.description))\n" }
    }
    return s
  }
}
