extension DownloadMetadata {
  /// Creates metadata from a URL and a `Content-Type` string (its UTF-8 bytes), without a
  /// `Content-Disposition`: the most common call, `DownloadMetadata(url: u, contentType: "application/pdf")`.
  public init(url: String? = nil, contentType: String, suggestedName: String? = nil) {
    self.init(
      url: url, contentDisposition: nil as [UInt8]?, contentType: Array(contentType.utf8),
      suggestedName: suggestedName)
  }
}
