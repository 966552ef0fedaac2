import Foundation
import Testing

@testable import FilenameKitCLI

/// One batch exchange: `in` (a JSON object) or `in_raw` (a raw line), and the exact answer.
struct BatchExchange: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let input: JSONValue?
  let inRaw: String?
  let out: JSONValue
  var testDescription: String { id }

  enum CodingKeys: String, CodingKey {
    case id, out
    case input = "in"
    case inRaw = "in_raw"
  }

  var line: String { inRaw ?? input?.serialized ?? "" }
}

/// Loads a fixture file of batch exchanges from `Fixtures/cli/`.
func loadExchanges(_ file: String) -> [BatchExchange] {
  let url = CLIFixtures.root.appendingPathComponent("cli/\(file)")
  return loadFixtureObjects(url, as: BatchExchange.self)
}

/// Sends one exchange's line to `filenamekit batch` and returns the exit status and the output lines.
func runExchange(_ e: BatchExchange) -> (status: Int32, lines: [String]) {
  let r = CLIHarness.run(["batch"], stdin: e.line + "\n")
  return (r.status, r.out.split(separator: "\n").map(String.init))
}

/// The top-level `Fixtures/` directory.
enum CLIFixtures {
  static let root = FixtureLoader.root
}

@Suite("batch protocol")
struct BatchProtocolTests {
  static let exchanges = loadExchanges("batch-disposition.json")

  @Test func loaded() { #expect(Self.exchanges.count >= 15) }

  @Test("each exchange, one line at a time", arguments: exchanges)
  func exchange(_ e: BatchExchange) throws {
    let (status, lines) = runExchange(e)
    #expect(status == 0)
    try #require(lines.count == 1)
    let got = try JSONDecoder().decode(JSONValue.self, from: Data(lines[0].utf8))
    #expect(got.includes(e.out), "got \(lines[0])")
    // Key order is part of the contract: id first.
    #expect(lines[0].hasPrefix("{\"id\":"))
  }

  @Test("all exchanges in one run: one answer per line, in order")
  func inOrder() throws {
    let input = Self.exchanges.map(\.line).joined(separator: "\n") + "\n\n   \n"
    let r = CLIHarness.run(["batch"], stdin: input)
    let lines = r.out.split(separator: "\n").map(String.init)
    try #require(lines.count == Self.exchanges.count)
    for (line, e) in zip(lines, Self.exchanges) {
      #expect(try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)).includes(e.out))
    }
  }

  @Test("every member is found by its key, and a key one byte off is not")
  func memberKeys() {
    for f in BatchField.allCases {
      let key = Array(f.key.utf8)
      #expect(key.withUnsafeBufferPointer { BatchField.named($0) } == f, "\(f.key)")
      for variant in [key + [UInt8(ascii: "x")], Array(key.dropLast()), [UInt8(ascii: "X")] + key.dropFirst()] {
        #expect(variant.withUnsafeBufferPointer { BatchField.named($0) } == nil, "\(variant)")
      }
    }
  }

  @Test("a final line without newline, and CRLF line ends, are answered")
  func lineEnds() {
    let a = #"{"id":1,"op":"disposition","header":"inline"}"#
    let r = CLIHarness.run(["batch"], stdin: a + "\r\n" + a)
    #expect(r.out.split(separator: "\n").count == 2)
  }

  @Test("the real binary streams a large input in order")
  func processStreaming() throws {
    var input = ""
    for i in 0..<20_000 {
      input += #"{"id":\#(i),"op":"disposition","header":"attachment; filename=\"f\#(i).txt\""}"# + "\n"
    }
    let r = try CLIHarness.runProcess("filenamekit", ["batch"], stdin: Data(input.utf8))
    #expect(r.status == 0)
    let lines = String(decoding: r.out, as: UTF8.self).split(separator: "\n")
    try #require(lines.count == 20_000)
    #expect(lines[19_999].contains("\"filename\":\"f19999.txt\""))
    #expect(lines[0].hasPrefix("{\"id\":0,"))
  }
}
