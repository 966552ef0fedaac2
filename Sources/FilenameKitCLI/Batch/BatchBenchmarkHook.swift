import Foundation

/// The batch engine's entry points for `filenamekit-bench` (same package, no `@testable`).
/// Nothing here changes behaviour; it only forwards to `BatchEngine`.
package enum BatchBenchmarkHook {
  /// `BatchEngine.answer(_:)`: one input line (no newline) to one output line. (The engine no longer
  /// uses a `JSONDecoder`; the parameter stays for the callers written when it did.)
  package static func answer(_ line: [UInt8], decoder: JSONDecoder) -> String {
    BatchEngine.answer(line)
  }

  /// `BatchEngine.answer(_:)`: one input line (no newline) to one output line.
  package static func answer(_ line: [UInt8]) -> String {
    BatchEngine.answer(line)
  }

  /// `BatchEngine.run(io:)`: streams JSON Lines from `io` to `io`.
  package static func run(io: ToolIO) {
    BatchEngine.run(io: io)
  }
}
