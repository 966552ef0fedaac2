/// The media types a host can display instead of downloading.
///
/// ```swift
/// RenderCapabilities.webView.canRender(MediaType("image/png")!)  // true
/// RenderCapabilities.none.canRender(MediaType("text/html")!)     // false: a headless tool renders nothing
/// ```
public struct RenderCapabilities: Sendable, Hashable {
  /// Exact essences that render (`application/pdf`).
  public var essences: Set<String> { didSet { lookup = Self.lookup(essences, types, excluded) } }
  /// Top-level types that render whole (`image` renders every `image/…`).
  public var types: Set<String> { didSet { lookup = Self.lookup(essences, types, excluded) } }
  /// Essences excluded even when their top-level type is listed.
  public var excluded: Set<String> { didSet { lookup = Self.lookup(essences, types, excluded) } }
  /// The three sets as one table, for `canRender` (rebuilt when one changes).
  private var lookup: RenderLookup

  /// Creates a capability set.
  public init(essences: Set<String> = [], types: Set<String> = [], excluded: Set<String> = []) {
    self.essences = essences
    self.types = types
    self.excluded = excluded
    self.lookup = Self.lookup(essences, types, excluded)
  }

  private static func lookup(_ essences: Set<String>, _ types: Set<String>, _ excluded: Set<String>) -> RenderLookup {
    RenderLookup(essences: essences, types: types, excluded: excluded)
  }

  /// Capability sets are equal when their three sets are.
  public static func == (a: RenderCapabilities, b: RenderCapabilities) -> Bool {
    a.essences == b.essences && a.types == b.types && a.excluded == b.excluded
  }

  /// Hashes the three sets.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(essences)
    hasher.combine(types)
    hasher.combine(excluded)
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
    // One table for the three sets: the essence's memberships, then its top-level type's.
    var essence = mediaType.essence
    let typeCount = mediaType.typeCount
    return essence.withUTF8 { e in
      let m = lookup.membership(of: e)
      if m.contains(.excluded) { return false }
      return m.contains(.essence)
        || lookup.membership(of: UnsafeBufferPointer(rebasing: e[..<typeCount])).contains(.type)
    }
  }
}
