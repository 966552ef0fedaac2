import Foundation
import Testing
@testable import FilenameKitCLI

/// Issue 13, Low 9: batch line-size cap, ids echoed exactly, and what is wrong with a bad max_length.
@Suite("batch limits and echoes")
struct BatchLimitsTests {
  @Test("a number id comes back exactly as written", arguments: [
    "123456789012345678901234567890", "-0.000000000000000000001", "1.0", "7", "2E+3",
  ])
  func exactID(_ id: String) {
    let r = CLIHarness.run(["batch"], stdin: #"{"id":\#(id),"op":"mime","input":"text/plain"}"# + "\n")
    #expect(r.out.hasPrefix(#"{"id":\#(id),"#), "\(r.out)")
    // Also on an error line.
    let e = CLIHarness.run(["batch"], stdin: #"{"id":\#(id),"op":"nope"}"# + "\n")
    #expect(e.out.hasPrefix(#"{"id":\#(id),"error":"#), "\(e.out)")
  }

  @Test("max_length that is not a positive whole number says what is wrong", arguments: [
    ("1.5", "max_length must be a whole number (got 1.5)"),
    ("9223372036854775808", "max_length is too large"),
    ("0", "max_length must be at least 1"),
    ("\"abc\"", "max_length must be a positive whole number (got 'abc')"),
  ])
  func maxLength(_ value: String, _ message: String) {
    for op in ["sanitize", "suggest"] {
      let r = CLIHarness.run(["batch"], stdin: #"{"id":1,"op":"\#(op)","name":"a.txt","url":"https://e.com/a","max_length":\#(value)}"# + "\n")
      #expect(r.out.contains(message), "\(op): \(r.out)")
      #expect(!r.out.contains("not valid JSON"))
    }
  }

  @Test("a line over the cap gets one error line naming the flag, and the run continues")
  func lineCap() throws {
    let long = #"{"id":"big","op":"sanitize","name":""# + String(repeating: "a", count: 5000) + #""}"#
    let next = #"{"id":2,"op":"sanitize","name":"b.txt"}"#
    let r = CLIHarness.run(["batch", "--max-line-bytes", "1000"], stdin: long + "\n" + next + "\n")
    let lines = r.out.split(separator: "\n").map(String.init)
    try #require(lines.count == 2, "\(r.out)")
    #expect(lines[0] == #"{"id":"big","error":"line too long: more than 1000 bytes (raise the limit with --max-line-bytes)"}"#)
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
}
