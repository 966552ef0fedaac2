internal import CCurl

/// What to do with a response body once its headers have arrived.
package enum BodyAction: Sendable {
  /// Deliver the body to the body handler.
  case receive
  /// Stop the transfer after the headers (the request still succeeds).
  case skip
}

/// Receives one transfer's events, synchronously, on the calling thread.
package protocol HTTPTransferDelegate: AnyObject {
  /// The final (non-1xx) response head has arrived; decide whether to read the body.
  func headersReceived(_ response: HTTPResponse) -> BodyAction
  /// A chunk of the body; return false to abort the transfer.
  func bodyReceived(_ chunk: UnsafeRawBufferPointer) -> Bool
  /// Called regularly, also while the connection is idle; return false to abort the transfer.
  func progress(received: Int64, total: Int64?) -> Bool
  /// Whether a gzip or deflate body of `response` is kept as sent rather than decoded (asked once,
  /// after `headersReceived` returned `.receive`, only when the body has such a coding).
  func keepsContentCoding(_ response: HTTPResponse) -> Bool
  /// A decoded body was complete, but `trailingBytes` bytes came after the end of its compressed
  /// stream that did not start another gzip member: they were ignored (not passed on), as gzip(1)
  /// and browsers ignore them. Called once, after the last body chunk, only when there were some.
  func contentDecodingIgnored(trailingBytes: Int64)
}

extension HTTPTransferDelegate {
  /// Decodes every gzip or deflate body (the default).
  package func keepsContentCoding(_ response: HTTPResponse) -> Bool { false }
  /// Does nothing (the default).
  package func contentDecodingIgnored(trailingBytes: Int64) {}
}

/// A minimal HTTP/1.1 and HTTP/2 client over libcurl that hands over raw header bytes.
///
/// libcurl rather than FoundationNetworking's `URLSession`: on Linux, `URLSession` decodes every header
/// line as UTF-8 and fails the whole request when one is not, which is exactly the kind of server
/// (raw GBK, Shift_JIS, EUC-KR names) `filenamekit fetch` exists to debug.
package enum HTTPClient {
  /// The User-Agent sent with every request.
  package static let userAgent = "filenamekit/0.1 (+libcurl)"

  /// The libcurl version in use.
  package static var curlVersion: String {
    _ = initialized
    return String(cString: fkcurl_version())
  }

  /// libcurl's process-wide initialisation, run once (Swift globals are initialised lazily and atomically).
  private static let initialized: Bool = fkcurl_global_init() == 0

  /// Sends `request` and returns the final response head. The body, when the delegate asks for it,
  /// streams through `delegate` in chunks (libcurl's buffer, 16 KiB), so memory stays bounded.
  /// A received body that is not provably complete throws (`BodyFraming`): a Content-Length that is
  /// not one decimal value or does not match the bytes received, a gzip or deflate body that stops
  /// before its end of stream or fails its checksum, a coding not decoded here, a 206 without a Range.
  package static func perform(
    _ request: HTTPRequest, delegate: (any HTTPTransferDelegate)? = nil
  ) throws(HTTPClientError) -> HTTPResponse {
    guard initialized else { throw HTTPClientError(.transport, "libcurl failed to initialise", url: request.url) }
    guard !request.url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
      throw HTTPClientError(.invalidRequest, "the URL contains spaces or control characters", url: request.url)
    }
    guard let handle = fkcurl_new(request.url, userAgent) else {
      throw HTTPClientError(.transport, "out of memory", url: request.url)
    }
    defer { fkcurl_free(handle) }
    _ = fkcurl_set_head(handle, request.method == .head ? 1 : 0)
    if let range = request.range { _ = fkcurl_set_range(handle, range) }
    for line in request.headers {
      guard !line.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
        throw HTTPClientError(.invalidRequest, "a request header contains a line break", url: request.url)
      }
      _ = fkcurl_add_header(handle, line)
    }
    _ = fkcurl_set_timeouts(
      handle, request.connectTimeout, request.minBytesPerSecond, request.stallTimeout,
      request.maxMilliseconds)
    _ = fkcurl_accept_identity(handle)

    let transfer = Transfer(request: request, delegate: delegate, handle: handle)
    let context = Unmanaged.passUnretained(transfer).toOpaque()
    _ = fkcurl_set_callbacks(handle, Transfer.onHeader, Transfer.onBody, Transfer.onProgress, context)
    let result = withExtendedLifetime(transfer) { fkcurl_perform(handle) }
    let code = Int(fkcurl_result_code(handle))
    let decoding = Int(fkcurl_decode_state(handle))
    if decoding == Int(FKCURL_DECODE_CORRUPT) {
      let why = String(cString: fkcurl_decode_message(handle))
      throw HTTPClientError(.transport, "the compressed body is corrupt (zlib: \(why))", url: request.url, code: code)
    }
    if decoding == Int(FKCURL_DECODE_TOO_LARGE) {
      throw HTTPClientError(
        .transport,
        "the compressed body decodes to more than allowed (\(fkcurl_decoded_bytes(handle)) bytes from "
          + "\(fkcurl_encoded_bytes(handle)); limits \(request.maxDecodedBytes) bytes and "
          + "\(request.maxDecodeRatio)× past 16 MiB, --max-decoded-size and --max-decode-ratio): a compression "
          + "bomb, or a body to fetch with higher limits; nothing was saved", url: request.url, code: code)
    }
    if let problem = transfer.transferCodingProblem {
      throw HTTPClientError(.transport, problem, url: request.url, code: code)
    }
    if let coding = transfer.unsupportedCoding {
      throw HTTPClientError(
        .transport,
        "the server sent the body with Content-Encoding '\(coding)' although only identity was accepted; "
          + "only gzip and deflate are decoded here, so nothing was saved", url: request.url, code: code)
    }

    switch Int(result) {
    case Int(FKCURL_OK):
      break
    case Int(FKCURL_ABORTED) where transfer.skipped:
      break
    case Int(FKCURL_ABORTED):
      throw HTTPClientError(.aborted, "transfer stopped", url: request.url, code: code)
    case _ where code == Int(fkcurl_code_out_of_memory()) && transfer.response == nil:
      // libcurl refuses a header line longer than CURL_MAX_HTTP_HEADER and says "Out of memory".
      throw HTTPClientError(
        .transport,
        "the response header is too large: libcurl accepts at most \(fkcurl_max_header_bytes() / 1024) KiB "
          + "per header line (CURL_MAX_HTTP_HEADER; libcurl reports this as 'Out of memory')",
        url: request.url, code: code)
    case _ where code == 28:
      let limit = request.maxMilliseconds > 0 ? " (deadline \(request.maxMilliseconds) ms, --max-time)" : ""
      throw HTTPClientError(
        .transport, String(cString: fkcurl_error_message(handle)) + limit, url: request.url, code: code)
    default:
      throw HTTPClientError(.transport, String(cString: fkcurl_error_message(handle)), url: request.url, code: code)
    }
    if let response = transfer.response {
      // A body libcurl finished without error is still checked against its framing before anyone
      // treats it as complete.
      if Int(result) == Int(FKCURL_OK), transfer.receiving {
        if let problem = BodyFraming.problem(response, received: fkcurl_body_bytes(handle)) {
          throw HTTPClientError(.transport, problem, url: request.url)
        }
        if decoding == Int(FKCURL_DECODE_RUNNING) {
          throw HTTPClientError(
            .transport, "the compressed body ends before its end of stream: the transfer is incomplete",
            url: request.url)
        }
        let trailing = fkcurl_decode_trailing_bytes(handle)
        if trailing > 0 { delegate?.contentDecodingIgnored(trailingBytes: Int64(trailing)) }
      }
      return response
    }
    // No complete header block (an HTTP/0.9 answer, say): what libcurl knows.
    return HTTPResponse(request: request, status: Int(fkcurl_response_code(handle)), reason: "", headers: [])
  }

  /// Resolves a `Location` value against the URL it came from; nil when it does not give a URL.
  package static func resolve(_ location: [UInt8], against base: String) -> String? {
    _ = initialized
    // A Location is ASCII on the wire; encode anything else so libcurl can parse it.
    let reference = URLPercentEncoding.encode(URLReference.strippedForParsing(location)) { !($0 > 0x20 && $0 < 0x7F) }
    guard !reference.isEmpty else { return nil }
    let baseScheme = String(base.prefix { $0 != ":" })
    let text = URLReference.normalized(String(decoding: reference, as: UTF8.self), baseScheme: baseScheme)
    guard let resolved = fkcurl_resolve_url(base, text) else { return nil }
    defer { fkcurl_string_free(resolved) }
    let target = URLReference.canonicalHost(String(cString: resolved))
    // RFC 9110 §10.2.2 (and Fetch, "HTTP-redirect fetch"): a Location without a fragment inherits
    // the fragment of the URL that was requested.
    guard !location.contains(UInt8(ascii: "#")), !target.utf8.contains(UInt8(ascii: "#")),
      let hash = base.utf8.firstIndex(of: UInt8(ascii: "#"))
    else { return target }
    return target + String(base[hash...])
  }

  /// The origin of an absolute URL, `scheme://host:port` (lower case, default port filled in), or
  /// nil when it does not parse.
  package static func origin(of url: String) -> String? {
    _ = initialized
    guard let origin = fkcurl_origin(url) else { return nil }
    defer { fkcurl_origin_free(origin) }
    return String(cString: origin)
  }
}

/// The state of one transfer, reached from libcurl's callbacks through the context pointer.
private final class Transfer {
  let request: HTTPRequest
  let delegate: (any HTTPTransferDelegate)?
  var status = 0
  var reason = ""
  var fields: [HTTPHeaderField] = []
  /// obs-fold continuations of the last field, joined to it once the field is complete: appending
  /// each one to the field's value copied the value every time (75,000 folds took 4.5 s).
  var folds: [UInt8] = []
  var foldsHadBareCR = false
  var response: HTTPResponse?
  var skipped = false
  var receiving = false
  /// The libcurl handle, to turn the body decoder on.
  let handle: OpaquePointer
  /// A Content-Encoding of the received body that is not decoded here.
  var unsupportedCoding: String?
  /// Why the body's Transfer-Encoding is refused (`BodyFraming.transferCodingProblem`).
  var transferCodingProblem: String?

  init(request: HTTPRequest, delegate: (any HTTPTransferDelegate)?, handle: OpaquePointer) {
    self.request = request
    self.delegate = delegate
    self.handle = handle
  }

  static func from(_ context: UnsafeMutableRawPointer?) -> Transfer? {
    context.map { Unmanaged<Transfer>.fromOpaque($0).takeUnretainedValue() }
  }

  static let onHeader: fkcurl_data_callback = { data, length, context in
    guard let transfer = Transfer.from(context) else { return 0 }
    guard let data, length > 0 else { return length }
    let line = UnsafeRawBufferPointer(start: data, count: length)
    return transfer.header(line) ? length : 0
  }

  static let onBody: fkcurl_data_callback = { data, length, context in
    guard let transfer = Transfer.from(context) else { return 0 }
    guard transfer.receiving, let delegate = transfer.delegate else {
      // Skipping: consume nothing, which stops the transfer; `skipped` marks it as intended.
      transfer.skipped = true
      return 0
    }
    guard let data, length > 0 else { return length }
    return delegate.bodyReceived(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
  }

  static let onProgress: fkcurl_progress_callback = { context, total, now in
    guard let transfer = Transfer.from(context) else { return 1 }
    guard let delegate = transfer.delegate else { return 0 }
    return delegate.progress(received: now, total: total > 0 ? total : nil) ? 0 : 1
  }

  /// One raw header line, CRLF included. Returns false to stop the transfer.
  func header(_ raw: UnsafeRawBufferPointer) -> Bool {
    let (line, hadBareCR) = Self.lineWithoutBareCR(raw)
    if line.isEmpty {
      joinFolds()
      // End of a header block. 1xx blocks are interim; the next status line starts over.
      guard status >= 200 || status == 0 else { return true }
      let head = HTTPResponse(request: request, status: status, reason: reason, headers: fields)
      response = head
      let action = delegate?.headersReceived(head) ?? .skip
      receiving = action == .receive
      if receiving, let problem = BodyFraming.transferCodingProblem(head) {
        transferCodingProblem = problem
        return false
      }
      if receiving {
        switch BodyFraming.coding(head) {
        case .none: break
        case .inflate:
          if delegate?.keepsContentCoding(head) == true { break }
          let deflate = head.headers.contains {
            $0.name == "content-encoding" && String(decoding: $0.value, as: UTF8.self).lowercased().contains("deflate")
          }
          fkcurl_decode_limits(
            handle, deflate ? 1 : 0, request.maxDecodedBytes, Int64(request.maxDecodeRatio))
          guard fkcurl_decode_start(handle) == 0 else { return false }
        case .unsupported(let name):
          unsupportedCoding = name
          return false
        }
      }
      if !receiving && request.method == .get {
        // Nothing more is wanted: stop here rather than read a body nobody reads.
        skipped = true
        return false
      }
      return true
    }
    if line.starts(with: "HTTP/".utf8) {
      parseStatusLine(line)
      fields.removeAll()
      folds.removeAll()
      foldsHadBareCR = false
      return true
    }
    if line[line.startIndex] == 0x20 || line[line.startIndex] == 0x09, !fields.isEmpty {
      // obs-fold: a continuation of the previous field's value, replaced with one SP (RFC 9112 §5.2).
      folds.append(0x20)
      folds.append(contentsOf: Self.trim(line))
      foldsHadBareCR = foldsHadBareCR || hadBareCR
      return true
    }
    joinFolds()
    guard let colon = line.firstIndex(of: 0x3A) else { return true }
    let name = Array(line[line.startIndex..<colon])
    let value = Self.trim(Array(line[(colon + 1)...]))
    // The name as sent: whitespace before the colon makes it an invalid name (RFC 9112 §5.1), kept
    // as is so that it matches no field it imitates (`content-disposition :` is not used).
    fields.append(HTTPHeaderField(rawName: name, value: value, hadBareCR: hadBareCR))
    return true
  }

  /// Joins the pending obs-fold continuations to the last field, in one copy.
  private func joinFolds() {
    guard !folds.isEmpty, let last = fields.popLast() else { return }
    fields.append(
      HTTPHeaderField(rawName: last.rawName, value: last.value + folds, hadBareCR: last.hadBareCR || foldsHadBareCR))
    folds.removeAll()
    foldsHadBareCR = false
  }

  /// The line without its line end (CRLF, or a lone LF as RFC 9112 §2.2 allows), every other CR
  /// replaced with SP, and whether there was one. RFC 9112 §2.2: a bare CR (not followed by LF)
  /// makes the message invalid or is replaced with SP before the element is processed; deleting
  /// it would join the text on its sides (`filename=safe.txt\rX: y.exe` read as `safe.txtX: y.exe`),
  /// keeping it would hide what comes before it on a terminal. Replaced, and reported.
  static func lineWithoutBareCR(_ raw: UnsafeRawBufferPointer) -> (line: [UInt8], hadBareCR: Bool) {
    var end = raw.count
    if end > 0 && raw[end - 1] == 0x0A { end -= 1 }
    if end > 0 && raw[end - 1] == 0x0D { end -= 1 }
    var line = Array(raw[0..<end])
    var found = false
    for i in line.indices where line[i] == 0x0D {
      line[i] = 0x20
      found = true
    }
    return (line, found)
  }

  /// `HTTP/1.1 200 OK` -> 200, "OK".
  private func parseStatusLine(_ line: [UInt8]) {
    status = 0
    reason = ""
    guard let space = line.firstIndex(of: 0x20) else { return }
    var i = space + 1
    var code = 0
    var digits = 0
    while i < line.count, digits < 3, line[i] >= 0x30 && line[i] <= 0x39 {
      code = code * 10 + Int(line[i] - 0x30)
      digits += 1
      i += 1
    }
    guard digits == 3 else { return }
    status = code
    if i < line.count { reason = HTTPHeaderField.escape(Self.trim(Array(line[(i + 1)...]))) }
  }

  private static func trim(_ bytes: [UInt8]) -> [UInt8] {
    var start = 0
    var end = bytes.count
    while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
    while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
    return Array(bytes[start..<end])
  }
}
