/// The methods `filenamekit fetch` sends.
package enum HTTPMethod: String, Sendable, Hashable {
  /// Headers only.
  case head = "HEAD"
  /// The full response.
  case get = "GET"
}

/// One HTTP request (no redirects: `HTTPFetcher` follows them hop by hop).
package struct HTTPRequest: Sendable, Hashable {
  /// The absolute `http` or `https` URL.
  package var url: String
  /// HEAD or GET.
  package var method: HTTPMethod
  /// Extra request header lines, `Name: value` each.
  package var headers: [String]
  /// A byte range such as `0-0`, sent as `Range: bytes=0-0`; nil for the whole body.
  package var range: String?
  /// Seconds allowed for connecting.
  package var connectTimeout: Int
  /// Seconds a transfer may stay below `minBytesPerSecond` on average before it fails.
  package var stallTimeout: Int
  /// The low-speed limit, bytes per second averaged over `stallTimeout` (0: none).
  package var minBytesPerSecond: Int
  /// A deadline for the whole transfer in milliseconds (0: none).
  package var maxMilliseconds: Int
  /// The most bytes a gzip or deflate body may decode to (0: no limit); past it the transfer fails.
  package var maxDecodedBytes: Int64 = 4 << 30
  /// The most a body may grow in decoding, decoded bytes per encoded byte, once past 16 MiB (0: no
  /// limit): text compresses 5–20×, and a compression bomb about 1000×.
  package var maxDecodeRatio: Int = 200

  /// Creates a request.
  package init(
    url: String, method: HTTPMethod = .get, headers: [String] = [], range: String? = nil,
    connectTimeout: Int = 30, stallTimeout: Int = 60, minBytesPerSecond: Int = 1024, maxMilliseconds: Int = 0
  ) {
    self.minBytesPerSecond = minBytesPerSecond
    self.maxMilliseconds = maxMilliseconds
    self.url = url
    self.method = method
    self.headers = headers
    self.range = range
    self.connectTimeout = connectTimeout
    self.stallTimeout = stallTimeout
  }
}
