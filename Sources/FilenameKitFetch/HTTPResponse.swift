/// The head of one HTTP response: status and raw header fields.
package struct HTTPResponse: Sendable, Hashable {
  /// The request this answers.
  package let request: HTTPRequest
  /// The status code (0 when the server sent no status line).
  package let status: Int
  /// The reason phrase, with bytes outside printable ASCII escaped.
  package let reason: String
  /// Every header field, in order.
  package let headers: [HTTPHeaderField]

  /// Creates a response.
  package init(request: HTTPRequest, status: Int, reason: String, headers: [HTTPHeaderField]) {
    self.request = request
    self.status = status
    self.reason = reason
    self.headers = headers
  }

  /// The first value of the field `name` (lowercase), or nil.
  package func value(_ name: String) -> [UInt8]? {
    headers.first(where: { $0.name == name })?.value
  }

  /// Whether the status is 2xx.
  package var isSuccess: Bool { (200..<300).contains(status) }

  /// Whether the status says the response has no content at all, so there is nothing to save:
  /// 204 No Content (RFC 9110 §15.3.5), 205 Reset Content (§15.3.6: "a server MUST NOT generate
  /// content"), 304 Not Modified (§15.4.5). Browsers start no download for them either (HTML,
  /// "process a navigate response": 204 and 205 end the navigation).
  package var hasNoContent: Bool { [204, 205, 304].contains(status) }

  /// The `Location` value when the status is a redirect (301, 302, 303, 307, 308).
  package var location: [UInt8]? {
    guard [301, 302, 303, 307, 308].contains(status) else { return nil }
    return value("location")
  }

  /// The `Content-Length`, when present and a plain decimal number.
  package var contentLength: Int64? {
    guard let bytes = value("content-length"), !bytes.isEmpty, bytes.count <= 18 else { return nil }
    var n: Int64 = 0
    for b in bytes {
      guard b >= 0x30 && b <= 0x39 else { return nil }
      n = n * 10 + Int64(b - 0x30)
    }
    return n
  }
}
