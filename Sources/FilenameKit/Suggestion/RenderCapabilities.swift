/// The media types a host can display instead of downloading.
///
/// ```swift
/// RenderCapabilities.webView.canRender(MediaType("image/png")!)  // true
/// RenderCapabilities.none.canRender(MediaType("text/html")!)     // false: a headless tool renders nothing
/// ```
public struct RenderCapabilities: Sendable, Hashable {
  /// Exact essences that render (`application/pdf`).
  public var essences: Set<String>
  /// Top-level types that render whole (`image` renders every `image/…`).
  public var types: Set<String>
  /// Essences excluded even when their top-level type is listed.
  public var excluded: Set<String>

  /// Creates a capability set.
  public init(essences: Set<String> = [], types: Set<String> = [], excluded: Set<String> = []) {
    self.essences = essences
    self.types = types
    self.excluded = excluded
  }

  /// A web view (WKWebView, a browser tab): HTML, text, images, PDF, audio and video.
  public static let webView = RenderCapabilities(
    essences: [
      "text/html", "application/xhtml+xml", "text/plain", "text/css", "text/javascript", "application/javascript",
      "application/json", "text/xml", "application/xml", "image/svg+xml", "application/pdf", "text/csv",
      "text/markdown", "application/ogg",
    ],
    types: ["image", "audio", "video"],
    excluded: [
      "image/x-icon-editor", "image/vnd.adobe.photoshop", "image/x-xcf", "image/tiff", "image/x-raw",
      "image/vnd.microsoft.icon.editor", "video/x-ms-wmv", "video/x-msvideo", "video/x-flv", "audio/x-ms-wma",
    ]
  )

  /// A headless tool (a crawler, a download manager): renders nothing, so everything downloads.
  public static let none = RenderCapabilities()

  /// Whether `mediaType` can be displayed.
  public func canRender(_ mediaType: MediaType) -> Bool {
    // The exclusions are read only for a type that would render (one lookup fewer for the rest).
    let essence = mediaType.essence
    return (essences.contains(essence) || types.contains(mediaType.type)) && !excluded.contains(essence)
  }
}
