/// The user name and password a URL may carry (`http://user:pass@host/`): never shown, never sent
/// on as a referrer.
package enum URLCredentials {
  /// The range of the userinfo and its `@` (`user:pass@`) in an absolute URL, or nil when it has none.
  static func userinfoRange(in url: Substring) -> Range<Substring.Index>? {
    guard let scheme = url.firstRange(of: "://") else { return nil }
    let authority = url[scheme.upperBound...]
    let end = authority.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" || $0 == "\\" }) ?? url.endIndex
    guard let at = url[scheme.upperBound..<end].lastIndex(of: "@") else { return nil }
    return scheme.upperBound..<url.index(after: at)
  }

  /// `url` with its userinfo replaced by `***@` (`http://***@host/`), for every report and
  /// message, so a password typed into a URL does not end up in logs or a terminal's scrollback.
  package static func redacted(_ url: String) -> String {
    let text = Substring(url)
    guard let range = userinfoRange(in: text) else { return url }
    return String(text[..<range.lowerBound] + "***@" + text[range.upperBound...])
  }

  /// `url` without its userinfo.
  package static func removed(_ url: some StringProtocol) -> String {
    let text = Substring(url)
    guard let range = userinfoRange(in: text) else { return String(text) }
    return String(text[..<range.lowerBound] + text[range.upperBound...])
  }
}
