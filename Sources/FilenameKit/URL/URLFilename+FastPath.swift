// The common URL shape read straight from its bytes (issue 17): `http(s)://host/…/name?query`,
// printable ASCII, no backslash, no dot segment, a last segment without escapes, and a query
// that cannot name the file. Anything else returns nil and goes to the full extractor, which
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
    for i in url.indices {
      let b = url[i]
      if b <= 0x20 || b >= 0x7F || b == UInt8(ascii: "\\") { return nil }
      if b == UInt8(ascii: "#") && end == url.count { end = i }
      if b == UInt8(ascii: "?") && question == nil && end == url.count { question = i }
    }
    guard let afterScheme = httpSchemeEnd(url) else { return nil }
    let pathEnd = question ?? end
    if let question, queryMayName(UnsafeBufferPointer(rebasing: url[(question + 1)..<end]), optedInKeys: false) {
      return nil
    }
    // A special scheme's authority starts after any run of slashes and ends at the next one.
    var authStart = afterScheme
    while authStart < pathEnd, url[authStart] == UInt8(ascii: "/") { authStart += 1 }
    var pathStart = authStart
    while pathStart < pathEnd, url[pathStart] != UInt8(ascii: "/") { pathStart += 1 }
    guard let name = lastSegment(url, pathStart..<pathEnd) else { return nil }
    return URLFilename(
      filename: String(decoding: UnsafeBufferPointer(rebasing: url[name]), as: UTF8.self), source: .urlPath,
      charset: nil, guess: nil, mediaType: nil, contentDisposition: nil, diagnostics: [])
  }

  /// The offset after `http:` or `https:` (any ASCII case), or nil for any other scheme.
  static func httpSchemeEnd(_ url: UnsafeBufferPointer<UInt8>) -> Int? {
    guard url.count >= 5, ASCII.equalsLowercasedBytes(url[0..<4], "http") else { return nil }
    if url[4] == UInt8(ascii: ":") { return 5 }
    guard url.count >= 6, url[4] | 0x20 == UInt8(ascii: "s"), url[5] == UInt8(ascii: ":") else { return nil }
    return 6
  }

  /// The range of the last path segment when it is the name with no decision to report: non-empty
  /// (no trailing slash), free of escapes, and no segment of the path a dot segment. Else nil.
  static func lastSegment(_ url: UnsafeBufferPointer<UInt8>, _ path: Range<Int>) -> Range<Int>? {
    var segStart = path.lowerBound
    for i in path.lowerBound...path.upperBound where i == path.upperBound || url[i] == UInt8(ascii: "/") {
      if segStart < i, dotKind(UnsafeBufferPointer(rebasing: url[segStart..<i])) != 0 { return nil }
      if i < path.upperBound { segStart = i + 1 }
    }
    guard segStart < path.upperBound else { return nil }
    for i in segStart..<path.upperBound where url[i] == UInt8(ascii: "%") { return nil }
    return segStart..<path.upperBound
  }
}
