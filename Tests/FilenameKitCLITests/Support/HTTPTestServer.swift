import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the `fetch` tests, written on raw sockets so it can send
/// header bytes no HTTP library would let through (raw UTF-8 and GBK in Content-Disposition).
/// One thread per connection; every response closes the connection.
///
/// Routes (the path decides; a query is ignored):
/// - `/utf8`: `Content-Disposition: attachment; filename="中文报告.pdf"` as raw UTF-8 bytes.
/// - `/gbk`: `attachment; filename="中文.txt"` with the name as raw GBK bytes (d6d0 cec4).
/// - `/redirect/N`: N hops: `/redirect/3` 301 -> `/redirect/2` (absolute path) 302 -> `1` (relative)
///   307 -> `http://127.0.0.1:PORT/gbk` (absolute URL).
/// - `/loop`: 302 to itself.
/// - `/nohead`: HEAD is refused with 405; a GET with `Range: bytes=0-0` gets 206 and one byte;
///   a plain GET gets the whole 1000-byte body. `/drophead`: HEAD gets the connection closed.
/// - `/slow/CHUNKS/MS`: CHUNKS chunks of 4 KiB, one every MS milliseconds, with a Content-Length.
/// - `/big/MIB[/MS]`: MIB MiB in 64 KiB pieces, MS milliseconds apart (default: as fast as possible).
/// - `/echo-name`: the name in the request header `X-Want-Name` as a Content-Disposition filename.
/// - `/inline`: `inline; filename="page.html"`, text/html.
/// - `/interim`: a `100 Continue` block, then a 200 whose Content-Disposition is folded (obs-fold).
/// - `/files/...`: 200, no Content-Disposition. `/empty`: HEAD refused, ranged GET 416, plain GET 200
///   with an empty body.
/// - `/short[/ANNOUNCED/SENT]`: announces ANNOUNCED bytes (default 8192), sends SENT (default 5000,
///   past the 4 KiB `fetch` holds for naming, so a `.part` file exists) and closes (a truncated body).
/// - `/content`: 200 whose Content-Type and Content-Disposition are the request headers `X-Want-Type`
///   and `X-Want-Disposition` (each omitted when absent), and whose body is the hex in
///   `X-Want-Body-Hex` followed by `X-Want-Padding` zero bytes (default 0).
/// - `/evil-header`: a header whose name carries `ESC[8m` (conceal) and raw bytes, and a value with ESC.
/// - `/gzip`: a gzip body sent unasked (`Content-Encoding: gzip`) for `data.txt`; decoded it reads
///   `hello, identity\n`. Records the request's Accept-Encoding as `accept-encoding=…` in the log.
/// - `/away/PORT[/PATH]`: 302 to `http://127.0.0.1:PORT/PATH` (default `/creds`), another origin when
///   PORT is another server's.
/// - `/creds`: 200; logs the request's Authorization, Cookie and X-Other as
///   `authorization=… cookie=… x-other=…` (`(none)` when absent), then its Referer as `referer=…`,
///   then `proxy-authorization=… x-api-key=… accept-language=…`.
/// - `/huge-header`: one 200 KiB header line (over libcurl's 100 KiB CURL_MAX_HTTP_HEADER).
/// - `/folds/N`: a 200 whose `X-Folded` field is continued over N obs-fold lines (` a`), then
///   `attachment; filename="folds.txt"`.
/// - `/raw`: the hex of the request header `X-Want-Raw-Hex` sent verbatim as the whole response, then
///   the connection closes (badly framed responses, `Fixtures/cli/fetch-framing.json`).
/// - `/404` and anything else: 404.
final class HTTPTestServer: @unchecked Sendable {
  /// The port the server listens on.
  let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var requests: [String] = []

  /// The base URL, `http://127.0.0.1:PORT`.
  var base: String { "http://127.0.0.1:\(port)" }

  /// Every request line received so far ("HEAD /utf8 range=0-0").
  var log: [String] { lock.withLock { requests } }

  /// Starts listening on an ephemeral port; the accept loop runs on its own thread.
  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = 0
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var len = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &addr) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
    }
    listener = fd
    port = UInt16(bigEndian: addr.sin_port)
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// Stops accepting and waits until the listening socket is closed (connections in progress finish on
  /// their own). Only the accept thread closes the descriptor, so a number reused by another server can
  /// never be accepted on by this one.
  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    stopped.wait()
  }

  private let stopped = DispatchSemaphore(value: 0)

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        close(listener)
        stopped.signal()
        return
      }
      Thread.detachNewThread { [self] in handle(client) }
    }
  }

  // MARK: - One connection

  private struct Request {
    var method = ""
    var path = ""
    var headers: [String: String] = [:]
  }

  private func handle(_ fd: Int32) {
    defer { close(fd) }
    guard let request = readRequest(fd) else { return }
    lock.withLock {
      requests.append("\(request.method) \(request.path)" + (request.headers["range"].map { " range=\($0)" } ?? ""))
    }
    respond(to: request, on: fd)
  }

  private func readRequest(_ fd: Int32) -> Request? {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = [13, 10, 13, 10]
    while buffer.count < 65536 {
      let n = recv(fd, &chunk, chunk.count, 0)
      if n <= 0 { return nil }
      buffer += chunk[0..<n]
      if buffer.count >= 4, (0...(buffer.count - 4)).contains(where: { Array(buffer[$0..<$0 + 4]) == end }) { break }
    }
    let text = String(decoding: buffer, as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n")
    let parts = lines.first?.split(separator: " ") ?? []
    guard parts.count >= 2 else { return nil }
    var r = Request()
    r.method = String(parts[0])
    r.path = String(parts[1].split(separator: "?", maxSplits: 1).first ?? "")
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      r.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return r
  }

  /// Sends bytes, ignoring a peer that went away (MSG_NOSIGNAL: no SIGPIPE in the test process).
  @discardableResult
  private func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if n <= 0 { return false }
      offset += n
    }
    return true
  }

  private func head(_ status: String, _ fields: [[UInt8]]) -> [UInt8] {
    var out = Array("HTTP/1.1 \(status)\r\n".utf8)
    for f in fields { out += f + [13, 10] }
    out += Array("Connection: close\r\n\r\n".utf8)
    return out
  }

  private func field(_ s: String) -> [UInt8] { Array(s.utf8) }

  private func respond(to r: Request, on fd: Int32) {
    let isHead = r.method == "HEAD"
    let segments = r.path.split(separator: "/").map(String.init)
    func simple(_ status: String, _ fields: [[UInt8]], body: [UInt8]) {
      send(fd, head(status, fields + [field("Content-Length: \(body.count)")]) + (isHead ? [] : body))
    }
    switch segments.first ?? "" {
    case "utf8":
      simple(
        "200 OK",
        [
          field("Content-Type: application/pdf"),
          field("Content-Disposition: attachment; filename=\"中文报告.pdf\""),
        ],
        body: Array("%PDF-1.4 test\n".utf8))
    case "gbk":
      simple(
        "200 OK",
        [
          field("Content-Type: text/plain"),
          field("Content-Disposition: attachment; filename=\"") + [0xD6, 0xD0, 0xCE, 0xC4] + field(".txt\""),
        ],
        body: Array("gbk body\n".utf8))
    case "inline":
      simple(
        "200 OK", [field("Content-Type: text/html"), field("Content-Disposition: inline; filename=\"page.html\"")],
        body: Array("<p>hi</p>\n".utf8))
    case "redirect":
      let n = segments.count > 1 ? Int(segments[1]) ?? 0 : 0
      let (status, location): (String, String)
      switch n {
      case 3...: (status, location) = ("301 Moved Permanently", "/redirect/\(n - 1)")
      case 2: (status, location) = ("302 Found", "1")
      default: (status, location) = ("307 Temporary Redirect", "\(base)/gbk")
      }
      simple(status, [field("Location: \(location)")], body: Array("moved\n".utf8))
    case "loop":
      simple("302 Found", [field("Location: /loop")], body: [])
    case "nohead", "drophead":
      if isHead {
        if segments[0] == "drophead" { return }  // close without a word
        send(fd, head("405 Method Not Allowed", [field("Allow: GET"), field("Content-Length: 0")]))
        return
      }
      let fields = [field("Content-Type: text/csv"), field("Content-Disposition: attachment; filename=\"report.csv\"")]
      let body = [UInt8](repeating: 0x61, count: 1000)
      if r.headers["range"] == "bytes=0-0" {
        simple("206 Partial Content", fields + [field("Content-Range: bytes 0-0/1000")], body: [0x61])
      } else {
        simple("200 OK", fields, body: body)
      }
    case "slow":
      let chunks = segments.count > 1 ? Int(segments[1]) ?? 8 : 8
      let ms = segments.count > 2 ? Int(segments[2]) ?? 50 : 50
      let piece = [UInt8](repeating: 0x62, count: 4096)
      guard
        send(
          fd,
          head(
            "200 OK",
            [
              field("Content-Type: application/octet-stream"),
              field("Content-Disposition: attachment; filename=\"slow.bin\""),
              field("Content-Length: \(chunks * piece.count)"),
            ])), !isHead
      else { return }
      for _ in 0..<chunks {
        usleep(useconds_t(ms * 1000))
        guard send(fd, piece) else { return }
      }
    case "big":
      let mib = segments.count > 1 ? Int(segments[1]) ?? 1 : 1
      let pause = segments.count > 2 ? Int(segments[2]) ?? 0 : 0
      let piece = [UInt8](repeating: 0x63, count: 1 << 16)
      guard
        send(
          fd,
          head(
            "200 OK",
            [
              field("Content-Type: application/octet-stream"),
              field("Content-Disposition: attachment; filename=\"big.bin\""),
              field("Content-Length: \(mib << 20)"),
            ])), !isHead
      else { return }
      for _ in 0..<(mib * 16) {
        if pause > 0 { usleep(useconds_t(pause * 1000)) }
        guard send(fd, piece) else { return }
      }
    case "short":
      let announced = segments.count > 1 ? Int(segments[1]) ?? 8192 : 8192
      let sent = segments.count > 2 ? Int(segments[2]) ?? 5000 : 5000
      guard
        send(
          fd,
          head(
            "200 OK",
            [
              field("Content-Disposition: attachment; filename=\"short.bin\""),
              field("Content-Length: \(announced)"),
            ])), !isHead
      else { return }
      send(fd, [UInt8](repeating: 0x64, count: sent))
    case "content":
      var fields: [[UInt8]] = []
      if let t = r.headers["x-want-type"] { fields.append(field("Content-Type: \(t)")) }
      if let d = r.headers["x-want-disposition"] { fields.append(field("Content-Disposition: \(d)")) }
      let padding = Int(r.headers["x-want-padding"] ?? "0") ?? 0
      let body = FixtureHex.decode(r.headers["x-want-body-hex"] ?? "") + [UInt8](repeating: 0, count: padding)
      simple("200 OK", fields, body: body)
    case "interim":
      // An interim 100 response first, then a Content-Disposition folded over two lines (obs-fold).
      send(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
      simple(
        "200 OK",
        [
          field("Content-Type: text/plain"), field("Content-Disposition: attachment;"),
          field("\tfilename=\"folded.txt\""),
        ], body: Array("folded\n".utf8))
    case "files":
      // No Content-Disposition: the name comes from the URL.
      simple("200 OK", [field("Content-Type: text/plain")], body: Array("file\n".utf8))
    case "empty":
      // HEAD refused, and the body is empty, so a ranged GET gets 416.
      if isHead {
        send(fd, head("405 Method Not Allowed", [field("Content-Length: 0")]))
        return
      }
      if r.headers["range"] != nil {
        simple("416 Range Not Satisfiable", [field("Content-Range: bytes */0")], body: [])
      } else {
        simple(
          "200 OK",
          [field("Content-Type: text/plain"), field("Content-Disposition: attachment; filename=\"empty.txt\"")],
          body: [])
      }
    case "evil-header":
      simple(
        "200 OK",
        [
          field("Content-Type: text/plain"),
          field("X-") + [0x1B] + field("[8mHidden") + [0xFF] + field(": a\u{1B}[31mred"),
          field("Content-Disposition: attachment; filename=\"e.txt\""),
        ], body: Array("evil\n".utf8))
    case "gzip":
      lock.withLock { requests.append("accept-encoding=\(r.headers["accept-encoding"] ?? "(none)")") }
      let gz: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0xd7, 0x51, 0xc8,
        0x4c, 0x49, 0xcd, 0x2b, 0xc9, 0x2c, 0xa9, 0xe4, 0x02, 0x00, 0x90, 0xb3, 0x91, 0x34, 0x10, 0x00, 0x00, 0x00,
      ]
      simple(
        "200 OK",
        [
          field("Content-Type: text/plain"), field("Content-Encoding: gzip"),
          field("Content-Disposition: attachment; filename=\"data.txt\""),
        ], body: gz)
    case "away":
      // `/away/PORT[/PATH]`: 302 to http://127.0.0.1:PORT/PATH (default `creds`).
      let port = segments.count > 1 ? segments[1] : "1"
      let path = segments.count > 2 ? segments[2...].joined(separator: "/") : "creds"
      simple("302 Found", [field("Location: http://127.0.0.1:\(port)/\(path)")], body: [])
    case "creds":
      lock.withLock {
        requests.append(
          ["authorization", "cookie", "x-other"].map { "\($0)=\(r.headers[$0] ?? "(none)")" }.joined(separator: " "))
        requests.append("referer=\(r.headers["referer"] ?? "(none)")")
        requests.append(
          ["proxy-authorization", "x-api-key", "accept-language"]
            .map { "\($0)=\(r.headers[$0] ?? "(none)")" }.joined(separator: " "))
      }
      simple(
        "200 OK",
        [field("Content-Type: text/plain"), field("Content-Disposition: attachment; filename=\"creds.txt\"")],
        body: Array("creds\n".utf8))
    case "folds":
      let n = segments.count > 1 ? Int(segments[1]) ?? 1 : 1
      let folded = field("X-Folded: b") + Array(repeating: Array("\r\n a".utf8), count: n).joined()
      simple(
        "200 OK", [folded, field("Content-Disposition: attachment; filename=\"folds.txt\"")],
        body: Array("folds\n".utf8))
    case "huge-header":
      simple("200 OK", [field("X-Big: " + String(repeating: "x", count: 200 << 10))], body: [])
    case "raw":
      // The whole response, status line to body, as the hex of X-Want-Raw-Hex; then the connection closes.
      send(fd, FixtureHex.decode(r.headers["x-want-raw-hex"] ?? ""))
    case "echo-name":
      let name = r.headers["x-want-name"] ?? "none"
      simple(
        "200 OK", [field("Content-Type: text/plain"), field("Content-Disposition: attachment; filename=\"\(name)\"")],
        body: Array("echo\n".utf8))
    default:
      simple("404 Not Found", [field("Content-Type: text/plain")], body: Array("not found\n".utf8))
    }
  }
}
