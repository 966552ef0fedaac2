/// A parsed `Content-Disposition` header value (RFC 6266), with the file name resolved.
///
/// Parsing never fails: a header that has to be ignored as a whole means what an absent header
/// means (type `inline`, no file name) and says why in `diagnostics`.
///
/// ```swift
/// let cd = ContentDisposition("attachment; filename*=UTF-8''%E4%B8%AD%E6%96%87.pdf")
/// cd.type      // .attachment
/// cd.filename  // "中文.pdf"
/// ```
///
/// Two profiles: `.strict` follows RFC 6266 and the tc2231 verdicts exactly; `.compatible`
/// (the default) adds the tolerances browsers need for real servers (raw UTF-8 and legacy
/// charsets in `filename`, RFC 2047 words, %-escaped UTF-8, unquoted values with spaces, …).
public struct ContentDisposition: Sendable, Hashable {
  /// The disposition type. Unknown types are kept by name and behave as `attachment` (RFC 6266 §4.2).
  public enum DispositionType: Sendable, Hashable, CustomStringConvertible {
    /// `inline`: display when possible.
    case inline
    /// `attachment`: save to a file.
    case attachment
    /// `form-data` (RFC 7578), seen on multipart parts.
    case formData
    /// Any other type, lowercased.
    case other(String)

    /// The type's lowercased name.
    public var name: String {
      switch self {
      case .inline: return "inline"
      case .attachment: return "attachment"
      case .formData: return "form-data"
      case .other(let s): return s
      }
    }

    /// Whether the type asks for a download: everything but `inline` (RFC 6266 §4.2).
    public var isAttachmentLike: Bool { self != .inline }

    /// The type's name.
    public var description: String { name }
  }

  /// How forgiving the parser is.
  public enum Profile: String, Sendable, Hashable, CaseIterable {
    /// RFC 6266 and every tc2231 verdict, exactly.
    case strict
    /// Strict plus the tolerances real servers need (the default).
    case compatible
  }

  /// Parser options.
  public struct Options: Sendable, Hashable {
    /// How forgiving the parser is.
    public var profile: Profile
    /// The charset to try for raw 8-bit bytes in `filename` that are not UTF-8 (browsers call it
    /// the referrer charset). Used by `.compatible` only.
    public var fallbackCharset: Charset?
    /// Whether `.compatible` may guess the charset of legacy bytes when no fallback charset is given
    /// (%-escaped plain names, and raw names whose second bytes include 0x5C). Off: such bytes are
    /// read as the profile reads them without a hint.
    public var detectCharset: Bool

    /// Creates options; the defaults are `.compatible`, no fallback charset, detection on.
    public init(profile: Profile = .compatible, fallbackCharset: Charset? = nil, detectCharset: Bool = true) {
      self.profile = profile
      self.fallbackCharset = fallbackCharset
      self.detectCharset = detectCharset
    }
  }

  /// One parameter as it appeared, in order.
  public struct Parameter: Sendable, Hashable {
    /// The lowercased name, including any `*` and section number (`filename*`, `filename*1*`).
    public let name: String
    /// The decoded value; nil when it could not be decoded (an invalid ext-value).
    public internal(set) var value: String?
    /// The charset of an ext-value, or the charset that decoded raw 8-bit bytes.
    public internal(set) var charset: Charset?
    /// The language tag of an ext-value, when one was given.
    public internal(set) var language: String?
    /// Byte offset of the parameter's name in the header.
    public let offset: Int
    /// The unquoted bytes, kept only when they differ from `value`'s UTF-8 (or `value` is nil):
    /// the common ASCII value costs no second copy.
    var rawStorage: [UInt8]?

    /// The value's bytes after unquoting (ext-values still percent-encoded).
    public var rawValue: [UInt8] { rawStorage ?? Array((value ?? "").utf8) }

    init(
      name: String, offset: Int, value: String?, charset: Charset? = nil, language: String? = nil,
      rawStorage: [UInt8]?
    ) {
      self.name = name
      self.offset = offset
      self.value = value
      self.charset = charset
      self.language = language
      self.rawStorage = rawStorage
    }
  }

  /// Where the resolved file name came from: one of the four Content-Disposition cases of
  /// ``FilenameKit/FilenameSource``.
  public typealias FilenameSource = FilenameKit.FilenameSource

  /// How a plain value's text was decoded beyond reading its bytes.
  public enum Decoding: String, Sendable, Hashable, CaseIterable {
    /// RFC 2047 encoded words (`=?UTF-8?B?…?=`).
    case rfc2047
    /// %-escapes read in a legacy charset (the fallback or a detected one).
    case percent
    /// %-escapes of non-ASCII bytes read as UTF-8.
    case percentUTF8 = "percent-utf8"
  }

  /// A usable file name candidate, in precedence order.
  public struct FilenameCandidate: Sendable, Hashable {
    /// The name (last path segment of the decoded value).
    public let name: String
    /// The parameter it came from.
    public let source: FilenameSource
    /// The charset that decoded it, when it was not plain ASCII.
    public let charset: Charset?
    /// How it was decoded beyond plain text (`rfc2047`, `percent-utf8`), when it was.
    public let decoding: Decoding?
  }

  /// The disposition type (`.inline` when the header was ignored).
  public internal(set) var type: DispositionType
  /// Everything else the parse found, compactly for the commonest headers.
  var form: Form
  /// Every parameter in order (empty when the header was ignored).
  public internal(set) var parameters: [Parameter] {
    get { form.parameters }
    set { fields.parameters = newValue }
  }
  /// Usable file names in precedence order: `filename*`, continuations, `filename` (never `name`).
  public var candidates: [FilenameCandidate] {
    guard let firstCandidate else { return [] }
    return [firstCandidate] + otherCandidates
  }
  /// The winning candidate.
  var firstCandidate: FilenameCandidate? {
    get {
      switch form {
      case .bare: return nil
      case .soleFilename(_, let name):
        return FilenameCandidate(name: name, source: .disposition, charset: nil, decoding: nil)
      case .extendedFilename(let e): return e.firstCandidate
      case .boxed(let box): return box.fields.firstCandidate
      }
    }
    set { fields.firstCandidate = newValue }
  }
  /// Candidates after the first (usually none).
  var otherCandidates: [FilenameCandidate] {
    get {
      switch form {
      case .bare, .soleFilename: return []
      case .extendedFilename(let e): return e.otherCandidates
      case .boxed(let box): return box.fields.otherCandidates
      }
    }
    set { fields.otherCandidates = newValue }
  }
  /// Everything tolerated or rejected, in input order.
  public internal(set) var diagnostics: [Diagnostic] {
    get { if case .boxed(let box) = form { box.fields.diagnostics } else { [] } }
    set { fields.diagnostics = newValue }
  }
  /// Whether the header was ignored as a whole (invalid, so treated as absent).
  public internal(set) var isIgnored: Bool {
    get { if case .boxed(let box) = form { box.fields.isIgnored } else { false } }
    set { fields.isIgnored = newValue }
  }
  /// Whether the header value was empty or blank.
  public internal(set) var isEmpty: Bool {
    get { if case .boxed(let box) = form { box.fields.isEmpty } else { false } }
    set { fields.isEmpty = newValue }
  }

  /// The resolved file name: the first candidate's name, or nil.
  public var filename: String? {
    switch form {
    case .bare: return nil
    case .soleFilename(_, let name): return name
    case .extendedFilename(let e): return e.name
    case .boxed(let box): return box.fields.firstCandidate?.name
    }
  }

  /// The first parameter with this (lowercased) name.
  public func parameter(_ name: String) -> Parameter? {
    form.parameter(named: name)
  }

  /// Parses a header value from its bytes.
  @inlinable
  public init(parsing bytes: some Collection<UInt8>, options: Options = Options()) {
    // Inlinable, so the caller's collection type is specialized here and only the buffer crosses
    // the module boundary (the generic path copied the result through value witnesses).
    if let parsed = bytes.withContiguousStorageIfAvailable({ ContentDisposition.parse($0, options) }) {
      self = parsed
    } else {
      self = Array(bytes).withUnsafeBufferPointer { ContentDisposition.parse($0, options) }
    }
  }

  /// Parses a header value from a string's UTF-8 bytes.
  @inlinable
  public init(_ string: some StringProtocol, options: Options = Options()) {
    var s = String(string)
    self = s.withUTF8 { ContentDisposition.parse($0, options) }
  }

  /// The parser's entry point for the inlinable initializers.
  @usableFromInline
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ options: Options) -> ContentDisposition {
    DispositionParser.run(bytes, options)
  }

  init(
    type: DispositionType, parameters: [Parameter], candidates: [FilenameCandidate],
    diagnostics: [Diagnostic], isIgnored: Bool, isEmpty: Bool
  ) {
    self.init(
      type: type, parameters: parameters, firstCandidate: candidates.first,
      otherCandidates: candidates.count > 1 ? Array(candidates.dropFirst()) : [],
      diagnostics: diagnostics, isIgnored: isIgnored, isEmpty: isEmpty)
  }

  init(
    type: DispositionType, parameters: [Parameter], firstCandidate: FilenameCandidate?,
    otherCandidates: [FilenameCandidate], diagnostics: [Diagnostic], isIgnored: Bool, isEmpty: Bool
  ) {
    self.type = type
    self.form = Form(
      Fields(
        parameters: parameters, firstCandidate: firstCandidate, otherCandidates: otherCandidates,
        diagnostics: diagnostics, isIgnored: isIgnored, isEmpty: isEmpty))
  }
}
