import FilenameKit
import FilenameKitFoundation
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A row of Fixtures/foundation/side-by-side.json.
struct SideBySideRow: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let url: String
  let content_disposition: String?
  let content_type: String?
  let filenamekit: String
  let foundation: String
  let why: String
  var testDescription: String { id }

  var response: HTTPURLResponse {
    var headers: [String: String] = [:]
    if let cd = content_disposition { headers["Content-Disposition"] = cd }
    if let ct = content_type { headers["Content-Type"] = ct }
    return HTTPURLResponse(url: URL(string: url)!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)!
  }
}

enum FoundationFixtures {
  static let root = FixtureLoader.root

  static func sideBySide() -> [SideBySideRow] {
    guard let data = try? Data(contentsOf: root.appendingPathComponent("foundation/side-by-side.json")),
      let items = try? JSONSerialization.jsonObject(with: data) as? [Any]
    else { return [] }
    return items.compactMap { item in
      guard item is [String: Any], let d = try? JSONSerialization.data(withJSONObject: item) else { return nil }
      return try? JSONDecoder().decode(SideBySideRow.self, from: d)
    }
  }
}

@Suite("Foundation adapter")
struct FoundationAdapterTests {
  static let rows = FoundationFixtures.sideBySide()

  @Test func loaded() { #expect(Self.rows.count >= 20) }

  @Test("FilenameKit's answer, and Foundation's recorded difference", arguments: rows)
  func sideBySide(_ row: SideBySideRow) {
    let response = row.response
    var options = SuggestionOptions()
    options.platform = .linux
    #expect(response.filenameSuggestion(options: options).filename.string == row.filenamekit)
    // Foundation's own answer, recorded so the comparison in FoundationAdapter.md stays true.
    #expect(response.suggestedFilename == row.foundation)
  }

  @Test("8-bit headers decoded as ISO-8859-1 are recovered byte for byte")
  func recoverLatin1() {
    let original = Array("attachment; filename=\"中文.pdf\"".utf8)
    let asFoundationGivesIt = String(data: Data(original), encoding: .isoLatin1)!  // what Apple's stack hands over
    #expect(HeaderBytes.wasLatin1Decoded(asFoundationGivesIt))
    #expect(HeaderBytes.recover(asFoundationGivesIt) == original)
    #expect(HeaderBytes.recover("attachment; filename=\"中文.pdf\"") == original)  // already Unicode: UTF-8 bytes
    #expect(!HeaderBytes.wasLatin1Decoded("plain.txt"))
  }

  @Test("metadata from a response: URL, headers (any case), mime type of a non-HTTP response")
  func metadata() {
    let http = HTTPURLResponse(
      url: URL(string: "https://ex.com/a/b.bin")!, statusCode: 200, httpVersion: nil,
      headerFields: ["content-disposition": "inline", "CONTENT-TYPE": "image/png"])!
    let m = DownloadMetadata(response: http, suggestedName: "x.png")
    #expect(m.url == "https://ex.com/a/b.bin")
    #expect(m.contentDisposition == Array("inline".utf8))
    #expect(m.contentType == Array("image/png".utf8))
    #expect(m.suggestedName == "x.png")
    let plain = URLResponse(
      url: URL(string: "file:///tmp/x")!, mimeType: "text/plain", expectedContentLength: 1, textEncodingName: nil)
    #expect(DownloadMetadata(response: plain).contentType == Array("text/plain".utf8))
  }

  @Test("the decision comes with the suggestion")
  func decision() {
    let r = HTTPURLResponse(
      url: URL(string: "https://ex.com/page")!, statusCode: 200, httpVersion: nil,
      headerFields: ["Content-Type": "text/html; charset=utf-8"])!
    let s = r.filenameSuggestion()
    #expect(!s.decision.isDownload)
    #expect(s.filename.string == "page.html")
    let a = HTTPURLResponse(
      url: URL(string: "https://ex.com/page")!, statusCode: 200, httpVersion: nil,
      headerFields: ["Content-Type": "text/html", "Content-Disposition": "attachment"])!
    #expect(a.filenameSuggestion().decision.isDownload)
  }

  @Test("claiming never overwrites: the second claim gets a new name")
  func claim() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fk-claim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("keep me".utf8).write(to: dir.appendingPathComponent("report.tar.gz"))
    let first = try FileManager.default.claimUniqueFile(in: dir, named: "report.tar.gz", platform: .linux)
    let second = try FileManager.default.claimUniqueFile(in: dir, named: "report.tar.gz", platform: .linux)
    #expect(first.url.lastPathComponent == "report (1).tar.gz")
    #expect(second.url.lastPathComponent == "report (2).tar.gz")
    #expect(try String(contentsOf: dir.appendingPathComponent("report.tar.gz"), encoding: .utf8) == "keep me")
    #expect(throws: (any Error).self) {
      try FileManager.default.claimUniqueFile(in: dir, named: "a/b", platform: .linux)
    }
  }
}
