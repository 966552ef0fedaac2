// Stand-ins for the parts of WebKit's Swift interface that the WKWebView guide uses, each signature as
// Apple's WebKit documentation gives it, so that `run` can type-check the guide's code on Linux against
// the real FilenameKit and Foundation. This is not WebKit and checks nothing about WebKit's behaviour.
import Foundation

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif

@MainActor open class WKWebView {}
@MainActor open class WKNavigationAction { open var shouldPerformDownload: Bool { false } }
@MainActor open class WKNavigationResponse {
  open var canShowMIMEType: Bool { true }
  open var response: URLResponse {
    URLResponse(url: URL(fileURLWithPath: "/"), mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
  }
}
@MainActor open class WKDownload { open weak var delegate: (any WKDownloadDelegate)? }
public enum WKNavigationActionPolicy: Int, Sendable { case cancel, allow, download }
public enum WKNavigationResponsePolicy: Int, Sendable { case cancel, allow, download }

@MainActor public protocol WKNavigationDelegate: AnyObject {
  func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)
  func webView(
    _ webView: WKWebView, decidePolicyFor navigationResponse: WKNavigationResponse,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationResponsePolicy) -> Void)
  func webView(_ webView: WKWebView, navigationAction: WKNavigationAction, didBecome download: WKDownload)
  func webView(_ webView: WKWebView, navigationResponse: WKNavigationResponse, didBecome download: WKDownload)
}
@MainActor public protocol WKDownloadDelegate: AnyObject {
  func download(
    _ download: WKDownload, decideDestinationUsing response: URLResponse, suggestedFilename: String,
    completionHandler: @escaping @MainActor @Sendable (URL?) -> Void)
  func downloadDidFinish(_ download: WKDownload)
  func download(_ download: WKDownload, didFailWithError error: any Error, resumeData: Data?)
}
