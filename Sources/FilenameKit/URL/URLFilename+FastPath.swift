// The common URL shape read straight from its bytes: `http(s)://host/…/name?query`,
// printable ASCII, no backslash, no dot segment, a last segment whose escapes (if any) decode to
// ASCII or UTF-8 with nothing to report, and a query that cannot name the file. Anything else returns nil and goes to the full extractor, which
// gives the same answer on every input the fast path takes (fuzz-url checks it).
extension URLNameExtractor {
  /// The name of a URL of the common shape, or nil when the full extractor must read it. With
  /// opted-in query keys the query can name the file, so the caller does not come here.
  static func fastPath(_ url: UnsafeBufferPointer<UInt8>) -> URLFilename? {
    // Printable ASCII only: nothing for the WHATWG trim and tab/newline removal to change, and
    // no byte that the name's decoding would have to read as a charset.
    // In the same pass, the fragment is dropped and the query split off (`splitQueryAndAuthority`).
    var end = url.count
    var question: Int? = nil
    // From one byte that needs a decision (not 0x21-0x7E, or `\\`, `#`, `?`) to the next, sixteen
    // and eight bytes a step.
    var i = ByteScan.firstNotPlain(url, from: 0, lowest: 0x21, stops: (0x5C, 0x23, 0x3F))
    while i < url.count {
      let b = url[i]
      if b <= 0x20 || b >= 0x7F || b == UInt8(ascii: "\\") { return nil }
      if b == UInt8(ascii: "#") && end == url.count { end = i }
      if b == UInt8(ascii: "?") && question == nil && end == url.count { question = i }
      i = ByteScan.firstNotPlain(url, from: i + 1, lowest: 0x21, stops: (0x5C, 0x23, 0x3F))
    }
    guard let afterScheme = httpSchemeEnd(url) else { return nil }
    let pathEnd = question ?? end
    if let question, queryMayName(UnsafeBufferPointer(rebasing: url[(question + 1)..<end]), optedInKeys: false) {
      return nil
    }
    // A special scheme's authority starts after any run of slashes and ends at the next one.
    var authStart = afterScheme
    while authStart < pathEnd, url[authStart] == UInt8(ascii: "/") { authStart += 1 }
    let pathStart =
      ASCII.firstIndex(of: UInt8(ascii: "/"), in: UnsafeBufferPointer(rebasing: url[..<pathEnd]), from: authStart)
      ?? pathEnd
    guard let name = lastSegment(url, pathStart..<pathEnd), let decoded = decodedName(url, name) else { return nil }
    // As `read(_:raw:plusIsSpace:)` reports escapes read as UTF-8.
    return URLFilename(
      filename: decoded.text, source: .urlPath, charset: decoded.utf8 ? .utf8 : nil, guess: nil, mediaType: nil,
      contentDisposition: nil, diagnostics: decoded.utf8 ? [Diagnostic(.urlUTF8, at: name.lowerBound)] : [])
  }

  /// The last segment `url[name]` decoded as `decodeName` does, when that reports nothing but
  /// UTF-8: no escape of a separator or control, no invalid escape, and bytes that are ASCII
  /// (`utf8` false) or valid UTF-8 (`utf8` true). Nil otherwise (the full extractor reports it).
  static func decodedName(_ url: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> (text: String, utf8: Bool)? {
    let segment = url[name]
    guard segment.contains(UInt8(ascii: "%")) else {
      return (String(decoding: UnsafeBufferPointer(rebasing: segment), as: UTF8.self), false)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(segment.count)
    var nonASCII = false
    var i = name.lowerBound
    while i < name.upperBound {
      let b = url[i]
      guard b == UInt8(ascii: "%") else {
        decoded.append(b)
        i += 1
        continue
      }
      guard let v = PercentEncoding.escapedByte(segment, at: i), v >= 0x20, v != 0x7F, v != UInt8(ascii: "/"),
        v != UInt8(ascii: "\\")
      else { return nil }
      nonASCII = nonASCII || v >= 0x80
      decoded.append(v)
      i += 3
    }
    guard nonASCII else { return (String(decoding: decoded, as: UTF8.self), false) }
    return UTF8Validation.string(decoded).map { ($0, true) }
  }

  /// The offset after `http:` or `https:` (any ASCII case), or nil for any other scheme.
  static func httpSchemeEnd(_ url: UnsafeBufferPointer<UInt8>) -> Int? {
    guard url.count >= 5, ASCII.equalsLowercasedBytes(url[0..<4], "http") else { return nil }
    if url[4] == UInt8(ascii: ":") { return 5 }
    guard url.count >= 6, url[4] | 0x20 == UInt8(ascii: "s"), url[5] == UInt8(ascii: ":") else { return nil }
    return 6
  }

  /// The range of the last path segment when it is the name with no decision to report: non-empty
  /// (no trailing slash), and no segment of the path a dot segment. Else nil.
  static func lastSegment(_ url: UnsafeBufferPointer<UInt8>, _ path: Range<Int>) -> Range<Int>? {
    let p = UnsafeBufferPointer(rebasing: url[path])
    var segStart = 0
    while true {
      // Slash to slash, eight bytes a step.
      let end = ASCII.firstIndex(of: UInt8(ascii: "/"), in: p, from: segStart) ?? p.count
      if segStart < end, dotKind(UnsafeBufferPointer(rebasing: p[segStart..<end])) != 0 { return nil }
      guard end < p.count else { break }
      segStart = end + 1
    }
    guard segStart < p.count else { return nil }
    return (path.lowerBound + segStart)..<path.upperBound
  }
}
