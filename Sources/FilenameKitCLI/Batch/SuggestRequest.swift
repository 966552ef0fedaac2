import FilenameKit
import FilenameKitFetch

/// The inputs of `suggest`, shared by the command and the batch op, validated in one place.
struct SuggestRequest {
  /// How errors name an input: by its batch field (`max_length`) or its flag (`--max-length`).
  enum Naming { case fields, flags }

  let naming: Naming
  var url: String?
  var contentDisposition: [UInt8]?
  var contentDispositionHex: String?
  var contentType: [UInt8]?
  /// The body's leading bytes as hex (`content_hex`, `--content-hex`).
  var contentHex: String?
  /// The body's leading bytes (`--content-file`, already read).
  var leadingBytes: [UInt8]?
  var suggestedName: String?
  var defaultName: String?
  var fallbackCharset: Charset?
  var platform: String?
  var maxLength: JSONValue?
  var renderer: String?
  /// The reader's language (`language`, `--language`): a hint to charset detection.
  var language: String?
  var strict = false
  var detect = true
  var nfd = false
  var neutralize = false
  var ascii = false

  init(naming: Naming) { self.naming = naming }

  /// The name of an input in the caller's vocabulary (`content_disposition_hex` → `--content-disposition-hex`).
  func label(_ field: String) -> String {
    switch naming {
    case .fields: return field
    case .flags: return "--" + String(field.map { $0 == "_" ? "-" : $0 })
    }
  }

  /// A URL given as bytes: as is when it is UTF-8; otherwise every byte at or above 0x80 is %-escaped,
  /// which is what a browser puts on the wire, so the escapes carry the exact bytes to the decoder.
  static func urlText(_ bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    return String(decoding: URLPercentEncoding.encode(bytes) { $0 >= 0x80 }, as: UTF8.self)
  }

  /// Builds the library inputs; throws a `BatchError` naming the bad input.
  func resolve() throws(BatchError) -> (DownloadMetadata, SuggestionOptions) {
    var m = DownloadMetadata(
      url: url, contentDisposition: contentDisposition, contentType: contentType,
      suggestedName: suggestedName)
    if let hex = contentDispositionHex {
      // Which one wins differs between readers; a proxy checking one must not let the other through.
      guard contentDisposition == nil else {
        let (text, hex) = (label("content_disposition"), label("content_disposition_hex"))
        throw BatchError(.conflictingFields, "both \(text) and \(hex) given (send one)")
      }
      guard let bytes = Hex.decode(hex) else {
        throw BatchError(.invalidHex, "\(label("content_disposition_hex")) is not valid hex")
      }
      m.contentDisposition = bytes
    }
    m.leadingBytes = leadingBytes
    if let hex = contentHex {
      guard let bytes = Hex.decode(hex) else {
        throw BatchError(.invalidHex, "\(label("content_hex")) is not valid hex")
      }
      m.leadingBytes = Array(bytes.prefix(ContentSniffer.maxBytes))
    }
    var o = SuggestionOptions()
    o.defaultName = defaultName
    o.url.language = language
    o.detectCharset = detect
    o.fallbackCharset = fallbackCharset
    o.profile = strict ? .strict : .compatible
    o.normalization = nfd ? .nfd : .nfc
    o.dangerousTypes = neutralize ? .neutralize : .report
    o.asciiOnly = ascii
    if let p = platform {
      guard let platform = Platform(rawValue: p) else {
        throw BatchError(
          .unknownValue, "unknown \(label("platform")) '\(TerminalText.escape(p))' (linux, macos, windows, portable)")
      }
      o.platform = platform
    }
    if let n = maxLength {
      o.maxLength = try Self.positiveInteger(n, name: label("max_length"), text: naming == .flags)
    }
    switch renderer {
    case nil, "webview": o.renderer = .webView
    case "none": o.renderer = .none
    case let r?:
      throw BatchError(.unknownValue, "unknown \(label("renderer")) '\(TerminalText.escape(r))' (webview, none)")
    }
    return (m, o)
  }

  /// A length limit: a whole number from 1 to `Int.max`: a JSON number in a batch field, decimal
  /// digits in a command-line flag (`text`). The message says what is wrong with anything else (a
  /// fraction, a huge number, a sign, a JSON string where a number belongs).
  static func positiveInteger(_ v: JSONValue, name: String, text: Bool = false) throws(BatchError) -> Int {
    switch v {
    case .int(let i) where i >= 1: return i
    case .int: throw BatchError(.invalidNumber, "\(name) must be at least 1")
    case .string(let s) where !text:
      throw BatchError(
        .invalidNumber, "\(name) must be a JSON number, not a string (got \"\(TerminalText.escape(s))\")")
    case .string(let s):
      guard !s.isEmpty, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        throw BatchError(.invalidNumber, "\(name) must be a positive whole number (got '\(TerminalText.escape(s))')")
      }
      guard let i = Int(s) else {
        throw BatchError(.invalidNumber, "\(name) is too large (got \(s); at most \(Int.max))")
      }
      return try positiveInteger(.int(i), name: name)
    case .double(let d) where d.isFinite && d == d.rounded(.towardZero):
      throw BatchError(.invalidNumber, "\(name) is too large (at most \(Int.max))")
    case .double(let d):
      throw BatchError(.invalidNumber, "\(name) must be a whole number (got \(d))")
    case .number(let text) where text.hasPrefix("-"):
      throw BatchError(.invalidNumber, "\(name) must be at least 1")
    case .number(let text):
      throw BatchError(.invalidNumber, "\(name) is too large (got \(text); at most \(Int.max))")
    default:
      throw BatchError(.invalidNumber, "\(name) must be a positive whole number")
    }
  }
}
