/// One batch input line. Every field is optional; each op reads the ones it needs.
/// Add fields here when an op needs them (the protocol only grows).
struct BatchRequest: Decodable, Sendable {
  var id: JSONValue?
  var op: String?
  // disposition
  var header: String?
  var headerHex: String?
  var referrerCharset: String?
  var profile: String?
  // sanitize
  var name: String?
  var platform: String?
  var maxLength: Int?

  enum CodingKeys: String, CodingKey {
    case id, op, header, profile
    case headerHex = "header_hex"
    case referrerCharset = "referrer_charset"
    case name, platform
    case maxLength = "max_length"
  }
}

/// A per-line failure: reported as `{"id": …, "error": "…"}`.
struct BatchError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
