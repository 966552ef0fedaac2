// swift-format-ignore-file
// A verbatim copy of a README block (ReadmeSnippetTests), so the formatter leaves it as written.
// README.md, "Foundation adapter": compiled here verbatim (ReadmeSnippetTests checks the text).
import FilenameKitFoundation
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

func readmeSnippet2(response: URLResponse, downloadsDirectory: URL) throws -> URL {
let suggestion = response.filenameSuggestion()          // URLResponse / HTTPURLResponse
let (fileURL, handle) = try suggestion.claimDestination(in: downloadsDirectory)  // never overwrites
  try handle.close()
  return fileURL
}
