// Counting a parser's work, so tests can check that it is linear in the input without timing
// anything. Parsers keep a step count (bytes examined, comparisons made) while they run
// and, in debug builds only, add it to the meter of the current task when they finish. Release
// builds count nothing: `step` compiles to nothing and no task-local is read.

/// A step counter a test installs with `WorkMeter.$current.withValue(meter) { … }`.
final class WorkMeter: @unchecked Sendable {
  /// Steps reported so far (parsers run synchronously on the task that installed the meter).
  private(set) var steps = 0

  init() {}

  /// The meter of the current task, if a test installed one.
  @TaskLocal static var current: WorkMeter?

  /// Adds a finished parse's steps to the current meter (debug builds only).
  @inline(__always) static func report(_ steps: Int) {
    #if DEBUG
      current?.steps += steps
    #endif
  }
}

/// A parser's running step count; free in release builds.
struct StepCount {
  #if DEBUG
    private(set) var value = 0
  #else
    var value: Int { 0 }
  #endif

  /// Counts `n` steps (bytes examined or comparisons made).
  @inline(__always) mutating func add(_ n: Int = 1) {
    #if DEBUG
      value &+= n
    #endif
  }
}
