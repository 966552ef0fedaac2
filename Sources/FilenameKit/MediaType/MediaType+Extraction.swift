// Fetch Standard §3.1.7 "extract a MIME type", on a `Content-Type` value that may have been
// combined from several header fields (joined with ", ").

extension MediaType {
  /// Fetch "extract a MIME type" from a (combined) `Content-Type` header value: splits at commas
  /// outside quoted strings, keeps the last value that parses (ignoring `*/*`), and carries a
  /// `charset` from an earlier value of the same essence. Nil when no value parses.
  ///
  /// ```swift
  /// MediaType.extract(fromContentType: "text/html;charset=gbk, text/html;x=y")?.description
  /// // "text/html;x=y;charset=gbk"
  /// ```
  public static func extract(fromContentType headerValue: some StringProtocol) -> MediaType? {
    var s = String(headerValue)
    return s.withUTF8 { extract($0, latin1: false) }
  }

  /// `extract(fromContentType:)` on the header's raw bytes (isomorphic decoding: a byte is a code point).
  public static func extract(fromContentTypeBytes bytes: some Collection<UInt8>) -> MediaType? {
    let array = Array(bytes)
    return array.withUnsafeBufferPointer { extract($0, latin1: true) }
  }

  static func extract(_ p: UnsafeBufferPointer<UInt8>, latin1: Bool) -> MediaType? {
    // The usual header holds no comma, so one value: the loop below would keep it as parsed
    // unless it is `*/*` (parse strips what the split would have stripped, and more).
    if ASCII.firstIndex(of: UInt8(ascii: ","), in: p) == nil {
      guard let parsed = parse(p, latin1: latin1), parsed.essence != "*/*" else { return nil }
      return parsed
    }
    var charset: String? = nil
    var essence: String? = nil
    var result: MediaType? = nil
    for range in splitHeaderValues(p) {
      guard let parsed = parse(p, in: range, latin1: latin1) else { continue }
      let parsedEssence = parsed.essence
      if parsedEssence == "*/*" { continue }
      var mediaType = parsed
      if parsedEssence != essence {
        charset = parsed.charset
        essence = parsedEssence
      } else if parsed.charset == nil, let charset {
        mediaType = MediaType(
          essence: parsed.essence, typeCount: parsed.typeCount,
          parameters: parsed.parameters + [Parameter(name: "charset", value: charset)])
      }
      result = mediaType
    }
    return result
  }

  /// Fetch "get, decode, and split": the ranges of the comma-separated values (commas inside
  /// quoted strings do not split), each stripped of leading and trailing tabs and spaces.
  static func splitHeaderValues(_ p: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var values: [Range<Int>] = []
    var pos = 0
    var valueStart = 0
    let end = p.count
    while true {
      while pos < end && p[pos] != UInt8(ascii: "\"") && p[pos] != UInt8(ascii: ",") { pos += 1 }
      if pos < end && p[pos] == UInt8(ascii: "\"") {
        skipQuotedString(p, &pos, end)
        if pos < end { continue }
      }
      var a = valueStart
      var b = pos
      while a < b && ASCII.isOWS(p[a]) { a += 1 }
      while b > a && ASCII.isOWS(p[b - 1]) { b -= 1 }
      values.append(a..<b)
      if pos >= end { return values }
      pos += 1  // past ","
      valueStart = pos
    }
  }
}
