/// The `Referer` a redirect hop gets, by the Referrer Policy standard's default,
/// `strict-origin-when-cross-origin` (W3C Referrer Policy §3, §8.3 "determine request's referrer"):
/// the full URL to its own origin, only the origin to another, nothing on a downgrade from a
/// potentially trustworthy URL (https) to one that is not.
///
/// `fetch` sets no Referer itself; one given with `-H` is the user's, for the first URL. It goes
/// unchanged to every hop on the first URL's origin, and a hop to another origin gets what a
/// browser would send there for that referrer, so a redirect cannot collect a private URL (paths
/// and query strings carry session ids and tokens) from a header meant for another host.
package enum ReferrerPolicy {
  /// The Referer value for a hop to `hopURL` given the referrer `value` (an absolute URL), or nil
  /// when none is sent: its origin differs from the hop's and it is `https` (or another potentially
  /// trustworthy origin) while the hop is not, or it is not a URL with an origin (then nothing can
  /// be reduced safely). The referrer is first stripped (Referrer Policy §8.4: no user name,
  /// password or fragment); on another origin only `scheme://host[:port]/` is left.
  package static func referer(_ value: String, toward hopURL: String) -> String? {
    guard let referrerOrigin = HTTPClient.origin(of: value), let hopOrigin = HTTPClient.origin(of: hopURL) else {
      return nil
    }
    if referrerOrigin == hopOrigin { return stripped(value) }
    if isPotentiallyTrustworthy(referrerOrigin) && !isPotentiallyTrustworthy(hopOrigin) { return nil }
    return serialized(referrerOrigin)
  }

  /// `url` without user name, password and fragment (§8.4 "strip url for use as a referrer").
  static func stripped(_ url: String) -> String {
    var text = Substring(url)
    if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
    return URLCredentials.removed(text)
  }

  /// `scheme://host:port` (as `HTTPClient.origin(of:)` gives it) as a referrer: the default port
  /// left out, and the path `/` (an origin-only referrer is serialized with an empty path, §8.4).
  static func serialized(_ origin: String) -> String {
    for (scheme, port) in [("http://", ":80"), ("https://", ":443")]
    where origin.hasPrefix(scheme) && origin.hasSuffix(port) {
      return String(origin.dropLast(port.count)) + "/"
    }
    return origin + "/"
  }

  /// Secure Contexts §3.1 "Is origin potentially trustworthy?", for the origins `fetch` meets:
  /// `https` and `wss`, and the loopback hosts (`localhost` and `*.localhost`, 127.0.0.0/8, `[::1]`).
  static func isPotentiallyTrustworthy(_ origin: String) -> Bool {
    if origin.hasPrefix("https://") || origin.hasPrefix("wss://") { return true }
    guard let sep = origin.firstRange(of: "://") else { return false }
    var host = origin[sep.upperBound...]
    if host.hasPrefix("[") {
      return host.hasPrefix("[::1]")
    }
    if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
    if host == "localhost" || host.hasSuffix(".localhost") { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { p in UInt8(p) != nil }
  }
}
