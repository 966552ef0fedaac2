// README.md, "In an iOS app (WKWebView)": compiled here verbatim where WebKit exists (Apple platforms);
// on Linux the text is still checked against the README by ReadmeSnippetTests.
#if canImport(WebKit)
import FilenameKit
import FilenameKitFoundation
import WebKit

final class BrowserController: NSObject, WKNavigationDelegate, WKDownloadDelegate {
  private var suggestions: [ObjectIdentifier: Suggestion] = [:]

  func webView(_ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
               decisionHandler: @escaping (WKNavigationResponsePolicy) -> Void) {
    let suggestion = navigationResponse.response.filenameSuggestion()
    decisionHandler(suggestion.decision.isDownload ? .download : .allow)
  }

  func webView(_ webView: WKWebView, navigationResponse: WKNavigationResponse, didBecome download: WKDownload) {
    download.delegate = self
  }

  func download(_ download: WKDownload, decideDestinationUsing response: URLResponse,
                suggestedFilename: String, completionHandler: @escaping (URL?) -> Void) {
    // Ignore WebKit's suggestedFilename: ask FilenameKit, then claim a file that did not exist.
    let suggestion = response.filenameSuggestion(options: SuggestionOptions(platform: .macos))
    let downloads = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    do {
      let (url, handle) = try suggestion.claimDestination(in: downloads, platform: .macos)
      try handle.close()
      // WKDownload refuses an existing file: hand it the claimed name after removing our empty
      // placeholder, which no one else can have taken in between because the name was ours.
      try FileManager.default.removeItem(at: url)
      completionHandler(url)
    } catch {
      completionHandler(nil)
    }
  }
}
#endif
