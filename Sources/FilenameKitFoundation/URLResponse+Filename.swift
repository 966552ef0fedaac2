import FilenameKit
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension DownloadMetadata {
  /// The metadata of a response: its URL and its `Content-Disposition` and `Content-Type`
  /// headers, with the original header bytes recovered (see `HeaderBytes`).
  public init(response: URLResponse, suggestedName: String? = nil) {
    var contentDisposition: [UInt8]? = nil
    var contentType: [UInt8]? = nil
    if let http = response as? HTTPURLResponse {
      for (key, value) in http.allHeaderFields {
        guard let name = key as? String, let value = value as? String else { continue }
        switch name.lowercased() {
        case "content-disposition": contentDisposition = HeaderBytes.recover(value)
        case "content-type": contentType = HeaderBytes.recover(value)
        default: break
        }
      }
    } else if let mime = response.mimeType {
      contentType = Array(mime.utf8)
    }
    self.init(
      url: response.url?.absoluteString, contentDisposition: contentDisposition, contentType: contentType,
      suggestedName: suggestedName)
  }
}

extension URLResponse {
  /// The suggested file name and the download decision for this response, in one call.
  ///
  /// ```swift
  /// let s = response.filenameSuggestion()
  /// if s.decision.isDownload { … save as s.filename … }
  /// ```
  public func filenameSuggestion(suggestedName: String? = nil, options: SuggestionOptions = SuggestionOptions())
    -> Suggestion
  {
    suggestFilename(for: DownloadMetadata(response: self, suggestedName: suggestedName), options: options)
  }
}
