/// What a download tool knows about a response: the input of `suggestFilename(for:options:)`.
///
/// Header values are bytes, as they came off the wire: raw 8-bit names (UTF-8, GBK, Shift_JIS, …)
/// survive only as bytes. The `String` initializer uses each value's UTF-8 bytes.
public struct DownloadMetadata: Sendable, Hashable {
  /// The response URL (after redirects), absolute.
  public var url: String?
  /// The `Content-Disposition` header value.
  public var contentDisposition: [UInt8]?
  /// The `Content-Type` header value (several fields may be combined with commas).
  public var contentType: [UInt8]?
  /// A name the caller suggests: the HTML `download` attribute, or a name the app wants.
  public var suggestedName: String?
  /// The leading bytes of the body, when the caller has them (only the first 4 KiB are considered):
  /// they name a generic download by its content and reveal an executable in disguise.
  public var leadingBytes: [UInt8]? = nil

  /// Creates metadata from header bytes.
  public init(
    url: String? = nil, contentDisposition: [UInt8]? = nil, contentType: [UInt8]? = nil, suggestedName: String? = nil
  ) {
    self.url = url
    self.contentDisposition = contentDisposition
    self.contentType = contentType
    self.suggestedName = suggestedName
  }

  /// Creates metadata from header strings (their UTF-8 bytes).
  public init(url: String? = nil, contentDisposition: String?, contentType: String? = nil, suggestedName: String? = nil)
  {
    self.init(
      url: url, contentDisposition: contentDisposition.map { Array($0.utf8) },
      contentType: contentType.map { Array($0.utf8) }, suggestedName: suggestedName)
  }
}
