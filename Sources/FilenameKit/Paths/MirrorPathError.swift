/// Why a URL has no mirror path.
public enum MirrorPathError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The string has no scheme: a relative reference has no host to put first.
  case notAbsolute
  /// A scheme whose URLs name no file on a host (`data:`, `blob:`, `mailto:`, `file:`); the scheme.
  case unsupportedScheme(String)
  /// The URL has no host.
  case noHost
  /// The port is not 1-5 digits of at most 65535 (WHATWG URL port state); the port as written.
  case invalidPort(String)
  /// The index name is empty.
  case emptyIndexName
  /// Even the host and the file name cut to `minimum` units each do not fit in `room`.
  case noRoom(room: Int, minimum: Int)

  /// A one-line message.
  public var description: String {
    switch self {
    case .notAbsolute: "not an absolute URL: a mirror path starts with the URL's host"
    case .unsupportedScheme(let s): "the scheme '\(s)' names no file on a host (http, https, ftp, ws and wss do)"
    case .noHost: "the URL has no host"
    case .invalidPort(let p): "the port '\(p)' is not a number from 0 to 65535"
    case .emptyIndexName: "the index name is empty"
    case .noRoom(let room, let minimum):
      "no room for a mirror path: \(room) units left, the host and the name need at least \(minimum) each"
    }
  }
}
