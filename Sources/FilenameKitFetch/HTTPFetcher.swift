#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One request of a fetch and what came back.
package struct FetchHop: Sendable, Hashable {
  /// The response (its `request` says the URL, method and range).
  package let response: HTTPResponse
  /// Where the response redirects to, resolved against the request URL.
  package let redirectURL: String?
  /// Set when this was a HEAD the server refused: why (`405 Method Not Allowed`, or the error).
  /// The next hop is the ranged GET of the same URL.
  package let refusedHead: String?

  /// Creates a hop.
  package init(response: HTTPResponse, redirectURL: String?, refusedHead: String?) {
    self.response = response
    self.redirectURL = redirectURL
    self.refusedHead = refusedHead
  }
}

/// The requests a fetch made, in order, and the final response.
package struct FetchResult: Sendable, Hashable {
  /// Every request, including refused HEADs and redirects.
  package let hops: [FetchHop]
  /// The last response: not a redirect.
  package let final: HTTPResponse

  /// Creates a result.
  package init(hops: [FetchHop], final: HTTPResponse) {
    self.hops = hops
    self.final = final
  }
}

/// What a fetch sends.
package struct FetchOptions: Sendable, Hashable {
  /// HEAD (falling back to a ranged GET when refused) or GET.
  package var method: HTTPMethod
  /// Extra request header lines, `Name: value` each, sent on every hop to the first URL's origin;
  /// a hop to another origin gets only `Accept`, `Accept-Language`, `Content-Language`,
  /// `User-Agent`, and a `Referer` cut down (see `HTTPFetcher.headers(for:from:options:)`).
  package var headers: [String]
  /// How many redirects to follow before failing.
  package var maxRedirects: Int
  /// Seconds allowed for connecting.
  package var connectTimeout: Int
  /// Seconds a transfer may stay below `minBytesPerSecond` on average before it fails.
  package var stallTimeout: Int
  /// The low-speed limit in bytes per second (0: none). The default, 1 KiB/s over 60 s, stops a
  /// server that trickles a body (2 B/s would otherwise run for hours) but not a slow network.
  package var minBytesPerSecond: Int
  /// Seconds the whole fetch (every hop, and the body) may take; nil for no deadline.
  package var maxTime: Double?
  /// `HTTPRequest.maxDecodedBytes` for every request.
  package var maxDecodedBytes: Int64 = 4 << 30
  /// `HTTPRequest.maxDecodeRatio` for every request.
  package var maxDecodeRatio: Int = 200

  /// Creates options.
  package init(
    method: HTTPMethod = .head, headers: [String] = [], maxRedirects: Int = 10, connectTimeout: Int = 30,
    stallTimeout: Int = 60, minBytesPerSecond: Int = 1024, maxTime: Double? = nil
  ) {
    self.minBytesPerSecond = minBytesPerSecond
    self.maxTime = maxTime
    self.method = method
    self.headers = headers
    self.maxRedirects = maxRedirects
    self.connectTimeout = connectTimeout
    self.stallTimeout = stallTimeout
  }
}

/// Follows redirects hop by hop (so the chain can be shown), with HEAD-to-ranged-GET fallback.
package enum HTTPFetcher {
  /// Statuses that mean "this server does not do HEAD here".
  package static let headRefusedStatuses: Set<Int> = [403, 405, 501]

  /// Looks at `url` without downloading: HEAD (or GET, stopped after the headers) on every hop.
  /// A HEAD answered with 403, 405 or 501, or failing after connecting, is retried as
  /// `GET` with `Range: bytes=0-0`.
  package static func probe(_ url: String, options: FetchOptions = .init()) throws(HTTPClientError) -> FetchResult {
    let url = encodeForRequest(url)
    let deadline = Deadline(seconds: options.maxTime)
    return try follow(url, options: options) { hopURL, crossed throws(HTTPClientError) -> [FetchHop] in
      let request = try HTTPRequest(
        url: hopURL, method: options.method,
        headers: headers(for: hopURL, from: url, afterOtherOrigin: crossed, options: options),
        connectTimeout: options.connectTimeout, stallTimeout: options.stallTimeout,
        minBytesPerSecond: options.minBytesPerSecond, maxMilliseconds: deadline.remaining(hopURL),
        options: options)
      guard options.method == .head else { return [try hop(HTTPClient.perform(request))] }
      let head: HTTPResponse
      do throws(HTTPClientError) {
        head = try HTTPClient.perform(request)
      } catch {
        guard error.kind == .transport && !error.isConnectFailure else { throw error }
        // The server dropped or garbled the HEAD: try the ranged GET before giving up.
        let failed = HTTPResponse(request: request, status: 0, reason: error.message, headers: [])
        return [
          FetchHop(response: failed, redirectURL: nil, refusedHead: error.message),
          hop(try HTTPClient.perform(rangedGET(request))),
        ]
      }
      guard headRefusedStatuses.contains(head.status) else { return [hop(head)] }
      let refused = FetchHop(response: head, redirectURL: nil, refusedHead: "\(head.status) \(head.reason)")
      let ranged = try HTTPClient.perform(rangedGET(request))
      // An empty body has no byte 0: 416. Ask once more with a plain GET, stopped after the headers.
      guard ranged.status == 416 else { return [refused, hop(ranged)] }
      var plain = request
      plain.method = .get
      return [refused, hop(ranged), hop(try HTTPClient.perform(plain))]
    }
  }

  /// GETs `url`, following redirects; the final response's head goes to `delegate`, which decides
  /// whether to stream its body. Redirect bodies are never read.
  package static func get(
    _ url: String, options: FetchOptions = .init(), delegate: any HTTPTransferDelegate
  ) throws(HTTPClientError) -> FetchResult {
    let relay = RedirectAwareDelegate(delegate)
    let deadline = Deadline(seconds: options.maxTime)
    let first = encodeForRequest(url)
    return try follow(first, options: options) { hopURL, crossed throws(HTTPClientError) -> [FetchHop] in
      let request = try HTTPRequest(
        url: hopURL, method: .get,
        headers: headers(for: hopURL, from: first, afterOtherOrigin: crossed, options: options),
        connectTimeout: options.connectTimeout, stallTimeout: options.stallTimeout,
        minBytesPerSecond: options.minBytesPerSecond, maxMilliseconds: deadline.remaining(hopURL),
        options: options)
      return [hop(try HTTPClient.perform(request, delegate: relay))]
    }
  }

  /// `url` as it goes on the wire: after the host, spaces and non-ASCII bytes are %-encoded (as
  /// UTF-8, as browsers do for a typed address); the scheme and host are left alone (libcurl converts
  /// an internationalised host name itself).
  package static func encodeForRequest(_ url: String) -> String {
    let url = URLReference.canonicalHost(url)
    let bytes = Array(url.utf8)
    guard bytes.contains(where: { $0 >= 0x80 || $0 == 0x20 }) else { return url }
    var start = 0
    if let sep = url.utf8.firstRange(of: "://".utf8) {
      let afterScheme = url.utf8.distance(from: url.utf8.startIndex, to: sep.upperBound)
      start = bytes[afterScheme...].firstIndex(where: { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }) ?? bytes.count
    }
    let out = bytes[..<start] + URLPercentEncoding.encode(bytes[start...]) { $0 >= 0x80 || $0 == 0x20 }
    return String(decoding: out, as: UTF8.self)
  }

  /// Request headers that carry credentials: a server must not get them by redirecting elsewhere.
  /// (Every user header but `crossOriginHeaders` stays on the first origin; these are named for
  /// documentation and compatibility.)
  package static let credentialHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization"]

  /// The user headers that also go to a redirect's other origin: the Fetch standard's
  /// CORS-safelisted request-header names that mean anything for a GET or HEAD (`Accept`,
  /// `Accept-Language`, `Content-Language`) and `User-Agent`, which say nothing secret.
  package static let crossOriginHeaders: Set<String> = ["accept", "accept-language", "content-language", "user-agent"]

  /// The extra headers for a hop to `hopURL` of a fetch that began at `firstURL`: all of
  /// `options.headers` while the hop stays on the first URL's origin (scheme, host and port). On
  /// another origin only `crossOriginHeaders` go, and a `Referer` cut down as `ReferrerPolicy`
  /// says (only its origin, or nothing on a downgrade): any other header a user adds may carry a
  /// secret (`Authorization`, `Cookie`, `Proxy-Authorization`, `X-Api-Key`, a token under any
  /// name), and a server must not collect it by redirecting to a host it controls, nor make it
  /// travel in clear text by redirecting from https to http. curl drops `Authorization` and
  /// `Cookie` without `--location-trusted` (CVE-2018-1000007, CVE-2022-27776); the Fetch standard
  /// drops `Authorization` on a cross-origin redirect; a header list can only be safe by allowing.
  /// `afterOtherOrigin`: an earlier hop (or this one) left the first URL's origin. Then a hop back
  /// to it (A → B → A) is treated as another origin too: B chose where the chain goes next, and the
  /// Fetch standard never restores a dropped `Authorization`; the `Referer` it gets is cut to its
  /// origin.
  static func headers(
    for hopURL: String, from firstURL: String, afterOtherOrigin: Bool = false, options: FetchOptions
  ) -> [String] {
    guard !options.headers.isEmpty else { return [] }
    let onFirstOrigin = HTTPClient.origin(of: hopURL).map { $0 == HTTPClient.origin(of: firstURL) } ?? false
    if onFirstOrigin && !afterOtherOrigin { return options.headers }
    return options.headers.compactMap { line in
      let colon = line.firstIndex(of: ":") ?? line.endIndex
      let name = trimmed(line[..<colon]).lowercased()
      if crossOriginHeaders.contains(name) { return line }
      guard name == "referer", colon < line.endIndex else { return nil }
      let value = trimmed(line[line.index(after: colon)...])
      guard let referer = ReferrerPolicy.referer(String(value), toward: hopURL) else { return nil }
      // Back on the first origin after another: the Referer the other origin got, never more.
      guard onFirstOrigin, let origin = HTTPClient.origin(of: referer) else { return "Referer: " + referer }
      return "Referer: " + ReferrerPolicy.serialized(origin)
    }
  }

  /// `text` without leading and trailing spaces and tabs.
  private static func trimmed(_ text: Substring) -> Substring {
    var t = text
    while let c = t.first, c == " " || c == "\t" { t.removeFirst() }
    while let c = t.last, c == " " || c == "\t" { t.removeLast() }
    return t
  }

  private static func rangedGET(_ request: HTTPRequest) -> HTTPRequest {
    var r = request
    r.method = .get
    r.range = "0-0"
    return r
  }

  private static func hop(_ response: HTTPResponse) -> FetchHop {
    let target = response.location.flatMap { HTTPClient.resolve($0, against: response.request.url) }
    return FetchHop(response: response, redirectURL: target, refusedHead: nil)
  }

  /// Asks `request` for each hop, from `url` through every redirect; its second argument says
  /// whether the chain has left `url`'s origin by then (this hop included).
  private static func follow(
    _ url: String, options: FetchOptions, request: (String, Bool) throws(HTTPClientError) -> [FetchHop]
  ) throws(HTTPClientError) -> FetchResult {
    var hops: [FetchHop] = []
    var next = url
    var redirects = 0
    let firstOrigin = HTTPClient.origin(of: url)
    var crossed = false
    while true {
      crossed = crossed || HTTPClient.origin(of: next) != firstOrigin
      let made = try request(next, crossed)
      hops += made
      guard let last = made.last else { throw HTTPClientError(.transport, "no response", url: next) }
      if last.response.location != nil {
        if let conflict = last.response.headerConflicts.first(where: { $0.name == "location" }) {
          throw HTTPClientError(.redirect, conflict.explanation, url: next)
        }
        guard let target = last.redirectURL else {
          throw HTTPClientError(.redirect, "redirect to an unusable Location", url: next)
        }
        guard redirects < options.maxRedirects else {
          throw HTTPClientError(.redirect, "more than \(options.maxRedirects) redirects", url: url)
        }
        let scheme = target.prefix(8).lowercased()
        guard scheme.hasPrefix("http://") || scheme.hasPrefix("https://") else {
          throw HTTPClientError(.redirect, "redirect to a non-HTTP URL \(target)", url: next)
        }
        redirects += 1
        next = target
        continue
      }
      return FetchResult(hops: hops, final: last.response)
    }
  }
}

extension HTTPRequest {
  /// A request with the decoding limits of `options`.
  init(
    url: String, method: HTTPMethod, headers: [String], connectTimeout: Int, stallTimeout: Int, minBytesPerSecond: Int,
    maxMilliseconds: Int, options: FetchOptions
  ) {
    self.init(
      url: url, method: method, headers: headers, connectTimeout: connectTimeout, stallTimeout: stallTimeout,
      minBytesPerSecond: minBytesPerSecond, maxMilliseconds: maxMilliseconds)
    maxDecodedBytes = options.maxDecodedBytes
    maxDecodeRatio = options.maxDecodeRatio
  }
}

/// The end of `FetchOptions.maxTime`, shared by every hop of one fetch (monotonic clock).
private struct Deadline {
  let end: Int64?

  init(seconds: Double?) {
    end = seconds.map { Deadline.now() + Int64(($0 * 1000).rounded(.up)) }
  }

  static func now() -> Int64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Int64(t.tv_sec) * 1000 + Int64(t.tv_nsec) / 1_000_000
  }

  /// Milliseconds left for the next hop (0 when there is no deadline); throws once it has passed.
  func remaining(_ url: String) throws(HTTPClientError) -> Int {
    guard let end else { return 0 }
    let left = end - Deadline.now()
    guard left > 0 else { throw HTTPClientError(.transport, "the --max-time deadline passed", url: url, code: 28) }
    return Int(left)
  }
}

/// Hands only final (non-redirect) responses to the caller's delegate; redirect bodies are skipped.
private final class RedirectAwareDelegate: HTTPTransferDelegate {
  let inner: any HTTPTransferDelegate
  var passing = false

  init(_ inner: any HTTPTransferDelegate) { self.inner = inner }

  func headersReceived(_ response: HTTPResponse) -> BodyAction {
    passing = response.location == nil
    return passing ? inner.headersReceived(response) : .skip
  }

  func bodyReceived(_ chunk: UnsafeRawBufferPointer) -> Bool { inner.bodyReceived(chunk) }

  func keepsContentCoding(_ response: HTTPResponse) -> Bool { passing && inner.keepsContentCoding(response) }

  func contentDecodingIgnored(trailingBytes: Int64) {
    if passing { inner.contentDecodingIgnored(trailingBytes: trailingBytes) }
  }

  func progress(received: Int64, total: Int64?) -> Bool {
    // Always ask (Ctrl-C must work during redirects too); report sizes only for the final response.
    passing ? inner.progress(received: received, total: total) : inner.progress(received: 0, total: nil)
  }
}
