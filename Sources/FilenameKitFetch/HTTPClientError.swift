/// Why a request did not produce a response.
package struct HTTPClientError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kinds of failure.
  package enum Kind: String, Sendable, Hashable {
    /// The URL or a request header is not acceptable.
    case invalidRequest = "invalid-request"
    /// DNS, connect, TLS, protocol, timeout: libcurl's message says which.
    case transport
    /// A callback stopped the transfer (Ctrl-C, a failed write to disk).
    case aborted
    /// More redirects than allowed, or a redirect to an unusable URL.
    case redirect
  }

  /// What failed.
  package let kind: Kind
  /// A readable message.
  package let message: String
  /// The URL being requested.
  package let url: String
  /// libcurl's result code (0 when not from libcurl).
  package let code: Int

  /// Creates an error.
  package init(_ kind: Kind, _ message: String, url: String, code: Int = 0) {
    self.kind = kind
    self.message = message
    self.url = url
    self.code = code
  }

  /// Whether the failure happened before the server could answer (name lookup, connect, timeout):
  /// retrying the same server with another method is pointless.
  package var isConnectFailure: Bool { kind == .transport && [5, 6, 7, 28].contains(code) }

  /// `message (url)`, the URL without its user name and password (`URLCredentials.redacted`).
  package var description: String { "\(message) (\(URLCredentials.redacted(url)))" }
}
