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
  var maxLength: JSONValue?  // checked by the op, so 1.5 or 2^63 gets a message saying what is wrong
  // mime, extension (`extension` also reads `name`)
  var input: String?
  var contentType: String?
  // url
  var url: String?
  // suggest (also reads url, content_type, referrer_charset, platform, max_length, profile, detect);
  // disposition and url read detect too
  var contentDisposition: String?
  var contentDispositionHex: String?
  var suggestedName: String?
  var defaultName: String?
  var renderer: String?
  var detect: Bool?
  var contentHex: String?

  enum CodingKeys: String, CodingKey {
    case url, detect
    case id, op, header, profile
    case headerHex = "header_hex"
    case referrerCharset = "referrer_charset"
    case name, platform
    case maxLength = "max_length"
    case input, renderer
    case contentType = "content_type"
    case contentDisposition = "content_disposition"
    case contentDispositionHex = "content_disposition_hex"
    case suggestedName = "suggested_name"
    case defaultName = "default_name"
    case contentHex = "content_hex"
  }
}

/// A per-line failure: reported as `{"id": …, "error": "…"}`.
struct BatchError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
