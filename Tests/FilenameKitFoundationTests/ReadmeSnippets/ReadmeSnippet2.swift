// swift-format-ignore-file
// A verbatim copy of a README block (ReadmeSnippetTests), so the formatter leaves it as written.
// README.md, "Foundation (`FilenameKitFoundation`)": compiled here verbatim (ReadmeSnippetTests checks the text). This file
// imports no FilenameKit, as the README block does not: it compiles only while the adapter re-exports the
// core (`SuggestionOptions`, `Charset` come from `import FilenameKitFoundation`).
import FilenameKitFoundation
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

func readmeSnippet2(response: URLResponse, downloadsDirectory: URL) throws -> (claimed: URL, portable: String) {
let suggestion = response.filenameSuggestion()          // URLResponse / HTTPURLResponse
let (fileURL, handle) = try suggestion.claimDestination(in: downloadsDirectory)  // never overwrites
// Options need no second import: the adapter re-exports the core.
var options = SuggestionOptions(platform: .portable, dangerousTypes: .neutralize)
options.fallbackCharset = Charset(label: "gbk")  // the referring page's charset, for raw 8-bit names
let portable = response.filenameSuggestion(options: options)
  try handle.close()
  return (fileURL, portable.filename.string)
}
