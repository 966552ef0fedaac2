#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One batch input line. Every field is optional; each op reads the ones it needs.
/// Add fields here and in `BatchField` when an op needs them (the protocol only grows).
struct BatchRequest: Sendable {
  /// Where the `id` member's value is in the line (echoed by `BatchIDEcho`); nil when absent.
  var id: Range<Int>?
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
  // suggest, disposition and url: the reader's language (an Accept-Language value), a hint to detection
  var language: String?
  // sanitize and suggest: NFD instead of NFC, and `.download` on executables (as --nfd, --neutralize)
  var nfd: Bool?
  var neutralize: Bool?
  // sanitize and suggest: a plain ASCII name, other scripts transliterated (as --ascii)
  var ascii: Bool?
  // suggest: a file name template and its caller fields (as `suggest --template`, `--field`)
  var template: String?
  var fields: [(String, String)]?
  // response: the raw response head as hex (also reads url and the suggest inputs)
  var headHex: String?
  // path: the file name of a directory URL (as `path --index-name`); also reads url, name, platform
  var indexName: String?
  /// Top-level keys no op reads (a misspelt `platfrom`), in order, at most `maxIgnoredKeys`: the
  /// answer lists them as `ignored_keys`, so a typo is not silently answered with the defaults.
  var ignoredKeys: [String] = []
  static let maxIgnoredKeys = 16
}

/// The members a request may have, in the order their type is checked (the first wrong one is named).
enum BatchField: Int, CaseIterable {
  case id, op, header, headerHex, referrerCharset, profile, name, platform, maxLength, input, contentType, url
  case contentDisposition, contentDispositionHex, suggestedName, defaultName, renderer, detect, contentHex, language
  case nfd, neutralize, template, fields, headHex, indexName, ascii

  /// The member's key in a request line.
  var key: String { keyLiteral.description }

  /// The member a decoded key names, or nil for a key no op reads (ignored, as the protocol allows).
  static func named(_ key: UnsafeBufferPointer<UInt8>) -> BatchField? {
    // Runs for every key of every line: no tables (each would cost a lazy-initialization check), only
    // the keys' literal bytes, compared with the (at most five) members whose key has this length.
    let c = sameLength(key.count)
    if let f = c.0, f.matches(key) { return f }
    if let f = c.1, f.matches(key) { return f }
    if let f = c.2, f.matches(key) { return f }
    if let f = c.3, f.matches(key) { return f }
    if let f = c.4, f.matches(key) { return f }
    return nil
  }

  /// The members whose key is `count` bytes long (`BatchProtocolTests` checks every member is here).
  private static func sameLength(_ count: Int) -> (BatchField?, BatchField?, BatchField?, BatchField?, BatchField?) {
    switch count {
    case 2: (.id, .op, nil, nil, nil)
    case 3: (.url, .nfd, nil, nil, nil)
    case 4: (.name, nil, nil, nil, nil)
    case 5: (.input, .ascii, nil, nil, nil)
    case 6: (.header, .detect, .fields, nil, nil)
    case 7: (.profile, nil, nil, nil, nil)
    case 8: (.platform, .renderer, .language, .template, .headHex)
    case 10: (.headerHex, .maxLength, .neutralize, .indexName, nil)
    case 11: (.contentHex, nil, nil, nil, nil)
    case 12: (.contentType, .defaultName, nil, nil, nil)
    case 14: (.suggestedName, nil, nil, nil, nil)
    case 16: (.referrerCharset, nil, nil, nil, nil)
    case 19: (.contentDisposition, nil, nil, nil, nil)
    case 23: (.contentDispositionHex, nil, nil, nil, nil)
    default: (nil, nil, nil, nil, nil)
    }
  }

  /// Whether `key` is this member's key.
  private func matches(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let k = keyLiteral
    guard let base = key.baseAddress, k.utf8CodeUnitCount == key.count else { return false }
    return memcmp(base, k.utf8Start, key.count) == 0
  }

  /// `key` as a literal (its bytes without a `String`).
  private var keyLiteral: StaticString {
    switch self {
    case .id: "id"
    case .op: "op"
    case .header: "header"
    case .headerHex: "header_hex"
    case .referrerCharset: "referrer_charset"
    case .profile: "profile"
    case .name: "name"
    case .platform: "platform"
    case .maxLength: "max_length"
    case .input: "input"
    case .contentType: "content_type"
    case .url: "url"
    case .contentDisposition: "content_disposition"
    case .contentDispositionHex: "content_disposition_hex"
    case .suggestedName: "suggested_name"
    case .defaultName: "default_name"
    case .renderer: "renderer"
    case .detect: "detect"
    case .contentHex: "content_hex"
    case .language: "language"
    case .nfd: "nfd"
    case .neutralize: "neutralize"
    case .template: "template"
    case .fields: "fields"
    case .headHex: "head_hex"
    case .indexName: "index_name"
    case .ascii: "ascii"
    }
  }

  /// The set bit for this member in a `UInt32` of members seen.
  var bit: UInt32 { 1 << UInt32(rawValue) }

  /// What the member's value may be.
  enum Kind { case any, text, flag, number, textObject }
  var kind: Kind {
    switch self {
    case .id: .any
    case .maxLength: .number
    case .fields: .textObject
    case .detect, .nfd, .neutralize, .ascii: .flag
    default: .text
    }
  }
}

/// A per-line failure: reported as `{"id": …, "error": "…", "error_code": "…"}`, the message for
/// people and the code for programs.
struct BatchError: Error {
  let code: Code
  let message: String
  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// What kind of failure a line had: a stable kebab-case name, one per way a request can be wrong.
  struct Code: RawRepresentable, Sendable, Hashable {
    let rawValue: String

    /// The line is not one JSON object with string keys and Unicode text, repeats a key, or a
    /// member has the wrong type.
    static let malformedRequest = Code(rawValue: "malformed-request")
    /// The line is longer than `--max-line-bytes`.
    static let lineTooLong = Code(rawValue: "line-too-long")
    /// The request has no `op`.
    static let missingOp = Code(rawValue: "missing-op")
    /// The `op` names no op.
    static let unknownOp = Code(rawValue: "unknown-op")
    /// A member the op needs is absent.
    static let missingField = Code(rawValue: "missing-field")
    /// Members that exclude each other were both given (`header` and `header_hex`), or one was
    /// given without the member it qualifies (`fields` without `template`).
    static let conflictingFields = Code(rawValue: "conflicting-fields")
    /// A `…_hex` member is not an even number of hex digits.
    static let invalidHex = Code(rawValue: "invalid-hex")
    /// A member names no platform, profile, renderer or charset.
    static let unknownValue = Code(rawValue: "unknown-value")
    /// A length is not a whole number of at least 1 that fits.
    static let invalidNumber = Code(rawValue: "invalid-number")
    /// The template or its fields cannot be rendered.
    static let invalidTemplate = Code(rawValue: "invalid-template")
    /// The URL has no path a mirror can hold (`path` op).
    static let invalidPath = Code(rawValue: "invalid-path")

    /// Every code.
    static let allCases: [Code] = [
      .malformedRequest, .lineTooLong, .missingOp, .unknownOp, .missingField, .conflictingFields, .invalidHex,
      .unknownValue, .invalidNumber, .invalidTemplate, .invalidPath,
    ]
  }
}
