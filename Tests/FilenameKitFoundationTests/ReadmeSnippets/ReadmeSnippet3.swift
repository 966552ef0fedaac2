// swift-format-ignore-file
// A verbatim copy of a documentation block (ReadmeSnippetTests), so the formatter leaves it as written.
// The delegate of the DocC article WKWebViewGuide.md: compiled here verbatim where WebKit exists (Apple
// platforms); on Linux the text is checked against the article by ReadmeSnippetTests, and
// Tests/AppleGuideCheck type-checks it against WebKit's documented signatures.
#if canImport(WebKit)
import FilenameKit
import FilenameKitFoundation
import Foundation
import WebKit

@MainActor
final class DownloadCoordinator: NSObject, WKNavigationDelegate, WKDownloadDelegate {
  /// Where finished downloads go, for example the app's Documents directory.
  let downloads: URL
  /// Downloads started by a link with the HTML `download` attribute: for these, WebKit's
  /// suggested file name carries the attribute's value.
  private var fromDownloadAttribute: Set<ObjectIdentifier> = []
  /// For each running download: the name it claimed, and the private file WebKit writes.
  private var destinations: [ObjectIdentifier: (claimed: URL, staging: URL)] = [:]

  init(downloads: URL) { self.downloads = downloads }

  // A link with the `download` attribute is a download before any response arrives.
  func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
               decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void) {
    decisionHandler(navigationAction.shouldPerformDownload ? .download : .allow)
  }

  func webView(_ webView: WKWebView, navigationAction: WKNavigationAction, didBecome download: WKDownload) {
    fromDownloadAttribute.insert(ObjectIdentifier(download))
    download.delegate = self
  }

  // Display or download: the headers decide, with WebKit's own answer to "can I show this type?".
  func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
               decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void) {
    var options = SuggestionOptions()
    let shown = navigationResponse.canShowMIMEType ? navigationResponse.response.mimeType : nil
    options.renderer = RenderCapabilities(essences: Set(shown.map { [$0.lowercased()] } ?? []))
    let suggestion = navigationResponse.response.filenameSuggestion(options: options)
    decisionHandler(suggestion.decision.isDownload ? .download : .allow)
  }

  func webView(_ webView: WKWebView, navigationResponse: WKNavigationResponse, didBecome download: WKDownload) {
    download.delegate = self
  }

  // The name, and a destination no other download can get.
  func download(_ download: WKDownload, decideDestinationUsing response: URLResponse,
                suggestedFilename: String, completionHandler: @escaping @MainActor @Sendable (URL?) -> Void) {
    let id = ObjectIdentifier(download)
    let attributeName = fromDownloadAttribute.remove(id) != nil ? suggestedFilename : nil
    let suggestion = response.filenameSuggestion(suggestedName: attributeName)
    // O_CREAT|O_EXCL: "report.pdf", else "report (1).pdf", …; never an existing file.
    guard let claim = try? suggestion.claimDestination(in: downloads) else {
      completionHandler(nil)  // cancels the download
      return
    }
    try? claim.handle.close()
    // WebKit writes only to a path that does not exist, and the claimed name must stay taken, so WebKit
    // writes into a new private directory on the same volume.
    guard let staging = try? FileManager.default.url(
      for: .itemReplacementDirectory, in: .userDomainMask, appropriateFor: downloads, create: true)
    else {
      try? FileManager.default.removeItem(at: claim.url)  // the empty file this method just created
      completionHandler(nil)
      return
    }
    let file = staging.appendingPathComponent(claim.url.lastPathComponent, isDirectory: false)
    destinations[id] = (claim.url, file)
    completionHandler(file)
  }

  func downloadDidFinish(_ download: WKDownload) {
    guard let d = destinations.removeValue(forKey: ObjectIdentifier(download)) else { return }
    // One rename onto the empty file this app claimed: the name is never free in between.
    _ = try? FileManager.default.replaceItemAt(d.claimed, withItemAt: d.staging)
    try? FileManager.default.removeItem(at: d.staging.deletingLastPathComponent())
  }

  func download(_ download: WKDownload, didFailWithError error: any Error, resumeData: Data?) {
    guard let d = destinations.removeValue(forKey: ObjectIdentifier(download)) else { return }
    try? FileManager.default.removeItem(at: d.staging.deletingLastPathComponent())
    try? FileManager.default.removeItem(at: d.claimed)  // still the empty placeholder
  }
}
#endif
