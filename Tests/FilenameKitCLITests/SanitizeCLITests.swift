import Foundation
import Testing

@testable import FilenameKitCLI

/// `filenamekit sanitize` and the batch op `sanitize` (exchanges in Fixtures/sanitize/batch.json).
@Suite("filenamekit sanitize")
struct SanitizeCLITests {
  struct Exchange: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let source: String
    let input: JSONValue
    let out: JSONValue
    enum CodingKeys: String, CodingKey {
      case id, source, out
      case input = "in"
    }
    var testDescription: String { id }
  }

  static let exchanges = loadFixtureObjects(
    FixtureLoader.root.appendingPathComponent("sanitize/batch.json"), as: Exchange.self)

  @Test func loaded() { #expect(Self.exchanges.count >= 12) }

  /// The keys of a JSON object line, in the order they appear.
  static func keyOrder(_ line: String, _ keys: [String]) -> [String] {
    keys.compactMap { k in line.range(of: "\"\(k)\":").map { (k, $0.lowerBound) } }.sorted { $0.1 < $1.1 }.map(\.0)
  }

  @Test("each exchange", arguments: exchanges)
  func exchange(_ e: Exchange) throws {
    let r = CLIHarness.run(["batch"], stdin: e.input.serialized + "\n")
    #expect(r.status == 0)
    let lines = r.out.split(separator: "\n").map(String.init)
    try #require(lines.count == 1)
    let got = try JSONDecoder().decode(JSONValue.self, from: Data(lines[0].utf8))
    #expect(got.includes(e.out), "got \(lines[0])")
    // The output shape is exact: id, filename, changes, risk, in that order.
    let order = Self.keyOrder(lines[0], ["id", "filename", "changes", "risk", "error"])
    #expect(order == ["id", "filename", "changes", "risk"] || order == ["id", "error"], "\(order)")
  }

  @Test func allInOneRun() throws {
    let r = CLIHarness.run(["batch"], stdin: Self.exchanges.map(\.input.serialized).joined(separator: "\n"))
    let lines = r.out.split(separator: "\n").map(String.init)
    try #require(lines.count == Self.exchanges.count)
    for (line, e) in zip(lines, Self.exchanges) {
      #expect(try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)).includes(e.out))
    }
  }

  @Test func readable() {
    let r = CLIHarness.run(["sanitize", "--platform", "windows", "CON.txt"])
    #expect(r.status == 0)
    #expect(r.err.isEmpty)
    #expect(r.out.contains("filename:  CON_.txt\n"))
    #expect(r.out.contains("length:    8 of 255 UTF-16 code units (windows)"))
    #expect(r.out.contains("risk:      ordinary"))
    #expect(r.out.contains("reserved-name"))
  }

  @Test func readableDisguise() {
    let r = CLIHarness.run(["sanitize", "--hex", "696e766f6963652e706466e280ae2e657865", "--platform", "linux"])
    #expect(r.status == 0)
    #expect(r.out.contains("filename:  invoice.pdf.exe\n"))
    #expect(r.out.contains("risk:      executable (disguise: double-extension, bidi-spoof)"))
    #expect(r.out.contains("removed-bidi-control  removed 1 bidi control (U+202E)"))
  }

  @Test func jsonMatchesBatch() {
    let r = CLIHarness.run(["sanitize", "--json", "--platform", "linux", "--max-length", "8", "abcdefghij.txt"])
    #expect(r.out.hasPrefix(#"{"filename":"abcd.txt","changes":["truncated"],"risk":"ordinary","#))
  }

  @Test func options() {
    #expect(
      CLIHarness.run(["sanitize", "--json", "--platform", "linux", "--nfd", "\u{E9}"]).out
        .hasPrefix(#"{"filename":"e\#u{301}","changes":["normalized"],"risk":"ordinary","#))
    #expect(
      CLIHarness.run(["sanitize", "--json", "--platform", "linux", "--neutralize", "setup.exe"]).out
        .hasPrefix(#"{"filename":"setup.exe.download","changes":["neutralized"],"risk":"executable","#))
    #expect(
      CLIHarness.run(["sanitize", "--json", "--platform", "linux", "--replacement", "-", "a/b"]).out
        .hasPrefix(#"{"filename":"a-b","changes":["replaced-separator"],"risk":"ordinary","#))
    #expect(
      CLIHarness.run([
        "sanitize", "--json", "--platform", "linux", "--reserve", "5", String(repeating: "a", count: 300),
      ]).out
        .hasPrefix(
          #"{"filename":""# + String(repeating: "a", count: 250) + #"","changes":["truncated"],"risk":"ordinary","#))
  }

  @Test("issue 13 Low 5: a reserve just below the limit keeps the extension and says so")
  func reserveBelowLimit() {
    let r = CLIHarness.run([
      "sanitize", "--json", "--platform", "linux", "--reserve", "254", String(repeating: "b", count: 300) + ".pdf",
    ])
    #expect(r.status == 0)
    #expect(r.out.hasPrefix(#"{"filename":"b.pdf","changes":["reduced-reserve","truncated"],"#), "\(r.out)")
    let e = CLIHarness.run(["sanitize", "--reserve", "255", "a.pdf"])
    #expect(e.err.contains("--reserve 255 leaves no room for the name"), "\(e.err)")
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      ["sanitize"], ["sanitize", "a", "b"], ["sanitize", "--platform", "amiga", "a"],
      ["sanitize", "--max-length", "0", "a"],
      ["sanitize", "--max-length", "x", "a"], ["sanitize", "--reserve", "-1", "a"], ["sanitize", "--hex", "zz"],
      ["sanitize", "--bogus", "a"],
      // issue 13 Low 5: a reserve at or above the limit leaves no room for any name.
      ["sanitize", "--reserve", "300", "a.pdf"], ["sanitize", "--reserve", "255", "a.pdf"],
      ["sanitize", "--reserve", "254", "--max-length", "10", "a.pdf"],
      ["sanitize", "--reserve", "10", "--max-length", "10", "a.pdf"],
      // hostile pass 16 F4: an unusable replacement is an error, not silently `_`.
      ["sanitize", "--replacement", "/", "a/b"], ["sanitize", "--replacement", "..", "a/b"],
      ["sanitize", "--replacement", "\u{1B}[2J", "a/b"], ["sanitize", "--replacement", "xxxxxxxxx", "a/b"],
      ["sanitize", "--platform", "windows", "--replacement", ":", "a/b"],
    ])
  func usage(_ args: [String]) {
    let r = CLIHarness.run(args)
    #expect(r.status == 64)
    #expect(!r.err.isEmpty)
    #expect(r.out.isEmpty)
  }

  @Test func help() {
    let r = CLIHarness.run(["sanitize", "--help"])
    #expect(r.status == 0)
    #expect(r.out.contains("USAGE: filenamekit sanitize"))
    #expect(r.out.contains("EXAMPLES:"))
    #expect(CLIHarness.run(["batch", "--help"]).out.contains("sanitize"))
  }

  @Test("the real binary") func process() throws {
    let r = try CLIHarness.runProcess("filenamekit", ["sanitize", "--json", "--platform", "portable", "a:b?.pdf"])
    #expect(r.status == 0)
    #expect(
      String(decoding: r.out, as: UTF8.self).hasPrefix(
        #"{"filename":"a_b_.pdf","changes":["replaced-forbidden"],"risk":"ordinary","disguise":[],"change_details":[{"code":"replaced-forbidden","detail":"#
      ))
  }
}
