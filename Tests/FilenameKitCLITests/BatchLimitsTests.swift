import Foundation
import Testing

@testable import FilenameKitCLI

/// One case of `Fixtures/cli/batch-limits.json`: a raw line, the exact answer text (and, for a usage
/// error, the exit status and the exact message on stderr).
struct BatchLimitCase: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let source: String
  let args: [String]?
  let inRaw: String
  let outText: String
  let status: Int32?
  let errText: String?
  var testDescription: String { id }

  enum CodingKeys: String, CodingKey {
    case id, source, args, status
    case inRaw = "in_raw"
    case outText = "out_text"
    case errText = "err_text"
  }

  /// Every case of `Fixtures/<file>`; a file that does not load fails the run.
  static func load(_ file: String = "cli/batch-limits.json") -> [BatchLimitCase] {
    loadFixtureObjects(CLIFixtures.root.appendingPathComponent(file), as: BatchLimitCase.self)
  }
}

/// Issue 13, Low 9: batch line-size cap, ids echoed exactly, and what is wrong with a bad max_length.
@Suite("batch limits and echoes")
struct BatchLimitsTests {
  static let cases = BatchLimitCase.load()

  @Test func loaded() { #expect(Self.cases.count >= 35) }

  @Test("each case, byte for byte", arguments: cases)
  func exchange(_ c: BatchLimitCase) {
    let r = CLIHarness.run(c.args ?? ["batch"], stdin: c.inRaw + "\n")
    #expect(r.status == c.status ?? 0)
    #expect(r.out == (c.outText.isEmpty ? "" : c.outText + "\n"))
    if let e = c.errText { #expect(r.err == e + "\n") }
    #expect(!r.out.contains("not valid JSON"))
  }

  @Test("a line over the cap gets one error line naming the flag, and the run continues")
  func lineCap() throws {
    let long = #"{"id":"big","op":"sanitize","name":""# + String(repeating: "a", count: 5000) + #""}"#
    let next = #"{"id":2,"op":"sanitize","name":"b.txt"}"#
    let r = CLIHarness.run(["batch", "--max-line-bytes", "1000"], stdin: long + "\n" + next + "\n")
    let lines = r.out.split(separator: "\n").map(String.init)
    try #require(lines.count == 2, "\(r.out)")
    #expect(
      lines[0]
        == #"{"id":"big","error":"line too long: more than 1000 bytes (raise the limit with --max-line-bytes)","error_code":"line-too-long"}"#
    )
    #expect(lines[1].hasPrefix(#"{"id":2,"filename":"b.txt""#))
    // Raised, the same line is answered.
    let ok = CLIHarness.run(["batch", "--max-line-bytes", "6000"], stdin: long + "\n")
    #expect(ok.out.hasPrefix(#"{"id":"big","filename":"#))
    // The id is not known when the cut comes before it ends.
    let cut = CLIHarness.run(["batch", "--max-line-bytes", "8"], stdin: #"{"id":123456,"op":"x"}"# + "\n")
    #expect(cut.out.hasPrefix(#"{"id":null,"error":"line too long"#), "\(cut.out)")
    #expect(BatchEngine.defaultMaxLineBytes == 16 << 20)
    #expect(CLIHarness.run(["batch", "--max-line-bytes", "0"]).status == 64)
  }

  @Test("a failed read of standard input is said and fails the run (hostile pass 18 F4)")
  func readError() throws {
    final class Box { var err = "" }
    let box = Box()
    let io = ToolIO(
      writeOut: { _ in }, writeErr: { box.err += $0 }, readIn: { _ in [] }, inputError: { EISDIR })
    #expect(try BatchCommand.run([], io: io) == ExitStatus.failure)
    #expect(box.err == "filenamekit batch: error reading standard input: Is a directory\n")
    let fine = ToolIO(writeOut: { _ in }, writeErr: { box.err += $0 }, readIn: { _ in [] })
    #expect(try BatchCommand.run([], io: fine) == ExitStatus.ok)
  }
}
