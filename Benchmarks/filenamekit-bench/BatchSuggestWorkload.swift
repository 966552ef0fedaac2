import FilenameKitCLI
import Foundation

/// The `batch-suggest` workload (issue 17: ≥ 120k lines/s): `BatchEngine.run(io:)` over mixed `suggest`
/// requests (`Fixtures/bench/batch-suggest.jsonl`: headers, URL-only, legacy charsets, hex, platforms).
enum BatchSuggestWorkload {
  static func make(in root: URL, linesPerRun: Int) throws -> Benchmark {
    let data = try Data(contentsOf: root.appendingPathComponent("batch-suggest.jsonl"))
    let lines = Array(data).split(separator: 0x0A).map(Array.init)
    let input = BatchWorkload.stream(lines, count: linesPerRun)
    // Every line must be answered, and none with an error.
    if let bad = lines.map({ BatchBenchmarkHook.answer($0) }).first(where: { $0.contains("\"error\"") }) {
      throw WrongAnswer(description: "batch-suggest: \(bad)")
    }
    return Benchmark(
      "batch-suggest", workload: "batch-suggest", bytes: input.count / linesPerRun, opsPerCall: linesPerRun
    ) { n in
      for _ in 0..<n { blackHole(BatchWorkload.run(input)) }
    }
  }
}
