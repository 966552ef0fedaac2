internal import CFilenameKit
import FilenameKit

/// Reading the C API's inputs: pointer and length pairs and the options struct, checked.
enum CInput {
  /// The bytes of an input; nil when absent (NULL with length 0).
  @inline(__always)
  static func bytes(_ p: UnsafePointer<UInt8>?, _ length: Int, _ name: @autoclosure () -> String)
    throws(CAPIError) -> UnsafeBufferPointer<UInt8>?
  {
    if let p, length > 0, length <= Int(1 << 30) { return UnsafeBufferPointer(start: p, count: length) }
    if p == nil, length == 0 { return nil }
    return try checkedBytes(p, length, name())
  }

  /// `bytes` for the cases other than a present input of a valid length and an absent one.
  @inline(never)
  private static func checkedBytes(_ p: UnsafePointer<UInt8>?, _ length: Int, _ name: String) throws(CAPIError)
    -> UnsafeBufferPointer<UInt8>?
  {
    // A size_t arrives as Int: a length of 2^63 or more is negative here.
    guard length >= 0, length <= Int(1 << 30) else {
      throw CAPIError(FNK_ERR_TOO_LARGE, "\(name) is longer than FNK_MAX_INPUT (\(UInt(bitPattern: length)) bytes)")
    }
    guard let p else {
      if length == 0 { return nil }
      throw CAPIError(FNK_ERR_NULL_ARGUMENT, "\(name) is NULL with length \(length)")
    }
    return UnsafeBufferPointer(start: p, count: length)
  }

  /// An input that must be UTF-8 text; nil when absent.
  static func text(_ p: UnsafePointer<UInt8>?, _ length: Int, _ name: String) throws(CAPIError) -> String? {
    guard let b = try bytes(p, length, name) else { return nil }
    guard let s = utf8Text(b) else { throw CAPIError(FNK_ERR_INVALID_UTF8, "\(name) is not UTF-8") }
    return s
  }

  /// The text of well-formed UTF-8 bytes (Unicode 3.9, D92), or nil. ASCII, what URLs and most
  /// names are, is recognized eight bytes at a time; other bytes are validated in full.
  static func utf8Text(_ b: UnsafeBufferPointer<UInt8>) -> String? {
    isASCII(b) ? String(decoding: b, as: UTF8.self) : UTF8Validation.string(buffer: b)
  }

  /// Whether every byte is below 0x80.
  @inline(__always)
  static func isASCII(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = b.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var bits: UInt64 = 0
    var i = 0
    while i + 8 <= b.count {
      bits |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      i += 8
    }
    while i < b.count {
      bits |= UInt64(base[i])
      i += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// A required input (NULL with length 0 is the empty string).
  static func requiredBytes(_ p: UnsafePointer<UInt8>?, _ length: Int, _ name: String) throws(CAPIError)
    -> [UInt8]
  {
    try bytes(p, length, name).map(Array.init) ?? []
  }

  /// A URL given as bytes: as is when it is UTF-8; otherwise every byte at or above 0x80 is
  /// %-escaped, which is what a browser puts on the wire, so the escapes carry the exact bytes.
  static func urlText(_ b: UnsafeBufferPointer<UInt8>) -> String {
    if let text = utf8Text(b) { return text }
    return String(decoding: PercentEncoding.encode(b) { $0 >= 0x80 }, as: UTF8.self)
  }

  /// The inputs of a suggestion, checked, in the core's terms. The header and body bytes are copied
  /// into this thread's reusable buffers (`CScratch`); the URL becomes a `String` (one copy).
  static func suggestion(_ metadata: UnsafePointer<fnk_metadata>?, _ options: UnsafePointer<fnk_options>?)
    throws(CAPIError) -> (DownloadMetadata, SuggestionOptions)
  {
    guard let metadata else { throw CAPIError(FNK_ERR_NULL_ARGUMENT, "metadata is NULL") }
    try structSize(metadata.pointee.struct_size, MemoryLayout<fnk_metadata>.size, "metadata", "FNK_METADATA_INIT")
    let m = metadata.pointee
    let o = try suggestionOptions(options)
    let url = try bytes(m.url, m.url_length, "metadata.url")
    let disposition = try bytes(m.content_disposition, m.content_disposition_length, "metadata.content_disposition")
    let contentType = try bytes(m.content_type, m.content_type_length, "metadata.content_type")
    let suggestedName = try text(m.suggested_name, m.suggested_name_length, "metadata.suggested_name")
    let content = try bytes(m.content, m.content_length, "metadata.content")
    let scratch = CScratch.current()
    var input = DownloadMetadata(
      url: url.map(urlText), contentDisposition: disposition.map { CScratch.copy($0, into: scratch, .disposition) },
      contentType: contentType.map { CScratch.copy($0, into: scratch, .contentType) }, suggestedName: suggestedName)
    if let content {
      input.leadingBytes = CScratch.copy(
        UnsafeBufferPointer(rebasing: content.prefix(ContentSniffer.maxBytes)), into: scratch, .content)
    }
    return (input, o)
  }

  /// The suggestion options of `p`. Options that set only the platform (every other field zero, every
  /// pointer NULL) are the platform's options made once, without building `Options`.
  static func suggestionOptions(_ p: UnsafePointer<fnk_options>?) throws(CAPIError) -> SuggestionOptions {
    if let p, p.pointee.struct_size == MemoryLayout<fnk_options>.size {
      let o = p.pointee
      if o.profile == 0, o.renderer == 0, o.no_detect == 0, o.nfd == 0, o.neutralize == 0, o.ascii == 0,
        o.max_length == 0, o.referrer_charset == nil, o.referrer_charset_length == 0, o.language == nil,
        o.language_length == 0, o.default_name == nil, o.default_name_length == 0
      {
        switch o.platform {
        case 0: return Options.platformOptions(.current)
        case 1: return Options.platformOptions(.linux)
        case 2: return Options.platformOptions(.macos)
        case 3: return Options.platformOptions(.windows)
        case 4: return Options.platformOptions(.portable)
        default: break  // refused below, with its message
        }
      }
    }
    return try options(p).suggestion
  }

  /// The options, checked: the defaults when `p` is NULL.
  static func options(_ p: UnsafePointer<fnk_options>?) throws(CAPIError) -> Options {
    guard let p else { return Options() }
    try structSize(p.pointee.struct_size, MemoryLayout<fnk_options>.size, "options", "FNK_OPTIONS_INIT")
    let o = p.pointee
    var r = Options(given: true)
    switch o.platform {
    case 0: r.platform = .current
    case 1: r.platform = .linux
    case 2: r.platform = .macos
    case 3: r.platform = .windows
    case 4: r.platform = .portable
    default: throw CAPIError(FNK_ERR_INVALID_ARGUMENT, "unknown options.platform \(o.platform)")
    }
    switch o.profile {
    case 0: r.profile = .compatible
    case 1: r.profile = .strict
    default: throw CAPIError(FNK_ERR_INVALID_ARGUMENT, "unknown options.profile \(o.profile)")
    }
    switch o.renderer {
    case 0: r.rendersNothing = false
    case 1: r.rendersNothing = true
    default: throw CAPIError(FNK_ERR_INVALID_ARGUMENT, "unknown options.renderer \(o.renderer)")
    }
    r.detect = try flag(o.no_detect, "no_detect") == false
    r.nfd = try flag(o.nfd, "nfd")
    r.neutralize = try flag(o.neutralize, "neutralize")
    r.ascii = try flag(o.ascii, "ascii")
    if o.max_length != 0 {
      guard o.max_length <= UInt64(Int.max) else {
        throw CAPIError(FNK_ERR_INVALID_ARGUMENT, "options.max_length is too large (at most \(Int.max))")
      }
      r.maxLength = Int(o.max_length)
    }
    if let label = try text(o.referrer_charset, o.referrer_charset_length, "options.referrer_charset"),
      !label.isEmpty
    {
      guard let c = Charset(label: label) else {
        let what =
          Charset.isReplacementLabel(label)
          ? "a label of the WHATWG replacement encoding, which decodes nothing" : "not a WHATWG encoding label"
        throw CAPIError(FNK_ERR_UNKNOWN_CHARSET, "options.referrer_charset '\(label)' is \(what)")
      }
      r.referrerCharset = c
    }
    r.language = try text(o.language, o.language_length, "options.language")
    r.defaultName = try text(o.default_name, o.default_name_length, "options.default_name")
    return r
  }

  /// Checks a struct's `struct_size`: only the sizes of the struct's known versions are read (one
  /// so far), so a caller compiled against a newer header learns at once that its fields would be
  /// ignored, instead of having them silently dropped.
  static func structSize(_ size: UInt32, _ known: Int, _ name: String, _ initializer: String) throws(CAPIError) {
    guard Int(size) == known else {
      throw CAPIError(
        FNK_ERR_INVALID_ARGUMENT,
        "\(name).struct_size is \(size), not \(known), the size this library knows (set it with \(initializer))")
    }
  }

  /// A directory path given as bytes (any bytes but NUL, as the kernel takes them), and its text for
  /// messages (bytes that are not UTF-8 as U+FFFD).
  static func path(_ p: UnsafePointer<UInt8>?, _ length: Int, _ name: String) throws(CAPIError)
    -> (bytes: [UInt8], display: String)
  {
    guard let b = try bytes(p, length, name), !b.isEmpty else {
      throw CAPIError(FNK_ERR_NULL_ARGUMENT, "\(name) is empty")
    }
    guard !b.contains(0) else {
      throw CAPIError(FNK_ERR_INVALID_ARGUMENT, "\(name) holds a NUL byte, which no path can")
    }
    return (Array(b), String(decoding: b, as: UTF8.self))
  }

  /// A 0/1 option.
  private static func flag(_ v: Int32, _ name: String) throws(CAPIError) -> Bool {
    guard v == 0 || v == 1 else { throw CAPIError(FNK_ERR_INVALID_ARGUMENT, "options.\(name) is \(v), not 0 or 1") }
    return v == 1
  }

  /// The options in the core's terms.
  struct Options {
    /// Whether the caller passed options (the parser ops' detection default depends on it).
    var given = false
    var platform = Platform.current
    var profile = ContentDisposition.Profile.compatible
    /// `FNK_RENDERER_NONE`: every response is a download (kept as a flag: comparing render
    /// capabilities compares their sets).
    var rendersNothing = false
    var detect = true
    var nfd = false
    var neutralize = false
    var ascii = false
    var maxLength: Int? = nil
    var referrerCharset: Charset? = nil
    var language: String? = nil
    var defaultName: String? = nil

    /// The suggestion options these give. The options of each platform with every other field at its
    /// default are made once: a call with them copies one reference instead of building the options.
    var suggestion: SuggestionOptions {
      var so = Self.platformOptions(platform)
      if let defaultName { so.defaultName = defaultName }
      if let language { so.url.language = language }
      if !detect { so.detectCharset = false }
      if let referrerCharset { so.fallbackCharset = referrerCharset }
      if profile != .compatible { so.profile = profile }
      if nfd { so.normalization = .nfd }
      if neutralize { so.dangerousTypes = .neutralize }
      if ascii { so.asciiOnly = true }
      if let maxLength { so.maxLength = maxLength }
      if rendersNothing { so.renderer = .none }
      return so
    }

    /// The options of `platform` with every other field at its default.
    static func platformOptions(_ platform: Platform) -> SuggestionOptions {
      switch platform {
      case .linux: linux
      case .macos: macos
      case .windows: windows
      case .portable: portable
      }
    }

    private static let linux = SuggestionOptions(platform: .linux)
    private static let macos = SuggestionOptions(platform: .macos)
    private static let windows = SuggestionOptions(platform: .windows)
    private static let portable = SuggestionOptions(platform: .portable)

    /// The sanitizer's options these give.
    var sanitizer: SanitizerOptions {
      var s = SanitizerOptions()
      s.maxLength = maxLength
      if nfd { s.normalization = .nfd }
      if neutralize { s.dangerousTypes = .neutralize }
      if ascii { s.asciiOnly = true }
      return s
    }
  }
}
