/// Whether a body libcurl delivered without error was framed well enough to be trusted as complete.
///
/// libcurl reads a malformed `Content-Length` (`1e3`, `0x10`) as far as its digits go and stops there,
/// takes one of two different values, and accepts a `206 Partial Content` nobody asked for; each of
/// those would save a part of the resource as if it were the whole. RFC 9110 §8.6: Content-Length is
/// `1*DIGIT`, a list of identical values may be folded into one, differing values are an error
/// (RFC 9112 §6.3 item 5: unrecoverable). RFC 9110 §15.3.7: 206 answers a Range request only.
package enum BodyFraming {
  /// Why the body of `response` cannot be trusted as complete, given `received` body bytes off the
  /// wire (before content decoding; negative when unknown), or nil when it can.
  static func problem(_ response: HTTPResponse, received: Int64) -> String? {
    if response.status == 206 && response.request.range == nil {
      // A Range the user added with -H is theirs, but a download saves whole files: say which Range.
      if let asked = response.request.headers.first(where: { $0.lowercased().hasPrefix("range:") }) {
        return "the server answered 206 Partial Content to the Range given with -H ('"
          + asked + "'): only part of the file came, and a download saves whole files "
          + "(drop that header to save the file)"
      }
      return "the server answered 206 Partial Content to a request without a Range: only part of the file came"
    }
    // With Transfer-Encoding, the chunked framing (checked by libcurl) decides, not Content-Length.
    let chunked = response.headers.contains {
      $0.name == "transfer-encoding" && String(decoding: $0.value, as: UTF8.self).lowercased().contains("chunked")
    }
    guard !chunked else { return nil }
    let values = response.headers.filter { $0.name == "content-length" }.flatMap { splitList($0.value) }
    guard !values.isEmpty else { return nil }
    var length: Int64 = -1
    for value in values {
      guard let n = decimal(value) else {
        return "the Content-Length '\(HTTPHeaderField.escape(value))' is not a decimal number of bytes"
      }
      if length >= 0 && n != length { return "the response has two different Content-Length values" }
      length = n
    }
    if received >= 0 && received != length {
      return "the body has \(received) bytes but Content-Length says \(length): the transfer is incomplete"
    }
    return nil
  }

  /// Why the transfer codings of `response` cannot be trusted, or nil: the only one accepted is a
  /// single `chunked` (which libcurl decodes and checks). No request says `TE`, so any other coding
  /// was not asked for (RFC 9112 §7.4: a server sends only codings the client accepts, besides
  /// chunked), and libcurl would hand its bytes over still encoded; `chunked` more than once is
  /// forbidden outright (RFC 9112 §6.1: a sender MUST NOT apply chunked more than once), and libcurl
  /// would leave the inner framing in the file. A transfer coding with a Content-Length is refused
  /// too (RFC 9112 §6.3 item 3: such a message "might indicate an attempt to perform request
  /// smuggling or response splitting and ought to be handled as an error").
  static func transferCodingProblem(_ response: HTTPResponse) -> String? {
    let codings = Self.codings("transfer-encoding", of: response)
    guard !codings.isEmpty else { return nil }
    if response.headers.contains(where: { $0.name == "content-length" }) {
      return "the response has both Transfer-Encoding '\(Self.shown(codings))' and a Content-Length, which "
        + "RFC 9112 §6.3 says to handle as an error (response splitting or smuggling): nothing was saved"
    }
    guard codings != [Array("chunked".utf8)] else { return nil }
    let shown = Self.shown(codings)
    if codings.filter({ $0.elementsEqual("chunked".utf8) }).count > 1 {
      return "the response applies the chunked transfer coding more than once (Transfer-Encoding: \(shown)), "
        + "which RFC 9112 §6.1 forbids: the body cannot be trusted, so nothing was saved"
    }
    return "the response uses Transfer-Encoding '\(shown)', which was not asked for (only chunked is accepted; "
      + "RFC 9112 §7.4): the body would be saved still encoded, so nothing was saved"
  }

  /// What the body's Content-Encoding asks of the client.
  enum Coding: Equatable {
    /// None, or only `identity`: the body is the file.
    case none
    /// One `gzip`, `x-gzip` or `deflate` (RFC 9110 §8.4.1): decoded, and complete only at the end of
    /// its stream.
    case inflate
    /// Anything else (`br`, `zstd`, `compress`, several codings): not decoded here.
    case unsupported(String)
  }

  /// The coding of `response`'s body, from every Content-Encoding field (case-insensitive, RFC 9110 §8.4).
  static func coding(_ response: HTTPResponse) -> Coding {
    let codings = Self.codings("content-encoding", of: response)
    guard !codings.isEmpty else { return .none }
    if codings.count == 1, ["gzip", "x-gzip", "deflate"].contains(where: { codings[0].elementsEqual($0.utf8) }) {
      return .inflate
    }
    return .unsupported(shown(codings))
  }

  /// The codings listed in every `field` of `response` (RFC 9110 §5.3: repeated fields are one list),
  /// as bytes with ASCII letters lowercased (codings are case-insensitive), without empty elements
  /// and `identity` (no coding; RFC 2616's, since removed). Bytes, not text: a byte that is not
  /// UTF-8 is shown as itself (`\x9b`) in a message, never as U+FFFD's three.
  private static func codings(_ field: String, of response: HTTPResponse) -> [[UInt8]] {
    response.headers.filter { $0.name == field }.flatMap { splitList($0.value) }
      .map { $0.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 } }
      .filter { !$0.isEmpty && !$0.elementsEqual("identity".utf8) }
  }

  /// Codings for a message: joined by `, `, every byte outside printable ASCII as `\xNN`.
  private static func shown(_ codings: [[UInt8]]) -> String {
    HTTPHeaderField.escape(Array(codings.joined(separator: Array(", ".utf8))))
  }

  /// `1*DIGIT` as a non-negative Int64; nil when empty, not decimal, or too large.
  package static func decimal(_ bytes: [UInt8]) -> Int64? {
    guard !bytes.isEmpty else { return nil }
    var n: Int64 = 0
    for b in bytes {
      guard b >= 0x30 && b <= 0x39 else { return nil }
      let (times, o1) = n.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times.addingReportingOverflow(Int64(b - 0x30))
      guard !o1 && !o2 else { return nil }
      n = sum
    }
    return n
  }

  /// The elements of a comma-separated field value, each trimmed of spaces and tabs.
  private static func splitList(_ value: [UInt8]) -> [[UInt8]] {
    value.split(separator: 0x2C, omittingEmptySubsequences: false).map { element in
      var s = element.startIndex
      var e = element.endIndex
      while s < e && (element[s] == 0x20 || element[s] == 0x09) { s += 1 }
      while e > s && (element[e - 1] == 0x20 || element[e - 1] == 0x09) { e -= 1 }
      return Array(element[s..<e])
    }
  }
}
