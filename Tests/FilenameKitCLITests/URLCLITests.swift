import Foundation
import Testing

@testable import FilenameKitCLI

/// Batch `url` exchanges (Fixtures/url/batch.json): a request and its exact answer.
struct URLBatchExchange: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let input: JSONValue
  let out: JSONValue
  var testDescription: String { id }
  enum CodingKeys: String, CodingKey {
    case id, source, out
    case input = "in"
  }
}

@Suite("filenamekit url")
struct URLCLITests {
  static let exchanges: [URLBatchExchange] = {
    loadFixtureObjects(CLIFixtures.root.appendingPathComponent("url/batch.json"), as: URLBatchExchange.self)
  }()

  @Test func loaded() { #expect(Self.exchanges.count >= 10) }

  @Test("batch op url, one line at a time", arguments: exchanges)
  func exchange(_ e: URLBatchExchange) throws {
    let r = CLIHarness.run(["batch"], stdin: e.input.serialized + "\n")
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n")
    #expect(lines.count == 1)
    let answer = try JSONDecoder().decode(JSONValue.self, from: Data((lines.first ?? "").utf8))
    #expect(answer.includes(e.out))
  }

  @Test func batchKeepsOrderAndKeyOrder() {
    let input = Self.exchanges.map(\.input.serialized).joined(separator: "\n") + "\n"
    let r = CLIHarness.run(["batch"], stdin: input)
    let lines = r.out.split(separator: "\n").map(String.init)
    #expect(lines.count == Self.exchanges.count)
    for (line, e) in zip(lines, Self.exchanges) {
      #expect((try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)))?.includes(e.out) == true)
      if case .object(let members) = e.out, members.count == 5 {
        // The output shape, in its order.
        #expect(line.hasPrefix("{\"id\":"))
        let keys = ["\"filename\":", "\"charset\":", "\"source\":", "\"media_type\":"]
        let positions = keys.compactMap { line.range(of: $0)?.lowerBound }
        #expect(positions.count == 4 && positions == positions.sorted(), "\(line)")
      }
    }
  }

  @Test func readable() {
    let r = CLIHarness.run(["url", "https://example.com/docs/%E4%B8%AD%E6%96%87.pdf?x=1"])
    #expect(r.status == 0)
    #expect(r.out.contains("filename:    中文.pdf  (from path, UTF-8)"))
    #expect(r.err.isEmpty)
  }

  @Test func detectShowsConfidence() {
    // GBK bytes of 会议纪要 (Python codecs).
    let r = CLIHarness.run(["url", "--detect", "https://example.com/%BB%E1%D2%E9%BC%CD%D2%AA.docx"])
    #expect(r.status == 0)
    #expect(r.out.contains("会议纪要.docx"))
    #expect(r.out.contains("GBK, detected with confidence"))
    #expect(r.out.contains("url-charset-detected"))
    #expect(
      CLIHarness.run(["url", "https://example.com/%BB%E1%D2%E9%BC%CD%D2%AA.docx"]).out == r.out,
      "detection is the default")
    let plain = CLIHarness.run(["url", "--no-detect", "https://example.com/%BB%E1%D2%E9%BC%CD%D2%AA.docx"])
    #expect(plain.out.contains("%BB%E1%D2%E9%BC%CD%D2%AA.docx"))
    #expect(plain.out.contains("url-escapes-kept"))
  }

  @Test func options() {
    let q = CLIHarness.run(["url", "--query-key", "file", "https://e.com/dl.php?file=a.pdf"])
    #expect(q.out.contains("filename:    a.pdf  (from query)"))
    // EUC-JP 請求書
    let lang = CLIHarness.run(["url", "--detect", "--language", "ja", "--json", "https://e.com/%C0%C1%B5%E1%BD%F1.xls"])
    #expect(lang.out.contains("\"charset\":\"EUC-JP\""))
    let data = CLIHarness.run(["url", "data:text/csv,a"])
    #expect(data.out.contains("media type:  text/csv"))
  }

  @Test func jsonMatchesBatch() throws {
    let r = CLIHarness.run(["url", "--json", "--referrer-charset", "gbk", "https://example.com/%B1%A8%B8%E6.txt"])
    #expect(r.status == 0)
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    #expect(
      v.includes(
        .object([
          ("filename", .string("报告.txt")), ("charset", .string("GBK")), ("source", .string("path")),
          ("media_type", .null),
        ])))
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      ["url"], ["url", "a", "b"], ["url", "--bogus", "x"], ["url", "x", "--referrer-charset"],
      ["url", "x", "--referrer-charset", "klingon"], ["url", "--detect=yes", "x"],
    ])
  func usage(_ args: [String]) {
    let r = CLIHarness.run(args)
    #expect(r.status == 64)
    #expect(!r.err.isEmpty)
    #expect(r.out.isEmpty)
  }
}
