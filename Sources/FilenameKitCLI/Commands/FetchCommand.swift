import FilenameKit
import FilenameKitFetch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `filenamekit fetch URL`: make the real request and show why the download gets its name.
enum FetchCommand: ToolCommand {
  static let name = "fetch"
  static let abstract = "Request a URL; show redirects, raw headers and the suggested name."
  static let help = """
    USAGE: filenamekit fetch <url> [-H 'Name: value']... [--method HEAD|GET] [--referrer-charset NAME]
                             [--platform P] [--json] [--explain] [--output-dir DIR] [--progress STYLE]
                             [--max-redirects N]

    Makes the real request (libcurl), follows redirects one hop at a time and shows the chain, shows
    the response headers that decide the name (non-ASCII bytes escaped as \\xNN, since servers send
    raw UTF-8, GBK, Shift_JIS...), and prints the suggested file name and the download decision.

    HEAD is sent first; when a server refuses it (403, 405, 501, or a dropped connection), the same
    URL is asked again with GET and 'Range: bytes=0-0'. '--method GET' sends a plain GET and stops
    reading after the headers.

    With --output-dir the body is downloaded (GET): the file is created under the suggested name with
    O_CREAT|O_EXCL, as 'name (1).ext' when taken, so nothing is ever overwritten, and the body
    streams to disk in bounded memory. Progress goes to stderr: a bar on a terminal, plain lines
    otherwise. Ctrl-C (or SIGTERM) stops the download and REMOVES the partial file; the exit status
    is then 130. A network error or an HTTP error status also removes it (exit status 1).

    OPTIONS:
      -H, --header 'Name: value'  Adds a request header (repeatable), e.g. a Referer or a Cookie.
      --method HEAD|GET           HEAD (default, with ranged-GET fallback) or GET.
      --referrer-charset NAME     Charset for raw 8-bit names that are not UTF-8 (a WHATWG label:
                                  gbk, shift_jis, euc-kr, big5, windows-1251, ...).
      --platform P                File system rules for the name: linux, macos, windows, portable
                                  (default: this machine's).
      --json                      One JSON object instead of the readable report.
      --explain                   Also every response header and the reasoning behind the name.
      --output-dir DIR            Download the body into DIR under the suggested name.
      --progress STYLE            bar, lines or none (default: bar when stderr is a terminal,
                                  otherwise lines).
      --max-redirects N           Redirects to follow before failing (default 10).

    EXIT STATUS: 0 ok; 1 network, HTTP or file error; 64 bad command line; 130 interrupted.

    EXAMPLES:
      filenamekit fetch https://example.com/download?id=42
      filenamekit fetch --referrer-charset gbk https://example.cn/files/123
      filenamekit fetch -H 'Referer: https://example.com/' --json https://example.com/report
      filenamekit fetch --output-dir ~/Downloads https://example.com/big.iso

    """

  /// Response headers the report shows (with --explain: all of them).
  static let relevantHeaders = [
    "content-disposition", "content-type", "content-length", "content-range", "content-encoding",
    "x-content-type-options",
  ]

  /// The exit status after Ctrl-C or SIGTERM (128 + SIGINT, as shells report it).
  static let interruptedStatus: Int32 = 130

  static func run(_ args: [String], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try Arguments(
      args,
      valueOptions: ["-H", "--header", "--method", "--referrer-charset", "--platform", "--output-dir", "--progress",
                     "--max-redirects"],
      flagOptions: ["--json", "--explain"])
    guard a.positionals.count == 1 else { throw UsageError("expected exactly one URL") }
    let url = a.positionals[0]
    let scheme = url.prefix(8).lowercased()
    guard scheme.hasPrefix("http://") || scheme.hasPrefix("https://") else {
      throw UsageError("'\(url)' is not an http:// or https:// URL")
    }
    var options = FetchOptions()
    options.headers = try (a.values["-H"] ?? []).map(checkedHeader) + (a.values["--header"] ?? []).map(checkedHeader)
    if let method = a.value("--method") {
      guard let m = HTTPMethod(rawValue: method.uppercased()) else { throw UsageError("--method must be HEAD or GET") }
      options.method = m
    }
    if let n = a.value("--max-redirects") {
      guard let v = Int(n), v >= 0, v <= 100 else { throw UsageError("--max-redirects must be 0...100") }
      options.maxRedirects = v
    }
    var settings = Settings()
    if let label = a.value("--referrer-charset") {
      guard let charset = Charset(label: label) else { throw UsageError("unknown charset '\(label)'") }
      settings.charset = charset
    }
    if let p = a.value("--platform") {
      guard let platform = Platform(rawValue: p.lowercased()) else {
        throw UsageError("unknown platform '\(p)' (linux, macos, windows, portable)")
      }
      settings.platform = platform
    }
    settings.json = a.has("--json")
    settings.explain = a.has("--explain")

    guard let directory = a.value("--output-dir") else {
      guard a.value("--progress") == nil else { throw UsageError("--progress needs --output-dir") }
      return probe(url, options: options, settings: settings, io: io)
    }
    if a.value("--method")?.uppercased() == "HEAD" { throw UsageError("--output-dir downloads with GET; drop --method HEAD") }
    let style: ProgressMeter.Style
    if let s = a.value("--progress") {
      guard let parsed = ProgressMeter.Style(rawValue: s) else { throw UsageError("--progress must be bar, lines or none") }
      style = parsed
    } else {
      style = isatty(2) == 1 ? .bar : .lines
    }
    return download(url, into: directory, options: options, settings: settings, progress: style, io: io)
  }

  /// What the report needs besides the fetch options.
  struct Settings {
    var charset: Charset?
    var platform: Platform = .current
    var json = false
    var explain = false
  }

  /// Validates one `-H` value: `Name: value`, the name a token, no line breaks.
  static func checkedHeader(_ line: String) throws(UsageError) -> String {
    guard let colon = line.firstIndex(of: ":") else { throw UsageError("-H '\(line)': expected 'Name: value'") }
    let name = line[..<colon]
    let tokenBytes = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    guard !name.isEmpty, name.utf8.allSatisfy({ tokenBytes.contains($0) }) else {
      throw UsageError("-H '\(line)': the header name must be an HTTP token")
    }
    guard !line.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
      throw UsageError("-H: a header must not contain line breaks")
    }
    return line
  }

  // MARK: - Probe (no download)

  static func probe(_ url: String, options: FetchOptions, settings: Settings, io: ToolIO) -> Int32 {
    let result: FetchResult
    do {
      result = try HTTPFetcher.probe(url, options: options)
    } catch {
      io.writeErr("filenamekit fetch: \(error.message) (\(error.url))\n")
      return ExitStatus.failure
    }
    guard result.final.isSuccess else {
      io.writeErr(httpError(result.final))
      return ExitStatus.failure
    }
    let suggestion = Self.suggestion(for: result.final, settings: settings)
    write(result, url: url, suggestion: suggestion, saved: nil, settings: settings, io: io)
    return ExitStatus.ok
  }

  // MARK: - Download

  static func download(
    _ url: String, into directory: String, options: FetchOptions, settings: Settings,
    progress style: ProgressMeter.Style, io: ToolIO
  ) -> Int32 {
    var info = stat()
    guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
      io.writeErr("filenamekit fetch: --output-dir '\(directory)' is not a directory\n")
      return ExitStatus.failure
    }
    let columns = Int(getenv("COLUMNS").map { String(cString: $0) } ?? "") ?? 80
    let meter = ProgressMeter(style: style, width: columns, write: io.writeErr)
    let download = FileDownload(
      directory: directory, platform: settings.platform,
      name: { Self.suggestion(for: $0, settings: settings).filename },
      progress: { meter.update(received: $0, total: $1) })
    Interrupts.install()
    defer { Interrupts.restore() }

    let result: FetchResult
    do {
      result = try HTTPFetcher.get(url, options: options, delegate: download)
    } catch {
      let removed = download.discard()
      let note = removed.map { "; removed the partial file '\($0)'" } ?? ""
      if download.interruptedBy != 0 {
        if style == .bar { io.writeErr("\n") }
        io.writeErr("filenamekit fetch: interrupted\(note)\n")
        return interruptedStatus
      }
      if style == .bar && download.fileName != nil { io.writeErr("\n") }
      io.writeErr("filenamekit fetch: \(download.failure ?? "\(error.message) (\(error.url))")\(note)\n")
      return ExitStatus.failure
    }
    guard result.final.isSuccess else {
      download.discard()
      io.writeErr(httpError(result.final))
      return ExitStatus.failure
    }
    guard download.complete(), let path = download.path, let name = download.fileName else {
      let removed = download.discard()
      io.writeErr("filenamekit fetch: \(download.failure ?? "nothing was saved")"
        + (removed.map { "; removed '\($0)'" } ?? "") + "\n")
      return ExitStatus.failure
    }
    meter.finish(note: "saved")
    let suggestion = Self.suggestion(for: result.final, settings: settings)
    write(result, url: url, suggestion: suggestion, saved: (path, name, download.bytesWritten), settings: settings, io: io)
    return ExitStatus.ok
  }

  /// The core's suggestion for the final response: its URL, Content-Disposition and Content-Type bytes.
  static func suggestion(for response: HTTPResponse, settings: Settings) -> Suggestion {
    let metadata = DownloadMetadata(
      url: response.request.url, contentDisposition: response.value("content-disposition"),
      contentType: response.value("content-type"))
    return suggestFilename(
      for: metadata, options: SuggestionOptions(fallbackCharset: settings.charset, platform: settings.platform))
  }

  static func httpError(_ response: HTTPResponse) -> String {
    let reason = response.reason.isEmpty ? "" : " " + response.reason
    return "filenamekit fetch: HTTP \(response.status)\(reason) from \(response.request.url)\n"
  }

  // MARK: - Output

  static func write(
    _ result: FetchResult, url: String, suggestion: Suggestion, saved: (path: String, name: String, bytes: Int64)?,
    settings: Settings, io: ToolIO
  ) {
    let headers = result.final.headers.filter { settings.explain || relevantHeaders.contains($0.name) }
    if settings.json {
      var fields: [(String, JSONValue)] = [
        ("url", .string(url)),
        ("final_url", .string(result.final.request.url)),
        ("status", .int(result.final.status)),
        ("chain", .array(result.hops.map(hopJSON))),
        ("headers", .array(headers.map(headerJSON))),
        ("suggestion", .object(BatchSuggest.fields(suggestion, includeTrace: settings.explain))),
      ]
      if let saved {
        fields.append(("saved", .object([("path", .string(saved.path)), ("name", .string(saved.name)),
                                         ("bytes", .int(Int(saved.bytes)))])))
      }
      io.writeOut(JSONValue.object(fields).serialized + "\n")
      return
    }
    var s = "requests:\n"
    for (i, hop) in result.hops.enumerated() {
      let r = hop.response.request
      s += "  \(i + 1). \(r.method.rawValue) \(r.url)" + (r.range.map { "  (Range: bytes=\($0))" } ?? "") + "\n"
      if let refusal = hop.refusedHead {
        s += "     HEAD refused (\(refusal)); asking again with a ranged GET\n"
      } else {
        s += "     \(hop.response.status) \(hop.response.reason)" + (hop.redirectURL.map { " -> \($0)" } ?? "") + "\n"
      }
    }
    s += "headers:\n"
    if headers.isEmpty { s += "  (none that matter)\n" }
    for h in headers {
      s += "  \(h.name): \(h.escapedValue)\n"
      if !h.isASCII {
        if let text = String(validating: h.value, as: UTF8.self) {
          s += "      raw bytes escaped above; as UTF-8: \(text)\n"
        } else {
          s += "      raw bytes escaped above; not valid UTF-8\n"
        }
      }
    }
    let color = TracePrinter.useColor(io)
    s += "suggestion: " + TracePrinter.paint(suggestion.filename, .bold, color) + "\n"
    s += "  source:     \(suggestion.source.rawValue)\n"
    s += "  media type: \(suggestion.mediaType?.description ?? "(none)")\n"
    s += "  decision:   \(suggestion.decision.isDownload ? "download" : "display") (\(suggestion.decision.detail))\n"
    if let c = suggestion.decision.conflict { s += "  conflict:   \(c)\n" }
    s += "  risk:       \(suggestion.risk.rawValue)\n"
    if settings.explain { s += TracePrinter.render(suggestion.trace, color: color) }
    if let saved { s += "saved: \(saved.path) (\(saved.bytes) bytes)\n" }
    io.writeOut(s)
  }

  static func hopJSON(_ hop: FetchHop) -> JSONValue {
    let r = hop.response.request
    return .object([
      ("method", .string(r.method.rawValue)),
      ("url", .string(r.url)),
      ("range", .string(r.range.map { "bytes=" + $0 })),
      ("status", hop.refusedHead != nil && hop.response.status == 0 ? .null : .int(hop.response.status)),
      ("reason", .string(hop.response.reason)),
      ("location", .string(hop.redirectURL)),
      ("head_refused", .bool(hop.refusedHead != nil)),
    ])
  }

  static func headerJSON(_ h: HTTPHeaderField) -> JSONValue {
    .object([
      ("name", .string(h.name)),
      ("value", .string(String(validating: h.value, as: UTF8.self) ?? h.escapedValue)),
      ("hex", h.isASCII ? .null : .string(Hex.encode(h.value))),
    ])
  }
}
