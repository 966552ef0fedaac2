import Foundation

/// The batch engine's entry points for `filenamekit-bench` (same package, no `@testable`).
/// Nothing here changes behaviour; it only forwards to `BatchEngine`.
package enum BatchBenchmarkHook {
  /// `BatchEngine.answer(_:decoder:)`: one input line (no newline) to one output line.
  package static func answer(_ line: [UInt8], decoder: JSONDecoder) -> String {
    BatchEngine.answer(line, decoder: decoder)
  }

  /// `BatchEngine.run(io:)`: streams JSON Lines from `io` to `io`.
  package static func run(io: ToolIO) {
    BatchEngine.run(io: io)
  }
}
