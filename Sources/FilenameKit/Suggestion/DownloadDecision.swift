/// The answer to "is this response a download?", with its reason.
///
/// Rules, in order: `attachment` (or any non-inline type) downloads; a host that renders nothing
/// downloads; a missing, generic or non-renderable media type downloads; a `data:` URL of a type
/// browsers refuse to display at top level downloads; otherwise the response is displayed. A renderable type whose file name has a download-only extension (`setup.exe` served
/// as `text/html`) is displayed, as browsers do, but `conflict` reports it so the app can choose.
public struct DownloadDecision: Sendable, Hashable {
  /// Why the decision was made.
  public enum Reason: String, Sendable, Hashable {
    /// `Content-Disposition: attachment` (or another non-inline type).
    case attachment
    /// The host renders nothing.
    case rendererRendersNothing = "renderer-renders-nothing"
    /// No usable media type.
    case noMediaType = "no-media-type"
    /// A generic type such as application/octet-stream.
    case genericMediaType = "generic-media-type"
    /// The host cannot render this media type.
    case notRenderable = "not-renderable"
    /// The host renders this media type.
    case renderable
    /// A `data:` URL whose type browsers refuse to display at top level (HTML, SVG, XML, script:
    /// the types used to spoof pages); what remains is saving it.
    case dataURLNotDisplayed = "data-url-not-displayed"
  }

  /// Whether to download (true) or display (false).
  public let isDownload: Bool
  /// Why.
  public let reason: Reason
  /// A human explanation (composed when read; joined with `+`, a fraction of an interpolation's cost).
  public var detail: String {
    switch reason {
    case .attachment: return "Content-Disposition type is " + subject
    case .rendererRendersNothing: return "the host renders nothing"
    case .noMediaType: return "no usable Content-Type"
    case .genericMediaType: return subject + " is generic"
    case .notRenderable: return "the host cannot render " + subject
    case .renderable: return "the host renders " + subject
    case .dataURLNotDisplayed: return "browsers do not display a data: URL of " + subject + " at top level"
    }
  }
  /// Set when the name's extension disagrees with displaying (`setup.exe` as `text/html`).
  public let conflict: Conflict?
  /// What `detail` names: the disposition type, or the media type's essence.
  let subject: String

  init(isDownload: Bool, reason: Reason, subject: String = "", conflict: Conflict?) {
    self.isDownload = isDownload
    self.reason = reason
    self.subject = subject
    self.conflict = conflict
  }

  /// Decides from the disposition, the media type, the final name and what the host renders.
  public static func decide(
    disposition: ContentDisposition?, mediaType: MediaType?, filename: String,
    renderer: RenderCapabilities
  ) -> DownloadDecision {
    decide(
      disposition: disposition, mediaType: mediaType, registered: mediaType.map(RegisteredMediaType.init),
      filename: filename,
      renderer: { renderer })
  }

  /// `decide(disposition:mediaType:filename:renderer:)` with the registry's facts about `mediaType`
  /// (`registered`) found once by the caller (the suggestion pipeline). The renderer is read only
  /// when the header does not decide (an attachment needs no copy of the caller's sets).
  static func decide(
    disposition: ContentDisposition?, mediaType: MediaType?, registered: RegisteredMediaType?, filename: String,
    dataURL: Bool = false, renderer readRenderer: () -> RenderCapabilities
  ) -> DownloadDecision {
    if let d = disposition, !d.isIgnored, !d.isEmpty, d.type.isAttachmentLike {
      return .init(
        isDownload: true, reason: .attachment, subject: d.type.name, conflict: nil)
    }
    let renderer = readRenderer()
    if renderer.essences.isEmpty && renderer.types.isEmpty {
      return .init(isDownload: true, reason: .rendererRendersNothing, conflict: nil)
    }
    guard let mediaType, let registered else {
      return .init(isDownload: true, reason: .noMediaType, conflict: nil)
    }
    if registered.isGeneric {
      return .init(
        isDownload: true, reason: .genericMediaType, subject: mediaType.essence,
        conflict: nil)
    }
    guard renderer.canRender(mediaType) else {
      return .init(
        isDownload: true, reason: .notRenderable, subject: mediaType.essence,
        conflict: nil)
    }
    if dataURL && !displaysAsDataURL(mediaType) {
      return .init(isDownload: true, reason: .dataURLNotDisplayed, subject: mediaType.essence, conflict: nil)
    }
    var conflict: Conflict? = nil
    if FilenameSanitizer.risk(of: filename) != .ordinary {
      conflict = Conflict(
        code: .riskyExtension, essence: mediaType.essence, filename: filename)
    } else if downloadOnlyExtension(filename) {
      conflict = Conflict(
        code: .downloadOnlyExtension, essence: mediaType.essence, filename: filename)
    }
    return .init(
      isDownload: false, reason: .renderable, subject: mediaType.essence,
      conflict: conflict)
  }

  /// Whether browsers display a `data:` URL of `mediaType` at top level. Both block a page from
  /// navigating the top frame to a `data:` URL (Chromium since M60, "Intent to Deprecate and Remove:
  /// Top-frame navigations to data URLs"; Firefox since 58, "Blocking Top-Level Navigations to data
  /// URLs"); Firefox documents what it still opens: plain text, `image/*` except `image/svg+xml`,
  /// `application/pdf` and `application/json`. Everything else (HTML, XHTML, SVG, XML, script) is
  /// not displayed; saving it as a download is still allowed.
  static func displaysAsDataURL(_ mediaType: MediaType) -> Bool {
    if mediaType.typeIs("image") { return mediaType.essence != "image/svg+xml" }
    switch mediaType.essence {
    case "text/plain", "application/pdf", "application/json": return true
    default: return false
    }
  }

  /// Extensions that name files nobody displays inline: archives, installers, disk images, office documents.
  static func downloadOnlyExtension(_ name: String) -> Bool {
    guard let ext = FileExtension.of(name) else { return false }
    let e = FileExtension.lowercasedASCII(ext)
    if e.hasPrefix("tar.") { return true }
    return downloadOnly.contains(e)
  }

  static let downloadOnly: Set<String> = [
    "zip", "rar", "7z", "gz", "tgz", "bz2", "xz", "zst", "tar", "iso", "img", "dmg", "pkg", "msi", "exe", "apk",
    "ipa", "deb", "rpm", "appimage", "docx", "xlsx", "pptx", "doc", "xls", "ppt", "odt", "ods", "odp", "hwp", "hwpx",
    "epub", "torrent", "bin",
  ]
}
