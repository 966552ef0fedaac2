/// The batch engine's entry points for `filenamekit-bench` (same package, no `@testable`).
/// Nothing here changes behaviour; it only forwards to `BatchEngine`.
package enum BatchBenchmarkHook {
  /// `BatchEngine.answer(_:)`: one input line (no newline) to one output line.
  package static func answer(_ line: [UInt8]) -> String {
    BatchEngine.answer(line)
  }

  /// `BatchEngine.run(io:)`: streams JSON Lines from `io` to `io`.
  package static func run(io: ToolIO) {
    BatchEngine.run(io: io)
  }
}
