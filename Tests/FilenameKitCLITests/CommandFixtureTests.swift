import Foundation
import Testing

@testable import FilenameKitCLI

/// One case of `Fixtures/cli/commands.json`: a command line (and its standard input) and what it
/// must print and return.
struct CommandCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let args: [String]
  /// Standard input (for `batch`).
  let stdin: String?
  let status: Int32
  /// Stdout, exactly.
  let outText: String?
  /// Whole lines stdout must contain.
  let outLines: [String]?
  /// Text stdout must not contain.
  let outLacks: [String]?
  /// Stdout is one JSON object with at least these members.
  let outJSON: JSONValue?
  /// Stdout ends with this text (the last members of an answer, in protocol order).
  let outSuffix: String?
  /// Stderr, exactly.
  let errText: String?
  var testDescription: String { id }

  enum CodingKeys: String, CodingKey {
    case id, source, args, stdin, status
    case outText = "out_text"
    case outLines = "out_lines"
    case outLacks = "out_lacks"
    case outJSON = "out_json"
    case outSuffix = "out_suffix"
    case errText = "err_text"
  }
}

@Suite("command-line fixtures")
struct CommandFixtureTests {
  static let cases = loadFixtureObjects(
    CLIFixtures.root.appendingPathComponent("cli/commands.json"), as: CommandCase.self)

  @Test func loaded() { #expect(Self.cases.count >= 10) }

  @Test("each command line", arguments: cases)
  func command(_ c: CommandCase) throws {
    let r = CLIHarness.run(c.args, stdin: c.stdin ?? "")
    #expect(r.status == c.status, "\(r.err)")
    if let text = c.outText { #expect(r.out == text) }
    let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for line in c.outLines ?? [] { #expect(lines.contains(line), "no line '\(line)' in:\n\(r.out)") }
    for text in c.outLacks ?? [] { #expect(!r.out.contains(text), "'\(text)' in:\n\(r.out)") }
    if let expected = c.outJSON {
      let got = try JSONDecoder().decode(JSONValue.self, from: Data(r.out.utf8))
      #expect(got.includes(expected), "got \(r.out)")
    }
    if let suffix = c.outSuffix { #expect(r.out.hasSuffix(suffix), "got \(r.out)") }
    if let e = c.errText { #expect(r.err == e) }
  }
}
