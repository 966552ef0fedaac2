import Testing

@testable import FilenameKit

/// Trace codes carry their stage and severity: a code read back from its name is the listed one,
/// a sanitizer change is of the sanitizer stage, and the stages of a real trace come in pipeline
/// order (the trace printer's headings follow them).
@Suite("Trace codes")
struct TraceCodeTests {
  @Test func namesReadBackWithTheirStage() {
    for code in Suggestion.TraceCode.allCases {
      let read = Suggestion.TraceCode(rawValue: code.rawValue)
      #expect(read == code && read.stage == code.stage && read.severity == code.severity, "\(code)")
    }
    for change in SanitizerChange.Code.allCases {
      let code = Suggestion.TraceCode.sanitizerChange(change)
      #expect(code.stage == .sanitizer && code.severity == .info)
      #expect(Suggestion.TraceCode(rawValue: code.rawValue) == code)
    }
    #expect(Suggestion.TraceCode(rawValue: "not-a-code").stage == .decision)
  }

  @Test func noticesAndOutcomes() {
    let notices = Suggestion.TraceCode.allCases.filter { $0.severity == .notice }.map(\.rawValue)
    #expect(
      Set(notices) == [
        "media-type-invalid", "disposition-ignored", "candidate-skipped", "extension-mismatch", "disguise",
        "decision-conflict",
      ])
    let outcomes = Suggestion.TraceCode.allCases.filter { $0.severity == .outcome }.map(\.rawValue)
    #expect(outcomes == ["candidate-taken", "result"])
  }

  /// A suggestion's trace goes through the stages in order; the content stage, which names the
  /// body, may come back after the extension step (an executable body behind the name).
  @Test func tracesFollowThePipeline() {
    var o = SuggestionOptions(platform: .linux)
    o.recordsTrace = true
    let s = suggestFilename(
      for: DownloadMetadata(
        url: "https://e.example/a/%E6%8A%A5%E5%91%8A", contentDisposition: "attachment; filename=\"x\u{7}.txt\"",
        contentType: "application/pdf"),
      options: o)
    let order = Suggestion.TraceCode.Stage.allCases
    var last = 0
    for e in s.trace where e.code.stage != .content {
      let rank = order.firstIndex(of: e.code.stage)!
      #expect(rank >= last, "\(e.code) after stage \(order[last])")
      last = rank
    }
    #expect(s.trace.last?.code == .result)
  }
}
