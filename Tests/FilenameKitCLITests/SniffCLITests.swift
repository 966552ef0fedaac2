import FilenameKit
import Foundation
import Testing

@testable import FilenameKitCLI

/// One `suggest` case with the body's leading bytes, from `Fixtures/cli/sniff.json`.
struct SniffCLICase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let args: [String]
  let status: Int32
  let fileHex: String?
  let stdin: String?
  let json: [String: JSONValue]?
  let sniffed: [String: JSONValue]?
  let outContains: [String]?
  let errContains: [String]?
  var testDescription: String { id }

  enum CodingKeys: String, CodingKey {
    case id, source, args, status, stdin, json, sniffed
    case fileHex = "file_hex"
    case outContains = "out_contains"
    case errContains = "err_contains"
  }
}

@Suite("filenamekit suggest: the body's leading bytes (--content-file, --content-hex, content_hex)")
struct SniffCLITests {
  static let cases = loadFetchFixture("sniff.json", as: SniffCLICase.self)

  @Test func loaded() { #expect(Self.cases.count == 16) }

  @Test("fixture case", arguments: cases)
  func fixture(_ c: SniffCLICase) throws {
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/body"
    if let hex = c.fileHex { try Data(FixtureHex.decode(hex)).write(to: URL(fileURLWithPath: file)) }
    let r = CLIHarness.run(
      c.args.map { $0.replacingOccurrences(of: "{file}", with: file) }, stdin: c.stdin.map { $0 + "\n" } ?? "")
    #expect(r.status == c.status, "stderr: \(r.err)")
    for s in c.outContains ?? [] { #expect(r.out.contains(s), "missing \(s) in:\n\(r.out)") }
    for s in c.errContains ?? [] { #expect(r.err.contains(s), "missing \(s) in stderr:\n\(r.err)") }
    guard c.json != nil || c.sniffed != nil else { return }
    let v = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
    guard case .object(let fields) = v else {
      Issue.record("not an object: \(r.out)")
      return
    }
    let f = Dictionary(fields, uniquingKeysWith: { a, _ in a })
    for (key, want) in c.json ?? [:] { #expect(f[key] == want, "\(key): \(String(describing: f[key]))") }
    if let want = c.sniffed {
      guard case .object(let got)? = f["sniffed"] else {
        Issue.record("no sniffed object in \(r.out)")
        return
      }
      let g = Dictionary(got, uniquingKeysWith: { a, _ in a })
      for (key, value) in want { #expect(g[key] == value, "sniffed.\(key): \(String(describing: g[key]))") }
      // bytes_examined: a positive count, never past the bytes given.
      guard case .int(let n)? = g["bytes_examined"] else {
        Issue.record("no bytes_examined")
        return
      }
      #expect(n >= 1 && n <= (c.fileHex.map { FixtureHex.decode($0).count } ?? ContentSniffer.maxBytes))
    }
  }

  @Test("--content-file reads at most 4096 bytes, whatever the file's size")
  func readsAtMostTheLimit() throws {
    let dir = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let file = dir + "/big"
    try Data(repeating: 0x41, count: 3 * ContentSniffer.maxBytes + 5).write(to: URL(fileURLWithPath: file))
    let bytes = try LeadingBytesFile.leadingBytes(of: Array(file.utf8), flag: "--content-file")
    #expect(bytes.count == ContentSniffer.maxBytes)
    let short = dir + "/short"
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: short))
    #expect(try LeadingBytesFile.leadingBytes(of: Array(short.utf8), flag: "--content-file") == [1, 2, 3])
  }

  @Test("--explain prints the content-* codes under their own 'content' heading")
  func contentStage() {
    for code in [
      "content-sniffed", "content-not-sniffed", "content-no-extension", "content-executable", "content-neutralized",
    ] {
      #expect(Suggestion.TraceCode(rawValue: code).stage == .content, "\(code)")
    }
  }
}

@Suite("filenamekit fetch: names by content")
struct FetchSniffTests {
  static let cases = loadFetchFixture("fetch-sniff.json", as: FetchCase.self)

  @Test func loaded() { #expect(Self.cases.count == 8) }

  @Test("fixture case", arguments: cases)
  func fixture(_ c: FetchCase) throws { try FetchCLITests.check(c) }
}
