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
  static let valueOptions: Set<String> = CharsetArguments.valueOptions.union(DestinationArgument.valueOptions).union([
    "-H", "--header", "--method", "--platform", "--output-dir", "--progress", "--max-redirects", "--max-time",
    "--min-rate", "--stall-time", "--max-decoded-size", "--max-decode-ratio",
  ])
  static let flagOptions: Set<String> = CharsetArguments.flagOptions.union(DestinationArgument.flagOptions).union([
    "--json", "--explain", "--neutralize",
  ])
  static let help = """
    USAGE: filenamekit fetch <url> [-H|--header 'Name: value']... [--method HEAD|GET]
                             \(CharsetArguments.usage)
                             [--platform P] [--neutralize] [--json] [--explain]
                             [--output-dir DIR | --dest DIR [--long-paths]] [--progress STYLE]
                             [--max-redirects N] [--max-time S] [--min-rate B] [--stall-time S]
                             [--max-decoded-size B] [--max-decode-ratio R]

    Makes the real request (libcurl), follows redirects one hop at a time and shows the chain, shows
    the response headers that decide the name (every byte outside printable ASCII escaped as \\xNN,
    in names and values alike, since servers send raw UTF-8, GBK, Shift_JIS... and worse), and
    prints the suggested file name and the download decision.

    HEAD is sent first; when a server refuses it (403, 405, 501, or a dropped connection), the same
    URL is asked again with GET and 'Range: bytes=0-0'. '--method GET' sends a plain GET and stops
    reading after the headers. Every request says 'Accept-Encoding: identity'; a body the server
    encodes anyway with gzip or deflate is decoded (zlib) before it is saved, unless the file is
    itself gzip (a gzip media type, or a name ending in .gz, .tgz, .svgz, .emz, .wmz, .cpgz,
    .x3dz, .wrz, also before .part or .download: the bytes are kept as sent, as browsers do), and
    any other coding (br, zstd, ...) is refused rather than saved encoded. The report and the
    JSON "saved" say which ("content_encoding": kept or decoded). Warned (report and JSON
    "warnings"): gzip-trailing-data, bytes after the end of the compressed stream that are not
    another gzip member (ignored, as gzip(1) and browsers do); gzip-name-mismatch, a body kept
    for its gzip type under a name that does not say gzip (data.txt). A name ending in .part,
    .crdownload, .download or .partial is kept but warned (unfinished-suffix): saved complete,
    it would look like a download that stopped (not the .download of --neutralize).
    A deflate body without its zlib header (raw deflate, as IIS sends it) is accepted, as
    browsers accept it.

    With --output-dir the body is downloaded (GET). Its first 4096 bytes (or all of it, when shorter)
    are read before the name is decided, so a generic download is named by what it is ('export' with
    a ZIP body is saved as 'export.zip'; never with a runnable extension the server did not send:
    'setup' with a PE body stays 'setup') and an executable behind a harmless name is flagged. It is
    written into NAME.part, created with O_CREAT|O_EXCL, and given its final name only when
    complete, with link(2), which never replaces a file ('name (1).ext' when taken). Complete means:
    libcurl finished without error, the body has exactly the bytes of its one decimal Content-Length
    (when there is one), a compressed body reached the end of its stream with a good checksum (an
    empty body has no stream: an empty file, as browsers take it), and the status is not '206
    Partial Content' (no Range was sent); otherwise it is an error. The body
    streams to disk in bounded memory. Progress goes to stderr: a bar on a terminal, plain lines
    otherwise. SIGINT (Ctrl-C), SIGTERM, SIGHUP, SIGQUIT, SIGPIPE (a reader that went away), and
    every other signal that would end the process and can be caught (SIGUSR1, SIGUSR2, SIGALRM,
    SIGXFSZ, the real-time signals, ...) stop the download and REMOVE the partial file; the exit
    status is then 128 + the signal number (130 for Ctrl-C). So do SIGABRT, SIGSEGV, SIGBUS,
    SIGILL, SIGFPE, SIGTRAP and SIGSYS when another process sends them (kill, a watchdog); a real
    crash still ends the process at once. A network error or an HTTP error
    status also removes it (exit status 1); one that comes within the first 4096 bytes leaves no
    file at all. Even SIGKILL leaves no partial file under the final name, only NAME.part. On a
    file system with neither hard links nor RENAME_NOREPLACE (vfat, exFAT, some SMB and FUSE
    mounts), the final name is first claimed as an empty file with O_CREAT|O_EXCL, then NAME.part
    is renamed over it, so a SIGKILL between the two leaves that empty file, never a short one.

    OPTIONS:
      -H, --header 'Name: value'  Adds a request header (repeatable), e.g. a Referer or a Cookie.
                                 Every header goes to the URL's origin; a redirect to another
                                 scheme, host or port gets only Accept, Accept-Language,
                                 Content-Language and User-Agent (Authorization, Cookie,
                                 Proxy-Authorization, X-Api-Key... may carry secrets), and a
                                 Referer cut to its origin, or none from https to http
                                 (Referrer-Policy strict-origin-when-cross-origin).
      --method HEAD|GET           HEAD (default, with ranged-GET fallback) or GET.
    \(CharsetArguments.help)
      --platform P               File system rules for the name: linux, macos, windows, portable
                                 (default: this machine's).
      --neutralize               Append .download to executables and shortcuts (as suggest
                                 --neutralize does), so the saved file does not run when opened.
      --json                     One JSON object instead of the readable report; on failure,
                                 {"url", "error": {"code", "message"}, "removed"} (and
                                 "final_url", "status", "chain" after an HTTP error status).
                                 Codes: http, no-content (204 or 205: no body to save),
                                 header-conflict (two different Content-Disposition
                                 fields: browsers refuse the response), transport, redirect,
                                 invalid-request, aborted, file, interrupted. A response with
                                 such conflicts (or two different Content-Types, which are
                                 combined as the Fetch standard does) also gets
                                 "header_conflicts" and, in the report, a warnings: section;
                                 so does a field whose name is not an HTTP token, or whose line
                                 had a CR without LF (read as a space, RFC 9112 §2.2), or a
                                 Content-Range on a 2xx other than 206: "warnings", [{"code":
                                 "invalid-field-name", "bare-cr" or "content-range-ignored", "name",
                                 "name_hex", "value", "hex", "detail"}], its exact bytes kept.
      --explain                  Also every response header and the reasoning behind the name.
      --output-dir DIR           Download the body into DIR under the suggested name, named by
                                 the rules of DIR's file system unless --platform is given (vfat,
                                 exfat, ntfs, cifs/smb: windows; apfs, hfs: macos; ext4, xfs,
                                 btrfs, tmpfs: linux) and fitted so the whole path stays within
                                 the path limit (Windows 260, macOS 1024, Linux 4096) and
                                 NAME_MAX.
      --dest DIR                 The same as --output-dir, as suggest and sanitize name it; a
                                 directory that does not exist or cannot be opened is an error
                                 naming it.
      --long-paths               With --dest or --output-dir: the application declares Windows
                                 long paths.
      --progress STYLE           bar, lines or none (default: bar when stderr is a terminal,
                                 otherwise lines).
      --max-redirects N          Redirects to follow before failing (default 10).
      --max-time S               Seconds the whole fetch may take, every hop and the body (default:
                                 no limit).
      --min-rate B               Fail when fewer than B bytes per second arrive on average over
                                 --stall-time seconds (default 1024; 0 turns the check off).
      --stall-time S             The period of --min-rate, in seconds (default 60).
      --max-decoded-size B       The most bytes a gzip or deflate body sent although identity
                                 was asked may decode to (default 4294967296; 0: no limit).
      --max-decode-ratio R       The most such a body may grow, decoded bytes per byte received,
                                 once past 16 MiB (default 200; 0: no limit). Past either limit
                                 the fetch fails and nothing is saved (a compression bomb).

    A response header line longer than libcurl's limit (CURL_MAX_HTTP_HEADER, 100 KiB) fails the
    request with a message saying so (libcurl itself calls it 'Out of memory').

    EXIT STATUS: 0 ok; 1 network, HTTP or file error; 64 bad command line; 128 + N after signal N.

    EXAMPLES:
      filenamekit fetch https://example.com/download?id=42
      filenamekit fetch --referrer-charset gbk https://example.cn/files/123
      filenamekit fetch -H 'Referer: https://example.com/' --json https://example.com/report
      filenamekit fetch --output-dir ~/Downloads --max-time 3600 https://example.com/big.iso

    """

  /// Response headers the report shows (with --explain: all of them).
  static let relevantHeaders = [
    "content-disposition", "content-type", "content-length", "content-range", "content-encoding",
    "x-content-type-options",
  ]

  /// The exit status after a signal stopped a download: 128 + its number, as shells report it.
  static func interruptedStatus(_ signal: Int32) -> Int32 { 128 + signal }

  static func run(_ args: [[UInt8]], io: ToolIO) throws(UsageError) -> Int32 {
    let a = try arguments(args)
    guard a.positionals.count == 1 else { throw UsageError("expected exactly one URL") }
    let url = SuggestRequest.urlText(a.positionals[0])
    let scheme = url.prefix(8).lowercased()
    guard scheme.hasPrefix("http://") || scheme.hasPrefix("https://") else {
      throw UsageError("'\(TerminalText.escape(shown(url)))' is not an http:// or https:// URL")
    }
    var options = FetchOptions()
    options.headers = try (a.values("-H") + a.values("--header")).map(checkedHeader)
    if let method = a.value("--method") {
      guard let m = HTTPMethod(rawValue: method.uppercased()) else { throw UsageError("--method must be HEAD or GET") }
      options.method = m
    }
    if let n = a.value("--max-redirects") {
      guard let v = Int(n), v >= 0, v <= 100 else { throw UsageError("--max-redirects must be 0...100") }
      options.maxRedirects = v
    }
    if let s = a.value("--max-time") {
      guard let v = Double(s), v > 0, v.isFinite else {
        throw UsageError("--max-time needs a number of seconds above 0")
      }
      // A year: beyond it the deadline arithmetic (nanoseconds in 64 bits) would overflow.
      guard v <= 31_536_000 else { throw UsageError("--max-time must be at most 31536000 seconds (a year)") }
      options.maxTime = v
    }
    if let s = a.value("--min-rate") {
      guard let v = Int(s), v >= 0 else {
        throw UsageError("--min-rate needs a whole number of bytes per second, 0 or more")
      }
      options.minBytesPerSecond = v
    }
    if a.value("--max-decoded-size") != nil || a.value("--max-decode-ratio") != nil {
      let limits = try DecodeLimitArguments(a)
      options.maxDecodedBytes = limits.maxDecodedBytes
      options.maxDecodeRatio = limits.maxDecodeRatio
    }
    if let s = a.value("--stall-time") {
      guard let v = Int(s), v >= 1 else { throw UsageError("--stall-time needs a whole number of seconds, 1 or more") }
      // The --max-time cap: libcurl keeps the period in milliseconds, which overflowed (every
      // fetch then failed at once).
      guard v <= 31_536_000 else { throw UsageError("--stall-time must be at most 31536000 seconds (a year)") }
      options.stallTimeout = v
    }
    var settings = Settings()
    settings.charset = try CharsetArguments(a)
    if let p = a.value("--platform") {
      guard let platform = Platform(rawValue: p.lowercased()) else {
        throw UsageError("--platform: unknown platform '\(TerminalText.escape(p))' (linux, macos, windows, portable)")
      }
      settings.platform = platform
    }
    settings.json = a.has("--json")
    settings.neutralize = a.has("--neutralize")
    settings.explain = a.has("--explain")

    if a.bytes("--dest") != nil && a.bytes("--output-dir") != nil {
      throw UsageError("give --dest or --output-dir, not both")
    }
    if a.has("--long-paths") && a.bytes("--dest") == nil && a.bytes("--output-dir") == nil {
      throw UsageError("--long-paths needs --dest or --output-dir")
    }
    // --dest and --output-dir are one option under two names: the download directory, whose file
    // system chooses the rules (unless --platform) and whose path bounds the name.
    let directoryOption = a.bytes("--dest") != nil ? "--dest" : "--output-dir"
    guard let raw = a.bytes(directoryOption) else {
      guard a.value("--progress") == nil else { throw UsageError("--progress needs --output-dir or --dest") }
      return probe(url, options: options, settings: settings, io: io)
    }
    if a.value("--method")?.uppercased() == "HEAD" {
      throw UsageError("\(directoryOption) downloads with GET; drop --method HEAD")
    }
    let style: ProgressMeter.Style
    if let s = a.value("--progress") {
      guard let parsed = ProgressMeter.Style(rawValue: s) else {
        throw UsageError("--progress must be bar, lines or none")
      }
      style = parsed
    } else {
      style = isatty(2) == 1 ? .bar : .lines
    }
    // A directory that cannot take the download fails the fetch (code `file`, in the --json shape
    // too), naming the directory.
    guard directoryOption == "--dest" || isDirectory(raw) else {
      let given = String(decoding: raw, as: UTF8.self)
      return fail(url, code: .file, message: "--output-dir '\(given)' is not a directory", settings: settings, io: io)
    }
    let destination: DestinationArgument.Destination
    do throws(UsageError) {
      destination = try DestinationArgument.destination(raw, option: directoryOption, a, platform: settings.platform)
    } catch {
      return fail(url, code: .file, message: error.message, settings: settings, io: io)
    }
    settings.platform = destination.platform
    settings.destination = destination
    return download(
      url, into: destination.budget.directory, options: options, settings: settings, progress: style, io: io)
  }

  /// Whether the path `raw` is a directory.
  static func isDirectory(_ raw: [UInt8]) -> Bool {
    var info = stat()
    let ok = (raw + [0]).withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) }
    }
    return ok == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Why a fetch failed, as `--json` names it in `error.code`.
  enum FailureCode {
    /// The download directory or the saved file (`--output-dir`, `--dest`).
    case file
    /// A signal stopped the fetch.
    case interrupted
    /// The response's header fields contradict each other (`HeaderConflict`).
    case headerConflict
    /// The final status was not 2xx.
    case http
    /// A 204 or 205: nothing to save.
    case noContent
    /// The transfer failed (`HTTPClientError.Kind`: DNS, connect, TLS, time limit, …).
    case transfer(HTTPClientError.Kind)

    /// The stable name.
    var rawValue: String {
      switch self {
      case .file: "file"
      case .interrupted: "interrupted"
      case .headerConflict: "header-conflict"
      case .http: "http"
      case .noContent: "no-content"
      case .transfer(let kind): kind.rawValue
      }
    }
  }

  /// What the report needs besides the fetch options.
  struct Settings {
    var charset = CharsetArguments.defaults
    var platform: Platform = .current
    var json = false
    var explain = false
    var neutralize = false
    /// `--dest`: the directory's file system and the room a name has there.
    var destination: DestinationArgument.Destination?
  }

  /// A URL as every report and message shows it: without its user name and password
  /// (`http://***@host/`), which must not reach logs or a terminal's scrollback.
  static func shown(_ url: String) -> String { URLCredentials.redacted(url) }

  /// Validates one `-H` value: `Name: value`, the name a token, no line breaks.
  static func checkedHeader(_ line: String) throws(UsageError) -> String {
    guard let colon = line.firstIndex(of: ":") else {
      throw UsageError("-H '\(TerminalText.escape(line))': expected 'Name: value'")
    }
    let name = line[..<colon]
    let tokenBytes = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    guard !name.isEmpty, name.utf8.allSatisfy({ tokenBytes.contains($0) }) else {
      throw UsageError("-H '\(TerminalText.escape(line))': the header name must be an HTTP token")
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
      return fail(url, code: .transfer(error.kind), message: error.description, settings: settings, io: io)
    }
    guard result.final.isSuccess else { return httpFailure(url, result, settings: settings, io: io) }
    guard !result.final.hasNoContent else { return noContentFailure(url, result, settings: settings, io: io) }
    // A probe shows a response browsers refuse (and says so in `warnings`); a download refuses it.
    let suggestion = Self.suggestion(for: result.final, settings: settings)
    write(result, url: url, suggestion: suggestion, saved: nil, settings: settings, io: io)
    return ExitStatus.ok
  }

  // MARK: - Download

  static func download(
    _ url: String, into directory: String, options: FetchOptions, settings: Settings,
    progress style: ProgressMeter.Style, io: ToolIO
  ) -> Int32 {
    let columns = Int(getenv("COLUMNS").map { String(cString: $0) } ?? "") ?? 80
    let meter = ProgressMeter(style: style, width: columns, write: io.writeErr)
    let download = FileDownload(
      directory: directory, platform: settings.platform,
      nameByContent: { Self.suggestion(for: $0, leadingBytes: $1, settings: settings).filename.string },
      progress: { meter.update(received: $0, total: $1) })
    download.maxNameLength = settings.destination?.budget.room
    Interrupts.install()
    defer { Interrupts.restore() }

    let result: FetchResult
    do {
      result = try HTTPFetcher.get(url, options: options, delegate: download)
    } catch {
      let removed = download.discard()
      let note = removed.map { "; removed the partial file '\($0)'" } ?? ""
      // A signal can also surface as a failed write (SIGXFSZ: EFBIG; SIGPIPE: EPIPE) before a
      // callback has seen it.
      let signal = download.interruptedBy != 0 ? download.interruptedBy : Interrupts.received
      if signal != 0 {
        if style == .bar { io.writeErr("\n") }
        _ = fail(
          url, code: .interrupted, message: "interrupted by \(Interrupts.name(of: signal))\(note)",
          removed: removed, settings: settings, io: io)
        return interruptedStatus(signal)
      }
      if style == .bar && removed != nil { io.writeErr("\n") }
      let code: FailureCode = download.failure != nil ? .file : .transfer(error.kind)
      return fail(
        url, code: code, message: (download.failure ?? error.description) + note, removed: removed,
        settings: settings, io: io)
    }
    guard result.final.isSuccess else {
      download.discard()
      return httpFailure(url, result, settings: settings, io: io)
    }
    guard !result.final.hasNoContent else {
      download.discard()
      return noContentFailure(url, result, settings: settings, io: io)
    }
    if let conflict = result.final.headerConflicts.first(where: \.refusesResponse) {
      download.discard()
      return fail(
        url, code: .headerConflict, message: "\(conflict.explanation) (\(shown(result.final.request.url)))",
        result: result,
        settings: settings, io: io)
    }
    guard download.complete(), let path = download.path, let name = download.fileName else {
      let removed = download.discard()
      return fail(
        url, code: .file,
        message: (download.failure ?? "nothing was saved") + (removed.map { "; removed '\($0)'" } ?? ""),
        removed: removed, settings: settings, io: io)
    }
    meter.finish(note: "saved")
    let suggestion = Self.suggestion(for: result.final, leadingBytes: download.leadingBytes, settings: settings)
    write(
      result, url: url, suggestion: suggestion,
      saved: (path, name, download.bytesWritten, download.contentCoding, FetchWarning.about(download)),
      settings: settings, io: io)
    return ExitStatus.ok
  }

  /// The core's suggestion for the final response: its URL, (first) Content-Disposition and
  /// Content-Type bytes (every Content-Type field combined, as the Fetch standard does: see
  /// `HeaderConflict`), and the body's first bytes when they were read (a download).
  static func suggestion(for response: HTTPResponse, leadingBytes: [UInt8]? = nil, settings: Settings) -> Suggestion {
    var options = SuggestionOptions(
      fallbackCharset: settings.charset.charset, detectCharset: settings.charset.detect, platform: settings.platform)
    options.dangerousTypes = settings.neutralize ? .neutralize : .report
    if let budget = settings.destination?.budget { options.sanitizer = budget.options(options.sanitizer) }
    var metadata = DownloadMetadata(
      url: response.request.url, contentDisposition: response.value("content-disposition"),
      contentType: response.combinedValue("content-type"))
    metadata.leadingBytes = leadingBytes
    return suggestFilename(
      for: metadata,
      options: options)
  }

  /// Reports a failure: `filenamekit fetch: MESSAGE` on stderr (escaped) and, with `--json`, one
  /// JSON object on stdout, `{"url": …, "error": {"code": …, "message": …}, "removed": …}` (plus
  /// `final_url`, `status` and `chain` when a response came back). Returns the failure status.
  static func fail(
    _ url: String, code: FailureCode, message: String, removed: String? = nil, result: FetchResult? = nil,
    settings: Settings, io: ToolIO
  ) -> Int32 {
    io.writeErr("filenamekit fetch: \(TerminalText.escape(message))\n")
    if settings.json {
      var fields: [(String, JSONValue)] = [("url", .string(shown(url)))]
      if let result {
        fields += [
          ("final_url", .string(shown(result.final.request.url))), ("status", .int(result.final.status)),
          ("chain", .array(result.hops.map(hopJSON))),
        ]
        fields += FetchWarning.jsonFields(result)
      }
      fields += [
        ("error", .object([("code", .string(code.rawValue)), ("message", .string(message))])),
        ("removed", .string(removed)),
      ]
      io.writeOut(JSONValue.object(fields).serialized + "\n")
    }
    return ExitStatus.failure
  }

  /// Reports a final response that is not 2xx (`HTTP 404 Not Found from URL`), as `fail` does.
  static func httpFailure(_ url: String, _ result: FetchResult, settings: Settings, io: ToolIO) -> Int32 {
    let response = result.final
    let reason = response.reason.isEmpty ? "" : " " + response.reason
    return fail(
      url, code: .http, message: "HTTP \(response.status)\(reason) from \(shown(response.request.url))",
      result: result,
      settings: settings, io: io)
  }

  /// Reports a 2xx answer without content (204, 205): there is no body, so nothing to name or save.
  static func noContentFailure(_ url: String, _ result: FetchResult, settings: Settings, io: ToolIO) -> Int32 {
    let response = result.final
    let reason = response.reason.isEmpty ? "" : " " + response.reason
    return fail(
      url, code: .noContent,
      message: "HTTP \(response.status)\(reason) from \(shown(response.request.url)): the response has no content, "
        + "so there is nothing to save (no file was created)", result: result, settings: settings, io: io)
  }

  // MARK: - Output

  static func write(
    _ result: FetchResult, url: String, suggestion: Suggestion,
    saved: (
      path: String, name: String, bytes: Int64, coding: FileDownload.ContentCodingOutcome?,
      warnings: [FetchWarning]
    )?,
    settings: Settings, io: ToolIO
  ) {
    let headers = result.final.headers.filter { settings.explain || relevantHeaders.contains($0.name) }
    if settings.json {
      var fields: [(String, JSONValue)] = [
        ("url", .string(shown(url))),
        ("final_url", .string(shown(result.final.request.url))),
        ("status", .int(result.final.status)),
        ("chain", .array(result.hops.map(hopJSON))),
        ("headers", .array(headers.map(headerJSON))),
        ("suggestion", .object(BatchSuggest.fields(suggestion, includeTrace: settings.explain))),
      ]
      fields += FetchWarning.jsonFields(
        result, FetchWarning.about(suggestion, neutralize: settings.neutralize) + (saved?.warnings ?? []))
      if let saved {
        var object: [(String, JSONValue)] = [
          ("path", .string(saved.path)), ("name", .string(saved.name)), ("bytes", .int(Int(saved.bytes))),
        ]
        // Added later, only when the body had a gzip or deflate coding (kept or decoded).
        if let coding = saved.coding { object.append(("content_encoding", .string(coding.rawValue))) }
        fields.append(("saved", .object(object)))
      }
      if let destination = settings.destination {
        fields.append(
          (
            "destination",
            .object(
              JSONFieldList.collect {
                DestinationArgument.write(destination, name: saved?.name ?? suggestion.filename.string, to: &$0)
              })
          ))
      }
      io.writeOut(JSONValue.object(fields).serialized + "\n")
      return
    }
    var s = "requests:\n"
    for (i, hop) in result.hops.enumerated() {
      let r = hop.response.request
      s +=
        "  \(i + 1). \(r.method.rawValue) \(TerminalText.escape(shown(r.url)))"
        + (r.range.map { "  (Range: bytes=\($0))" } ?? "") + "\n"
      if let refusal = hop.refusedHead {
        s += "     HEAD refused (\(TerminalText.escape(refusal))); asking again with a ranged GET\n"
      } else {
        s +=
          "     \(hop.response.status) \(hop.response.reason)"
          + (hop.redirectURL.map { " -> \(TerminalText.escape(shown($0)))" } ?? "") + "\n"
      }
    }
    s += "headers:\n"
    if headers.isEmpty { s += "  (none that matter)\n" }
    for h in headers {
      s += "  \(h.escapedName): \(h.escapedValue)\n"
      if !h.isASCII {
        if let text = String(validating: h.value, as: UTF8.self) {
          s += "      raw bytes escaped above; as UTF-8: \(TerminalText.escape(text))\n"
        } else {
          s += "      raw bytes escaped above; not valid UTF-8\n"
        }
      }
    }
    let conflicts = result.final.headerConflicts
    let warnings =
      FetchWarning.about(result.final) + FetchWarning.about(suggestion, neutralize: settings.neutralize)
    if !conflicts.isEmpty || !warnings.isEmpty {
      s += "warnings:\n"
      for c in conflicts { s += "  header-conflict: \(TerminalText.escape(c.explanation))\n" }
      for w in warnings { s += "  \(w.code): \(w.detail)\n" }
    }
    s += SuggestionSummary.render(
      suggestion, heading: "suggestion: ", explain: settings.explain, color: TracePrinter.useColor(io))
    if let saved {
      s += "saved: \(TerminalText.escape(saved.path)) (\(saved.bytes) bytes)\n"
      switch saved.coding {
      case .kept?: s += "  content-encoding kept as sent: the file itself is gzip (its type or name says so)\n"
      case .decoded?: s += "  content-encoding decoded: the file is the decoded body\n"
      case nil: break
      }
      for w in saved.warnings { s += "  \(w.code): \(w.detail)\n" }
    }
    if let destination = settings.destination {
      s += DestinationArgument.summary(
        destination, name: saved?.name ?? suggestion.filename.string, labels: ("destination: ", "file system: "))
    }
    io.writeOut(s)
  }

  /// One `header_conflicts` entry: the field `name`, its `values` (text, or the escaped form when
  /// not UTF-8) and their exact bytes as `hex`, what `fetch` does (`refused` or `combined`), and
  /// the `detail` sentence.
  static func conflictJSON(_ c: HeaderConflict) -> JSONValue {
    .object([
      ("name", .string(c.name)),
      ("values", .array(c.values.map { .string(String(validating: $0, as: UTF8.self) ?? HTTPHeaderField.escape($0)) })),
      ("hex", .array(c.values.map { .string(Hex.encode($0)) })),
      ("action", .string(c.refusesResponse ? "refused" : "combined")),
      ("detail", .string(c.explanation)),
    ])
  }

  static func hopJSON(_ hop: FetchHop) -> JSONValue {
    let r = hop.response.request
    return .object([
      ("method", .string(r.method.rawValue)),
      ("url", .string(shown(r.url))),
      ("range", .string(r.range.map { "bytes=" + $0 })),
      ("status", hop.refusedHead != nil && hop.response.status == 0 ? .null : .int(hop.response.status)),
      ("reason", .string(hop.response.reason)),
      ("location", .string(hop.redirectURL.map(shown))),
      ("head_refused", .bool(hop.refusedHead != nil)),
    ])
  }

  /// One header: `name` and `value` as text (a name that is not a token, or a value that is not
  /// UTF-8, in the escaped `\\xNN` form), and their exact bytes as `name_hex` and `hex` whenever
  /// they are anything but printable ASCII.
  static func headerJSON(_ h: HTTPHeaderField) -> JSONValue { .object(headerFields(h)) }

  /// The members of `headerJSON`.
  static func headerFields(_ h: HTTPHeaderField) -> [(String, JSONValue)] {
    [
      ("name", .string(h.nameIsToken ? h.name : h.escapedName)),
      ("value", .string(String(validating: h.value, as: UTF8.self) ?? h.escapedValue)),
      // Null only for printable ASCII (and tabs): a value holding ESC or another control is given
      // as bytes too, as the name is.
      ("hex", h.value.allSatisfy { $0 == 0x09 || (0x20...0x7E).contains($0) } ? .null : .string(Hex.encode(h.value))),
      ("name_hex", h.nameIsToken ? .null : .string(Hex.encode(h.rawName))),
    ]
  }
}
