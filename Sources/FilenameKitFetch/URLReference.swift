/// The WHATWG URL Standard's reading of a redirect's `Location` where libcurl's RFC 3986 parser
/// differs, for the special schemes `http` and `https` (URL Standard §4.4, "scheme state" and
/// "special relative or authority state"; "IPv4 parser").
enum URLReference {
  /// `reference` rewritten so that an RFC 3986 resolver reads it as a browser does:
  /// - `\` is `/` before the query (special schemes treat them alike);
  /// - `http:/landing.pdf` or `http:landing.pdf` with the base's own scheme is a relative reference
  ///   (`/landing.pdf`, `landing.pdf`), not a URL whose host is `landing.pdf`;
  /// - another special scheme with fewer than two slashes (`https:/host/x`) gets its `//`.
  static func normalized(_ reference: String, baseScheme: String) -> String {
    var text = reference
    if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) {
      text = text[..<end].replacingBackslashes() + text[end...]
    } else {
      text = text.replacingBackslashes()
    }
    guard let colon = text.firstIndex(of: ":") else { return text }
    let scheme = text[..<colon].lowercased()
    guard scheme == "http" || scheme == "https" else { return text }
    let rest = text[text.index(after: colon)...]
    if rest.hasPrefix("//") { return text }
    if scheme == baseScheme.lowercased() { return String(rest) }
    return scheme + "://" + rest.drop(while: { $0 == "/" })
  }

  /// `url` with its scheme and host as the URL Standard writes them: lowercased (`HTTP://LOCALHOST/`
  /// is `http://localhost/`; "domain to ASCII" maps a host to lower case, UTS #46; the user name,
  /// password, path and query keep their case), and a trailing dot removed from an IPv4 host
  /// (`http://127.0.0.1.:8080/` is `http://127.0.0.1:8080/`: the IPv4 parser drops an empty last
  /// part); other hosts keep theirs (a fully qualified domain name).
  static func canonicalHost(_ url: String) -> String {
    guard let sep = url.firstRange(of: "://") else { return url }
    let authorityEnd = url[sep.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? url.endIndex
    let authority = url[sep.upperBound..<authorityEnd]
    let hostStart = authority.lastIndex(of: "@").map { url.index(after: $0) } ?? authority.startIndex
    let hostAndPort = url[hostStart..<authorityEnd]
    let hostEnd =
      hostAndPort.hasPrefix("[") ? hostAndPort.endIndex : (hostAndPort.lastIndex(of: ":") ?? hostAndPort.endIndex)
    var host = url[hostStart..<hostEnd].lowercased()
    if host.hasSuffix("."), host.count > 1 {
      let parts = host.dropLast().split(separator: ".", omittingEmptySubsequences: false)
      if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) {
        host.removeLast()
      }
    }
    return url[..<sep.lowerBound].lowercased() + url[sep.lowerBound..<hostStart] + host + url[hostEnd...]
  }

  /// A `Location` value's bytes as the URL Standard's basic URL parser first reads them: leading
  /// and trailing C0 controls and spaces removed, then every ASCII tab and newline (U+0009, U+000A,
  /// U+000D) removed wherever it is (URL Standard §4.4, the first steps of the parser), rather than
  /// refused (`/files/\ta.txt` is `/files/a.txt` in a browser).
  static func strippedForParsing(_ bytes: [UInt8]) -> [UInt8] {
    let trimmed = bytes.drop(while: { $0 <= 0x20 }).reversed().drop(while: { $0 <= 0x20 }).reversed()
    return trimmed.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
  }
}

extension StringProtocol {
  fileprivate func replacingBackslashes() -> String { String(map { $0 == "\\" ? "/" : $0 }) }
}
