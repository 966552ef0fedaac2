/// The methods `filenamekit fetch` sends.
public enum HTTPMethod: String, Sendable, Hashable {
  /// Headers only.
  case head = "HEAD"
  /// The full response.
  case get = "GET"
}

/// One HTTP request (no redirects: `HTTPFetcher` follows them hop by hop).
public struct HTTPRequest: Sendable, Hashable {
  /// The absolute `http` or `https` URL.
  public var url: String
  /// HEAD or GET.
  public var method: HTTPMethod
  /// Extra request header lines, `Name: value` each.
  public var headers: [String]
  /// A byte range such as `0-0`, sent as `Range: bytes=0-0`; nil for the whole body.
  public var range: String?
  /// Seconds allowed for connecting.
  public var connectTimeout: Int
  /// Seconds a transfer may stay below `minBytesPerSecond` on average before it fails.
  public var stallTimeout: Int
  /// The low-speed limit, bytes per second averaged over `stallTimeout` (0: none).
  public var minBytesPerSecond: Int
  /// A deadline for the whole transfer in milliseconds (0: none).
  public var maxMilliseconds: Int
  /// The most bytes a gzip or deflate body may decode to (0: no limit); past it the transfer fails.
  public var maxDecodedBytes: Int64 = 4 << 30
  /// The most a body may grow in decoding, decoded bytes per encoded byte, once past 16 MiB (0: no
  /// limit): text compresses 5–20×, and a compression bomb about 1000×.
  public var maxDecodeRatio: Int = 200

  /// Creates a request.
  public init(
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
