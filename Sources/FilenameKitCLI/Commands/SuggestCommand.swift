import FilenameKit

/// `filenamekit suggest`: the whole pipeline, with `--explain`.
enum SuggestCommand: ToolCommand {
  static let name = "suggest"
  static let abstract = "Suggest a safe file name for a download, and say whether it downloads."
  static let help = """
    USAGE: filenamekit suggest [--url U] [--content-disposition V] [--content-type T]
                               [--suggested-name N] [--default-name N] [--referrer-charset C]
                               [--platform linux|macos|windows|portable] [--max-length N]
                               [--renderer webview|none] [--strict] [--no-detect] [--nfd]
                               [--neutralize] [--json] [--explain]

    Runs the whole pipeline: parses the headers and the URL, picks the name by precedence
    (filename*, filename, suggested name, URL query, URL path, host, default name, "download"),
    fixes the extension from the media type, sanitizes for the platform, and decides whether the
    response downloads or displays. --explain prints every decision.

    OPTIONS:
      --url U                    The response URL (after redirects).
      --content-disposition V    The Content-Disposition value (--content-disposition-hex for raw bytes).
      --content-type T           The Content-Type value.
      --suggested-name N         A caller's name (an HTML download attribute).
      --default-name N           The name to use when nothing else survives.
      --referrer-charset C       Charset for raw 8-bit names and %-escapes that are not UTF-8.
      --platform P               linux, macos, windows or portable (default: this machine's).
      --max-length N             A lower length limit, in the platform's unit.
      --renderer R               webview (default) or none (a headless tool: everything downloads).
      --strict                   Parse Content-Disposition strictly (RFC 6266 / tc2231).
      --no-detect                Do not guess the charset of legacy-encoded URL names.
      --nfd                      Normalize to NFD instead of NFC.
      --neutralize               Append .download to executables and shortcuts.
      --json                     One JSON object, as the batch 'suggest' op prints it.
      --explain                  Print the trace of every decision.

    EXAMPLES:
      filenamekit suggest --url 'https://example.com/download.php?id=7' \\
          --content-disposition "attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87" --content-type application/pdf
      filenamekit suggest --url 'https://example.com/files/%B1%A8%B8%E6.docx' --explain
      filenamekit suggest --content-disposition-hex 6174746163686d656e743b2066696c656e616d653d22d6d0cec42e70646622 --referrer-charset gbk
      filenamekit suggest --url 'https://example.com/a/..%2F..%2Fetc%2Fpasswd' --platform windows --json

    """

  static func run(_ args: [String], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try Arguments(args, valueOptions: [
      "--url", "--content-disposition", "--content-disposition-hex", "--content-type", "--suggested-name",
      "--default-name", "--referrer-charset", "--platform", "--max-length", "--renderer",
    ], flagOptions: ["--json", "--explain", "--strict", "--no-detect", "--nfd", "--neutralize"])
    guard a.positionals.isEmpty else { throw UsageError("unexpected argument '\(a.positionals[0])'") }
    var request = SuggestRequest()
    request.url = a.value("--url")
    request.contentDisposition = a.value("--content-disposition")
    request.contentDispositionHex = a.value("--content-disposition-hex")
    request.contentType = a.value("--content-type")
    request.suggestedName = a.value("--suggested-name")
    request.defaultName = a.value("--default-name")
    request.referrerCharset = a.value("--referrer-charset")
    request.platform = a.value("--platform")
    request.maxLength = a.value("--max-length")
    request.renderer = a.value("--renderer")
    request.strict = a.has("--strict")
    request.detect = !a.has("--no-detect")
    request.nfd = a.has("--nfd")
    request.neutralize = a.has("--neutralize")
    let (metadata, options): (DownloadMetadata, SuggestionOptions)
    do {
      (metadata, options) = try request.resolve()
    } catch {
      throw UsageError(error.message)
    }
    let s = suggestFilename(for: metadata, options: options)
    if a.has("--json") {
      io.writeOut(JSONValue.object(BatchSuggest.fields(s, includeTrace: true)).serialized + "\n")
      return ExitStatus.ok
    }
    let color = TracePrinter.useColor(io)
    var out = TracePrinter.paint(s.filename, .bold, color) + "\n"
    out += "  source:     \(s.source.rawValue)\n"
    out += "  media type: \(s.mediaType?.description ?? "(none)")\n"
    out += "  decision:   \(s.decision.isDownload ? "download" : "display") (\(s.decision.detail))\n"
    if let c = s.decision.conflict { out += "  conflict:   \(c)\n" }
    out += "  risk:       \(s.risk.rawValue)\n"
    if a.has("--explain") { out += TracePrinter.render(s.trace, color: color) }
    io.writeOut(out)
    return ExitStatus.ok
  }
}

/// The inputs of `suggest`, shared by the command and the batch op, validated in one place.
struct SuggestRequest {
  var url: String?
  var contentDisposition: String?
  var contentDispositionHex: String?
  var contentType: String?
  var suggestedName: String?
  var defaultName: String?
  var referrerCharset: String?
  var platform: String?
  var maxLength: String?
  var renderer: String?
  var strict = false
  var detect = true
  var nfd = false
  var neutralize = false

  /// Builds the library inputs; throws a `BatchError` naming the bad field.
  func resolve() throws(BatchError) -> (DownloadMetadata, SuggestionOptions) {
    var m = DownloadMetadata(url: url, contentDisposition: nil, contentType: contentType, suggestedName: suggestedName)
    if let hex = contentDispositionHex {
      guard let bytes = Hex.decode(hex) else { throw BatchError("content_disposition_hex is not valid hex") }
      m.contentDisposition = bytes
    } else if let cd = contentDisposition {
      m.contentDisposition = Array(cd.utf8)
    }
    var o = SuggestionOptions()
    o.defaultName = defaultName
    o.detectCharset = detect
    o.profile = strict ? .strict : .compatible
    o.normalization = nfd ? .nfd : .nfc
    o.dangerousTypes = neutralize ? .neutralize : .report
    if let label = referrerCharset, !label.isEmpty {
      guard let c = Charset(label: label) else { throw BatchError("unknown charset '\(label)'") }
      o.fallbackCharset = c
    }
    if let p = platform {
      guard let platform = Platform(rawValue: p) else { throw BatchError("unknown platform '\(p)' (linux, macos, windows, portable)") }
      o.platform = platform
    }
    if let n = maxLength {
      guard let v = Int(n), v > 0 else { throw BatchError("max_length must be a positive integer") }
      o.maxLength = v
    }
    switch renderer {
    case nil, "webview": o.renderer = .webView
    case "none": o.renderer = .none
    case let r?: throw BatchError("unknown renderer '\(r)' (webview, none)")
    }
    return (m, o)
  }
}
