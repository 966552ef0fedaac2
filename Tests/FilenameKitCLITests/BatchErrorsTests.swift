import Testing

@testable import FilenameKitCLI

/// `Fixtures/cli/batch-errors.json`: the error answers of `filenamekit batch`, byte for byte (an
/// unknown op's "did you mean", the `id` echoed after a syntax error).
@Suite("batch error answers")
struct BatchErrorsTests {
  static let cases = BatchLimitCase.load("cli/batch-errors.json")

  @Test func loaded() { #expect(Self.cases.count >= 15) }

  @Test("each case, byte for byte", arguments: cases)
  func exchange(_ c: BatchLimitCase) {
    let r = CLIHarness.run(c.args ?? ["batch"], stdin: c.inRaw + "\n")
    #expect(r.status == c.status ?? 0)
    #expect(r.out == c.outText + "\n")
    if let e = c.errText { #expect(r.err == e + "\n") }
  }

  @Test("all cases in one run: one answer each, in order")
  func inOrder() {
    let r = CLIHarness.run(["batch"], stdin: Self.cases.map { $0.inRaw + "\n" }.joined())
    #expect(r.out == Self.cases.map { $0.outText + "\n" }.joined())
  }
}

/// Every error answer carries a listed code, and the fixtures exercise every code.
@Suite("batch error codes")
struct BatchErrorCodeTests {
  @Test func everyCodeIsExercisedAndListed() {
    var seen = Set<String>()
    let marker = #""error_code":""#
    for c in BatchErrorsTests.cases + BatchLimitCase.load("cli/batch-limits.json") {
      let answers = CLIHarness.run(c.args ?? ["batch"], stdin: c.inRaw + "\n").out.split(separator: "\n")
      for line in answers where line.contains(#""error":"#) {
        guard let at = line.range(of: marker) else {
          Issue.record("\(c.id): an error answer without error_code: \(line)")
          continue
        }
        seen.insert(String(line[at.upperBound...].prefix { $0 != "\"" }))
      }
    }
    let listed = Set(BatchError.Code.allCases.map(\.rawValue))
    #expect(seen.isSubset(of: listed), "unlisted codes \(seen.subtracting(listed))")
    #expect(listed.subtracting(seen).isEmpty, "codes no fixture answers with: \(listed.subtracting(seen))")
  }
}
